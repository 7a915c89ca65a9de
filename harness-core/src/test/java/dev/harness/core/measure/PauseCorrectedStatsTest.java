package dev.harness.core.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import dev.harness.core.schedule.Schedule;

/**
 * The pause-corrected view against the trap the measurement notes describe: a catch-up burst
 * after a stall shrinks LatencyStats' moving-average interval estimate, after which one pause
 * adds millions of invented samples. Pauses are injected through the relay (no real detector,
 * no sleeping), so the numbers are exact.
 */
class PauseCorrectedStatsTest {
    private static final long ONE_MS = TimeUnit.MILLISECONDS.toNanos(1);
    private static final long TWO_S = TimeUnit.SECONDS.toNanos(2);

    @Test
    void theScheduleSetsTheIntervalEstimate() {
        try (PauseCorrectedStats stats = new PauseCorrectedStats(null, ONE_MS)) {
            assertInstanceOf(ScheduledIntervalEstimator.class, stats.intervalEstimator());
            burst(stats, 5_000);
            assertEquals(ONE_MS, stats.intervalEstimator().getEstimatedInterval(System.nanoTime()));
        }
    }

    /** A schedule at {@code intervalNs} that has been running for {@code runningNs} and runs as long again. */
    private static Schedule running(long intervalNs, long runningNs) {
        return new Schedule(System.nanoTime() - runningNs, 1e9 / intervalNs, 2 * runningNs);
    }

    @Test
    void aTwoSecondPauseAfterACatchUpBurstAddsAboutTwoThousandSamples() throws Exception {
        try (PauseCorrectedStats stats = new PauseCorrectedStats(null, ONE_MS)) {
            stats.follow(running(ONE_MS, 10 * TWO_S));
            burst(stats, 5_000);
            long corrections = pauseAndCollect(stats, TWO_S);
            // One for each of the 2,000 messages due in the pause but those that waited less than
            // one interval: 1,999 or 2,000 (see DuePause).
            assertEquals(1_999, corrections, 2);
        }
    }

    @Test
    void withoutTheScheduleTheSameBurstInventsFarMoreSamples() throws Exception {
        // Proves the test above can fail: LatencyStats' own estimator, same sequence.
        try (PauseCorrectedStats stats = new PauseCorrectedStats(null, 0)) {
            stats.follow(new Schedule(System.nanoTime() - 10 * TWO_S, 0, 20 * TWO_S)); // unthrottled
            burst(stats, 5_000);
            long corrections = pauseAndCollect(stats, TWO_S);
            assertTrue(corrections > 100_000, "library estimator added only " + corrections);
        }
    }

    @Test
    void aPauseBeyondTheHighestTrackableValueIsClampedAndCorrectionGoesOn() throws Exception {
        try (PauseCorrectedStats stats = new PauseCorrectedStats(null, TimeUnit.MINUTES.toNanos(10))) {
            stats.follow(running(TimeUnit.MINUTES.toNanos(10), Histograms.HIGHEST_NS * 5));
            burst(stats, 10);
            long first = pauseAndCollect(stats, Histograms.HIGHEST_NS * 4);
            assertTrue(first > 0, "the huge pause was not corrected at all");
            // The dispatcher thread survived: a later, ordinary pause is still corrected.
            long second = pauseAndCollect(stats, TimeUnit.MINUTES.toNanos(30));
            assertEquals(3, second, 1, "30 min pause at 10 min intervals: 3 messages due, the last may have waited"
                    + " less than an interval");
            assertEquals(2, stats.pauseCount());
        }
    }

    @Test
    void aPauseWhileNoMessageIsDueAddsNoCorrection() throws Exception {
        // Before, the fixed interval estimate corrected any pause: one before a --start-at, in
        // the drain, or between the sends of a slow schedule added samples for sends never due.
        try (PauseCorrectedStats stats = new PauseCorrectedStats(null, ONE_MS)) {
            burst(stats, 5_000);
            assertEquals(0, pauseAndCollect(stats, TWO_S), "before the schedule is known, nothing is due");
            long now = System.nanoTime();
            stats.follow(new Schedule(now + TimeUnit.SECONDS.toNanos(60), 1000, TWO_S));
            assertEquals(0, pauseAndCollect(stats, TWO_S), "the schedule starts in a minute");
            stats.follow(new Schedule(now - 5 * TWO_S, 1000, TWO_S));
            assertEquals(0, pauseAndCollect(stats, TWO_S), "the schedule ended before the pause: the drain");
            assertEquals(3, stats.pauseCount(), "every pause still counts as a pause of this JVM");
        }
    }

    @Test
    void aPauseDuringSendsAddsNoMoreThanTheMessagesDueInIt() throws Exception {
        long now = System.nanoTime();
        try (PauseCorrectedStats stats = new PauseCorrectedStats(null, ONE_MS)) {
            // The schedule's last 300 messages fall in the 2 s pause: 300 due, not 2,000.
            Schedule schedule = new Schedule(now - TWO_S - TimeUnit.SECONDS.toNanos(7), 1000,
                    TimeUnit.SECONDS.toNanos(7) + TimeUnit.MILLISECONDS.toNanos(300));
            stats.follow(schedule);
            burst(stats, 5_000);
            long due = schedule.dueBetween(now - TWO_S, now);
            assertEquals(300, due);
            long corrections = pauseAndCollect(stats, TWO_S, now);
            assertTrue(corrections <= due && corrections >= due - 1, corrections + " corrections for " + due + " due");
        }
    }

    @Test
    void rawSamplesAreNotCountedAsCorrections() {
        try (PauseCorrectedStats stats = new PauseCorrectedStats(null, ONE_MS)) {
            burst(stats, 1_234);
            Histogram h = Histograms.create();
            assertEquals(0, stats.takeInterval(h));
            assertEquals(1_234, h.getTotalCount());
        }
    }

    private static void burst(PauseCorrectedStats stats, int n) {
        for (int i = 0; i < n; i++) {
            stats.record(20_000);
        }
    }

    /** Injects a pause and waits (bounded) for its corrections, which arrive asynchronously. */
    private static long pauseAndCollect(PauseCorrectedStats stats, long pauseNs) throws InterruptedException {
        return pauseAndCollect(stats, pauseNs, System.nanoTime());
    }

    private static long pauseAndCollect(PauseCorrectedStats stats, long pauseNs, long endNs) throws InterruptedException {
        Histogram h = Histograms.create();
        stats.takeInterval(h);
        stats.relay().handlePauseEvent(pauseNs, endNs);
        long corrections = 0;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        long stableSince = System.nanoTime();
        while (System.nanoTime() < deadline) {
            long added = stats.takeInterval(h);
            if (added > 0) {
                corrections += added;
                stableSince = System.nanoTime();
            } else if (System.nanoTime() - stableSince > TimeUnit.MILLISECONDS.toNanos(corrections > 0 ? 200 : 2_000)) {
                // Corrections arrive within milliseconds; after 2 s of none, none are coming.
                break;
            }
            Thread.sleep(10);
        }
        return corrections;
    }
}
