package dev.harness.core.schedule;

/**
 * One fixed-rate schedule of intended send times, shared by all senders: message k is due at
 * {@code start + k / rate}. Computed from k each time, never by adding intervals, so it does
 * not drift over hours. Sender i of n owns messages i, i+n, i+2n, ... (interleaved).
 *
 * <p>A {@link Shard} of the schedule counts its own messages 0, 1, 2 ... (what the counts and
 * the interval cuts use) while their times are those of the whole schedule's messages I, I+N,
 * I+2N ...: {@link #total}, {@link #intendedNs}, {@link #dueBetween} and
 * {@link #firstDueAtOrAfter} are the shard's. Senders number their messages by the whole
 * schedule's k ({@link #wholeIntendedNs}, {@link #wholeTotal}), so that numbers never repeat
 * across the shards.
 */
public final class Schedule {
    /** The longest a run's warmup, measured phase or wait may be: 7 days. */
    public static final long MAX_RUN_NS = java.util.concurrent.TimeUnit.DAYS.toNanos(7);
    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    private final long startNs;
    private final double rate;
    private final long integralRate;
    // Shortened at most once, by endAt, while senders read them: volatile.
    private volatile long endNs;
    private volatile long total;
    private volatile long wholeTotal;
    private final Shard shard;

    /**
     * @param startNs {@code System.nanoTime()} at which message 0 is due
     * @param rate messages per second, all senders together; 0 means unthrottled
     * @param lengthNs how long the schedule runs (warmup plus measured duration)
     */
    public Schedule(long startNs, double rate, long lengthNs) {
        this(startNs, rate, lengthNs, Shard.WHOLE);
    }

    /** This shard of the schedule; {@code rate} is the whole schedule's. */
    public Schedule(long startNs, double rate, long lengthNs, Shard shard) {
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
        if (rate == 0 && !shard.whole()) {
            throw new IllegalArgumentException("an unthrottled schedule has no numbered messages to shard");
        }
        this.shard = shard;
        this.wholeTotal = rate == 0 ? Long.MAX_VALUE : countBefore(lengthNs);
        this.total = rate == 0 ? Long.MAX_VALUE : shard.countBefore(wholeTotal);
    }

    /**
     * Shortens the schedule to end at {@code endNs} ({@code --warmup auto}: once the measured phase's
     * start is known, it lasts the duration from there). Only a time still to come and not after the
     * present end: no sender has gone past it yet.
     */
    public void endAt(long endNs) {
        if (endNs - startNs <= 0 || endNs - this.endNs > 0) {
            throw new IllegalArgumentException("a schedule may only be shortened, to end after its start");
        }
        long whole = rate == 0 ? Long.MAX_VALUE : countBefore(endNs - startNs);
        this.wholeTotal = whole;
        this.total = rate == 0 ? Long.MAX_VALUE : shard.countBefore(whole);
        this.endNs = endNs;
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
        while (wholeIntendedNs(k) - ns < 0) {
            k++;
        }
        while (k > 0 && wholeIntendedNs(k - 1) - ns >= 0) {
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
        return shard.countBefore(Math.min(wholeTotal, firstAtOrAfter(toNs)))
                - shard.countBefore(Math.min(wholeTotal, firstAtOrAfter(fromNs)));
    }

    /** The first message due at or after {@code ns}; {@link #total()} when none is. Throttled only. */
    public long firstDueAtOrAfter(long ns) {
        return shard.countBefore(Math.min(wholeTotal, firstAtOrAfter(ns)));
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

    public Shard shard() {
        return shard;
    }

    /** How many messages the schedule holds; Long.MAX_VALUE when unthrottled (it ends by time). */
    public long total() {
        return total;
    }

    /** How many messages the whole schedule holds, all shards together; {@link #total()} unless sharded. */
    public long wholeTotal() {
        return wholeTotal;
    }

    /** The interval between two consecutive messages of the whole schedule; 0 when unthrottled. */
    public long intervalNs() {
        return intervalNs(rate);
    }

    /** The interval of a schedule at this rate; 0 for unthrottled (rate 0). */
    public static long intervalNs(double rate) {
        return rate == 0 ? 0 : Math.max(1, Math.round(NANOS_PER_SECOND / rate));
    }

    /** When this schedule's (or shard's) message t is due. Exact for whole-number rates; allocation-free. */
    public long intendedNs(long t) {
        return wholeIntendedNs(shard.globalIndex(t));
    }

    /**
     * When the whole schedule's message k is due, whichever shard runs it: senders number their
     * messages by k, so that a message's number is unique across the shards of one schedule.
     */
    public long wholeIntendedNs(long k) {
        if (integralRate > 0) {
            long seconds = k / integralRate;
            long rest = k % integralRate;
            return startNs + seconds * NANOS_PER_SECOND + rest * NANOS_PER_SECOND / integralRate;
        }
        return startNs + (long) ((double) k * NANOS_PER_SECOND / rate);
    }
}
