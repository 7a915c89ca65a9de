package dev.harness.core.disturbance;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * A {@code --kill-cmd} that picks its victims by command line ({@code pgrep -f PATTERN},
 * {@code pkill -f PATTERN}) matches every process whose arguments hold the pattern: the harness
 * itself when the command was given on its command line (its argv holds the pattern's text), or
 * the shell that started it. Such a kill would SIGKILL the harness mid-run, silently. This finds
 * the patterns of a command that can be read without running it, and the command lines they match.
 */
public final class KillPattern {
    /** pgrep's and pkill's options that take a value: the word after them is not the pattern. */
    private static final Set<String> TAKES_VALUE = Set.of("-d", "-g", "-G", "-P", "-s", "-t", "-u", "-U", "-F", "-c",
            "--delimiter", "--pgroup", "--group", "--parent", "--session", "--terminal", "--euid", "--uid", "--pidfile",
            "--ns", "--nslist", "--signal");
    /** How many ancestors of the harness are looked at: the shells and scripts that started it. */
    private static final int ANCESTORS = 8;

    private KillPattern() {
    }

    /**
     * The first of {@code commandLines} that a {@code pgrep -f}/{@code pkill -f} pattern in {@code killCmd}
     * matches (as pgrep matches: a regular expression found anywhere in the arguments joined by spaces), or
     * null. A pattern the shell would expand ({@code $}, a backquote) or Java cannot read is not judged.
     */
    public static String matchedCommandLine(String killCmd, List<String> commandLines) {
        for (String pattern : patterns(killCmd)) {
            Pattern p;
            try {
                p = Pattern.compile(pattern);
            } catch (PatternSyntaxException e) {
                continue;
            }
            for (String line : commandLines) {
                if (p.matcher(line).find()) {
                    return line;
                }
            }
        }
        return null;
    }

    /** The patterns after {@code pgrep -f} or {@code pkill -f} in a shell command, unquoted. */
    static List<String> patterns(String cmd) {
        List<String> found = new ArrayList<>();
        List<Word> words = words(cmd);
        for (int i = 0; i < words.size(); i++) {
            String w = words.get(i).text;
            if (!w.equals("pgrep") && !w.equals("pkill") && !w.endsWith("/pgrep") && !w.endsWith("/pkill")) {
                continue;
            }
            boolean full = false;
            for (int j = i + 1; j < words.size(); j++) {
                Word a = words.get(j);
                if (a.operator) {
                    break;
                }
                if (a.text.equals("--full") || a.text.matches("-[a-zA-Z]*f[a-zA-Z]*")) {
                    full = true;
                } else if (TAKES_VALUE.contains(a.text)) {
                    j++;
                } else if (!a.text.startsWith("-")) {
                    if (full && !a.expands) {
                        found.add(a.text);
                    }
                    break;
                }
            }
        }
        return found;
    }

    /**
     * A shell word with its quotes removed; {@code expands} when the shell would change it ($, a
     * backquote or a backslash outside single quotes).
     */
    private record Word(String text, boolean expands, boolean operator) {
    }

    /** Shell words, roughly, with {@code ; | & ( )} as operators of their own: enough to find a pattern, not a shell. */
    private static List<Word> words(String cmd) {
        List<Word> words = new ArrayList<>();
        StringBuilder w = null;
        boolean expands = false;
        for (int i = 0; i < cmd.length(); i++) {
            char c = cmd.charAt(i);
            if (c == '\'' || c == '"') {
                int end = cmd.indexOf(c, i + 1);
                if (end < 0) {
                    end = cmd.length();
                }
                String quoted = cmd.substring(i + 1, end);
                w = w == null ? new StringBuilder() : w;
                w.append(quoted);
                expands |= c == '"' && expandable(quoted);
                i = end;
            } else if (Character.isWhitespace(c) || ";|&()".indexOf(c) >= 0) {
                if (w != null) {
                    words.add(new Word(w.toString(), expands, false));
                    w = null;
                    expands = false;
                }
                if (!Character.isWhitespace(c)) {
                    words.add(new Word(String.valueOf(c), false, true));
                }
            } else {
                w = w == null ? new StringBuilder() : w;
                w.append(c);
                expands |= expandable(String.valueOf(c));
            }
        }
        if (w != null) {
            words.add(new Word(w.toString(), expands, false));
        }
        return words;
    }

    private static boolean expandable(String s) {
        return s.indexOf('$') >= 0 || s.indexOf('`') >= 0 || s.indexOf('\\') >= 0;
    }

    /**
     * This process's command line and its ancestors', as pgrep -f reads them (Linux: /proc/PID/cmdline,
     * its NULs as spaces), nearest first.
     */
    public static List<String> harnessCommandLines() {
        List<String> lines = new ArrayList<>();
        Optional<ProcessHandle> p = Optional.of(ProcessHandle.current());
        for (int i = 0; i <= ANCESTORS && p.isPresent() && p.get().pid() > 1; i++) {
            String line = commandLine(p.get());
            if (line != null) {
                lines.add(line);
            }
            p = p.get().parent();
        }
        return lines;
    }

    private static String commandLine(ProcessHandle p) {
        Path proc = Path.of("/proc", Long.toString(p.pid()), "cmdline");
        try {
            byte[] b = Files.readAllBytes(proc);
            int n = b.length;
            while (n > 0 && b[n - 1] == 0) {
                n--;
            }
            return new String(b, 0, n, StandardCharsets.UTF_8).replace('\0', ' ');
        } catch (IOException | SecurityException e) {
            return p.info().commandLine().orElse(null);
        }
    }
}
