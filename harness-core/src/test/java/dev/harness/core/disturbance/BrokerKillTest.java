package dev.harness.core.disturbance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import dev.harness.core.SettingsException;

/** --kill-broker-at and --restart-after, checked against the run they belong to. */
class BrokerKillTest {
    private static final long S = 1_000_000_000L;

    private static SettingsException refused(Long at, Long restart, boolean own, long reconnectNs) {
        return assertThrows(SettingsException.class, () -> BrokerKill.of(at, restart, 20 * S, own, "artemis", reconnectNs, false));
    }

    @Test
    void aKillWithinTheScheduleOfTheHarnessesOwnBroker() {
        assertEquals(new BrokerKill(10 * S, 2 * S), BrokerKill.of(10 * S, 2 * S, 20 * S, true, "embedded", 30 * S, false));
        assertEquals(new BrokerKill(10 * S, 0), BrokerKill.of(10 * S, null, 20 * S, true, "embedded", 30 * S, false));
        assertNull(BrokerKill.of(null, null, 20 * S, false, "artemis", 0, false), "no kill asked for");
    }

    @Test
    void anyBrokerWithKillCmd() {
        assertEquals(new BrokerKill(10 * S, 2 * S), BrokerKill.of(10 * S, 2 * S, 20 * S, false, "ibmmq", 30 * S, true));
        assertEquals(28 * S, BrokerKill.of(10 * S, 2 * S, 20 * S, false, "ibmmq", 30 * S, true).readyWithinNs(30 * S),
                "the start may take what the workers' reconnect timeout leaves");
        SettingsException alone = assertThrows(SettingsException.class,
                () -> BrokerKill.of(null, null, 20 * S, false, "jndi", 30 * S, true));
        assertEquals("--kill-cmd", alone.option(), "a command to kill with, and no time to kill at");
    }

    @Test
    void eachRefusalNamesItsOption() {
        assertEquals("--restart-after", refused(null, S, true, 30 * S).option());
        assertEquals("--kill-broker-at", refused(0L, null, true, 30 * S).option());
        assertEquals("--kill-broker-at", refused(20 * S, null, true, 30 * S).option(), "at the schedule's end");
        SettingsException notOurs = refused(10 * S, null, false, 30 * S);
        assertTrue(notOurs.getMessage().contains("leave out --url and --provider artemis"), notOurs.getMessage());
        assertTrue(notOurs.getMessage().contains("--kill-cmd"), "says how to kill any broker: " + notOurs.getMessage());
        assertTrue(refused(10 * S, null, true, 0).getMessage().contains("--reconnect-timeout above 0s"));
        assertEquals("--restart-after", refused(10 * S, 30 * S, true, 30 * S).option(), "not back before workers give up");
    }
}
