package dev.harness.core.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** --ttl: messages that never came, once every one has outlived its time to live, are expired, not lost. */
class DeliveryExpiredTest {
    @Test
    void expiringCountsTheMissingAsExpiredAndKeepsTheRest() {
        Delivery d = new Delivery(true, null, true, 0, 700, 443, 257, 2, 1, 3, 0, 0, 0);
        Delivery e = d.expiring();
        assertEquals(0, e.lost());
        assertEquals(257, e.expired());
        assertEquals(443, e.received());
        assertEquals(2, e.duplicates());
        assertFalse(e.lostPersistent(), "expired persistent messages are no broker's loss");
        assertTrue(d.lostPersistent());
        assertEquals(0, d.expired(), "without --ttl nothing expires");
        Delivery sum = e.plus(new Delivery(true, null, true, 0, 100, 90, 10, 0, 0, 0, 0, 0, 0).expiring());
        assertEquals(267, sum.expired(), "a preload's expired messages count in");
        assertEquals(267, sum.withRouterRedeliveries(0).expired());
    }

    /** Request/response: requests given up at a reply timeout no shorter than their --ttl; never more than were lost. */
    @Test
    void requestsCountedExpiredByTheirRequestersLeaveTheLost() {
        Delivery d = new Delivery(true, null, true, 1, 500, 265, 235, 0, 0, 0, 0, 0, 0);
        Delivery e = d.withExpired(235);
        assertEquals(0, e.lost());
        assertEquals(235, e.expired());
        assertEquals(235, d.withExpired(300).expired(), "capped at what was not received");
        assertEquals(235, d.withExpired(200).expiring().expired(), "the rest, once the run outlived the --ttl");
    }

    /** Publish/subscribe: each subscription's copies that never came are expired, and no backlog it fell behind by. */
    @Test
    void aSubscriptionsExpiredCopiesAreNeitherLostNorBacklog() {
        org.HdrHistogram.Histogram h = new org.HdrHistogram.Histogram(3);
        FanOutSummary f = new FanOutSummary("nondurable", java.util.List.of(
                new FanOutSummary.Subscription("T", "S1", 3_000, 700, 0, 1, h, 650, 4_000),
                new FanOutSummary.Subscription("T", "S2", 3_600, 0, 100, 0, h, 0, 4_000)), 6_600, 300, 65_536,
                java.util.List.of(), 2_000_000_000L);
        assertEquals(1, f.fallingBehind().size(), "650 copies more behind, lost or not");
        FanOutSummary e = f.expiring();
        assertEquals(700, e.subscriptions().get(0).expired());
        assertEquals(0, e.subscriptions().get(0).lost());
        assertEquals(100, e.subscriptions().get(1).missed(), "a nondurable subscription's missed copies stay missed");
        assertEquals(700, e.expired());
        assertEquals(0, e.subscriptions().get(0).backlog(), "a copy that expired waits nowhere");
        assertTrue(e.fallingBehind().isEmpty());
    }
}
