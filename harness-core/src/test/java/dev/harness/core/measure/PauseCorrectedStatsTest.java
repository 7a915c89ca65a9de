package dev.harness.core.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

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

    @Test
    void aTwoSecondPauseAfterACatchUpBurstAddsAboutTwoThousandSamples() throws Exception {
        try (PauseCorrectedStats stats = new PauseCorrectedStats(null, ONE_MS)) {
            burst(stats, 5_000);
            long corrections = pauseAndCollect(stats, TWO_S);
            // LatencyStats adds (P - i) / i samples for a pause P at interval i: 1,999 here.
            assertEquals(1_999, corrections, 2);
        }
    }

    @Test
    void withoutTheScheduleTheSameBurstInventsFarMoreSamples() throws Exception {
        // Proves the test above can fail: LatencyStats' own estimator, same sequence.
        try (PauseCorrectedStats stats = new PauseCorrectedStats(null, 0)) {
            burst(stats, 5_000);
            long corrections = pauseAndCollect(stats, TWO_S);
            assertTrue(corrections > 100_000, "library estimator added only " + corrections);
        }
    }

    @Test
    void aPauseBeyondTheHighestTrackableValueIsClampedAndCorrectionGoesOn() throws Exception {
        try (PauseCorrectedStats stats = new PauseCorrectedStats(null, TimeUnit.MINUTES.toNanos(10))) {
            burst(stats, 10);
            long first = pauseAndCollect(stats, Histograms.HIGHEST_NS * 4);
            assertTrue(first > 0, "the huge pause was not corrected at all");
            // The dispatcher thread survived: a later, ordinary pause is still corrected.
            long second = pauseAndCollect(stats, TimeUnit.MINUTES.toNanos(30));
            assertEquals(2, second, "30 min pause at 10 min intervals");
            assertEquals(2, stats.pauseCount());
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
        Histogram h = Histograms.create();
        stats.takeInterval(h);
        stats.relay().handlePauseEvent(pauseNs, System.nanoTime());
        long corrections = 0;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        long stableSince = System.nanoTime();
        while (System.nanoTime() < deadline) {
            long added = stats.takeInterval(h);
            if (added > 0) {
                corrections += added;
                stableSince = System.nanoTime();
            } else if (corrections > 0 && System.nanoTime() - stableSince > TimeUnit.MILLISECONDS.toNanos(200)) {
                break;
            }
            Thread.sleep(10);
        }
        return corrections;
    }
}
