package dev.harness.core.findings;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import dev.harness.core.WorkloadKind;
import dev.harness.core.run.Delivery;

/** The summary's delivery line with --ttl: how many expired, and that a client cannot tell them from lost. */
class DeliveryLineTest {
    @Test
    void theDeliveryLineSaysHowManyExpired() {
        String line = Reading.delivery(new Delivery(true, null, true, 0, 700, 443, 257, 0, 0, 0, 0, 0, 0).expiring(),
                WorkloadKind.PUT);
        assertTrue(line.startsWith("delivery (persistent, outside syncpoint): 700 committed, 443 received, 0 lost,"
                + " 0 duplicates; 257 expired (not received, their --ttl passed"), line);
        assertTrue(line.contains("which a client cannot tell apart"), line);
        assertFalse(Reading.delivery(new Delivery(true, null, true, 0, 700, 700, 0, 0, 0, 0, 0, 0, 0), WorkloadKind.PUT)
                .contains("expired"));
    }
}
