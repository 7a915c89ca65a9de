package dev.harness.core.jms;

import static org.junit.jupiter.api.Assertions.assertEquals;

import javax.jms.JMSException;

import org.junit.jupiter.api.Test;

class ErrorsTest {
    @Test
    void keepsArtemisCodedMessageWithoutClassNamesOrFieldDumps() {
        JMSException e = new JMSException("org.apache.activemq.artemis.api.core.ActiveMQNotConnectedException: "
                + "[errorType=NOT_CONNECTED message=AMQ219006: Channel disconnected]");
        assertEquals("AMQ219006: Channel disconnected", Errors.oneLine(e));
    }

    @Test
    void keepsTheMessageOfAnUncodedFieldDump() {
        JMSException e = new JMSException("[errorType=GENERIC_EXCEPTION message=recvAddress(..) failed with error(-104):"
                + " Connection reset by peer]");
        assertEquals("recvAddress(..) failed with error(-104): Connection reset by peer", Errors.oneLine(e));
    }

    @Test
    void stripsALeadingClassNameAndJoinsLines() {
        assertEquals("Connection refused: somewhere else",
                Errors.oneLine(new RuntimeException("java.net.ConnectException: Connection refused:\n  somewhere else")));
    }

    @Test
    void usesTheFirstMessageInTheCauseChainOrTheClassName() {
        assertEquals("outer", Errors.oneLine(new RuntimeException("outer", new IllegalStateException("inner"))));
        assertEquals("inner", Errors.oneLine(new RuntimeException(null, new IllegalStateException("inner"))));
        assertEquals("IllegalStateException", Errors.oneLine(new IllegalStateException()));
    }

    @Test
    void prefersTheCodedMessageOfACauseToAVagueOuterOne() {
        JMSException outer = new JMSException("Failed to create session factory");
        outer.initCause(new IllegalStateException("AMQ219007: Cannot connect to server(s). Tried with all available servers."));
        assertEquals("AMQ219007: Cannot connect to server(s). Tried with all available servers.", Errors.oneLine(outer));
    }
}
