package dev.harness.core.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.activemq.artemis.core.client.impl.ClientMessageImpl;
import org.apache.activemq.artemis.jms.client.ActiveMQBytesMessage;
import org.junit.jupiter.api.Test;

/**
 * The header written and read by the one codec, on Artemis's own BytesMessage (no broker
 * needed), and read again from a copied body as responders do.
 */
class MessageHeaderTest {
    private static ActiveMQBytesMessage written(long runId, long sequence) throws Exception {
        ActiveMQBytesMessage m = message();
        MessageHeader.write(m, runId, 111_222_333L, 444_555_666L, 7, sequence);
        m.writeBytes(new byte[] {1, 2, 3});
        m.reset(); // the receiver's view: read-only, from the start
        return m;
    }

    /** An Artemis client message outside any session, writable. */
    private static ActiveMQBytesMessage message() throws Exception {
        ActiveMQBytesMessage m = new ActiveMQBytesMessage(new ClientMessageImpl(ActiveMQBytesMessage.TYPE, true, 0,
                System.currentTimeMillis(), (byte) 4, 1024), null) {
            // The constructor for a message a consumer got is protected: a subclass reaches it.
        };
        m.clearBody();
        m.clearProperties(); // writable, as a session's new message is
        return m;
    }

    @Test
    void whatIsWrittenIsReadBack() throws Exception {
        MessageHeader h = new MessageHeader();
        assertTrue(h.read(written(42, 1L << 40), 42));
        assertEquals(42, h.runId);
        assertEquals(111_222_333L, h.intendedNs);
        assertEquals(444_555_666L, h.sendNs);
        assertEquals(7, h.sender);
        assertEquals(1L << 40, h.sequence);
        assertFalse(h.answeredAgain);
    }

    /** The run's id also travels as the one property selectors see (QueueClaim). */
    @Test
    void theRunIsAPropertyForSelectors() throws Exception {
        ActiveMQBytesMessage m = written(-42, 5);
        assertEquals(-42, m.getLongProperty(MessageHeader.RUN_PROPERTY));
        assertEquals("harness_run = -42", QueueClaim.ofRun(-42));
    }

    @Test
    void anotherRunsMessageIsNotRead() throws Exception {
        MessageHeader h = new MessageHeader();
        assertFalse(h.read(written(43, 5), 42));
        ActiveMQBytesMessage tooShort = message();
        tooShort.writeLong(42);
        tooShort.reset();
        assertFalse(h.read(tooShort, 42), "a body shorter than a header");
    }

    @Test
    void aCopiedBodyReadsTheSameAndCarriesTheRespondersMark() throws Exception {
        ActiveMQBytesMessage m = written(42, 123_456_789L);
        byte[] body = new byte[(int) m.getBodyLength()];
        m.readBytes(body);
        MessageHeader h = new MessageHeader();
        assertTrue(h.read(body, body.length));
        assertEquals(42, h.runId);
        assertEquals(111_222_333L, h.intendedNs);
        assertEquals(444_555_666L, h.sendNs);
        assertEquals(7, h.sender);
        assertEquals(123_456_789L, h.sequence);
        assertFalse(h.answeredAgain);

        MessageHeader.markAnsweredAgain(body, body.length);
        assertTrue(h.read(body, body.length));
        assertEquals(123_456_789L, h.sequence, "the mark leaves the sequence as it was");
        assertTrue(h.answeredAgain);
        assertFalse(h.read(body, MessageHeader.BYTES - 1), "too short for a header");
    }
}
