package dev.harness.core.workload;

import javax.jms.BytesMessage;
import javax.jms.JMSException;
import javax.jms.MapMessage;
import javax.jms.Message;
import javax.jms.ObjectMessage;
import javax.jms.StreamMessage;
import javax.jms.TextMessage;

/**
 * The first bytes of every message body: which run sent it, when it was due, when it was sent,
 * and who sent it in which order. In the body, not in properties, so that reading it allocates
 * nothing. Written by senders and requesters; read by drainers, reply routers and responders, all
 * through this one codec. Big-endian, as BytesMessage writes.
 *
 * <p>Each {@link MessageType} carries the same five fields its own way: a BytesMessage or an
 * ObjectMessage's byte array as above; a StreamMessage as five typed values; a MapMessage as five
 * entries ({@link #MAP_NAMES}); a TextMessage as {@link #TEXT_CHARS} hex digits at the start of its
 * text (16 for each long, 8 for the sender), read from the text without allocating.
 *
 * <p>The run's id also travels in one property, {@link #RUN_PROPERTY}, the only thing a selector
 * can see: the run's consumers take only messages that carry their run's (see {@link QueueClaim}).
 *
 * <p>A decoded header is held in a mutable instance, one per listener (one session's thread),
 * so that reading allocates nothing either.
 */
final class MessageHeader {
    static final int BYTES = 8 + 8 + 8 + 4 + 8;
    /** The header at the start of a TextMessage: hex digits, 16 per long and 8 for the sender. */
    static final int TEXT_CHARS = 16 + 16 + 16 + 8 + 16;
    /** A MapMessage's header entries: run, intended, sent, sender (an int), sequence. */
    static final String[] MAP_NAMES = {"harness_run", "harness_intended", "harness_sent", "harness_sender",
        "harness_sequence"};
    /** The characters of each of a MapMessage's payload entries (the last may be shorter). */
    static final int MAP_ENTRY_CHARS = 64;
    private static final char[] HEX = "0123456789abcdef".toCharArray();
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

    static void write(StreamMessage m, long runId, long intendedNs, long sendNs, int sender, long sequence)
            throws JMSException {
        m.setLongProperty(RUN_PROPERTY, runId);
        m.writeLong(runId);
        m.writeLong(intendedNs);
        m.writeLong(sendNs);
        m.writeInt(sender);
        m.writeLong(sequence);
    }

    static void write(MapMessage m, long runId, long intendedNs, long sendNs, int sender, long sequence)
            throws JMSException {
        m.setLongProperty(RUN_PROPERTY, runId);
        m.setLong(MAP_NAMES[0], runId);
        m.setLong(MAP_NAMES[1], intendedNs);
        m.setLong(MAP_NAMES[2], sendNs);
        m.setInt(MAP_NAMES[3], sender);
        m.setLong(MAP_NAMES[4], sequence);
    }

    /** The header into {@code into}'s first {@link #BYTES}, big-endian (an ObjectMessage's array). */
    static void write(byte[] into, long runId, long intendedNs, long sendNs, int sender, long sequence) {
        putLong(into, 0, runId);
        putLong(into, 8, intendedNs);
        putLong(into, 16, sendNs);
        putInt(into, 24, sender);
        putLong(into, SEQUENCE_AT, sequence);
    }

    /** The header as hex digits into {@code into}'s first {@link #TEXT_CHARS} (a TextMessage's text). */
    static void write(char[] into, long runId, long intendedNs, long sendNs, int sender, long sequence) {
        hex(into, 0, runId, 16);
        hex(into, 16, intendedNs, 16);
        hex(into, 32, sendNs, 16);
        hex(into, 48, sender & 0xffff_ffffL, 8);
        hex(into, 56, sequence, 16);
    }

    /**
     * Reads the header of {@code m}, which must be a message of run {@code runId}. False when it is
     * not (another run's, or no harness message at all): then the fields are left as they were.
     */
    boolean read(Message m, long runId) throws JMSException {
        return read(m, runId, false);
    }

    /** Reads the header of any run's message (a responder answers them all); false when {@code m} is no harness message. */
    boolean readAnyRun(Message m) throws JMSException {
        return read(m, 0, true);
    }

    private boolean read(Message m, long runId, boolean anyRun) throws JMSException {
        if (m instanceof BytesMessage b) {
            return read(b, runId, anyRun);
        }
        if (m instanceof TextMessage t) {
            return read(t.getText(), runId, anyRun);
        }
        if (m instanceof MapMessage map) {
            return read(map, runId, anyRun);
        }
        if (m instanceof StreamMessage stream) {
            return read(stream, runId, anyRun);
        }
        if (m instanceof ObjectMessage o) {
            byte[] body = bodyOf(o);
            return body != null && body.length >= BYTES && (anyRun || longAt(body, 0) == runId) && read(body, body.length);
        }
        return false;
    }

    /**
     * An ObjectMessage's byte array, deserialized; null when it holds anything else, or a class this
     * JVM cannot load (an application's own message: no harness header, not a failure). Artemis and
     * ActiveMQ Classic say the latter with a plain JMSException; deserializing is local, so no
     * exception here is the connection's.
     */
    static byte[] bodyOf(ObjectMessage o) {
        try {
            return o.getObject() instanceof byte[] body ? body : null;
        } catch (JMSException | RuntimeException e) {
            return null;
        }
    }

    private boolean read(BytesMessage b, long runId, boolean anyRun) throws JMSException {
        if (b.getBodyLength() < BYTES) {
            return false;
        }
        long run = b.readLong();
        if (!anyRun && run != runId) {
            return false;
        }
        this.runId = run;
        intendedNs = b.readLong();
        sendNs = b.readLong();
        sender = b.readInt();
        setSequence(b.readLong());
        return true;
    }

    private boolean read(StreamMessage m, long runId, boolean anyRun) throws JMSException {
        try {
            long run = m.readLong();
            if (!anyRun && run != runId) {
                return false;
            }
            long intended = m.readLong();
            long sent = m.readLong();
            int from = m.readInt();
            long read = m.readLong();
            this.runId = run;
            intendedNs = intended;
            sendNs = sent;
            sender = from;
            setSequence(read);
            return true;
        } catch (javax.jms.MessageEOFException | javax.jms.MessageFormatException | NumberFormatException e) {
            return false; // a stream of someone else's (JMS converts a string it holds to a long, or fails so)
        }
    }

    private boolean read(MapMessage m, long runId, boolean anyRun) throws JMSException {
        for (String name : MAP_NAMES) {
            if (!m.itemExists(name)) {
                return false;
            }
        }
        try {
            long run = m.getLong(MAP_NAMES[0]);
            if (!anyRun && run != runId) {
                return false;
            }
            long intended = m.getLong(MAP_NAMES[1]);
            long sent = m.getLong(MAP_NAMES[2]);
            int from = m.getInt(MAP_NAMES[3]);
            long read = m.getLong(MAP_NAMES[4]);
            this.runId = run;
            intendedNs = intended;
            sendNs = sent;
            sender = from;
            setSequence(read);
            return true;
        } catch (javax.jms.MessageFormatException | NumberFormatException e) {
            return false;
        }
    }

    /** Reads the header from a TextMessage's text; false when it is no harness text or another run's. */
    boolean read(String text, long runId) {
        return read(text, runId, false);
    }

    private boolean read(String text, long runId, boolean anyRun) {
        if (text == null || text.length() < TEXT_CHARS) {
            return false;
        }
        for (int i = 0; i < TEXT_CHARS; i++) {
            char c = text.charAt(i);
            if (!(c >= '0' && c <= '9' || c >= 'a' && c <= 'f')) {
                return false;
            }
        }
        long run = unhex(text, 0, 16);
        if (!anyRun && run != runId) {
            return false;
        }
        this.runId = run;
        intendedNs = unhex(text, 16, 16);
        sendNs = unhex(text, 32, 16);
        sender = (int) unhex(text, 48, 8);
        setSequence(unhex(text, 56, 16));
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

    /** A text reply's text, its request's with the mark: the sequence's first hex digit with its top bit set. */
    static String markAnsweredAgain(String text) {
        char[] c = text.toCharArray(); // a redelivered request only: rare
        int at = 56;
        int digit = (c[at] <= '9' ? c[at] - '0' : c[at] - 'a' + 10) | 8;
        c[at] = HEX[digit];
        return new String(c);
    }

    /** The sequence as the wire carries it, with the mark of a reply answered again. */
    long wireSequence(boolean again) {
        return again || answeredAgain ? sequence | ANSWERED_AGAIN : sequence;
    }

    private static void putLong(byte[] b, int offset, long v) {
        putInt(b, offset, (int) (v >>> 32));
        putInt(b, offset + 4, (int) v);
    }

    private static void putInt(byte[] b, int offset, int v) {
        for (int i = offset + 3; i >= offset; i--) {
            b[i] = (byte) v;
            v >>>= 8;
        }
    }

    private static void hex(char[] into, int offset, long v, int digits) {
        for (int i = offset + digits - 1; i >= offset; i--) {
            into[i] = HEX[(int) (v & 0xf)];
            v >>>= 4;
        }
    }

    private static long unhex(String s, int offset, int digits) {
        long v = 0;
        for (int i = offset; i < offset + digits; i++) {
            char c = s.charAt(i);
            v = (v << 4) | (c <= '9' ? c - '0' : c - 'a' + 10);
        }
        return v;
    }

    private static long longAt(byte[] b, int offset) {
        long v = 0;
        for (int i = offset; i < offset + 8; i++) {
            v = (v << 8) | (b[i] & 0xff);
        }
        return v;
    }
}
