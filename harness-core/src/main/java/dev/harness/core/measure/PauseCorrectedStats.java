package dev.harness.core.measure;

import java.lang.reflect.Field;
import java.util.List;

import org.HdrHistogram.Histogram;
import org.LatencyUtils.IntervalEstimator;
import org.LatencyUtils.LatencyStats;
import org.LatencyUtils.TimeCappedMovingAverageIntervalEstimator;

import dev.harness.core.schedule.Schedule;

/**
 * The {@code pause-corrected} view: the {@code put} timings (send() call durations) and
 * LatencyStats' correction of them for pauses of this JVM during which sends were due (see
 * {@link DuePause}), and nothing for time when none was due. It cannot see a pause
 * anywhere else (a stalled broker, a slow disk): only the intended-time {@code response} view
 * catches those. Never feed it intended-time latencies: that would correct a pause twice.
 */
public final class PauseCorrectedStats implements AutoCloseable {
    private final PauseRelay relay;
    private final LatencyStats stats;
    private final Histogram raw = Histograms.create();
    private final ScheduledIntervalEstimator scheduled;

    /**
     * The pause detector's own threads. With the hiccup meter's thread, which votes too
     * ({@link #voter}), two threads must agree on a pause: one descheduled thread is not a pause.
     * Not LatencyUtils' three of its own: each wake-up costs CPU (on the project's 2-core VM
     * three at 5 ms took 1.9 % of a core idle, three at 10 ms 1.0 %; bench/results-light.md).
     */
    static final int DETECTOR_THREADS = 1;
    private final ConsensusPauseDetector detector;

    /**
     * @param scheduledIntervalNs the fixed schedule's interval between sends (all senders
     *     together), or 0 when unthrottled, where LatencyStats' own estimator is right
     * @param resolutionNs how often each detector thread wakes, and the shortest pause reported.
     *     LatencyUtils' 1 ms costs about 6 % of a core on an idle harness (measured: see
     *     bench/results-peer.md); at the default 10 ms, its thread and the hiccup meter's took
     *     0.9 % of a core together (bench/results-light.md), and see every pause over 10 ms.
     */
    public static PauseCorrectedStats start(long scheduledIntervalNs, long resolutionNs) {
        return new PauseCorrectedStats(new ConsensusPauseDetector(resolutionNs, resolutionNs, DETECTOR_THREADS),
                scheduledIntervalNs);
    }

    /** With a null detector no pause is ever detected; tests inject pauses through the relay. */
    PauseCorrectedStats(ConsensusPauseDetector detector, long scheduledIntervalNs) {
        this.detector = detector;
        this.relay = new PauseRelay(detector);
        this.stats = new LatencyStats.Builder()
                .lowestTrackableLatency(Histograms.LOWEST_NS)
                .highestTrackableLatency(Histograms.HIGHEST_NS)
                .numberOfSignificantValueDigits(Histograms.DIGITS)
                .pauseDetector(relay)
                .build();
        this.scheduled = scheduledIntervalNs > 0 ? new ScheduledIntervalEstimator(scheduledIntervalNs) : null;
        if (scheduled != null) {
            useScheduledInterval(stats, scheduled);
        }
    }

    /**
     * From now on, pauses are corrected where the schedule had sends due; before this call,
     * nothing is (no send is due before the schedule starts).
     */
    public void follow(Schedule schedule) {
        relay.follow(schedule, scheduled);
    }

    /**
     * LatencyStats builds its estimator privately and offers no way to supply one, so it is
     * replaced in place before the first recording. The test suite proves the replacement took:
     * if a LatencyUtils upgrade renames the field, this fails at start, not silently.
     */
    private static void useScheduledInterval(LatencyStats stats, IntervalEstimator estimator) {
        IntervalEstimator builtIn = stats.getIntervalEstimator();
        try {
            Field f = LatencyStats.class.getDeclaredField("intervalEstimator");
            f.setAccessible(true);
            f.set(stats, estimator);
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new IllegalStateException("cannot give LatencyStats the schedule's interval: " + e, e);
        }
        if (builtIn instanceof TimeCappedMovingAverageIntervalEstimator capped) {
            capped.stop(); // it listens to the pause detector; it would never be asked again
        }
    }

    /** One send() call's duration. Allocates nothing. */
    public void record(long putNs) {
        stats.recordLatency(Histograms.clamp(putNs));
    }

    /**
     * Raw samples plus the pause corrections since the last call, into {@code into}.
     *
     * @return how many of them are corrections: samples LatencyStats added for pauses
     */
    public long takeInterval(Histogram into) {
        stats.getIntervalHistogramInto(into);
        stats.getLatestUncorrectedIntervalHistogramInto(raw);
        return into.getTotalCount() - raw.getTotalCount();
    }

    /** A vote in the pause detector's consensus, for a thread that wakes regularly anyway; null without a detector. */
    ConsensusPauseDetector.Voter voter() {
        return detector == null ? null : detector.voter();
    }

    IntervalEstimator intervalEstimator() {
        return stats.getIntervalEstimator();
    }

    PauseRelay relay() {
        return relay;
    }

    public long pauseCount() {
        return relay.count();
    }

    public long pauseTotalNs() {
        return relay.totalNs();
    }

    public List<JvmPause> longestPauses() {
        return relay.longest();
    }

    /** Pauses so far are forgotten: they came before the schedule, and no part of the run. */
    void forgetPauses() {
        relay.forget();
    }

    @Override
    public void close() {
        stats.stop();
        relay.shutdown();
    }
}
