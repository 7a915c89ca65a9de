package dev.harness.core.measure;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.LatencyUtils.IntervalEstimator;

/**
 * The interval between sends is known: the fixed-rate schedule sets it. LatencyStats' own
 * moving-average estimator infers it from recent recording times instead, and a catch-up burst
 * after a stall (hundreds of sends in a few milliseconds) drives that estimate toward zero;
 * the next pause of the JVM then adds pauseLength / estimate corrections: millions of invented
 * samples for one 2 s pause. This estimator answers with the schedule's interval, or with the
 * one {@link DuePause} chose for a pause in which fewer messages were due.
 */
final class ScheduledIntervalEstimator extends IntervalEstimator {
    private final long intervalNs;
    /**
     * Per pause (by its end time), the interval {@link DuePause} chose; LatencyStats asks for it
     * on its dispatcher thread, after the relay queued the pause. Pauses are rare: a map is fine.
     */
    private final Map<Long, Long> perPause = new ConcurrentHashMap<>();

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

    /** The pause that ends at {@code pauseEndNs} is to be corrected at this interval. */
    void expect(long pauseEndNs, long pauseIntervalNs) {
        perPause.put(pauseEndNs, pauseIntervalNs);
    }

    @Override
    public long getEstimatedInterval(long when) {
        Long forPause = perPause.remove(when);
        return forPause != null ? forPause : intervalNs;
    }
}
