package dev.harness.core.schedule;

/**
 * One fixed-rate schedule of intended send times, shared by all senders: message k is due at
 * {@code start + k / rate}. Computed from k each time, never by adding intervals, so it does
 * not drift over hours. Sender i of n owns messages i, i+n, i+2n, ... (interleaved).
 */
public final class Schedule {
    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    private final long startNs;
    private final double rate;
    private final long integralRate;
    private final long endNs;
    private final long total;

    /**
     * @param startNs {@code System.nanoTime()} at which message 0 is due
     * @param rate messages per second, all senders together; 0 means unthrottled
     * @param lengthNs how long the schedule runs (warmup plus measured duration)
     */
    public Schedule(long startNs, double rate, long lengthNs) {
        if (rate < 0 || Double.isNaN(rate) || Double.isInfinite(rate)) {
            throw new IllegalArgumentException("rate must be 0 (unthrottled) or positive: " + rate);
        }
        if (lengthNs <= 0) {
            throw new IllegalArgumentException("length must be positive: " + lengthNs);
        }
        this.startNs = startNs;
        this.rate = rate;
        this.integralRate = rate == Math.rint(rate) && rate <= NANOS_PER_SECOND ? (long) rate : 0;
        this.endNs = startNs + lengthNs;
        this.total = rate == 0 ? Long.MAX_VALUE : countBefore(lengthNs);
    }

    private long countBefore(long lengthNs) {
        return firstAtOrAfter(startNs + lengthNs);
    }

    /** The first k due at or after {@code ns}, the schedule's length aside; 0 for any time before the start. */
    private long firstAtOrAfter(long ns) {
        if (ns - startNs <= 0) {
            return 0;
        }
        // First guess from doubles, then settle exactly.
        long k = Math.max(0, (long) Math.floor(rate * (ns - startNs) / NANOS_PER_SECOND) - 2);
        while (intendedNs(k) - ns < 0) {
            k++;
        }
        while (k > 0 && intendedNs(k - 1) - ns >= 0) {
            k--;
        }
        return k;
    }

    /**
     * How many of the schedule's messages are due in {@code [fromNs, toNs)}; 0 when unthrottled,
     * which has no numbered messages.
     */
    public long dueBetween(long fromNs, long toNs) {
        if (rate == 0 || toNs - fromNs <= 0) {
            return 0;
        }
        return Math.min(total, firstAtOrAfter(toNs)) - Math.min(total, firstAtOrAfter(fromNs));
    }

    /** The first message due at or after {@code ns}; {@link #total()} when none is. Throttled only. */
    public long firstDueAtOrAfter(long ns) {
        return Math.min(total, firstAtOrAfter(ns));
    }

    public boolean unthrottled() {
        return rate == 0;
    }

    /** Messages per second, or 0 when unthrottled. */
    public double rate() {
        return rate;
    }

    public long startNs() {
        return startNs;
    }

    public long endNs() {
        return endNs;
    }

    /** How many messages the schedule holds; Long.MAX_VALUE when unthrottled (it ends by time). */
    public long total() {
        return total;
    }

    /** The interval between two consecutive messages of the whole schedule; 0 when unthrottled. */
    public long intervalNs() {
        return intervalNs(rate);
    }

    /** The interval of a schedule at this rate; 0 for unthrottled (rate 0). */
    public static long intervalNs(double rate) {
        return rate == 0 ? 0 : Math.max(1, Math.round(NANOS_PER_SECOND / rate));
    }

    /** When message k is due. Exact for whole-number rates; allocation-free. */
    public long intendedNs(long k) {
        if (integralRate > 0) {
            long seconds = k / integralRate;
            long rest = k % integralRate;
            return startNs + seconds * NANOS_PER_SECOND + rest * NANOS_PER_SECOND / integralRate;
        }
        return startNs + (long) ((double) k * NANOS_PER_SECOND / rate);
    }
}
