package dev.harness.core.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** A requester's ring of requests out: each resolved once, whoever comes first. */
class PendingRepliesTest {
    @Test
    void aRequestIsResolvedOnceByWhoeverComesFirst() {
        PendingReplies ring = new PendingReplies(4);
        int slot = ring.slotOf(5);
        assertEquals(1, slot, "request 5 of a ring of 4");
        assertEquals(PendingReplies.RESOLVED, ring.sequenceAt(slot), "free at the start");
        ring.await(slot, 21, 1_000);
        assertEquals(21, ring.sequenceAt(slot));
        assertEquals(1_000, ring.sentNsAt(slot));
        assertFalse(ring.resolve(slot, 17), "another request's reply resolves nothing");
        assertTrue(ring.resolve(slot, 21), "the reply (or the timeout) first");
        assertFalse(ring.resolve(slot, 21), "the other second: late, never a second outcome");
        assertEquals(PendingReplies.RESOLVED, ring.sequenceAt(slot));
    }

    @Test
    void aRequestSentAgainTimesOutFromItsLastSendWhileItIsAwaited() {
        PendingReplies ring = new PendingReplies(2);
        ring.await(0, 8, 1_000);
        ring.sentAgain(0, 8, 5_000);
        assertEquals(5_000, ring.sentNsAt(0));
        ring.resolve(0, 8);
        ring.sentAgain(0, 8, 9_000);
        assertEquals(5_000, ring.sentNsAt(0), "answered already: a later send changes nothing");
    }

    @Test
    void theRingIsAPowerOfTwo() {
        assertThrows(IllegalArgumentException.class, () -> new PendingReplies(3));
        assertEquals(0, new PendingReplies(1).slotOf(7), "closed mode: one slot");
    }
}
