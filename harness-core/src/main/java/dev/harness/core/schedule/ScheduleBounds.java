package dev.harness.core.schedule;

import java.util.concurrent.TimeUnit;

/**
 * When a fixed-rate schedule counts as kept: one definition for the validity of a run, for
 * {@code --warmup auto}'s steady state and for the live "behind" on an interval line.
 *
 * <p>A bound on send-lag in time alone is wrong at both ends (at 100,000 msg/s 5 ms is 500
 * messages behind; at 1 msg/s it is nothing), so the bound is the larger of a floor in time and a
 * number of the sender's own message intervals.
 */
public final class ScheduleBounds {
    /** Below this share of the asked rate the schedule was not kept. */
    public static final double RATE_LOW = 0.95;
    /** Above this share of the asked rate completions were a catch-up, not the rate asked. */
    public static final double RATE_HIGH = 1.05;
    /** No lag below this is a backlog: a GC pause or a scheduler hiccup of the harness's own. */
    static final long LAG_FLOOR_NS = TimeUnit.MILLISECONDS.toNanos(100);
    /** A lag of this many of one sender's message intervals is a backlog whatever the time. */
    static final int LAG_INTERVALS = 10;

    private ScheduleBounds() {
    }

    /**
     * The send-lag beyond which a sender is behind its schedule.
     *
     * @param ratePerSecond messages per second asked of the whole process (all its senders)
     * @param senders how many senders share that rate
     */
    public static long lagBoundNs(double ratePerSecond, int senders) {
        if (ratePerSecond <= 0) {
            return Long.MAX_VALUE; // unthrottled: no schedule to be behind
        }
        double perSenderIntervalNs = 1e9 * Math.max(1, senders) / ratePerSecond;
        return Math.max(LAG_FLOOR_NS, (long) Math.min(Long.MAX_VALUE / 2.0, LAG_INTERVALS * perSenderIntervalNs));
    }

    /** Whether completions per second held the asked rate, neither short of it nor catching up. */
    public static boolean rateHeld(double asked, double achieved) {
        return asked <= 0 || (achieved >= RATE_LOW * asked && achieved <= RATE_HIGH * asked);
    }

    /**
     * How far from the asked rate completions may be for the rate to count as held: 5 %, or, in a
     * short run, the messages that complete at the edges of the measured phase whatever the
     * system does (a commit's batch, a window in flight, per worker) spread over its seconds.
     *
     * @param edgeMessages messages that may complete across the phase's edges
     * @param seconds the measured phase's length
     */
    public static double rateSlack(double asked, long edgeMessages, double seconds) {
        return Math.max(RATE_HIGH - 1, seconds <= 0 || asked <= 0 ? 0 : edgeMessages / seconds / asked);
    }
}
