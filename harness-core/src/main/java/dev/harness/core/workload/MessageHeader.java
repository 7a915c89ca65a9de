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
    /** Where the sequence number starts in the body. */
    private static final int SEQUENCE_AT = 8 + 8 + 8 + 4;
    /**
     * Set in a reply's sequence by a responder that answered a redelivered request outside
     * syncpoint: the request may have been answered before, so a second reply is the responder's
     * doing (its acknowledgement was lost), not a reply the broker delivered twice.
     */
    private static final long ANSWERED_AGAIN = Long.MIN_VALUE;

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

    /** Marks a reply's body, a copy of its request's: this request was answered before, perhaps. */
    static void markAnsweredAgain(byte[] body, int length) {
        if (length >= BYTES) {
            body[SEQUENCE_AT] |= (byte) 0x80; // the sequence's sign bit, big-endian
        }
    }

    /** The sequence number as read from a body, without the mark. */
    static long sequence(long read) {
        return read & ~ANSWERED_AGAIN;
    }

    /** Whether a sequence as read from a reply carries the responder's mark. */
    static boolean answeredAgain(long read) {
        return (read & ANSWERED_AGAIN) != 0;
    }
}
