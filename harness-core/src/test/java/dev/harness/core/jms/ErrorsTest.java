package dev.harness.core.jms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javax.jms.InvalidDestinationException;
import javax.jms.JMSException;
import javax.jms.JMSSecurityException;
import javax.jms.MessageFormatException;

import org.junit.jupiter.api.Test;

class ErrorsTest {
    @Test
    void jmsTypesForRefusedRequestsAreFoundAsCauseOrLinkedException() {
        assertTrue(Errors.refusesRequest(new InvalidDestinationException("no such queue")));
        JMSException linked = new JMSException("send failed");
        linked.setLinkedException(new JMSSecurityException("not allowed"));
        assertTrue(Errors.refusesRequest(linked));
        assertTrue(Errors.refusesRequest(new RuntimeException(new MessageFormatException("bad body"))));
        // A closed session is what a lost connection leaves behind: not a refusal.
        assertFalse(Errors.refusesRequest(new javax.jms.IllegalStateException("Session is closed")));
        assertFalse(Errors.refusesRequest(new JMSException("AMQ219016: Connection failure detected")));
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
}
