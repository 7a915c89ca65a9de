package dev.harness.core.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

/** The last of a message's copies completes its fan-out, once; an incomplete one is counted, never sampled. */
class FanOutTest {
    @Test
    void theLastCopyCompletesTheFanOut() {
        FanOut f = new FanOut(3, 8);
        assertFalse(f.delivered(5));
        assertFalse(f.delivered(5));
        assertTrue(f.delivered(5), "the third of three copies");
        assertEquals(0, f.incomplete());
    }

    @Test
    void messagesInFlightTogetherAreCountedApart() {
        FanOut f = new FanOut(2, 8);
        for (long k = 0; k < 8; k++) {
            assertFalse(f.delivered(k), "message " + k + ": its first copy");
        }
        for (long k = 7; k >= 0; k--) {
            assertTrue(f.delivered(k), "message " + k + ": its second copy, in another order");
        }
        assertEquals(0, f.incomplete());
    }

    @Test
    void aMessageOvertakenInTheRingIsIncompleteAndItsLateCopyCompletesNothing() {
        FanOut f = new FanOut(2, 4);
        assertFalse(f.delivered(1)); // one subscription has it; the other lost its copy
        assertFalse(f.delivered(5)); // four messages later: 1's slot
        assertEquals(2, f.incomplete(), "message 1 overtaken, and message 5 still waiting for its second copy");
        assertFalse(f.delivered(1), "message 1's copy, later than its slot: no sample");
        assertTrue(f.delivered(5));
        assertEquals(1, f.incomplete());
    }

    /** A copy of message k later than message k + slots, which completed in k's slot: no second sample, no count. */
    @Test
    void aCopyAWholeRingLateNeitherTakesTheSlotBackNorCompletesAgain() {
        FanOut f = new FanOut(2, 4);
        assertFalse(f.delivered(1));
        assertTrue(f.delivered(1));
        assertFalse(f.delivered(5));
        assertTrue(f.delivered(5), "message 5 complete, in the slot message 1 had");
        assertFalse(f.delivered(1), "a copy of message 1 a whole ring late");
        assertEquals(0, f.incomplete(), "message 1 was complete; nothing waits");
        assertFalse(f.delivered(9));
        assertEquals(1, f.incomplete(), "message 9 waits for its second copy; 5, complete, was not overtaken");
    }

    @Test
    void copiesStillMissingAtTheEndAreIncomplete() {
        FanOut f = new FanOut(3, 16);
        f.delivered(0);
        f.delivered(0);
        f.delivered(1);
        for (int i = 0; i < 3; i++) {
            f.delivered(2);
        }
        assertEquals(2, f.incomplete(), "messages 0 and 1 each miss a copy; 2 is complete");
    }

    @Test
    void oneSubscriptionCompletesEachMessageAtOnce() {
        FanOut f = new FanOut(1, 8);
        assertTrue(f.delivered(0));
        assertTrue(f.delivered(1_000_000));
        assertEquals(0, f.incomplete());
        assertEquals(0, f.capacity(), "nothing waits for another copy");
    }

    @Test
    void theRingHoldsTenSecondsOfTheRateWithinItsBounds() {
        assertEquals(FanOut.MIN_SLOTS, FanOut.forRate(2, 500).capacity());
        assertEquals(1 << 17, FanOut.forRate(2, 10_000).capacity(), "100,000 messages: the next power of two");
        assertEquals(FanOut.MAX_SLOTS, FanOut.forRate(2, 10_000_000).capacity());
        assertEquals(FanOut.MAX_SLOTS / 4, FanOut.forRate(2, 0).capacity(), "unthrottled");
        assertThrows(IllegalArgumentException.class, () -> new FanOut(2, 6));
        assertThrows(IllegalArgumentException.class, () -> new FanOut(0, 8));
    }

    @Test
    void concurrentSubscriptionsCompleteEveryMessageExactlyOnce() throws Exception {
        int subscriptions = 4;
        int messages = 50_000;
        FanOut f = new FanOut(subscriptions, 1 << 16);
        AtomicLong completed = new AtomicLong();
        List<Thread> threads = new ArrayList<>();
        for (int s = 0; s < subscriptions; s++) {
            Thread t = new Thread(() -> {
                for (long k = 0; k < messages; k++) {
                    if (f.delivered(k)) {
                        completed.incrementAndGet();
                    }
                }
            });
            threads.add(t);
            t.start();
        }
        for (Thread t : threads) {
            t.join(60_000);
        }
        assertEquals(messages, completed.get());
        assertEquals(0, f.incomplete());
    }
}
