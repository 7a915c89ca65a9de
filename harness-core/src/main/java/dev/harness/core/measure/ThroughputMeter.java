package dev.harness.core.measure;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Completions per wall-clock second since the schedule's start: the per-second throughput
 * series, kept apart from any running average. Fixed size, allocation-free to record.
 */
public final class ThroughputMeter {
    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    private final long startNs;
    private final AtomicLongArray perSecond;

    public ThroughputMeter(long startNs, int seconds) {
        if (seconds <= 0) {
            throw new IllegalArgumentException("seconds must be positive: " + seconds);
        }
        this.startNs = startNs;
        this.perSecond = new AtomicLongArray(seconds);
    }

    public void completed(long nowNs, int count) {
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

    public long startNs() {
        return startNs;
    }
}
