package dev.harness.core.measure;

import org.LatencyUtils.IntervalEstimator;

/**
 * The interval between sends is known: the fixed-rate schedule sets it. LatencyStats' own
 * moving-average estimator infers it from recent recording times instead, and a catch-up burst
 * after a stall (hundreds of sends in a few milliseconds) drives that estimate toward zero;
 * the next pause of the JVM then adds pauseLength / estimate corrections: millions of invented
 * samples for one 2 s pause. This estimator answers with the schedule's interval, always.
 */
final class ScheduledIntervalEstimator extends IntervalEstimator {
    private final long intervalNs;

    ScheduledIntervalEstimator(long intervalNs) {
        if (intervalNs <= 0) {
            throw new IllegalArgumentException("interval must be positive: " + intervalNs);
        }
        this.intervalNs = intervalNs;
    }

    @Override
    public void recordInterval(long when) {
        // Nothing to learn: the schedule is fixed.
    }

    @Override
    public long getEstimatedInterval(long when) {
        return intervalNs;
    }
}
