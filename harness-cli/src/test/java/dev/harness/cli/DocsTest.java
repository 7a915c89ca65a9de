package dev.harness.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * The documentation points only at what the repository holds: every relative link (and its
 * anchor) resolves, every repository path it names exists, and nothing cites the developers'
 * background notes, which are not in the repository. The README stays a front page.
 */
class DocsTest {
    static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    private static final Pattern FENCE = Pattern.compile("^\\s*(```|~~~)");
    private static final Pattern INLINE_LINK = Pattern.compile("!?\\[[^\\]]*\\]\\(\\s*<?([^)\\s>]+)>?(?:\\s+\"[^\"]*\")?\\s*\\)");
    private static final Pattern REFERENCE_DEFINITION = Pattern.compile("^\\s{0,3}\\[[^\\]]+\\]:\\s*(\\S+)");
    private static final Pattern HEADING = Pattern.compile("^#{1,6}\\s+(.*?)\\s*#*\\s*$");
    private static final Pattern NOTES = Pattern.compile("(?i)\\bshared/|\\bseeds?\\b");

    /** The documents checked: the front pages, the profiles' page and everything under docs/. */
    static List<Path> documents() throws IOException {
        List<Path> docs = new ArrayList<>(List.of(ROOT.resolve("README.md"), ROOT.resolve("CONTRIBUTING.md"),
                ROOT.resolve("config/README.md")));
        try (Stream<Path> files = Files.walk(ROOT.resolve("docs"))) {
            files.filter(f -> f.toString().endsWith(".md")).sorted().forEach(docs::add);
        }
        return docs;
    }

    @Test
    void everyRelativeLinkAndAnchorResolves() throws IOException {
        List<String> broken = new ArrayList<>();
        for (Path doc : documents()) {
            List<String> lines = Files.readAllLines(doc);
            List<String> prose = prose(lines);
            for (int i = 0; i < prose.size(); i++) {
                for (String target : links(prose.get(i))) {
                    String problem = problem(doc, target);
                    if (problem != null) {
                        broken.add(where(doc, i) + ": " + target + ": " + problem);
                    }
                }
            }
        }
        assertEquals(List.of(), broken, "links that do not resolve");
    }

    /** Paths such as config/ibmmq-objects.mqsc or bench/results-*.md, in prose and in examples alike. */
    @Test
    void everyRepositoryPathNamedExists() throws IOException {
        Pattern path = repositoryPath();
        List<String> missing = new ArrayList<>();
        for (Path doc : documents()) {
            List<String> lines = Files.readAllLines(doc);
            for (int i = 0; i < lines.size(); i++) {
                Matcher m = path.matcher(lines.get(i));
                while (m.find()) {
                    String named = m.group(1);
                    if (!named.contains("/target/") && !exists(named)) {
                        missing.add(where(doc, i) + ": " + named);
                    }
                }
            }
        }
        assertEquals(List.of(), missing, "repository paths named in the docs that do not exist");
    }

    @Test
    void noDocumentCitesTheBackgroundNotes() throws IOException {
        List<String> found = new ArrayList<>();
        for (Path doc : documents()) {
            List<String> lines = Files.readAllLines(doc);
            for (int i = 0; i < lines.size(); i++) {
                if (NOTES.matcher(lines.get(i)).find()) {
                    found.add(where(doc, i) + ": " + lines.get(i).strip());
                }
            }
        }
        assertEquals(List.of(), found, "the docs must carry facts in their own words, not cite notes outside the repository");
    }

    @Test
    void theReadmeIsAFrontPageThatNamesEveryCommand() throws IOException {
        List<String> readme = Files.readAllLines(ROOT.resolve("README.md"));
        assertTrue(readme.size() <= 200, "README.md has " + readme.size() + " lines; at most 200");
        String text = String.join("\n", readme);
        for (CommandLine command : CommandReference.commands(Harness.commandLine())) {
            assertTrue(text.contains("| `harness " + command.getCommandName() + "` |"),
                    "README.md's table of commands lacks harness " + command.getCommandName());
        }
    }

    /** The checker itself: GitHub's anchors, a link or path that does not resolve is found. */
    @Test
    void anchorsAreGitHubsAndABrokenLinkIsFound() throws IOException {
        assertEquals("do-not-kill-the-harness", slug("Do not kill the harness"));
        assertEquals("offered-load-and-validity---json", slug("Offered load and validity (`--json`)"));
        assertEquals("the-hosts-queues", slug("The host's queues"));
        Path doc = ROOT.resolve("docs/README.md");
        assertEquals(null, problem(doc, "how-to/ci-gate.md#which-exit-codes-to-expect"));
        assertTrue(problem(doc, "how-to/no-such-page.md") != null);
        assertTrue(problem(doc, "how-to/ci-gate.md#no-such-heading") != null);
        assertEquals(List.of("a.md", "b.md#x"), links("see [a](a.md) and ![b](b.md#x) but not `[c](c.md)`"));
        assertTrue(exists("bench/results-*.md") && exists("config/ibmmq-objects.mqsc"));
        assertTrue(!exists("config/no-such-profile.args") && !exists("bench/no-such-*.md"));
        Matcher m = repositoryPath().matcher("run `./harness run @config/put-non-persistent.args`, not /etc/config/x");
        assertTrue(m.find() && m.group(1).equals("config/put-non-persistent.args") && !m.find());
    }

    /** Why a link from doc does not resolve, or null when it does. */
    private static String problem(Path doc, String target) throws IOException {
        if (target.matches("(?i)^[a-z][a-z0-9+.-]*:.*")) {
            return null; // http:, https:, mailto: are not the repository's
        }
        int hash = target.indexOf('#');
        String file = hash < 0 ? target : target.substring(0, hash);
        String anchor = hash < 0 ? null : target.substring(hash + 1);
        Path resolved = file.isEmpty() ? doc : doc.getParent().resolve(file).normalize();
        if (!resolved.startsWith(ROOT)) {
            return "outside the repository";
        }
        if (!Files.exists(resolved)) {
            return "no such file";
        }
        if (anchor != null && resolved.toString().endsWith(".md") && !anchors(resolved).contains(anchor)) {
            return "no heading #" + anchor + " in " + ROOT.relativize(resolved);
        }
        return null;
    }

    /** The link targets in one line of prose, code spans left out. */
    static List<String> links(String line) {
        String text = line.replaceAll("`[^`]*`", "");
        List<String> targets = new ArrayList<>();
        Matcher m = INLINE_LINK.matcher(text);
        while (m.find()) {
            targets.add(m.group(1));
        }
        Matcher d = REFERENCE_DEFINITION.matcher(text);
        if (d.find()) {
            targets.add(d.group(1));
        }
        return targets;
    }

    /** The lines outside fenced and indented code blocks; the others blank, so indices stay line numbers. */
    private static List<String> prose(List<String> lines) {
        List<String> prose = new ArrayList<>();
        boolean fenced = false;
        boolean previousBlank = true;
        boolean indented = false;
        for (String line : lines) {
            if (FENCE.matcher(line).find()) {
                fenced = !fenced;
                prose.add("");
                continue;
            }
            indented = !fenced && (line.startsWith("    ") || line.startsWith("\t")) && (previousBlank || indented);
            prose.add(fenced || indented ? "" : line);
            previousBlank = line.isBlank();
        }
        return prose;
    }

    private static Set<String> anchors(Path doc) throws IOException {
        Set<String> anchors = new LinkedHashSet<>();
        Map<String, Integer> seen = new HashMap<>();
        for (String line : prose(Files.readAllLines(doc))) {
            Matcher m = HEADING.matcher(line);
            if (m.matches()) {
                String slug = slug(m.group(1));
                int n = seen.merge(slug, 1, Integer::sum) - 1;
                anchors.add(n == 0 ? slug : slug + "-" + n);
            }
        }
        return anchors;
    }

    /** GitHub's anchor for a heading: its text lower case, punctuation dropped, spaces to hyphens. */
    static String slug(String heading) {
        String text = heading.replaceAll("\\[([^\\]]*)\\]\\([^)]*\\)", "$1").replaceAll("[`*]", "");
        return text.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-');
    }

    /** A path whose first part is one of the repository's top-level directories. */
    private static Pattern repositoryPath() throws IOException {
        List<String> tops = new ArrayList<>();
        try (Stream<Path> entries = Files.list(ROOT)) {
            entries.filter(Files::isDirectory).map(p -> p.getFileName().toString())
                    .filter(n -> !n.equals(".git") && !n.equals("target")).forEach(n -> tops.add(Pattern.quote(n)));
        }
        return Pattern.compile("(?<![\\w./-])((?:" + String.join("|", tops) + ")/[\\w.*/-]*[\\w*])");
    }

    private static boolean exists(String named) throws IOException {
        if (!named.contains("*")) {
            return Files.exists(ROOT.resolve(named));
        }
        PathMatcher glob = FileSystems.getDefault().getPathMatcher("glob:" + named);
        Path dir = ROOT.resolve(named.substring(0, Math.max(0, named.lastIndexOf('/', named.indexOf('*')))));
        try (Stream<Path> files = Files.walk(dir)) {
            return files.anyMatch(f -> glob.matches(ROOT.relativize(f)));
        }
    }

    private static String where(Path doc, int index) {
        return ROOT.relativize(doc) + ":" + (index + 1);
    }
}
