package dev.harness.agent;

import java.util.HashSet;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The agent's settings, parsed from the javaagent argument and checked against this JVM's heap.
 * Immutable.
 *
 * <p>The argument is a comma-separated list of {@code key=value} items, for example
 * {@code -javaagent:harness-agent.jar=alloc=200,live=64,heap=0.3,prune=0.9,report=20}. No item is
 * required; an absent or empty argument means all defaults. Blanks around keys and values are
 * ignored. A value cannot contain a comma. MB means mebibytes (1024 * 1024 bytes).
 * <dl>
 * <dt>{@code alloc} (default 100)</dt>
 * <dd>Allocation rate of the fragger in MB/s: a positive number up to 10000 ({@code 200},
 * {@code 12.5}). Everything the fragger allocates counts, and it paces itself to this rate.</dd>
 * <dt>{@code live} (default 64)</dt>
 * <dd>Static live set in MB, allocated once and held for the life of the JVM: a whole number
 * {@code >= 0}, optionally with an {@code m} suffix ({@code 64}, {@code 64m}). It is what every
 * old-generation collection has to mark and move.</dd>
 * <dt>{@code heap} (default 0.25)</dt>
 * <dd>Heap budget: the most the fragger holds at once in its aging sets and their pruned
 * remainders, on top of the live set. Either a fraction of the max heap
 * ({@code Runtime.maxMemory()}) strictly between 0 and 1, written with a decimal point
 * ({@code 0.25}, {@code .5}), or whole MB, optionally with an {@code m} suffix ({@code 512},
 * {@code 512m}); so {@code heap=1} is 1 MB, not the whole heap. The budget must be at least 1 MB,
 * and live set plus budget must not exceed the max heap. That rule only rejects the impossible:
 * live set plus budget above about half the max heap leaves the host little room and risks an
 * OutOfMemoryError (the fragger stops and drops what it holds if it gets one itself).</dd>
 * <dt>{@code prune} (default 0.9)</dt>
 * <dd>Fraction of each aged set that is dropped, strictly between 0 and 1: {@code 0.9} keeps an
 * evenly spread 10% of each set alive.</dd>
 * <dt>{@code report} (default 20)</dt>
 * <dd>Pause report threshold in ms, a whole number {@code >= 1}: the pause detector prints
 * {@code pause of N ms at <instant>} for every wake-up late by at least this much.</dd>
 * <dt>{@code log} (default: standard error)</dt>
 * <dd>File the start line and the pause lines are appended to. It must be writable when the agent
 * starts. Errors in the options are always printed to standard error.</dd>
 * <dt>{@code delay} (default 0)</dt>
 * <dd>Seconds to wait before the fragger starts, a whole number {@code >= 0} (to let the host
 * warm up first). The pause detector starts at once.</dd>
 * <dt>{@code help}</dt>
 * <dd>Prints this list to standard error and starts nothing.</dd>
 * </dl>
 */
public final class AgentOptions {
    static final long MB = 1024L * 1024L;

    static final double DEFAULT_ALLOC_MB_PER_SEC = 100;
    static final long DEFAULT_LIVE_MB = 64;
    static final String DEFAULT_HEAP = "0.25";
    static final double DEFAULT_PRUNE = 0.9;
    static final long DEFAULT_REPORT_MS = 20;

    private static final double MAX_ALLOC_MB_PER_SEC = 10_000;
    private static final Pattern DECIMAL = Pattern.compile("\\d{1,9}(\\.\\d{0,9})?|\\.\\d{1,9}");
    private static final Pattern WHOLE = Pattern.compile("\\d{1,9}");
    private static final Pattern MEGABYTES = Pattern.compile("(\\d{1,9})[mM]?");
    private static final String KNOWN = "alloc, live, heap, prune, report, log, delay, help";
    private static final Set<String> KEYS = Set.of("alloc", "live", "heap", "prune", "report", "log", "delay", "help");
    // What each option expects, as the error line says it.
    private static final String ALLOC_EXPECTED = "a rate in MB/s, a positive number up to 10000 (e.g. alloc=100)";
    private static final String LIVE_EXPECTED = "the static live set in MB, a whole number >= 0"
            + " (e.g. live=64 or live=64m)";
    private static final String HEAP_EXPECTED = "the heap budget as a fraction of the max heap between 0 and 1"
            + " (e.g. heap=0.25) or whole MB >= 1 (e.g. heap=512 or heap=512m)";
    private static final String PRUNE_EXPECTED = "the fraction of each set to drop, between 0 and 1 exclusive"
            + " (e.g. prune=0.9 keeps 10%)";
    private static final String REPORT_EXPECTED = "the pause report threshold in ms, a whole number >= 1"
            + " (e.g. report=20)";
    private static final String LOG_EXPECTED = "a file path to append the agent's lines to"
            + " (e.g. log=/tmp/gc-agent.log)";
    private static final String DELAY_EXPECTED = "seconds before fragging starts, a whole number >= 0"
            + " (e.g. delay=10)";

    private final double allocMBPerSec;
    private final long liveMB;
    private final String heap;
    private final long budgetBytes;
    private final long maxHeapBytes;
    private final double prune;
    private final long reportMs;
    private final String log;
    private final long delaySeconds;
    private final boolean help;

    private AgentOptions(double allocMBPerSec, long liveMB, String heap, long budgetBytes, long maxHeapBytes,
            double prune, long reportMs, String log, long delaySeconds, boolean help) {
        this.allocMBPerSec = allocMBPerSec;
        this.liveMB = liveMB;
        this.heap = heap;
        this.budgetBytes = budgetBytes;
        this.maxHeapBytes = maxHeapBytes;
        this.prune = prune;
        this.reportMs = reportMs;
        this.log = log;
        this.delaySeconds = delaySeconds;
        this.help = help;
    }

    /**
     * Parses the agent argument against this JVM's max heap.
     *
     * @param args the text after {@code =} in {@code -javaagent:jar=...}, or null
     * @throws IllegalArgumentException with a one-line message naming the bad option and what was
     *         expected, e.g. {@code alloc=abc: expected a rate in MB/s, a positive number up to 10000}
     */
    public static AgentOptions parse(String args) {
        return parse(args, Runtime.getRuntime().maxMemory());
    }

    /** As {@link #parse(String)}, against a given max heap (so tests do not depend on -Xmx). */
    static AgentOptions parse(String args, long maxHeapBytes) {
        double alloc = DEFAULT_ALLOC_MB_PER_SEC;
        long live = DEFAULT_LIVE_MB;
        String heap = DEFAULT_HEAP;
        double prune = DEFAULT_PRUNE;
        long report = DEFAULT_REPORT_MS;
        String log = null;
        long delay = 0;
        boolean help = false;
        String liveItem = "live=" + live;
        String heapItem = "heap=" + heap;

        Set<String> seen = new HashSet<>();
        for (String raw : (args == null ? "" : args).split(",", -1)) {
            String item = raw.strip();
            if (item.isEmpty()) {
                continue; // tolerate "a=1,,b=2" and a trailing comma
            }
            int eq = item.indexOf('=');
            String key = (eq < 0 ? item : item.substring(0, eq)).strip();
            String value = eq < 0 ? null : item.substring(eq + 1).strip();
            String shown = value == null ? key : key + "=" + value;
            if (key.isEmpty()) {
                throw new IllegalArgumentException(shown + ": an option needs a name; known: " + KNOWN);
            }
            if (!KEYS.contains(key)) {
                throw new IllegalArgumentException(shown + ": unknown option; known: " + KNOWN);
            }
            if (!seen.add(key)) {
                throw new IllegalArgumentException(shown + ": " + key + " is given twice");
            }
            switch (key) {
                case "help":
                    if (value != null) {
                        throw new IllegalArgumentException(shown + ": help takes no value");
                    }
                    help = true;
                    break;
                case "alloc":
                    alloc = decimal(shown, value, ALLOC_EXPECTED);
                    if (alloc <= 0 || alloc > MAX_ALLOC_MB_PER_SEC) {
                        throw expected(shown, ALLOC_EXPECTED);
                    }
                    break;
                case "live":
                    live = megabytes(shown, value, LIVE_EXPECTED);
                    liveItem = shown;
                    break;
                case "heap":
                    heap = required(shown, value, HEAP_EXPECTED);
                    heapItem = shown;
                    break;
                case "prune":
                    prune = decimal(shown, value, PRUNE_EXPECTED);
                    if (prune <= 0 || prune >= 1) {
                        throw expected(shown, PRUNE_EXPECTED);
                    }
                    break;
                case "report":
                    report = whole(shown, value, REPORT_EXPECTED);
                    if (report < 1) {
                        throw expected(shown, REPORT_EXPECTED);
                    }
                    break;
                case "log":
                    log = required(shown, value, LOG_EXPECTED);
                    break;
                case "delay":
                    delay = whole(shown, value, DELAY_EXPECTED);
                    break;
                default:
                    throw new IllegalStateException(key); // KEYS and this switch name the same options
            }
        }

        long budget = budgetBytes(heapItem, heap, maxHeapBytes);
        if (budget < MB) {
            throw new IllegalArgumentException(heapItem + ": a heap budget of " + mb(budget)
                    + " MB is too small; at least 1 MB is needed (max heap " + mb(maxHeapBytes) + " MB)");
        }
        if (budget > maxHeapBytes) {
            throw new IllegalArgumentException(heapItem + ": a heap budget of " + mb(budget)
                    + " MB exceeds the max heap of " + mb(maxHeapBytes) + " MB (Runtime.maxMemory())");
        }
        if (live * MB + budget > maxHeapBytes) {
            throw new IllegalArgumentException(liveItem + "," + heapItem + ": live set " + live + " MB plus heap budget "
                    + mb(budget) + " MB is " + mb(live * MB + budget) + " MB, more than the max heap of "
                    + mb(maxHeapBytes) + " MB (Runtime.maxMemory())");
        }
        return new AgentOptions(alloc, live, heap, budget, maxHeapBytes, prune, report, log, delay, help);
    }

    /** A fraction (has a decimal point, below 1) of the max heap, or whole MB. */
    private static long budgetBytes(String shown, String heap, long maxHeapBytes) {
        if (heap.indexOf('.') >= 0) {
            if (!DECIMAL.matcher(heap).matches()) {
                throw expected(shown, HEAP_EXPECTED);
            }
            double fraction = Double.parseDouble(heap);
            if (fraction <= 0 || fraction >= 1) {
                throw expected(shown, HEAP_EXPECTED);
            }
            return Math.round(fraction * maxHeapBytes);
        }
        var m = MEGABYTES.matcher(heap);
        if (!m.matches() || Long.parseLong(m.group(1)) < 1) {
            throw expected(shown, HEAP_EXPECTED);
        }
        return Long.parseLong(m.group(1)) * MB;
    }

    private static String required(String shown, String value, String what) {
        if (value == null || value.isEmpty()) {
            throw expected(shown, what);
        }
        return value;
    }

    // Plain decimals only: Double.parseDouble would also take "NaN", "Infinity", "1e3" and "0x1p3".
    private static double decimal(String shown, String value, String what) {
        if (value == null || !DECIMAL.matcher(value).matches()) {
            throw expected(shown, what);
        }
        return Double.parseDouble(value);
    }

    private static long whole(String shown, String value, String what) {
        if (value == null || !WHOLE.matcher(value).matches()) {
            throw expected(shown, what);
        }
        return Long.parseLong(value);
    }

    private static long megabytes(String shown, String value, String what) {
        var m = value == null ? null : MEGABYTES.matcher(value);
        if (m == null || !m.matches()) {
            throw expected(shown, what);
        }
        return Long.parseLong(m.group(1));
    }

    private static IllegalArgumentException expected(String shown, String what) {
        return new IllegalArgumentException(shown + ": expected " + what);
    }

    static long mb(long bytes) {
        return bytes / MB;
    }

    /** The option list printed for {@code help}. */
    static String usage() {
        return String.join(System.lineSeparator(),
                "harness-agent: a Fragger-style GC pause inducer with its own pause detector.",
                "usage: -javaagent:harness-agent.jar[=key=value,key=value,...]",
                "  alloc=N    allocation rate in MB/s, a positive number up to 10000 (default 100)",
                "  live=N     static live set in MB, whole number >= 0, optional m suffix (default 64)",
                "  heap=X     heap budget for aging sets: a fraction of the max heap between 0 and 1 (0.25),",
                "             or whole MB with optional m suffix (512, 512m); default 0.25;",
                "             live + budget must not exceed the max heap",
                "  prune=F    fraction of each aged set dropped, between 0 and 1 exclusive (default 0.9)",
                "  report=N   report pauses of at least N ms, whole number >= 1 (default 20)",
                "  log=PATH   append the agent's lines to this file (default standard error)",
                "  delay=N    seconds before fragging starts, whole number >= 0 (default 0)",
                "  help       print this and start nothing",
                "");
    }

    /** The one start line, naming every setting. */
    String describe(String logWhere) {
        StringBuilder s = new StringBuilder("harness-agent: fragging at ").append(number(allocMBPerSec))
                .append(" MB/s, live set ").append(liveMB).append(" MB, heap budget ").append(mb(budgetBytes))
                .append(" MB (heap=").append(heap).append(", max heap ").append(mb(maxHeapBytes))
                .append(" MB), prune ").append(number(prune)).append(" (keeps ")
                .append(number(Math.round((1 - prune) * 1000) / 10.0)).append("% of each set), reporting pauses >= ")
                .append(reportMs).append(" ms to ").append(logWhere);
        if (delaySeconds > 0) {
            s.append(", starting in ").append(delaySeconds).append(" s");
        }
        return s.toString();
    }

    private static String number(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
    }

    /** Allocation rate in MB/s. */
    public double allocMBPerSec() {
        return allocMBPerSec;
    }

    /** Static live set in MB. */
    public long liveMB() {
        return liveMB;
    }

    /** The heap budget as given (a fraction or MB), e.g. {@code 0.25} or {@code 512m}. */
    public String heap() {
        return heap;
    }

    /** The heap budget resolved to bytes against the max heap. */
    public long budgetBytes() {
        return budgetBytes;
    }

    /** The max heap the options were checked against. */
    public long maxHeapBytes() {
        return maxHeapBytes;
    }

    /** Fraction of each aged set dropped. */
    public double prune() {
        return prune;
    }

    /** Pause report threshold in ms. */
    public long reportMs() {
        return reportMs;
    }

    /** Log file path, or null for standard error. */
    public String log() {
        return log;
    }

    /** Seconds before the fragger starts. */
    public long delaySeconds() {
        return delaySeconds;
    }

    /** Whether only the option list was asked for. */
    public boolean help() {
        return help;
    }
}
