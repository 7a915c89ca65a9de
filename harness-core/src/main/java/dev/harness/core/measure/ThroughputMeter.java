package dev.harness.core.measure;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Completions per wall-clock second since the schedule's start: the per-second throughput
 * series, kept apart from any running average. Fixed size, allocation-free to record.
 */
public final class ThroughputMeter {
    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    private final AtomicLongArray perSecond;
    private final AtomicLong lastCompletionNs = new AtomicLong(Long.MIN_VALUE);
    private long startNs;

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

    public void completed(long nowNs, int count) {
        if (nowNs > lastCompletionNs.get()) {
            lastCompletionNs.accumulateAndGet(nowNs, Math::max);
        }
        long second = (nowNs - startNs) / NANOS_PER_SECOND;
        if (second < 0) {
            second = 0;
        }
        if (second < perSecond.length()) { // sized past any run's end; later ones are not kept
            perSecond.addAndGet((int) second, count);
        }
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
