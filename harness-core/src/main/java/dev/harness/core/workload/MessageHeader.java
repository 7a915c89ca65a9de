package dev.harness.core.workload;

import javax.jms.BytesMessage;
import javax.jms.JMSException;

/**
 * The first bytes of every message body: which run sent it, when it was due, when it was sent,
 * and who sent it in which order. In the body, not in properties, so writing it allocates
 * nothing beyond the message itself.
 */
final class MessageHeader {
    static final int BYTES = 8 + 8 + 8 + 4 + 8;

    private MessageHeader() {
    }

    static void write(BytesMessage m, long runId, long intendedNs, long sendNs, int sender, long sequence)
            throws JMSException {
        m.writeLong(runId);
        m.writeLong(intendedNs);
        m.writeLong(sendNs);
        m.writeInt(sender);
        m.writeLong(sequence);
    }
}
