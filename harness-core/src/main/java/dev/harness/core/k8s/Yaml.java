package dev.harness.core.k8s;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Block-style YAML of maps, lists and scalars, as kubectl users read it: enough for manifests,
 * and no YAML library in harness.jar. A string is written plain only where YAML cannot take it
 * for anything else (a number, a boolean, null); otherwise double-quoted, JSON's escapes.
 */
final class Yaml {
    /** Text written as a literal block ({@code |}), line for line: scripts and args files. */
    record Block(String text) {
    }

    private static final Pattern PLAIN = Pattern.compile("[A-Za-z_/][A-Za-z0-9_./-]*");
    /** YAML 1.1 reads these as booleans or null, whatever their case. */
    private static final Set<String> RESERVED = Set.of("true", "false", "yes", "no", "on", "off", "y", "n", "null", "~");

    private Yaml() {
    }

    /** One document: a map at the top. */
    static String document(Map<String, ?> root) {
        StringBuilder out = new StringBuilder();
        map(out, root, 0);
        return out.toString();
    }

    private static void map(StringBuilder out, Map<String, ?> map, int indent) {
        boolean first = true;
        for (Map.Entry<String, ?> e : map.entrySet()) {
            if (!first) {
                out.append(" ".repeat(indent));
            }
            first = false;
            out.append(scalar(e.getKey())).append(':');
            value(out, e.getValue(), indent);
        }
    }

    /** After "key:" or "-": the value on this line, or nested below it. */
    private static void value(StringBuilder out, Object value, int indent) {
        if (value instanceof Map<?, ?> m && !m.isEmpty()) {
            out.append('\n').append(" ".repeat(indent + 2));
            map(out, cast(m), indent + 2);
        } else if (value instanceof List<?> l && !l.isEmpty()) {
            out.append('\n');
            for (Object item : l) {
                out.append(" ".repeat(indent)).append("- ");
                if (item instanceof Map<?, ?> m && !m.isEmpty()) {
                    map(out, cast(m), indent + 2);
                } else if (item instanceof List<?> || item instanceof Block) {
                    throw new IllegalArgumentException("a list or block directly in a list: " + item);
                } else {
                    out.append(scalar(item)).append('\n');
                }
            }
        } else if (value instanceof Block b && !b.text().isEmpty() && !b.text().startsWith(" ")) {
            out.append(b.text().endsWith("\n") ? " |\n" : " |-\n");
            for (String line : b.text().split("\n", -1)) {
                if (!line.isEmpty()) {
                    out.append(" ".repeat(indent + 2)).append(line);
                }
                out.append('\n');
            }
            // split left one empty piece after the last newline: one newline too many, or none after |-.
            out.setLength(out.length() - 1);
            if (!b.text().endsWith("\n")) {
                out.append('\n');
            }
        } else {
            out.append(' ').append(value instanceof Map<?, ?> ? "{}" : value instanceof List<?> ? "[]"
                    : scalar(value instanceof Block b ? b.text() : value)).append('\n');
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, ?> cast(Map<?, ?> m) {
        return (Map<String, ?>) m;
    }

    static String scalar(Object value) {
        if (value instanceof Integer || value instanceof Long || value instanceof Boolean) {
            return value.toString();
        }
        String s = String.valueOf(value);
        if (PLAIN.matcher(s).matches() && !RESERVED.contains(s.toLowerCase(Locale.ROOT))) {
            return s;
        }
        StringBuilder q = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"' -> q.append("\\\"");
                case '\\' -> q.append("\\\\");
                case '\n' -> q.append("\\n");
                case '\t' -> q.append("\\t");
                default -> {
                    if (c < 0x20) {
                        q.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                    } else {
                        q.append(c);
                    }
                }
            }
        }
        return q.append('"').toString();
    }
}
