package dev.harness.core.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import dev.harness.core.schedule.Schedule;

class OutagesTest {
    private static final long MS = 1_000_000L;

    @Test
    void aKillOpensAWindowThatClosesWhenTheFirstMessageDueAfterTheRecoveryCompletes() {
        ThroughputMeter meter = new ThroughputMeter(60);
        meter.startAt(0);
        Outages outages = new Outages(meter);
        assertNull(outages.summary(0), "nothing happened");
        meter.completion(900 * MS, 899 * MS);
        meter.completion(1_000 * MS, 999 * MS); // the last completion before the kill

        outages.brokerKilled(1_001 * MS, "SIGKILL");
        outages.begin(1_002 * MS); // a sender notices
        outages.reconnected("sender 0", 1_002 * MS, 3_000 * MS);
        outages.brokerRestarted(2_900 * MS, 1_500, "process start to accepting connections", -1, null);
        meter.completion(3_100 * MS, 1_100 * MS); // the backlog: due during the outage
        outages.caughtUp(3_500 * MS);
        outages.end(3_500 * MS); // the sender is on schedule again: the mark
        assertTrue(outages.touches(3_600 * MS, 3_700 * MS), "the backlog is still draining");
        meter.completion(3_600 * MS, 3_400 * MS); // due before the mark: still backlog
        assertTrue(outages.touches(3_700 * MS, 3_800 * MS));
        meter.completion(3_800 * MS, 3_500 * MS); // due at the mark: the backlog is through
        assertFalse(outages.touches(3_900 * MS, 4_000 * MS));
        assertTrue(outages.touches(0, 1_002 * MS), "the interval holding the kill");
        assertFalse(outages.touches(0, 1_000 * MS), "before the kill");

        Outages.Recovery r = outages.summary(0);
        assertEquals(1_001 * MS, r.killedAtNs());
        assertEquals(2_900 * MS, r.restartedAtNs());
        assertEquals(1_500, r.restartMillis());
        // Client-visible from when the next message was due (1.1 s), not from the last completion:
        // at 10 msg/s nothing was due in the 100 ms between.
        assertEquals(1_100 * MS, r.outageFromNs());
        assertEquals(3_100 * MS, r.outageToNs());
        assertEquals(2_000 * MS, r.outageNs());
        assertEquals(3_500 * MS, r.caughtUpAtNs());
        assertEquals(3_800 * MS, r.drainedAtNs());
        assertEquals(700 * MS, r.backlogDrainNs());
        assertEquals(1, r.reconnections());
        assertEquals(1_998 * MS, r.longestReconnectNs());
        assertEquals("sender 0", r.longestReconnectWho());
        assertFalse(r.unfinished());
        assertEquals(1_001 * MS, r.lostAtNs(), "the kill is when the broker was lost");
        assertEquals(3_000 * MS, r.reconnectedAtNs(), "the last worker back");
    }

    @Test
    void aBrokerLostWithoutAKillSaysWhenTheFirstWorkerLostItAndTheLastGotItBack() {
        ThroughputMeter meter = new ThroughputMeter(60);
        Outages outages = new Outages(meter);
        outages.begin(5 * MS);
        outages.begin(6 * MS);
        outages.reconnected("sender 0", 6 * MS, 80 * MS);
        outages.reconnected("drainer 0", 5 * MS, 50 * MS);
        outages.end(50 * MS);
        outages.end(90 * MS);
        Outages.Recovery r = outages.summary(0);
        assertEquals(-1, r.killedAtNs());
        assertEquals(5 * MS, r.lostAtNs());
        assertEquals(80 * MS, r.reconnectedAtNs(), "the latest reconnection, not the last one reported");
    }

    @Test
    void aWorkerStillDownAtTheEndLeavesTheRecoveryUnfinished() {
        ThroughputMeter meter = new ThroughputMeter(60);
        Outages outages = new Outages(meter);
        outages.begin(5 * MS);
        outages.begin(6 * MS);
        outages.reconnected("drainer 0", 5 * MS, 50 * MS);
        outages.end(50 * MS);
        assertTrue(outages.touches(100 * MS, 200 * MS), "one worker is still down");
        Outages.Recovery r = outages.summary(0);
        assertTrue(r.unfinished());
        assertEquals(-1, r.killedAtNs());
        assertEquals(-1, r.drainedAtNs());
        assertEquals(-1, r.backlogDrainNs());
    }

    @Test
    void withoutAMeterAWindowClosesWhenEveryoneIsBack() {
        Outages outages = new Outages(null);
        outages.begin(10 * MS);
        outages.end(20 * MS);
        outages.end(30 * MS); // unmatched: ignored
        assertTrue(outages.touches(15 * MS, 16 * MS));
        assertFalse(outages.touches(21 * MS, 40 * MS));
    }

    @Test
    void theLongestGapBetweenCompletionsIsKept() {
        ThroughputMeter meter = new ThroughputMeter(60);
        meter.completed(100 * MS, 1);
        meter.completed(150 * MS, 1);
        meter.completed(900 * MS, 1);
        meter.completed(950 * MS, 1);
        meter.completed(940 * MS, 1); // out of order between threads: no gap
        assertEquals(150 * MS, meter.longestGapStartNs());
        assertEquals(900 * MS, meter.longestGapEndNs());
        assertEquals(750 * MS, meter.longestGapNs());
    }

    @Test
    void aGapCountsOnlyWhileAMessageWasDue() {
        ThroughputMeter meter = new ThroughputMeter(60);
        // One message a second, each done 5 ms after it was due: nothing was due in between.
        for (int s = 0; s < 3; s++) {
            meter.completion((s * 1_000 + 5) * MS, s * 1_000 * MS);
        }
        assertEquals(5 * MS, meter.longestGapNs(), "the wait for a due message, not the second between two");
        assertEquals(1_000 * MS, meter.longestGapStartNs());
        // A broker frozen 2 s: the message due at 3 s completes at 5.1 s, the next ones right after.
        meter.completion(5_100 * MS, 3_000 * MS);
        meter.completion(5_101 * MS, 3_010 * MS);
        assertEquals(3_000 * MS, meter.longestGapStartNs());
        assertEquals(5_100 * MS, meter.longestGapEndNs());
        assertEquals(2_100 * MS, meter.longestGapNs());
    }

    @Test
    void aGapBeginsWhenTheFirstMessageAfterTheLastCompletionWasDueWhicheverEndsIt() {
        ThroughputMeter meter = new ThroughputMeter(60);
        meter.follow(new Schedule(0, 100, 20 * 1_000 * MS)); // one due every 10 ms
        meter.completion(4_000 * MS, 3_990 * MS);
        // The broker away until 9.87 s; of the workers waiting, the first to complete holds a
        // message due at 5.86 s: the messages due from 4.0 s on went without a completion too.
        meter.completion(9_870 * MS, 5_860 * MS);
        assertEquals(4_000 * MS, meter.longestGapStartNs());
        assertEquals(5_870 * MS, meter.longestGapNs());
    }

    @Test
    void warmupsGapsAreNotTheRuns() {
        ThroughputMeter meter = new ThroughputMeter(60);
        meter.measureGapsFrom(1_000 * MS);
        meter.completion(100 * MS, 100 * MS);
        meter.completion(900 * MS, 110 * MS); // 800 ms, all of it warmup
        assertEquals(0, meter.longestGapNs());
        meter.completion(1_300 * MS, 910 * MS); // 400 ms, of which 300 after warmup
        assertEquals(1_000 * MS, meter.longestGapStartNs());
        assertEquals(300 * MS, meter.longestGapNs());
    }
}
