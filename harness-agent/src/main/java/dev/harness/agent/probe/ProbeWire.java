package dev.harness.agent.probe;

/**
 * The probe's wire, both ends: text lines over a loopback socket, one per item. The agent writes
 * them with the methods here; harness probe reads them with {@link #read}. The agent's first line
 * is {@code hello TOKEN PID}; then {@code h OUTCOME TAG START_MS END_MS BASE64} (outcome
 * {@code calls}, {@code failed}, {@code empty}, {@code pause}, {@code corrected}), {@code msg TEXT},
 * {@code kind COUNT TAG KIND}, {@code delivery TAG PERSISTENT NON_PERSISTENT UNKNOWN}, {@code cost
 * CPU_NS WALL_NS DETECTOR_NS METER_NS}, and last {@code bye REASON}. harness probe's one line back
 * is {@link #STOP}. A line of a kind this reader does not know is one a later agent may send.
 */
public final class ProbeWire {
    /** harness probe's one line to the agent. */
    public static final String STOP = "stop";

    /** A line from the agent, as harness probe reads it. */
    public sealed interface Item permits Message, Interval, ErrorKind, Delivery, Cost, Bye, Unknown {
    }

    public record Message(String text) implements Item {
    }

    /** @param histogram the interval's histogram, compressed and in base 64 ({@link ProbeTotals#encode}) */
    public record Interval(String outcome, String tag, long startMs, long endMs, String histogram) implements Item {
    }

    /** @param kind the tag and the kind of failure: "send IllegalStateException" */
    public record ErrorKind(long count, String kind) implements Item {
    }

    public record Delivery(String tag, long persistent, long nonPersistent, long unknown) implements Item {
    }

    public record Cost(long cpuNs, long wallNs, long detectorNs, long meterNs) implements Item {
    }

    /** The agent's last line: why it stopped. */
    public record Bye(String reason) implements Item {
    }

    /** A kind of line a later agent may send: ignored. */
    public record Unknown(String line) implements Item {
    }

    private ProbeWire() {
    }

    static String hello(String token, long pid) {
        return "hello " + token + " " + pid;
    }

    /** Whether the first line is the hello of the agent that was given this token. */
    public static boolean isHello(String line, String token) {
        return line != null && line.startsWith("hello " + token + " ");
    }

    static String message(String text) {
        return "msg " + oneLine(text);
    }

    static String interval(String outcome, String tag, long startMs, long endMs, String histogram) {
        return "h " + outcome + " " + tag + " " + startMs + " " + endMs + " " + histogram;
    }

    static String errorKind(long count, String kind) {
        return "kind " + count + " " + oneLine(kind);
    }

    static String delivery(String tag, long persistent, long nonPersistent, long unknown) {
        return "delivery " + tag + " " + persistent + " " + nonPersistent + " " + unknown;
    }

    static String cost(long cpuNs, long wallNs, long detectorNs, long meterNs) {
        return "cost " + cpuNs + " " + wallNs + " " + detectorNs + " " + meterNs;
    }

    static String bye(String reason) {
        return "bye " + oneLine(reason);
    }

    /** The item a line carries; null when the line is malformed (cut short, or a number that is none). */
    public static Item read(String line) {
        String[] f = line.split(" ", 6);
        try {
            return switch (f[0]) {
                case "msg" -> new Message(line.substring(Math.min(4, line.length())));
                case "h" -> new Interval(f[1], f[2], Long.parseLong(f[3]), Long.parseLong(f[4]), f[5]);
                case "kind" -> {
                    String[] k = line.split(" ", 3);
                    yield new ErrorKind(Long.parseLong(k[1]), k[2]);
                }
                case "delivery" -> new Delivery(f[1], Long.parseLong(f[2]), Long.parseLong(f[3]), Long.parseLong(f[4]));
                case "cost" -> new Cost(Long.parseLong(f[1]), Long.parseLong(f[2]), Long.parseLong(f[3]),
                        Long.parseLong(f[4]));
                case "bye" -> line.length() > 4 ? new Bye(line.substring(4)) : new Unknown(line);
                default -> new Unknown(line);
            };
        } catch (ArrayIndexOutOfBoundsException | NumberFormatException e) {
            return null;
        }
    }

    /** A reader splits lines at \n, \r and both: none stays inside an item. */
    private static String oneLine(String text) {
        return text.replace('\r', ' ').replace('\n', ' ');
    }
}
