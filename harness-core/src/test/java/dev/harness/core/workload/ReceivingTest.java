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
}
