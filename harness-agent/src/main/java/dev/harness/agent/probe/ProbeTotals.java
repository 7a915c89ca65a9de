package dev.harness.agent.probe;

import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.DataFormatException;

import org.HdrHistogram.Histogram;

/**
 * What a probe has seen, per operation, and the seed's table of it (shared/seeds/000: count this
 * interval, total count, max, min and average in microseconds, then p50, p99 and p99.9 of the
 * interval, and a warning line when an operation's maximum grows). Fed the interval histograms
 * the agent ships, as compressed histograms in base64 (the hlog's own encoding), so the harness
 * and the agent (whose HdrHistogram is relocated) share it without sharing a histogram type.
 */
public final class ProbeTotals {
    /** Interval and whole-probe histograms of one tag and outcome. */
    private static final class Pair {
        final Histogram interval = Recorders.histogram();
        final Histogram total = Recorders.histogram();
        long maxShown = -1;
    }

    /** Every call of a tag, returned or thrown. */
    private final Map<String, Pair> calls = new TreeMap<>((a, b) -> Integer.compare(order(a), order(b)));
    /** Of those, the calls that threw. */
    private final Map<String, Pair> failed = new TreeMap<>((a, b) -> Integer.compare(order(a), order(b)));
    /** The pause-corrected view, by the operation's tag. */
    private final Map<String, Pair> corrected = new TreeMap<>((a, b) -> Integer.compare(order(a), order(b)));
    /** Per send tag: persistent, non-persistent, unknown. */
    private final Map<String, long[]> delivery = new TreeMap<>((a, b) -> Integer.compare(order(a), order(b)));
    /** The probe's own threads: CPU ns, wall ns, of which the detector's and the meter's; null until said. */
    private long[] cost;
    private final Pair empty = new Pair();
    private final Pair hiccups = new Pair();
    private final Map<String, Long> errorKinds = new TreeMap<>();
    private final String intervalName;

    /** @param intervalName the table's first column ("10s") */
    public ProbeTotals(String intervalName) {
        this.intervalName = intervalName;
    }

    private static int order(String tag) {
        int c = Ops.code(tag);
        return c < 0 ? Integer.MAX_VALUE : c;
    }

    /** Decodes a histogram as the agent ships it. */
    public static ByteBuffer decode(String base64) {
        return ByteBuffer.wrap(Base64.getDecoder().decode(base64));
    }

    /** Encodes a histogram as the agent ships it. */
    static String encode(Histogram h) {
        ByteBuffer b = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
        int n = h.encodeIntoCompressedByteBuffer(b);
        return Base64.getEncoder().encodeToString(java.util.Arrays.copyOf(b.array(), n));
    }

    /**
     * Adds one shipped histogram.
     *
     * @param outcome {@code calls} (every call, returned or thrown; {@code ok} from an agent of an
     *        earlier build: those that returned), {@code failed} (of the calls, those that threw),
     *        {@code empty} (receives that got no message),
     *        {@code pause} (the probed JVM's hiccups, tag {@code hiccup}) or {@code corrected} (the
     *        pause-corrected view of the tag's calls)
     * @throws IllegalArgumentException when the text is no histogram
     */
    public void add(String outcome, String tag, String base64) {
        Histogram h;
        try {
            h = Histogram.decodeFromCompressedByteBuffer(decode(base64), 0);
        } catch (DataFormatException | RuntimeException e) {
            throw new IllegalArgumentException("not a compressed histogram: " + e);
        }
        Pair p = Ops.isCalls(outcome) ? calls.computeIfAbsent(tag, t -> new Pair()) : switch (outcome) {
            case "failed" -> failed.computeIfAbsent(tag, t -> new Pair());
            case "pause" -> hiccups;
            case "corrected" -> corrected.computeIfAbsent(tag, t -> new Pair());
            case "empty" -> empty;
            default -> null; // an outcome of a later agent
        };
        if (p == null) {
            return;
        }
        p.interval.add(h);
        p.total.add(h);
    }

    /** The error kinds so far ("tag kind" to count), replacing the previous ones. */
    public void errorKinds(Map<String, Long> kinds) {
        errorKinds.clear();
        errorKinds.putAll(kinds);
    }

    public void errorKind(String tagAndKind, long count) {
        errorKinds.put(tagAndKind, count);
    }

    /** Sends of a tag that returned so far, by delivery mode (replacing what was said before). */
    public void delivery(String tag, long persistent, long nonPersistent, long unknown) {
        delivery.put(tag, new long[] {persistent, nonPersistent, unknown});
    }

    /** Of a send tag: {persistent, non-persistent, unknown}, or null when not told. */
    public long[] delivery(String tag) {
        long[] d = delivery.get(tag);
        return d == null ? null : d.clone();
    }

    /** What the probe's own threads cost the probed JVM (see Output#cost). */
    public void cost(long cpuNs, long wallNs, long detectorNs, long meterNs) {
        cost = new long[] {cpuNs, wallNs, detectorNs, meterNs};
    }

    /** {cpu ns, wall ns, detector ns, meter ns}, or null when the agent did not say. */
    public long[] cost() {
        return cost == null ? null : cost.clone();
    }

    /**
     * Of the pause-corrected view of a tag over the whole probe: count, mean, p50, p90, p99,
     * p99.9, max (ns); null when there is none.
     */
    public long[] correctedFigures(String tag) {
        Pair p = corrected.get(tag);
        if (p == null || p.total.getTotalCount() == 0) {
            return null;
        }
        Histogram t = p.total;
        return new long[] {t.getTotalCount(), Math.round(t.getMean()), t.getValueAtPercentile(50),
            t.getValueAtPercentile(90), t.getValueAtPercentile(99), t.getValueAtPercentile(99.9), t.getMaxValue()};
    }

    /** Calls seen, per tag (returned or thrown). */
    public Map<String, Long> counts() {
        Map<String, Long> out = new LinkedHashMap<>();
        calls.forEach((t, p) -> out.put(t, p.total.getTotalCount()));
        return out;
    }

    public long failedCount(String tag) {
        Pair p = failed.get(tag);
        return p == null ? 0 : p.total.getTotalCount();
    }

    /** Tags with calls, in the contract's order. */
    public java.util.List<String> tags() {
        java.util.TreeSet<String> all = new java.util.TreeSet<>((a, b) -> Integer.compare(order(a), order(b)) != 0
                ? Integer.compare(order(a), order(b)) : a.compareTo(b));
        all.addAll(calls.keySet());
        all.addAll(failed.keySet()); // an earlier agent's failed calls were not among its calls
        return java.util.List.copyOf(all);
    }

    /** Of the calls of a tag (returned or thrown), over the whole probe: count, mean, p50, p90, p99, p99.9, max (ns). */
    public long[] figures(String tag) {
        Pair p = calls.get(tag);
        if (p == null || p.total.getTotalCount() == 0) {
            return new long[7];
        }
        Histogram t = p.total;
        return new long[] {t.getTotalCount(), Math.round(t.getMean()), t.getValueAtPercentile(50),
            t.getValueAtPercentile(90), t.getValueAtPercentile(99), t.getValueAtPercentile(99.9), t.getMaxValue()};
    }

    /** The error kinds so far, "tag kind" to count. */
    public Map<String, Long> errorKinds() {
        return java.util.Collections.unmodifiableMap(errorKinds);
    }

    /** The probed JVM's longest hiccup, ns. */
    public long hiccupMaxNs() {
        return hiccups.total.getMaxValue();
    }

    public long emptyReceives() {
        return empty.total.getTotalCount();
    }

    /** Whether anything was seen at all. */
    public boolean any() {
        return !calls.isEmpty() || !failed.isEmpty() || empty.total.getTotalCount() > 0;
    }

    private static final String HEADER = "%-18s %10s %10s %12s %10s %10s %10s %10s %10s %12s";
    private static final String ROW = "%-18s %10d %10d %12d %10d %10d %10d %10d %10d %12s";

    /** The interval's table, then starts the next interval. Empty when nothing was ever seen. */
    public String table() {
        if (!any()) {
            return "";
        }
        StringBuilder s = new StringBuilder();
        s.append(String.format(Locale.ROOT, HEADER, "operation (µs)", intervalName + " count", "total", "max", "min", "avg",
                "p50", "p99", "p99.9", "p99 pc")).append('\n');
        StringBuilder warnings = new StringBuilder();
        StringBuilder notes = new StringBuilder();
        for (Map.Entry<String, Pair> e : calls.entrySet()) {
            String tag = e.getKey();
            Pair p = e.getValue();
            s.append(row(tag, p)).append('\n');
            long max = us(p.total.getMaxValue());
            if (p.maxShown >= 0 && max > p.maxShown) {
                warnings.append(String.format(Locale.ROOT,
                        "** Warning ** %s: increased max time. Previous (%d µs). New (%d µs).%n", tag, p.maxShown, max));
            }
            p.maxShown = max;
        }
        for (Map.Entry<String, Pair> e : failed.entrySet()) {
            long n = e.getValue().interval.getTotalCount();
            if (n > 0) {
                notes.append(String.format(Locale.ROOT, "%s: %d calls failed this interval (%d in all, max %d µs)%n",
                        e.getKey(), n, e.getValue().total.getTotalCount(), us(e.getValue().total.getMaxValue())));
            }
        }
        if (empty.interval.getTotalCount() > 0) {
            notes.append(String.format(Locale.ROOT, "receive: %d returned no message this interval (%d in all)%n",
                    empty.interval.getTotalCount(), empty.total.getTotalCount()));
        }
        if (hiccups.interval.getTotalCount() > 0) {
            notes.append(String.format(Locale.ROOT, "probed JVM: longest hiccup %.1f ms this interval (%.1f ms in all)%n",
                    hiccups.interval.getMaxValue() / 1e6, hiccups.total.getMaxValue() / 1e6));
        }
        hiccups.interval.reset();
        for (Pair p : corrected.values()) {
            p.interval.reset();
        }
        for (Pair p : calls.values()) {
            p.interval.reset();
        }
        for (Pair p : failed.values()) {
            p.interval.reset();
        }
        empty.interval.reset();
        return s.append(warnings).append(notes).toString();
    }

    private String row(String tag, Pair p) {
        Histogram t = p.total;
        Histogram i = p.interval;
        boolean none = i.getTotalCount() == 0;
        Pair c = corrected.get(tag);
        String pc = c == null ? "-" : c.interval.getTotalCount() == 0 ? "0"
                : Long.toString(us(c.interval.getValueAtPercentile(99)));
        return String.format(Locale.ROOT, ROW, tag, i.getTotalCount(), t.getTotalCount(), us(t.getMaxValue()),
                us(t.getMinValue()), us(Math.round(t.getMean())), none ? 0 : us(i.getValueAtPercentile(50)),
                none ? 0 : us(i.getValueAtPercentile(99)), none ? 0 : us(i.getValueAtPercentile(99.9)), pc);
    }

    private static long us(long ns) {
        return Math.round(ns / 1000.0);
    }

    /** The summary of the whole probe: per operation, count, mean and percentiles; failures with their kinds. */
    public String summary() {
        StringBuilder s = new StringBuilder();
        if (!any()) {
            return "no messaging calls seen\n" + costLine();
        }
        s.append(String.format(Locale.ROOT, "%-18s %10s %10s %10s %10s %10s %10s %12s%n", "operation (µs)", "count", "mean",
                "p50", "p90", "p99", "p99.9", "max"));
        for (Map.Entry<String, Pair> e : calls.entrySet()) {
            s.append(summaryRow(e.getKey(), e.getValue().total));
            Pair c = corrected.get(e.getKey());
            if (c != null && c.total.getTotalCount() > 0) {
                s.append(summaryRow("  pause-corrected", c.total));
            }
        }
        delivery.forEach((tag, d) -> s.append(String.format(Locale.ROOT, "%s: %d persistent, %d non-persistent%s%n", tag,
                d[0], d[1], d[2] > 0 ? ", " + d[2] + " as the queue's default or not said" : "")));
        if (empty.total.getTotalCount() > 0) {
            s.append(String.format(Locale.ROOT, "receive returned no message %d times (not in receive's figures)%n",
                    empty.total.getTotalCount()));
        }
        for (Map.Entry<String, Pair> e : failed.entrySet()) {
            s.append(String.format(Locale.ROOT, "%s failed %d times (max %d µs), in its figures above%n", e.getKey(),
                    e.getValue().total.getTotalCount(), us(e.getValue().total.getMaxValue())));
        }
        errorKinds.forEach((k, n) -> s.append(String.format(Locale.ROOT, "  %s: %d%n", k, n)));
        if (hiccups.total.getTotalCount() > 0) {
            s.append(String.format(Locale.ROOT, "probed JVM's hiccups (a %d ms sleep woken late): p99 %.1f ms, max %.1f ms%n",
                    ProbeSession.HICCUP_SLEEP_MS, hiccups.total.getValueAtPercentile(99) / 1e6,
                    hiccups.total.getMaxValue() / 1e6));
        }
        if (!corrected.isEmpty()) {
            s.append("pause-corrected: LatencyStats' view, adding the calls the probed JVM's own pauses held back"
                    + " (docs/concepts/pause-correction.md)\n");
        }
        return s.append(costLine()).toString();
    }

    private String costLine() {
        if (cost == null || cost[1] <= 0) {
            return "";
        }
        return String.format(Locale.ROOT, "the probe's own threads used %.0f ms of the probed JVM's CPU in %.1f s"
                + " (%.2f %% of a core): pause detector %.0f ms, hiccup meter %.0f ms, the rest shipping%n",
                cost[0] / 1e6, cost[1] / 1e9, 100.0 * cost[0] / cost[1], cost[2] / 1e6, cost[3] / 1e6);
    }

    private static String summaryRow(String name, Histogram t) {
        return String.format(Locale.ROOT, "%-18s %10d %10d %10d %10d %10d %10d %12d%n", name, t.getTotalCount(),
                us(Math.round(t.getMean())), us(t.getValueAtPercentile(50)), us(t.getValueAtPercentile(90)),
                us(t.getValueAtPercentile(99)), us(t.getValueAtPercentile(99.9)), us(t.getMaxValue()));
    }
}
