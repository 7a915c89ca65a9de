package dev.harness.core.run;

import java.util.concurrent.TimeUnit;

import dev.harness.core.schedule.ScheduleBounds;
import dev.harness.core.schedule.Warmup;

/**
 * {@code --warmup auto[:MAX]}: where the measured phase begins, decided interval by interval as
 * the run goes. The warmup ends at the first tick after {@link #STEADY_INTERVALS} intervals in a
 * row kept the schedule (send-lag p99 within {@link ScheduleBounds#lagBoundNs}) and held its
 * throughput (completions within {@link ScheduleBounds#rateHeld} of the messages due in the
 * interval), and not before the minimum; at the maximum whatever happened (it gave up there).
 *
 * <p>The boundary is a tick still to come when it is decided, so that no message of the measured
 * phase (intended at or after it) can have been recorded before: a message is recorded only once
 * it is sent, never before its intended time. The interval thread feeds it; it holds no clock.
 */
final class AutoWarmup {
    /** Intervals in a row that must keep the schedule. */
    static final int STEADY_INTERVALS = Warmup.AUTO_STEADY_INTERVALS;
    /**
     * How far ahead of the decision the boundary must lie at least (a shorter interval gives it
     * half of one): time for the interval thread to publish it before anything is recorded at it.
     */
    static final long MARGIN_NS = TimeUnit.MILLISECONDS.toNanos(50);

    private final long startNs;
    private final long intervalNs;
    private final long earliestNs;
    private final long latestNs;
    private final long lagBoundNs;
    private final boolean paced;
    private int kept;
    private long boundaryNs;
    private boolean steady;

    /**
     * @param startNs the schedule's start
     * @param intervalNs the interval between ticks
     * @param minNs the shortest warmup
     * @param maxNs the longest: the warmup ends there if it has not before
     * @param lagBoundNs see {@link ScheduleBounds#lagBoundNs}
     * @param paced false for an unthrottled run, whose throughput has no target to hold
     */
    AutoWarmup(long startNs, long intervalNs, long minNs, long maxNs, long lagBoundNs, boolean paced) {
        if (intervalNs <= 0 || minNs < 0 || maxNs < minNs) {
            throw new IllegalArgumentException("auto warmup: interval " + intervalNs + ", " + minNs + " to " + maxNs);
        }
        this.startNs = startNs;
        this.intervalNs = intervalNs;
        this.latestNs = startNs + maxNs;
        this.earliestNs = firstTickAtOrAfter(startNs + minNs);
        this.lagBoundNs = lagBoundNs;
        this.paced = paced;
        this.boundaryNs = latestNs;
    }

    /** The give-up boundary: the schedule's start plus the maximum, until {@link #afterInterval} decides on an earlier one. */
    long boundaryNs() {
        return boundaryNs;
    }

    /** Whether the schedule was kept long enough before the maximum; false while undecided, and when it gave up. */
    boolean steady() {
        return steady;
    }

    /**
     * One interval of the warmup, just cut: whether it kept the schedule, and so whether the
     * warmup ends. Call after each cut until it returns a boundary.
     *
     * @param lagP99Ns the interval's send-lag p99, both phases; ignored when {@code sends} is 0
     * @param sends sends that returned in the interval
     * @param completed completions in the interval
     * @param due messages the schedule had due in the interval
     * @param nowNs the time of the call, after the cut
     * @return the tick where the measured phase begins, decided now; -1 when not (yet)
     */
    long afterInterval(long lagP99Ns, long sends, long completed, long due, long nowNs) {
        if (steady) {
            return -1;
        }
        kept = keeps(lagP99Ns, sends, completed, due) ? kept + 1 : 0;
        if (kept < STEADY_INTERVALS) {
            return -1;
        }
        long b = Math.max(earliestNs, firstTickAtOrAfter(nowNs + Math.min(MARGIN_NS, intervalNs / 2)));
        steady = true;
        boundaryNs = Math.min(b, latestNs); // steady only just before the maximum: that boundary stands
        return boundaryNs;
    }

    /** Whether one interval kept the schedule: a small lag and the throughput due. */
    boolean keeps(long lagP99Ns, long sends, long completed, long due) {
        boolean lagKept = sends > 0 ? lagP99Ns <= lagBoundNs : due == 0 || !paced;
        // At a low rate a whole message either side of a cut is 5 % and more: one is no shortfall.
        boolean rateHeld = !paced || Math.abs(completed - due) <= 1 || ScheduleBounds.rateHeld(due, completed);
        return lagKept && rateHeld;
    }

    private long firstTickAtOrAfter(long ns) {
        long n = Math.max(0, Math.floorDiv(ns - startNs + intervalNs - 1, intervalNs));
        return startNs + n * intervalNs;
    }
}
