package dev.harness.agent.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import dev.harness.agent.boot.ProbeHooks;

/**
 * The probe's pause-corrected view against the trap of shared/notes/measurement.md: calls that
 * came in a burst must not collapse the interval estimate, after which one pause would add
 * millions of samples. Pauses are injected into the view's own detector, whose threshold no real
 * pause here reaches, so the numbers are exact.
 */
class PauseCorrectionTest {
    private static final long S = 1_000_000_000L;

    private final PauseCorrection.Detector detector = new PauseCorrection.Detector(100_000_000L, 3_600 * S, 1);
    private final PauseCorrection view = new PauseCorrection(detector, null);

    @AfterEach
    void stop() {
        view.stop();
    }

    @Test
    void aPauseAfterABurstAddsTheCallsItHeldBackAtTheRateOfTheLastSeconds() throws Exception {
        assertTrue(view.active(), view.note);
        long now = System.nanoTime();
        view.tick(now - 5 * S); // the shipper's tick 5 s ago, before any call
        for (int i = 0; i < 5_000; i++) {
            view.record(ProbeHooks.SEND); // 5,000 calls in a burst of microseconds
        }
        assertEquals(0, view.corrections(ProbeHooks.SEND).getTotalCount(), "nothing added without a pause");

        // 5,000 calls in 5 s: one per ms. A 2 s pause held back 2,000 of them, less the one in flight.
        long added = pauseAndCollect(ProbeHooks.SEND, 2 * S, System.nanoTime());
        assertTrue(added >= 1_900 && added <= 2_000, added + " samples added for a 2 s pause at 1,000 calls/s");
    }

    @Test
    void anOperationWithNoCallsGetsNoCorrection() throws Exception {
        view.tick(System.nanoTime() - 5 * S);
        view.record(ProbeHooks.SEND);
        assertEquals(0, pauseAndCollect(ProbeHooks.COMMIT, 2 * S, System.nanoTime()), "no commit was ever made");
    }

    @Test
    void aPauseBeyondTheHistogramsRangeIsClampedAndCorrectionGoesOn() throws Exception {
        view.tick(System.nanoTime() - 5 * S);
        for (int i = 0; i < 5; i++) {
            view.record(ProbeHooks.RECEIVE); // one a second
        }
        long huge = pauseAndCollect(ProbeHooks.RECEIVE, 10 * Recorders.HIGHEST_NS, System.nanoTime());
        assertTrue(huge > 0, "a pause longer than an hour still corrects");
        // The detector's notifier survived the huge pause: a later one is corrected too.
        long later = pauseAndCollect(ProbeHooks.RECEIVE, 10 * S, System.nanoTime());
        assertTrue(later > 0, "no correction after the huge pause: the notifier died");
    }

    @Test
    void theCatchUpAfterAPauseIsCountedOverItsOwnTimeNotOverASpanThatEndsBeforeIt() {
        PauseCorrection.RateEstimator rate = new PauseCorrection.RateEstimator();
        long now = System.nanoTime();
        rate.sample(now - 5 * S); // the shipper's tick 5 s ago, no calls yet
        // A pause ended 2 s ago; 5,000 calls since (the catch-up). At most one call per ms over the
        // 5 s up to now; a span that stopped at the pause's end would say one per 0.6 ms.
        rate.calls.add(5_000);
        long interval = rate.getEstimatedInterval(now - 2 * S);
        assertTrue(interval >= 1_000_000L, interval + " ns: the catch-up counted over a span that excludes it");
    }

    @Test
    void theCorrectionsAreThePauseLessOneIntervalDownByTheInterval() throws Exception {
        view.tick(System.nanoTime() - 10 * S);
        for (int i = 0; i < 10; i++) {
            view.record(ProbeHooks.MQ_GET); // one a second, at most
        }
        view.corrections(ProbeHooks.MQ_GET);
        detector.inject(5 * S, System.nanoTime());
        Histogram h = Recorders.histogram();
        long deadline = System.nanoTime() + 10 * S;
        while (h.getTotalCount() == 0 && System.nanoTime() < deadline) {
            h.add(view.corrections(ProbeHooks.MQ_GET));
            Thread.sleep(10);
        }
        // An interval of a second or a little more: held back, calls due 4 s, 3 s, 2 s (and 1 s) before the end.
        assertTrue(h.getTotalCount() >= 3 && h.getTotalCount() <= 4, h.getTotalCount() + " corrections");
        assertTrue(h.getMaxValue() >= 3 * S && h.getMaxValue() < 4_100_000_000L, h.getMaxValue() + " ns, the longest");
    }

    /** Injects a pause and waits (bounded) for its corrections, which arrive on the detector's thread. */
    private long pauseAndCollect(int op, long pauseNs, long endNs) throws InterruptedException {
        view.corrections(op); // what came before
        detector.inject(pauseNs, endNs);
        long added = 0;
        long deadline = System.nanoTime() + 10 * S;
        long quietSince = System.nanoTime();
        while (System.nanoTime() < deadline) {
            Histogram h = view.corrections(op);
            if (h.getTotalCount() > 0) {
                added += h.getTotalCount();
                quietSince = System.nanoTime();
            } else if (System.nanoTime() - quietSince > (added > 0 ? 200_000_000L : 2 * S)) {
                break;
            }
            Thread.sleep(10);
        }
        return added;
    }
}
