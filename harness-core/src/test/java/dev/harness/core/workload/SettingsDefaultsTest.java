package dev.harness.core.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import javax.jms.JMSException;
import javax.jms.JMSSecurityException;

import org.junit.jupiter.api.Test;

import dev.harness.core.SettingsException;
import dev.harness.core.jms.LoginRefusedException;
import dev.harness.core.jms.UnreachableException;
import dev.harness.core.jms.artemis.ArtemisProvider;
import dev.harness.core.logdisk.LogDiskSettings;
import dev.harness.core.logdisk.SyncMode;
import dev.harness.core.schedule.Warmup;

/** The settings own their defaults and their checks; a bad one names its option. */
class SettingsDefaultsTest {
    private static final long S = 1_000_000_000L;

    @Test
    void putDefaultsWhenOptionsAreLeftOut() {
        PutSettings p = PutSettings.of(500, null, Warmup.fixed(0), S, SizeMix.of(2048), true, null, 3, null, null, 0);
        assertEquals(PutSettings.DEFAULT_SENDERS, p.senders());
        assertEquals("DEV.QUEUE.1", p.queueName(0));
        assertEquals(3, p.drainers(), "one drainer per queue");
        assertEquals(0, p.syncpoint());
    }

    @Test
    void reqRespDefaultsAreIbmsStandardWorkload() {
        ReqRespSettings r = ReqRespSettings.of(100, null, null, Warmup.fixed(0), S, SizeMix.of(2048), true, null, null, null, null, null, null, 0);
        assertEquals(10, r.requesters());
        assertEquals(10, r.responders());
        assertEquals(1, r.syncpoint());
        assertEquals("REQUEST1", r.requestQueue(0));
        assertEquals("REPLY1", r.replyQueue(0));
        assertEquals(30 * S, r.replyTimeoutNs());
        assertEquals(false, r.open());
    }

    @Test
    void aBadSettingNamesItsOption() {
        assertOption("--senders", () -> PutSettings.of(500, 0, Warmup.fixed(0), S, SizeMix.of(2048), true, null, null, null, null, 0));
        assertOption("--size", () -> PutSettings.of(500, null, Warmup.fixed(0), S, SizeMix.of(10), true, null, null, null, null, 0));
        assertOption("--duration", () -> PutSettings.of(500, null, Warmup.fixed(0), 0, SizeMix.of(2048), true, null, null, null, null, 0));
        assertOption("--queue-prefix", () -> PutSettings.of(500, null, Warmup.fixed(0), S, SizeMix.of(2048), true, null, null, " ", null, 0));
        // Open mode's requests leave on a schedule; a closed loop may run without one.
        assertOption("--rate max", () -> ReqRespSettings.of(0, null, null, Warmup.fixed(0), S, SizeMix.of(2048), true, null, null, null, null, null,
                ReqRespSettings.Mode.OPEN, 0));
        assertEquals(0, ReqRespSettings.of(0, null, null, Warmup.fixed(0), S, SizeMix.of(2048), true, null, null, null, null, null,
                ReqRespSettings.Mode.CLOSED, 0).rate());
        assertOption("--syncpoint 5", () -> ReqRespSettings.of(100, null, null, Warmup.fixed(0), S, SizeMix.of(2048), true, 5, null, null, null, null,
                ReqRespSettings.Mode.CLOSED, 0));
        assertOption("--request-prefix and --reply-prefix", () -> ReqRespSettings.of(100, null, null, Warmup.fixed(0), S, SizeMix.of(2048), true, null,
                null, "Q", "Q", null, null, 0));
        assertOption("--mode open", () -> ReqRespSettings.of(1e6, 1, null, Warmup.fixed(0), S, SizeMix.of(2048), true, null, null, null, null,
                3600 * S, ReqRespSettings.Mode.OPEN, 0));
        assertOption("--threads", () -> new LogDiskSettings(Path.of("."), "t-", List.of(4096), 2, 4096, S, 3,
                SyncMode.DSYNC, false));
        assertOption("--syncpoint", () -> new RespondSettings(1, 1, "REQUEST", 2, 2048, 0, S, 0));
        assertOption("--reconnect-timeout", () -> new PutWorkload(PutSettings.of(500, null, Warmup.fixed(0), S, SizeMix.of(2048), true, null, null,
                null, null, 0)).reconnectWithin(2 * 3600 * S));
    }

    private static void assertOption(String option, Runnable settings) {
        SettingsException e = assertThrows(SettingsException.class, settings::run);
        assertEquals(option, e.option());
        assertTrue(e.getMessage().startsWith(option + ": "), e.getMessage());
    }

    @Test
    void aRefusedLoginIsToldApartFromAnUnreachableBroker() throws Exception {
        ArtemisProvider artemis = new ArtemisProvider("tcp://127.0.0.1:1", "u", "p");
        try {
            JMSException refused = new JMSSecurityException("AMQ229031: Unable to validate user from /127.0.0.1:5. Username: u");
            UnreachableException e = UnreachableException.connecting(artemis, refused);
            assertInstanceOf(LoginRefusedException.class, e);
            assertTrue(e.getMessage().startsWith("Artemis at tcp://127.0.0.1:1: refused the login of user u: AMQ229031"),
                    e.getMessage());
            assertTrue(e.getMessage().contains("check --user and the password"), e.getMessage());

            JMSException down = new JMSException("AMQ219007: Cannot connect to server(s). Tried with all available servers.");
            UnreachableException u = UnreachableException.connecting(artemis, down);
            assertEquals(UnreachableException.class, u.getClass());
            assertTrue(u.getMessage().startsWith("cannot reach Artemis at tcp://127.0.0.1:1: AMQ219007"), u.getMessage());
        } finally {
            artemis.close();
        }
    }

    /**
     * --consume-delay's capacity: a listener takes one message at a time per consumer; a receive loop
     * per queue (--receive sync) one per queue, so as many at a time as consumers or queues.
     */
    @Test
    void aReceiveLoopPerQueueTakesOneMessagePerQueueAtATime() {
        PutSettings put = PutSettings.of(500, null, Warmup.fixed(0), S, SizeMix.of(2048), true, null, 3, null, 2, 0)
                .withConsumeDelay(4_000_000L);
        assertEquals(500, put.consumeCapacity(), 1e-6, "2 drainers at 4 ms");
        assertEquals(750, put.consumeCapacity(true), 1e-6, "3 queues, a loop each");
        assertTrue(put.drainersSetting(true).value().contains("a message per queue at a time: at most 750 msg/s"),
                put.drainersSetting(true).value());
        ReqRespSettings rr = ReqRespSettings.of(100, null, 4, Warmup.fixed(0), S, SizeMix.of(2048), true, null, 2, null, null,
                null, null, 0).withConsumeDelay(10_000_000L);
        assertEquals(400, rr.consumeCapacity(true), 1e-6, "4 responders on 2 queues: 4 loops");
        assertEquals(400, rr.consumeCapacity(false), 1e-6);
        // 3 queues over 2 drainers with listeners: one drainer has two, so "at most" is not all they take.
        assertTrue(put.drainersSetting(false).value().endsWith("at most 500 msg/s together, less as 3 queues load them"
                + " unevenly"), put.drainersSetting(false).value());
        assertFalse(put.drainersSetting(true).value().contains("unevenly"), "a loop per queue: each its own");
        assertFalse(rr.respondersSetting(false).value().contains("unevenly"), "4 responders, 2 on each queue");
        PutSettings slow = PutSettings.of(2, null, Warmup.fixed(0), S, SizeMix.of(2048), true, null, 1, null, 1, 0)
                .withConsumeDelay(3 * S);
        assertTrue(slow.drainersSetting(false).value().endsWith("at most 0.33 msg/s together"), slow.drainersSetting(false).value());
        PutSettings justUnder10 = PutSettings.of(20, null, Warmup.fixed(0), S, SizeMix.of(2048), true, null, 1, null, 1, 0)
                .withConsumeDelay(100_400_000L); // 9.96 a second: "at most" never rounds up to 10
        assertTrue(justUnder10.drainersSetting(false).value().endsWith("at most 9.9 msg/s together"),
                justUnder10.drainersSetting(false).value());
    }
}
