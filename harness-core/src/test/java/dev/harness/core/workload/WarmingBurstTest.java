package dev.harness.core.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import dev.harness.core.schedule.Shard;
import dev.harness.core.schedule.Warmup;

/** The warm-up burst before message 0: the run's settings on queues never the run's, fast, drained. */
class WarmingBurstTest {
    private static final long S = 1_000_000_000L;

    @Test
    void aPutBurstSendsTheRunsMessagesOnQueuesOfItsOwn() {
        PutSettings run = new PutSettings(500, 1, Warmup.fixed(5 * S), 30 * S, SizeMix.of(4096), true, 10, 4, "APP.Q.", 0, 30 * S, new Shard(1, 2), 8);
        PutSettings burst = run.warmingBurst(3 * S);
        for (int q = 0; q < run.ownQueues(); q++) {
            assertEquals("HARNESS.WARMUP." + run.queueName(q), burst.queueName(q), "a shard's own, with the prefix");
        }
        assertEquals(2, burst.ownQueues());
        assertEquals(Warmup.fixed(0), burst.warmup());
        assertEquals(3 * S, burst.durationNs());
        assertEquals(10_000, burst.rate(), "paced faster than the run");
        assertEquals(4, burst.senders());
        assertEquals(1, burst.drainers(), "drained although the run is not");
        assertEquals(SizeMix.of(4096), burst.size());
        assertTrue(burst.persistent());
        assertEquals(10, burst.syncpoint());
        assertEquals(8, burst.maxInFlight());
        assertEquals(new Shard(1, 2), burst.shard());
        assertEquals(WorkloadSettings.WARMUP_BURST_DRAIN_NS, burst.drainTimeoutNs());
        // A run faster and wider than the burst's floor keeps its own.
        PutSettings big = new PutSettings(20_000, 8, Warmup.fixed(0), S, SizeMix.of(2048), false, 0, 1, "Q.", 2, S, Shard.WHOLE, 1).warmingBurst(S);
        assertEquals(20_000, big.rate());
        assertEquals(8, big.senders());
        assertEquals(2, big.drainers());
        assertEquals(0, new PutSettings(0, 1, Warmup.fixed(0), S, SizeMix.of(2048), false, 0, 1, "Q.", 1, S, Shard.WHOLE, 1).warmingBurst(S).rate(),
                "unthrottled stays unthrottled");
    }

    @Test
    void aRequestBurstNeedsResponderHere() {
        ReqRespSettings run = ReqRespSettings.of(200, 2, null, Warmup.fixed(5 * S), 30 * S, SizeMix.of(2048), true, null, 3, null, null, null, null, S);
        ReqRespSettings burst = run.warmingBurst(2 * S);
        assertEquals("HARNESS.WARMUP." + run.requestQueue(2), burst.requestQueue(2));
        assertEquals("HARNESS.WARMUP." + run.replyQueue(0), burst.replyQueue(0));
        assertEquals(4, burst.requesters());
        assertEquals(run.responders(), burst.responders());
        assertEquals(10_000, burst.rate());
        assertEquals(WorkloadSettings.WARMUP_BURST_DRAIN_NS, burst.replyTimeoutNs(), "no longer than the burst's wait");
        assertNull(ReqRespSettings.of(200, 2, 0, Warmup.fixed(5 * S), 30 * S, SizeMix.of(2048), true, null, 3, null, null, null, null, S).warmingBurst(S),
                "responders elsewhere answer the run's queues only");
    }
}
