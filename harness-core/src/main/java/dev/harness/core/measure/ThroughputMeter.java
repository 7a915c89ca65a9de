package dev.harness.core.measure;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

import dev.harness.core.schedule.Schedule;

/**
 * Completions per wall-clock second since the schedule's start: the per-second throughput
 * series, kept apart from any running average. Fixed size, allocation-free to record.
 */
public final class ThroughputMeter {
    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    /** Gaps shorter than this are no outage worth listing. */
    static final long GAP_FLOOR_NS = 1_000_000L;
    /**
     * How many of the longest spans without a completion are kept, each with the gap in it: for a
     * set of runs' common timeline ({@link Gaps#common}).
     */
    static final int KEPT_GAPS = 1024;

    private final AtomicLongArray perSecond;
    /**
     * The longest spans between two completions (from the earlier, the gap in it from keptFrom, to
     * the later), a min-heap on their length: the shortest kept first. Fixed size: recording allocates nothing.
     */
    private final long[] keptIdleFrom = new long[KEPT_GAPS];
    private final long[] keptFrom = new long[KEPT_GAPS];
    private final long[] keptTo = new long[KEPT_GAPS];
    private int kept;
    /** Every span longer than this is kept: the floor, or once the heap is full the shortest kept. */
    private volatile long keepAboveNs = GAP_FLOOR_NS;
    private final AtomicLong lastCompletionNs = new AtomicLong(Long.MIN_VALUE);
    /** The completion before this one, in the order completions are counted. */
    private final AtomicLong previousNs = new AtomicLong(Long.MIN_VALUE);
    private volatile long longestGapNs;
    private long longestGapStartNs;
    private long longestGapEndNs;
    private long startNs;
    /** Gaps count from here on: the measured phase's start, as every figure an objective judges. */
    private volatile long gapsFromNs = Long.MIN_VALUE;
    /** When messages were due, for where a gap begins; null until set (and for unthrottled runs). */
    private volatile Schedule schedule;
    /** Told of completions while the backlog of an outage drains. */
    private volatile Outages outages;
    /** --delivery-delay: a message is due for delivery this long after its intended send; 0 for none. */
    private volatile long deliveryDelayNs;

    public ThroughputMeter(int seconds) {
        if (seconds <= 0) {
            throw new IllegalArgumentException("seconds must be positive: " + seconds);
        }
        this.perSecond = new AtomicLongArray(seconds);
    }

    /** Time zero of the per-second series; set before any worker records. */
    void startAt(long startNs) {
        this.startNs = startNs;
    }

    /**
     * One message completed: counted, and looked at by an outage whose backlog is draining.
     * {@code dueNs} is when it was due to complete at the earliest: its intended time, plus the
     * delivery delay ({@link #deliveredAfter}).
     */
    public void completion(long completedNs, long dueNs) {
        completed(completedNs, 1, dueNs);
        Outages o = outages;
        if (o != null) {
            long mark = o.drainMarkNs(); // 0 unless a backlog is draining
            long intendedNs = dueNs - deliveryDelayNs; // the outage's mark is a time of the send schedule
            if (mark != 0 && intendedNs >= mark) {
                o.drained(completedNs, intendedNs);
            }
        }
    }

    /** The schedule whose messages make a gap an outage: time without a completion while one was due. */
    void follow(Schedule schedule) {
        this.schedule = schedule.unthrottled() ? null : schedule;
        if (!schedule.unthrottled()) {
            // The schedule's start stands for a completion before the first: a first message that
            // completes late (behind a preloaded backlog, on a broker slow to start) leaves a gap too.
            previousNs.compareAndSet(Long.MIN_VALUE, schedule.startNs());
        }
    }

    /**
     * --delivery-delay: messages are due for delivery {@code ns} after their intended sends, so the
     * time before the first delivery is no gap, nor the delay before any message. Set once the
     * schedule is followed, before the first completion; completions pass their due time, the
     * intended time plus the delay.
     */
    public void deliveredAfter(long ns) {
        this.deliveryDelayNs = ns;
        Schedule s = schedule;
        if (s != null) {
            previousNs.compareAndSet(s.startNs(), s.startNs() + ns);
        }
    }

    /** Warmup's gaps are not the run's: a gap that spans the warmup's end counts from there. */
    void measureGapsFrom(long fromNs) {
        this.gapsFromNs = fromNs;
    }

    /** The outages whose backlog's drain this meter watches. */
    void watch(Outages outages) {
        this.outages = outages;
    }

    /** Completions of messages whose due times are not known: the gap before them counts from the last completion. */
    public void completed(long nowNs, int count) {
        completed(nowNs, count, Long.MIN_VALUE);
    }

    /**
     * The gap before a completion is client-visible time without one while a message was due:
     * from the completion before, or from when the first message after it was due if that was
     * later (at a low rate the time between two messages is no outage). The first due is this
     * message's due time or the schedule's next one after the completion before, whichever is
     * earlier: with many workers the message that ends a gap is not always the oldest one waiting.
     */
    private void completed(long nowNs, int count, long dueNs) {
        if (nowNs > lastCompletionNs.get()) {
            lastCompletionNs.accumulateAndGet(nowNs, Math::max);
        }
        long previous = previousNs.getAndSet(nowNs);
        // Rare at any rate worth a gap: maybe a longer gap than any before, or one to keep.
        if (previous != Long.MIN_VALUE && nowNs - Math.max(previous, gapsFromNs) > Math.min(longestGapNs, keepAboveNs)) {
            long firstDue = dueNs;
            Schedule s = schedule;
            if (s != null && dueNs != Long.MIN_VALUE) {
                long delay = deliveryDelayNs;
                long next = s.firstDueAtOrAfter(previous - delay);
                if (next < s.total()) {
                    firstDue = Math.min(dueNs, s.intendedNs(next) + delay);
                }
            }
            long idleFrom = Math.max(previous, gapsFromNs);
            long from = Math.max(Math.max(previous, firstDue), gapsFromNs);
            if (nowNs - from > longestGapNs) {
                gap(from, nowNs);
            }
            if (nowNs - idleFrom > keepAboveNs) {
                keep(idleFrom, from, nowNs);
            }
        }
        long second = (nowNs - startNs) / NANOS_PER_SECOND;
        if (second < 0) {
            second = 0;
        }
        if (second < perSecond.length()) { // sized past any run's end; later ones are not kept
            perSecond.addAndGet((int) second, count);
        }
    }

    /** Rare: only a gap longer than every one before it gets here. */
    private synchronized void gap(long fromNs, long toNs) {
        if (toNs - fromNs > longestGapNs) {
            longestGapStartNs = fromNs;
            longestGapEndNs = toNs;
            longestGapNs = toNs - fromNs;
        }
    }

    /** Keeps a span without a completion among the longest; once full, in place of the shortest kept. */
    private synchronized void keep(long idleFromNs, long fromNs, long toNs) {
        long length = toNs - idleFromNs;
        if (length <= keepAboveNs) {
            return;
        }
        int i;
        if (kept < KEPT_GAPS) {
            i = kept++;
            while (i > 0 && length(parent(i)) > length) { // sift up
                move(parent(i), i);
                i = parent(i);
            }
        } else {
            i = 0;
            while (true) { // sift down from the root, the shortest, which the new gap replaces
                int child = 2 * i + 1;
                if (child >= kept) {
                    break;
                }
                if (child + 1 < kept && length(child + 1) < length(child)) {
                    child++;
                }
                if (length(child) >= length) {
                    break;
                }
                move(child, i);
                i = child;
            }
        }
        keptIdleFrom[i] = idleFromNs;
        keptFrom[i] = fromNs;
        keptTo[i] = toNs;
        if (kept == KEPT_GAPS) {
            keepAboveNs = Math.max(GAP_FLOOR_NS, length(0)); // a gap dropped from now on is no longer than that
        }
    }

    private static int parent(int i) {
        return (i - 1) / 2;
    }

    private long length(int i) {
        return keptTo[i] - keptIdleFrom[i];
    }

    private void move(int from, int to) {
        keptIdleFrom[to] = keptIdleFrom[from];
        keptFrom[to] = keptFrom[from];
        keptTo[to] = keptTo[from];
    }

    /** The gaps of the measured phase, from {@code startNs}: the longest, and the spans kept, in order. */
    public synchronized Gaps gaps(long startNs) {
        long[][] spans = new long[kept][];
        for (int i = 0; i < kept; i++) {
            spans[i] = new long[] {keptIdleFrom[i] - startNs, keptFrom[i] - startNs, keptTo[i] - startNs};
        }
        java.util.Arrays.sort(spans, (a, b) -> Long.compare(a[0], b[0]));
        // Completions counted by several threads can stamp two spans that overlap a little: one span.
        long[][] out = new long[3][kept];
        int n = 0;
        for (long[] span : spans) {
            if (n > 0 && span[0] < out[2][n - 1]) {
                out[1][n - 1] = Math.min(out[1][n - 1], Math.max(out[0][n - 1], span[1]));
                out[2][n - 1] = Math.max(out[2][n - 1], span[2]);
            } else {
                out[0][n] = span[0];
                out[1][n] = span[1];
                out[2][n++] = span[2];
            }
        }
        return new Gaps(keepAboveNs, longestGapNs > 0 ? longestGapStartNs - startNs : -1, longestGapNs,
                java.util.Arrays.copyOf(out[0], n), java.util.Arrays.copyOf(out[1], n), java.util.Arrays.copyOf(out[2], n));
    }

    /**
     * When the longest time without a completion while a message was due began (the run's longest
     * client-visible outage): the completion before it, or when the first message after it was due.
     */
    public synchronized long longestGapStartNs() {
        return longestGapStartNs;
    }

    /** The first completion after it; equal to the start when there was no gap. */
    public synchronized long longestGapEndNs() {
        return longestGapEndNs;
    }

    /** The longest client-visible gap, {@link #longestGapEndNs} - {@link #longestGapStartNs}; 0 when none. */
    public long longestGapNs() {
        return longestGapNs;
    }

    /** Completions in each whole second from {@code fromSecond} (inclusive) to {@code toSecond}. */
    public long[] seconds(int fromSecond, int toSecond) {
        int from = Math.max(0, fromSecond);
        int to = Math.min(toSecond, perSecond.length());
        long[] out = new long[Math.max(0, to - from)];
        for (int i = 0; i < out.length; i++) {
            out[i] = perSecond.get(from + i);
        }
        return out;
    }

    /** When the latest completion happened; Long.MIN_VALUE before the first. */
    public long lastCompletionNs() {
        return lastCompletionNs.get();
    }
}
