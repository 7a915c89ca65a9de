package dev.harness.core.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Whose a late send's lateness was, on made-up clock readings (ns). */
class OwnLagTest {
    @Test
    void aSendOnTimeIsLateOnlyByItsOwnWakeUp() {
        OwnLag o = new OwnLag();
        o.start(0);
        o.waited(100, 150); // the previous send's call
        assertEquals(20, o.ownLagNs(500, 520));
        assertEquals(-5, o.ownLagNs(600, 595), "early: as send-lag says");
    }

    @Test
    void aPutTheBrokerHeldUpIsInheritedBySendsDueBehindIt() {
        OwnLag o = new OwnLag();
        o.start(0);
        o.waited(1_000, 3_000); // a put held 2,000 by the broker
        // Due at 1,500 and 2,500, sent back to back after it, 10 of bookkeeping each.
        assertEquals(10, o.ownLagNs(1_500, 3_010), "1,510 of send-lag: 1,500 the put's (from 1,500), 10 its own");
        o.waited(3_010, 3_020);
        assertEquals(20, o.ownLagNs(2_500, 3_030), "530 late: 500 of the put and 10 of the send before it inherited");
    }

    @Test
    void aPauseOfTheHarnessIsOwnThroughTheWholeCatchUp() {
        OwnLag o = new OwnLag();
        o.start(0);
        o.waited(100, 110); // a send, then the harness's JVM stops from 200 to 2,200
        // Due at 1,000, 1,500 and 2,000; sent at 2,200, 2,230 and 2,260, each call taking 20.
        assertEquals(1_200, o.ownLagNs(1_000, 2_200));
        o.waited(2_200, 2_220);
        assertEquals(710, o.ownLagNs(1_500, 2_230), "730 late, of which the first catch-up call's 20 inherited");
        o.waited(2_230, 2_250);
        assertEquals(220, o.ownLagNs(2_000, 2_260), "260 late, of which two calls' 40 inherited");
    }

    @Test
    void aWaitThatBeganBeforeTheIntendedTimeCountsFromIt() {
        OwnLag o = new OwnLag();
        o.start(0);
        o.waited(100, 1_100); // a full window from 100, the send due at 600
        assertEquals(3, o.ownLagNs(600, 1_103), "503 late, 500 of them the window's");
    }

    @Test
    void aWaitReportedAgainCountsOnce() {
        OwnLag o = new OwnLag();
        o.start(0);
        o.waited(100, 200);
        o.waited(100, 200); // the same window wait, seen again at the next send
        o.waited(150, 250); // overlapping the last: only 200 to 250 is new
        assertEquals(50, o.ownLagNs(100, 300), "200 late: 150 inherited, 50 own");
    }

    @Test
    void aReconnectIsTheOutagesFromTheLastWaitOn() {
        OwnLag o = new OwnLag();
        o.start(0);
        o.waited(100, 120); // the last call that returned; then a call fails and the broker is back at 5,000
        o.reconnected(5_000);
        assertEquals(10, o.ownLagNs(1_000, 5_010));
    }

    @Test
    void noWaitSinceItWasDueMakesAllItsLatenessOwn() {
        OwnLag o = new OwnLag();
        o.start(0);
        o.waited(100, 200);
        assertEquals(300, o.ownLagNs(500, 800));
        assertEquals(300, o.ownLagNs(500, 800), "asked again: the same");
    }

    @Test
    void aBacklogLongerThanTheRingMergesItsOldestWaitsAndErrsTowardsTheSystem() {
        OwnLag o = new OwnLag();
        o.start(0);
        // A send due at 0 waits behind WAITS + 1 calls of 10, each after 1 of the harness's own.
        long t = 0;
        for (int i = 0; i <= OwnLag.WAITS; i++) {
            t += 1;
            o.waited(t, t + 10);
            t += 10;
        }
        long own = o.ownLagNs(0, t + 1);
        // Exactly, WAITS + 2 of it is own (one before each call and one after the last); the one
        // merge counted the gap between the two oldest as inherited.
        assertEquals(OwnLag.WAITS + 1, own);
    }
}
