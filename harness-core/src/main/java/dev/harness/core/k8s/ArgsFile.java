package dev.harness.core.k8s;

import java.util.List;
import java.util.regex.Pattern;

/**
 * Options as an argument file that the harness reads with {@code @FILE} (picocli's format): an
 * option and its values on one line, a value quoted where whitespace, a quote, '#' or a leading
 * '@' would change it; lines starting with '#' are comments.
 */
public final class ArgsFile {
    private static final Pattern BARE = Pattern.compile("[^\\s\"'#@\\\\][^\\s\"'#\\\\]*");

    private ArgsFile() {
    }

    public static String text(String comment, List<String> tokens) {
        StringBuilder out = new StringBuilder();
        comment.lines().forEach(line -> out.append("# ").append(line).append('\n'));
        boolean lineOpen = false;
        for (String token : tokens) {
            if (lineOpen && token.startsWith("--")) {
                out.append('\n');
                lineOpen = false;
            }
            out.append(lineOpen ? " " : "").append(quoted(token));
            lineOpen = true;
        }
        return lineOpen ? out.append('\n').toString() : out.toString();
    }

    static String quoted(String token) {
        if (BARE.matcher(token).matches()) {
            return token;
        }
        StringBuilder q = new StringBuilder("\"");
        for (char c : token.toCharArray()) {
            switch (c) {
                case '"' -> q.append("\\\"");
                case '\\' -> q.append("\\\\");
                case '\n' -> q.append("\\n");
                case '\t' -> q.append("\\t");
                default -> q.append(c);
            }
        }
        return q.append('"').toString();
    }
}
