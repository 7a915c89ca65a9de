package dev.harness.core.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.harness.core.disturbance.Stop;

/** The truth against cases worked out by hand (the numbers in each comment). */
class StallTruthTest {
    private static final long MS = 1_000_000L;
    private static final long S = 1_000 * MS;

    /**
     * One 2 s stop at 1,000 msg/s in 9 s: 2,000 messages wait evenly from 0 to 2 s; the value at q
     * is 2 - (1 - q) 9 s. Measured with a SIGSTOP of a JVM: p80 / p90 / p99 = 203.6 / 1,104 / 1,913.7 ms.
     */
    @Test
    void oneStopClearedAtOnce() {
        StallTruth t = StallTruth.of(1000, 0, 9 * S, List.of(Stop.exactly(3 * S, 2 * S)));
        assertEquals(9000, t.samples(), 1e-9);
        assertEquals(2000, t.delayed(), 1e-6);
        assertEquals(1000, t.countAbove(1 * S), 1e-6); // R (P - x) = 1,000 x 1 s
        assertEquals(500, t.countAbove(1500 * MS), 1e-6);
        assertEquals(0, t.countAbove(2 * S), 1e-6);
        assertEquals(2 * S, t.max());
        assertEquals(200 * MS, t.valueAt(80), 1); // 2 - 0.2 x 9
        assertEquals(1100 * MS, t.valueAt(90), 1); // 2 - 0.1 x 9
        assertEquals(1910 * MS, t.valueAt(99), 1); // 2 - 0.01 x 9
        assertEquals(1991 * MS, t.valueAt(99.9), 1); // 2 - 0.001 x 9
        assertEquals(0, t.valueAt(50)); // 4,500 above the median, and only 2,000 delayed: not the stop's
    }

    /**
     * The same stop with the backlog cleared at 5,000/s: the message due t into the stop waits
     * 2 - 0.8 t, for t up to 2.5 s; R (P - x) / 0.8 wait more than x.
     */
    @Test
    void oneStopClearedAtTheCatchUpRate() {
        StallTruth t = StallTruth.of(1000, 0, 9 * S, List.of(Stop.exactly(3 * S, 2 * S))).catchingUpAt(5000);
        assertEquals(2500, t.delayed(), 1e-6); // due from 3 s to 5.5 s
        assertEquals(1250, t.countAbove(1 * S), 1e-6); // 1,000 x 1 / 0.8
        assertEquals(2 * S, t.max()); // the first message of the backlog goes at once
        assertEquals(1928 * MS, t.valueAt(99), 1); // 90 above: 2 - x = 0.09 x 0.8
        assertThrows(IllegalArgumentException.class, () -> t.catchingUpAt(1000)); // never clears
    }

    /** Ten 100 ms stops a second apart at 1,000 msg/s in 10 s: 10,000 samples, 1,000 delayed. */
    @Test
    void tenShortStopsAddTheirCounts() {
        List<Stop> stops = new ArrayList<>();
        for (int i = 1; i <= 10; i++) {
            stops.add(Stop.exactly(i * S, 100 * MS));
        }
        StallTruth t = StallTruth.of(1000, 500 * MS, 10 * S, stops);
        assertEquals(10_000, t.samples(), 1e-9);
        assertEquals(1000, t.delayed(), 1e-6);
        assertEquals(500, t.countAbove(50 * MS), 1e-6); // 10 x 1,000 x 0.05
        assertEquals(90 * MS, t.valueAt(99), 1); // 100 above: 10,000 (0.1 - x) = 100
        assertEquals(99 * MS, t.valueAt(99.9), 1); // 10 above
        assertEquals(100 * MS, t.max());
    }

    /** Only messages due in the measured phase count: a stop across either end of it is cut there. */
    @Test
    void stopsAcrossThePhasesEndsCountTheirMeasuredPartOnly() {
        // From 1.5 s for 2 s, the phase from 2 s: messages due 2.0 to 3.5 s wait 1.5 s down to 0.
        StallTruth early = StallTruth.of(1000, 2 * S, 10 * S, List.of(Stop.exactly(1500 * MS, 2 * S)));
        assertEquals(1500, early.delayed(), 1e-6);
        assertEquals(500, early.countAbove(1 * S), 1e-6);
        assertEquals(1500 * MS, early.max());
        // From 11 s for 2 s, the phase to 12 s: messages due 11 to 12 s, waiting 2 s down to 1 s.
        StallTruth late = StallTruth.of(1000, 2 * S, 10 * S, List.of(Stop.exactly(11 * S, 2 * S)));
        assertEquals(1000, late.delayed(), 1e-6);
        assertEquals(1000, late.countAbove(1 * S), 1e-6);
        assertEquals(2 * S, late.max());
        // Wholly in the warmup: nothing measured waits.
        StallTruth warmup = StallTruth.of(1000, 2 * S, 10 * S, List.of(Stop.exactly(0, 1 * S)));
        assertEquals(0, warmup.delayed(), 1e-9);
        assertEquals(0, warmup.max());
    }

    /** LatencyStats adds one sample per message due in a pause of the harness: R P. */
    @Test
    void pauseCorrectionsAreRateTimesPause() {
        StallTruth t = StallTruth.unbounded(1000, List.of(Stop.exactly(5 * S, 2 * S), Stop.exactly(8 * S, 30 * MS)));
        assertEquals(2030, t.pauseCorrections(), 1e-6);
    }

    /** The truth at either end of a stop's uncertainty. */
    @Test
    void aStopTimedFromOutsideIsKnownWithinItsCallsTimes() {
        // Stop called at 1.000 s, returned 1.010; resume called 3.000, returned 3.002 (schedule from 0).
        Stop s = Stop.timed(0, 1000 * MS, 1010 * MS, 3000 * MS, 3002 * MS);
        assertEquals(1005 * MS, s.atNs());
        assertEquals(1996 * MS, s.lengthNs()); // 3.001 - 1.005
        assertEquals(6 * MS, s.uncertaintyNs()); // 5 + 1
        assertEquals(1990 * MS, s.shortestNs());
        assertEquals(2002 * MS, s.longestNs());
        StallTruth t = StallTruth.unbounded(1000, List.of(s));
        assertEquals(1006, t.shortest(0).countAbove(984 * MS), 1e-6); // 1,000 x (1.990 - 0.984)
        assertEquals(1005, t.shortest(t.intervalNs()).countAbove(984 * MS), 1e-6); // one 1 ms interval less
        assertEquals(2002 * MS, t.longest().max());
    }
}
