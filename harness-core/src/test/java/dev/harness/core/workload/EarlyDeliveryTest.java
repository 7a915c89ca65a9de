package dev.harness.core.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** When a message got before its delivery delay ended means the broker ignored the delay. */
class EarlyDeliveryTest {
    private static final long MS = 1_000_000L;

    @Test
    void aMessageWellBeforeItsDelayEndedIsEarlyAndAMillisecondsRoundingIsNot() {
        long due = 10_000 * MS;
        assertTrue(EarlyDelivery.early(due - 900 * MS, due, 1_000 * MS), "a broker that ignored a 1 s delay");
        assertFalse(EarlyDelivery.early(due - MS, due, 1_000 * MS), "the delay's own millisecond");
        assertFalse(EarlyDelivery.early(due - 400 * MS, due, 1_000 * MS), "within half the delay: clocks apart");
        assertTrue(EarlyDelivery.early(due - 501 * MS, due, 1_000 * MS));
        assertFalse(EarlyDelivery.early(due - 2 * MS, due, 4 * MS), "a short delay: up to half of it");
        assertTrue(EarlyDelivery.early(due - 3 * MS, due, 4 * MS));
        assertFalse(EarlyDelivery.early(due - 900 * MS, due, 0), "no delay asked: nothing is early");
        assertFalse(EarlyDelivery.early(due + 5 * MS, due, 1_000 * MS), "late is response, not early");
        assertEquals("drainer 1: a message came 900.0 ms before its --delivery-delay of 1,000 ms had passed: the broker"
                + " does not hold messages for their delivery delay (or its clock and this host's are that far apart), so no"
                + " response could be measured from it", EarlyDelivery.why("drainer 1", due - 900 * MS, due, 1_000 * MS));
    }
}
