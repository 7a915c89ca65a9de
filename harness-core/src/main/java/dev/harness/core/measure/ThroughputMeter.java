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

    private final AtomicLongArray perSecond;
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

    /** One message completed: counted, and looked at by an outage whose backlog is draining. */
    public void completion(long completedNs, long intendedNs) {
        completed(completedNs, 1, intendedNs);
        Outages o = outages;
        if (o != null) {
            long mark = o.drainMarkNs(); // 0 unless a backlog is draining
            if (mark != 0 && intendedNs >= mark) {
                o.drained(completedNs, intendedNs);
            }
        }
    }

    /** The schedule whose messages make a gap an outage: time without a completion while one was due. */
    void follow(Schedule schedule) {
        this.schedule = schedule.unthrottled() ? null : schedule;
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
        if (previous != Long.MIN_VALUE && nowNs - Math.max(previous, gapsFromNs) > longestGapNs) { // rare: maybe a longer gap
            long firstDue = dueNs;
            Schedule s = schedule;
            if (s != null && dueNs != Long.MIN_VALUE) {
                long next = s.firstDueAtOrAfter(previous);
                if (next < s.total()) {
                    firstDue = Math.min(dueNs, s.intendedNs(next));
                }
            }
            long from = Math.max(Math.max(previous, firstDue), gapsFromNs);
            if (nowNs - from > longestGapNs) {
                gap(from, nowNs);
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
