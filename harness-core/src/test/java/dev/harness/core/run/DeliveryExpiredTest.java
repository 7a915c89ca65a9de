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
}
