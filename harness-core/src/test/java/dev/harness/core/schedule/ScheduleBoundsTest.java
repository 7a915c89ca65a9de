package dev.harness.core.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import dev.harness.core.workload.PutSettings;
import dev.harness.core.workload.PutWorkload;
import dev.harness.core.workload.SizeMix;

class ScheduleBoundsTest {
    @Test
    void aFastScheduleIsBoundedByTheFloorInTime() {
        // 100,000 msg/s from one sender: 10 intervals are 0.1 ms, the floor of 100 ms rules.
        assertEquals(100_000_000L, ScheduleBounds.lagBoundNs(100_000, 1));
    }

    @Test
    void aSlowScheduleIsBoundedByTenOfOneSendersIntervals() {
        // 1 msg/s: ten messages behind is 10 s.
        assertEquals(10_000_000_000L, ScheduleBounds.lagBoundNs(1, 1));
        // 50 msg/s over 10 senders: each sends every 200 ms, so 2 s.
        assertEquals(2_000_000_000L, ScheduleBounds.lagBoundNs(50, 10));
    }

    @Test
    void aWorkloadsBoundIsItsProcesssShareOverItsSenders() {
        // 50 msg/s over 2 shards: this process sends 25/s, one sender every 40 ms, so 400 ms (the whole schedule's would be 200).
        long s = 1_000_000_000L;
        PutWorkload shard = new PutWorkload(new PutSettings(50, 1, Warmup.fixed(s), 4 * s, SizeMix.of(64), false, 0, 2, "Q.", 1, s, new Shard(1, 2)));
        assertEquals(400_000_000L, shard.lagBoundNs());
        PutWorkload whole = new PutWorkload(new PutSettings(50, 2, Warmup.fixed(s), 4 * s, SizeMix.of(64), false, 0, 2, "Q.", 1, s, Shard.WHOLE));
        assertEquals(ScheduleBounds.lagBoundNs(50, 2), whole.lagBoundNs());
    }

    @Test
    void anUnthrottledRunHasNoScheduleToFallBehind() {
        assertEquals(Long.MAX_VALUE, ScheduleBounds.lagBoundNs(0, 4));
    }

    @Test
    void theRateIsHeldWithinFivePerCentEitherWay() {
        assertTrue(ScheduleBounds.rateHeld(1000, 950));
        assertTrue(ScheduleBounds.rateHeld(1000, 1050));
        assertFalse(ScheduleBounds.rateHeld(1000, 949));
        assertFalse(ScheduleBounds.rateHeld(1000, 1051), "above the target is a catch-up");
        assertTrue(ScheduleBounds.rateHeld(0, 12345), "unthrottled");
    }

    @Test
    void aShortRunsEdgesWidenTheRatesBounds() {
        assertEquals(0.05, ScheduleBounds.rateSlack(1_000, 10, 30), 1e-9, "30 s at 1,000 msg/s: 10 messages are nothing");
        // 200 msg/s for 1 s with commits of 10: one batch across an edge is 5 %, two are 10 %.
        assertEquals(0.10, ScheduleBounds.rateSlack(200, 20, 1), 1e-9);
        assertEquals(0.05, ScheduleBounds.rateSlack(0, 20, 1), 1e-9, "unthrottled: nothing to widen");
    }
}
