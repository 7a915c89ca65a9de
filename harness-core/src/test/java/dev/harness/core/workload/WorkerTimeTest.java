package dev.harness.core.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import dev.harness.core.run.SenderLoad;

/** A worker's time over the measured phase: warmup left out, on made-up clock readings. */
class WorkerTimeTest {
    @Test
    void theMeasuredPhaseStartsAtTheFirstMessageAfterWarmup() {
        WorkerTime t = new WorkerTime();
        t.start(0, () -> 1_000);
        t.beforeWait(0, 0, 0);
        t.paced(900); // warmup: idle, left out
        t.beforeWait(950, 5, 1);
        t.paced(40);
        t.beforeWait(1_010, 7, 2); // the first message after warmup
        t.paced(10);
        t.beforeWait(1_500, 9, 3);
        t.paced(20);
        t.end(2_010);
        SenderLoad l = t.load(107, 4, 12, true);
        assertEquals(1_000, l.runNs(), "from 1,010 to 2,010");
        assertEquals(30, l.pacedNs());
        assertEquals(100, l.windowFullNs());
        assertEquals(10, l.sends());
        assertEquals(4, l.maxInFlight());
        assertTrue(l.waitsForReplies());
        assertEquals(0.97, l.busyFraction(), 1e-9);
    }

    @Test
    void aRunThatEndsInItsWarmupIsJudgedWhole() {
        WorkerTime t = new WorkerTime();
        t.start(100, () -> 10_000);
        t.beforeWait(100, 0, 0);
        t.paced(500);
        t.end(1_100);
        SenderLoad l = t.load(0, 1, 3, false);
        assertEquals(1_000, l.runNs());
        assertEquals(500, l.pacedNs());
        assertEquals(3, l.sends());
        assertFalse(l.waitsForReplies());
    }
}
