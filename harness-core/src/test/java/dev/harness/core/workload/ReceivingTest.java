package dev.harness.core.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javax.jms.Session;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import dev.harness.core.SettingsException;

/** --ack and --receive: what each spelling means, and what is refused in one line naming its option. */
class ReceivingTest {
    @Test
    void eachSpellingGivesItsSessionAndItsUnit() {
        assertEquals(Receiving.DEFAULT, Receiving.of(null, null));
        assertEquals(Receiving.DEFAULT, Receiving.of("auto", "listener"));
        assertEquals(new Receiving(Receiving.Ack.CLIENT, 0, true), Receiving.of("Client", "sync"));
        assertEquals(Session.DUPS_OK_ACKNOWLEDGE, JmsWork.acknowledgeMode(Receiving.of("dups-ok", null)));
        Receiving each = Receiving.of("transacted", null);
        assertEquals(1, each.perCommit(), "transacted alone commits every get");
        assertEquals(Session.SESSION_TRANSACTED, JmsWork.acknowledgeMode(each));
        Receiving ten = Receiving.of("transacted:10", "sync");
        assertEquals(10, ten.perCommit());
        assertTrue(ten.describe().contains("a commit every 10 gets and whenever the queue goes quiet"), ten.describe());
    }

    @ParameterizedTest(name = "--ack {0} --receive {1}")
    @CsvSource({
        "never, listener, --ack",
        "transacted:0, sync, --ack transacted:0",
        "transacted:x, sync, --ack",
        "transacted:99999999, sync, --ack",
        "transacted:10, listener, --ack transacted:10",
        "auto, poll, --receive",
    })
    void aBadValueNamesItsOption(String ack, String receive, String option) {
        SettingsException e = assertThrows(SettingsException.class, () -> Receiving.of(ack, receive));
        assertEquals(option, e.option());
        assertEquals(1, e.getMessage().lines().count(), e.getMessage());
    }

    /** Responders and reply routers commit each get as they handle it: N gets a commit is theirs to refuse, either way they get. */
    @Test
    void consumersThatCommitEachGetTakeEitherWayOfGettingButNoUnitOfN() {
        assertEquals(new Receiving(Receiving.Ack.TRANSACTED, 1, true), Receiving.ofEachGet("transacted", "sync", "responders"));
        assertEquals(new Receiving(Receiving.Ack.CLIENT, 0, false), Receiving.ofEachGet("client", null, "responders"));
        for (String receive : new String[] {"sync", "listener"}) {
            SettingsException e = assertThrows(SettingsException.class,
                    () -> Receiving.ofEachGet("transacted:5", receive, "responders"));
            assertEquals("--ack", e.option());
            assertTrue(e.getMessage().contains("responders commit each get"), e.getMessage());
            assertTrue(!e.getMessage().contains("--receive sync"), "no advice the consumer cannot take: " + e.getMessage());
        }
        assertEquals("--receive", assertThrows(SettingsException.class,
                () -> Receiving.ofEachGet("client", "poll", "responders")).option());
    }
}
