package dev.harness.core.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import dev.harness.core.run.Delivery;

/** Each subscription's copies counted apart: lost and duplicated per subscription, in memory that follows what is in flight. */
class SubscriptionLedgersTest {
    @Test
    void aPublisherGoesRoundRobinOverTheTopicsFromItsOwnNumber() {
        SubscriptionLedgers l = new SubscriptionLedgers(3, 1, 100, 2);
        // Publisher 0 sends 0, 2, 4, ... to topics 0, 1, 2, ...; publisher 1 sends 1, 3, 5, ... to topics 1, 2, 0, ...
        assertEquals(0, l.topicOf(0));
        assertEquals(1, l.topicOf(2));
        assertEquals(2, l.topicOf(4));
        assertEquals(0, l.topicOf(6));
        assertEquals(1, l.topicOf(1));
        assertEquals(2, l.topicOf(3));
        assertEquals(0, l.topicOf(5));
    }

    @Test
    void everySubscriptionOfATopicGetsItsOwnCopies() {
        int topics = 2;
        int subscriptions = 3;
        int publishers = 2;
        long total = 1_000;
        SubscriptionLedgers l = new SubscriptionLedgers(topics, subscriptions, total, publishers);
        for (long k = 0; k < total; k++) {
            l.committed(k);
        }
        for (long k = 0; k < total; k++) {
            int t = l.topicOf(k);
            for (int s = 0; s < subscriptions; s++) {
                if (!(t == 1 && s == 2 && k % 10 == 0)) { // subscription 2 of topic 1 misses some
                    assertTrue(l.received(t, s, k));
                }
            }
            assertFalse(l.received(1 - t, 0, k), "a message of the other topic is no copy of this one's");
        }
        assertFalse(l.received(0, 1, 0), "a second copy");
        Delivery d = l.delivery(true, 0, new boolean[topics][subscriptions]);
        assertEquals(total * subscriptions, d.committed(), "copies due");
        long missed = 0;
        for (long k = 0; k < total; k += 10) {
            if (l.topicOf(k) == 1) {
                missed++;
            }
        }
        assertTrue(missed > 0);
        assertEquals(missed, d.lost());
        assertEquals(total * subscriptions - missed, d.received());
        assertEquals(1, d.duplicates());
        boolean[][] wentDown = new boolean[topics][subscriptions];
        wentDown[1][2] = true;
        Delivery gone = l.delivery(false, 0, wentDown);
        assertEquals(0, gone.lost(), "the nondurable subscription that lost its connection: missed, not lost");
        assertEquals(total * subscriptions, gone.committed());
        assertEquals(missed, l.delivery(1, 2, true, 0).lost(), "the subscription's own tally still has them");
    }

    @Test
    void memoryFollowsWhatIsInFlightNotTheRunsLength() {
        int topics = 3;
        int publishers = 2;
        long total = 3_000_000;
        SubscriptionLedgers l = new SubscriptionLedgers(topics, 1, total, publishers);
        for (long k = 0; k < total; k++) {
            int t = l.topicOf(k);
            l.committed(k);
            assertTrue(l.received(t, 0, k));
        }
        Delivery d = l.delivery(false, 0, new boolean[topics][1]);
        assertEquals(total, d.committed());
        assertEquals(0, d.lost());
        long words = 0;
        for (int t = 0; t < topics; t++) {
            words += l.wordsHeld(t, 0);
        }
        assertTrue(words < 10_000, "a million messages a topic, done: " + words + " longs held");
    }
}
