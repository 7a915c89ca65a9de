package dev.harness.core.workload;

import javax.jms.BytesMessage;
import javax.jms.JMSException;
import javax.jms.Message;

/**
 * The first bytes of every message body: which run sent it, when it was due, when it was sent,
 * and who sent it in which order. In the body, not in properties, so that reading it allocates
 * nothing. Written by senders and requesters; read by drainers, reply routers and responders, all
 * through this one codec. Big-endian, as BytesMessage writes.
 *
 * <p>The run's id also travels in one property, {@link #RUN_PROPERTY}, the only thing a selector
 * can see: the run's consumers take only messages that carry their run's (see {@link QueueClaim}).
 *
 * <p>A decoded header is held in a mutable instance, one per listener (one session's thread),
 * so that reading allocates nothing either.
 */
final class MessageHeader {
    static final int BYTES = 8 + 8 + 8 + 4 + 8;
    /**
     * The property that names the run that sent a message (a long, the run's id), set on every
     * request and message a run sends and copied onto each reply. A contract with selectors.
     */
    public static final String RUN_PROPERTY = "harness_run";
    /**
     * The sender of a {@code --preload} message: none of the schedule's senders, so a drainer tells
     * the backlog from the schedule, and the sequence is the preload's own.
     */
    static final int PRELOAD_SENDER = -1;
    /** Where the sequence number starts in the body. */
    private static final int SEQUENCE_AT = 8 + 8 + 8 + 4;
    /**
     * Set in a reply's sequence by a responder that answered a redelivered request outside
     * syncpoint: the request may have been answered before, so a second reply is the responder's
     * doing (its acknowledgement was lost), not a reply the broker delivered twice.
     */
    private static final long ANSWERED_AGAIN = Long.MIN_VALUE;

    long runId;
    long intendedNs;
    long sendNs;
    /** The sender (put) or requester (request/response) that sent the message. */
    int sender;
    /** Its number in the schedule, unique across senders. */
    long sequence;
    /** A reply a responder marked (see {@link #markAnsweredAgain}). */
    boolean answeredAgain;

    static void write(BytesMessage m, long runId, long intendedNs, long sendNs, int sender, long sequence)
            throws JMSException {
        m.setLongProperty(RUN_PROPERTY, runId);
        m.writeLong(runId);
        m.writeLong(intendedNs);
        m.writeLong(sendNs);
        m.writeInt(sender);
        m.writeLong(sequence);
    }

    /**
     * Reads the header of {@code m}, which must be a message of run {@code runId}. False when it is
     * not (another run's, or no harness message at all): then the fields are left as they were.
     */
    boolean read(Message m, long runId) throws JMSException {
        if (!(m instanceof BytesMessage b) || b.getBodyLength() < BYTES) {
            return false;
        }
        long run = b.readLong();
        if (run != runId) {
            return false;
        }
        this.runId = run;
        intendedNs = b.readLong();
        sendNs = b.readLong();
        sender = b.readInt();
        setSequence(b.readLong());
        return true;
    }

    /** Reads the header from a body already copied out of its message; false when it is too short for one. */
    boolean read(byte[] body, int length) {
        if (length < BYTES) {
            return false;
        }
        runId = longAt(body, 0);
        intendedNs = longAt(body, 8);
        sendNs = longAt(body, 16);
        sender = (int) (longAt(body, 24) >>> 32);
        setSequence(longAt(body, SEQUENCE_AT));
        return true;
    }

    private void setSequence(long read) {
        sequence = read & ~ANSWERED_AGAIN;
        answeredAgain = (read & ANSWERED_AGAIN) != 0;
    }

    /** Marks a reply's body, a copy of its request's: this request was answered before, perhaps. */
    static void markAnsweredAgain(byte[] body, int length) {
        if (length >= BYTES) {
            body[SEQUENCE_AT] |= (byte) 0x80; // the sequence's sign bit, big-endian
        }
    }

    private static long longAt(byte[] b, int offset) {
        long v = 0;
        for (int i = offset; i < offset + 8; i++) {
            v = (v << 8) | (b[i] & 0xff);
        }
        return v;
    }
}
