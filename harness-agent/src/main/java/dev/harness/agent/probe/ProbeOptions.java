package dev.harness.agent.probe;

import java.util.HashSet;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The probe's agent argument: {@code probe} then comma-separated {@code key=value} items.
 * <dl>
 * <dt>{@code port=N,token=T}</dt><dd>set by {@code harness probe}: connect back to 127.0.0.1:N and
 * stream everything there (T proves it is that probe's agent).</dd>
 * <dt>{@code hlog=FILE}</dt><dd>at start ({@code -javaagent}): write the hlog to FILE.</dd>
 * <dt>{@code table=FILE}</dt><dd>at start: write the interval tables and the summary to FILE
 * (default: the hlog's path with {@code .txt} appended).</dd>
 * <dt>{@code interval=D}</dt><dd>at start: the table's interval ({@code 10s}, {@code 500ms},
 * {@code 1m}; default 10s).</dd>
 * </dl>
 */
public record ProbeOptions(int port, String token, String hlog, String table, long intervalMs) {
    private static final Pattern DURATION = Pattern.compile("(\\d{1,9})(ms|s|m)");
    private static final Set<String> KEYS = Set.of("port", "token", "hlog", "table", "interval");

    /** Whether an agent argument asks for the probe rather than the GC agent. */
    public static boolean isProbe(String args) {
        String a = args == null ? "" : args.strip();
        return a.equals("probe") || a.startsWith("probe,");
    }

    /**
     * How often the agent ships its intervals for a table every {@code intervalMs}: once a
     * second, or once per interval when that is shorter, or a divisor of the interval (from
     * 100 ms) when it is no whole number of seconds, so that every table covers whole shipments.
     */
    public static long shipMs(long intervalMs) {
        if (intervalMs <= 1000) {
            return intervalMs;
        }
        if (intervalMs % 1000 == 0) {
            return 1000;
        }
        long a = intervalMs;
        long b = 1000;
        while (b != 0) {
            long t = a % b;
            a = b;
            b = t;
        }
        return a >= 100 ? a : 1000;
    }

    /** Streaming back to a harness probe. */
    public boolean streams() {
        return port > 0;
    }

    /**
     * @throws IllegalArgumentException one line naming the item and what was expected
     */
    public static ProbeOptions parse(String args) {
        if (!isProbe(args)) {
            throw new IllegalArgumentException("expected probe first, e.g. probe,hlog=app.hlog");
        }
        int port = 0;
        String token = null;
        String hlog = null;
        String table = null;
        long interval = 10_000;
        Set<String> seen = new HashSet<>();
        String[] items = args.strip().split(",", -1);
        for (int i = 1; i < items.length; i++) {
            String item = items[i].strip();
            if (item.isEmpty()) {
                continue;
            }
            int eq = item.indexOf('=');
            String key = eq < 0 ? item : item.substring(0, eq).strip();
            String value = eq < 0 ? "" : item.substring(eq + 1).strip();
            if (!KEYS.contains(key)) {
                throw new IllegalArgumentException(item + ": unknown probe option; known: hlog, table, interval");
            }
            if (!seen.add(key)) {
                throw new IllegalArgumentException(item + ": " + key + " is given twice");
            }
            if (value.isEmpty()) {
                throw new IllegalArgumentException(item + ": expected a value, e.g. " + key + "=" + example(key));
            }
            switch (key) {
                case "port" -> {
                    try {
                        port = Integer.parseInt(value);
                    } catch (NumberFormatException e) {
                        port = -1;
                    }
                    if (port < 1 || port > 65535) {
                        throw new IllegalArgumentException(item + ": expected a TCP port, 1 to 65535");
                    }
                }
                case "token" -> token = value;
                case "hlog" -> hlog = value;
                case "table" -> table = value;
                default -> {
                    Matcher m = DURATION.matcher(value);
                    if (!m.matches() || Long.parseLong(m.group(1)) == 0) {
                        throw new IllegalArgumentException(item + ": expected a positive duration, e.g. interval=10s");
                    }
                    long n = Long.parseLong(m.group(1));
                    interval = switch (m.group(2)) {
                        case "ms" -> n;
                        case "s" -> n * 1000;
                        default -> n * 60_000;
                    };
                    if (interval < 100) {
                        throw new IllegalArgumentException(item + ": expected at least 100ms");
                    }
                }
            }
        }
        if (port > 0 && token == null) {
            throw new IllegalArgumentException("port=" + port + ": needs token=");
        }
        if (port == 0 && hlog == null) {
            throw new IllegalArgumentException("probe: expected hlog=FILE (e.g. -javaagent:harness-agent.jar=probe,hlog=app.hlog)");
        }
        if (table == null && hlog != null) {
            table = hlog + ".txt";
        }
        return new ProbeOptions(port, token, hlog, table, interval);
    }

    private static String example(String key) {
        return switch (key) {
            case "hlog" -> "app.hlog";
            case "table" -> "app.txt";
            case "interval" -> "10s";
            default -> "...";
        };
    }
}
