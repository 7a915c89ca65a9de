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

    @Test
    void ownLagIsTheLatenessBeyondBothTheIntendedTimeAndTheMomentTheWorkerWasFree() {
        WorkerTime t = new WorkerTime();
        t.start(1_000, () -> 0); // free from its start, then paced until 1,500
        t.beforeWait(1_000, 0, 0);
        assertEquals(20, t.ownLagNs(1_500, 1_520), "on time: its wake-up alone");
        t.freed(1_900); // the send returned: it was held up from 1,520 to 1,900
        t.beforeWait(2_000, 0, 1); // a wait for the schedule frees nothing: the time since 1,900 is its own
        assertEquals(110, t.ownLagNs(1_600, 2_010), "due at 1,600 but free only at 1,900: 410 of send-lag, 110 its own");
        t.beforeWait(2_500, 0, 2);
        t.freed(3_000); // a slot of the in-flight window came free
        assertEquals(5, t.ownLagNs(2_600, 3_005));
        t.freed(2_800); // an earlier moment: nothing changes
        assertEquals(5, t.ownLagNs(2_600, 3_005));
    }
}
