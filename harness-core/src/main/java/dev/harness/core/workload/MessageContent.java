package dev.harness.core.workload;

import javax.jms.BytesMessage;
import javax.jms.JMSException;
import javax.jms.MapMessage;
import javax.jms.Message;
import javax.jms.MessageProducer;
import javax.jms.ObjectMessage;
import javax.jms.Session;
import javax.jms.StreamMessage;
import javax.jms.TextMessage;

/**
 * What a run's messages carry besides the harness's header: a body for each size of a
 * {@link SizeMix}, of the {@code --payload}'s content, in the {@code --message-type}, the
 * {@code --properties}, and the {@code --priority} their producers send them at. All of it is made
 * before the schedule starts: a send picks its message's body by the message's number and copies
 * it, allocating nothing of its own beyond what the type's body is (a text message's string, an
 * object message's array), which is the JMS message's.
 */
final class MessageContent {
    /**
     * Up to this many bodies of each size, in turn, so that consecutive messages of one size differ
     * (with file:PATH, one for each sample).
     */
    static final int VARIANTS = 16;
    /** ... as long as a size's bodies take no more than this between them. */
    private static final long VARIANT_BYTES = 4L * 1024 * 1024;

    /** Printable characters a text body maps bytes outside printable ASCII to: 6 bits each, so random stays random. */
    private static final char[] PRINTABLE = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".toCharArray();

    private final SizeMix sizes;
    private final MessageType type;
    /** Per size, its bodies after the header; message k of the size takes the (k mod count)th. */
    private final byte[][][] bodies;
    /** With {@link MessageType#TEXT}: the same bodies as characters; null otherwise. */
    private final String[][] texts;
    /** With {@link MessageType#MAP}: the same bodies cut into entries; null otherwise. */
    private final String[][][] entries;
    /** The names of a map's payload entries: field1, field2, ... */
    private final String[] entryNames;
    private final MessageProperties properties;
    /** JMS priority, 0 to 9; null leaves the provider's default (4). */
    private final Integer priority;
    /** --delivery-delay: how long the broker holds each message before it may deliver it; 0 for none. */
    private final long deliveryDelayNs;
    /** --ttl: each message's time to live; 0 for for ever. */
    private final long timeToLiveNs;

    private MessageContent(SizeMix sizes, MessageType type, byte[][][] bodies, MessageProperties properties,
            Integer priority, long deliveryDelayNs, long timeToLiveNs) {
        this.sizes = sizes;
        this.type = type;
        this.bodies = bodies;
        this.properties = properties;
        this.priority = priority;
        this.deliveryDelayNs = deliveryDelayNs;
        this.timeToLiveNs = timeToLiveNs;
        this.texts = type == MessageType.TEXT ? new String[bodies.length][] : null;
        this.entries = type == MessageType.MAP ? new String[bodies.length][][] : null;
        int most = 0;
        for (int c = 0; c < bodies.length; c++) {
            if (texts != null) {
                texts[c] = new String[bodies[c].length];
                for (int v = 0; v < bodies[c].length; v++) {
                    texts[c][v] = text(bodies[c][v], bodies[c][v].length + MessageHeader.BYTES - MessageHeader.TEXT_CHARS);
                }
            }
            if (entries != null) {
                entries[c] = new String[bodies[c].length][];
                for (int v = 0; v < bodies[c].length; v++) {
                    String all = text(bodies[c][v], bodies[c][v].length);
                    int n = (all.length() + MessageHeader.MAP_ENTRY_CHARS - 1) / MessageHeader.MAP_ENTRY_CHARS;
                    entries[c][v] = new String[n];
                    for (int e = 0; e < n; e++) {
                        entries[c][v][e] = all.substring(e * MessageHeader.MAP_ENTRY_CHARS,
                                Math.min(all.length(), (e + 1) * MessageHeader.MAP_ENTRY_CHARS));
                    }
                    most = Math.max(most, n);
                }
            }
        }
        this.entryNames = new String[most];
        for (int e = 0; e < most; e++) {
            entryNames[e] = "field" + (e + 1);
        }
    }

    /** The body after the header of each size of the mix, of this content, and these properties, as bytes. */
    static MessageContent of(SizeMix sizes, PayloadContent content, MessageProperties properties, Integer priority) {
        return of(sizes, content, properties, priority, MessageType.DEFAULT);
    }

    /** The body after the header of each size of the mix, of this content, in this type, and these properties. */
    static MessageContent of(SizeMix sizes, PayloadContent content, MessageProperties properties, Integer priority,
            MessageType type) {
        return of(sizes, content, properties, priority, type, 0, 0);
    }

    /**
     * As above, each message held by the broker for {@code deliveryDelayNs} before it may be
     * delivered, and living {@code timeToLiveNs} (0 for ever).
     */
    static MessageContent of(SizeMix sizes, PayloadContent content, MessageProperties properties, Integer priority,
            MessageType type, long deliveryDelayNs, long timeToLiveNs) {
        byte[][][] bodies = new byte[sizes.shares().size()][][];
        for (int c = 0; c < bodies.length; c++) {
            int length = sizes.shares().get(c).bytes() - MessageHeader.BYTES;
            int variants = content.variants(length, VARIANTS, VARIANT_BYTES);
            bodies[c] = new byte[variants][];
            for (int v = 0; v < variants; v++) {
                bodies[c][v] = content.body(length, (c + 1L) * VARIANTS + v);
            }
        }
        return new MessageContent(sizes, type, bodies, properties, priority, deliveryDelayNs, timeToLiveNs);
    }

    /** Text bodies, the default, no properties, the default priority. */
    static MessageContent of(SizeMix sizes) {
        return of(sizes, PayloadContent.DEFAULT, MessageProperties.NONE, null);
    }

    /**
     * The first {@code length} bytes of a body as printable ASCII, one character a byte, so that its
     * UTF-8 is as long: text stays text, a zero is '0', any other byte one of 64 characters.
     */
    private static String text(byte[] body, int length) {
        char[] c = new char[Math.max(0, length)];
        for (int i = 0; i < c.length; i++) {
            int b = body[i] & 0xff;
            c[i] = b == 0 ? '0' : b >= 0x20 && b < 0x7f ? (char) b : PRINTABLE[b & 63];
        }
        return new String(c);
    }

    MessageType type() {
        return type;
    }

    /** A writer of the run's messages for one worker's thread: what a text message needs to build its string. */
    Writer writer() {
        return new Writer();
    }

    /** Builds a message of the run: one per worker, used on its thread only. */
    final class Writer {
        /** A text message's characters, header and payload, before they become its string. */
        private final char[] text = type == MessageType.TEXT ? new char[MessageHeader.TEXT_CHARS + longestText()] : null;

        private Writer() {
        }

        /** Message {@code sequence} of the schedule: its type, header, body and properties. */
        Message create(Session session, long runId, long intendedNs, long sendNs, int sender, long sequence)
                throws JMSException {
            switch (type) {
                case BYTES -> {
                    BytesMessage m = session.createBytesMessage();
                    MessageHeader.write(m, runId, intendedNs, sendNs, sender, sequence);
                    m.writeBytes(of(sequence));
                    properties.apply(m);
                    return m;
                }
                case STREAM -> {
                    StreamMessage m = session.createStreamMessage();
                    MessageHeader.write(m, runId, intendedNs, sendNs, sender, sequence);
                    m.writeBytes(of(sequence));
                    properties.apply(m);
                    return m;
                }
                case TEXT -> {
                    String payload = textOf(sequence);
                    MessageHeader.write(text, runId, intendedNs, sendNs, sender, sequence);
                    payload.getChars(0, payload.length(), text, MessageHeader.TEXT_CHARS);
                    TextMessage m = session.createTextMessage(new String(text, 0, MessageHeader.TEXT_CHARS + payload.length()));
                    m.setLongProperty(MessageHeader.RUN_PROPERTY, runId);
                    properties.apply(m);
                    return m;
                }
                case MAP -> {
                    MapMessage m = session.createMapMessage();
                    MessageHeader.write(m, runId, intendedNs, sendNs, sender, sequence);
                    String[] values = entriesOf(sequence);
                    for (int e = 0; e < values.length; e++) {
                        m.setString(entryNames[e], values[e]);
                    }
                    properties.apply(m);
                    return m;
                }
                case OBJECT -> {
                    byte[] payload = of(sequence);
                    byte[] body = new byte[MessageHeader.BYTES + payload.length]; // the message's body, serialized at setObject
                    MessageHeader.write(body, runId, intendedNs, sendNs, sender, sequence);
                    System.arraycopy(payload, 0, body, MessageHeader.BYTES, payload.length);
                    ObjectMessage m = session.createObjectMessage(body);
                    m.setLongProperty(MessageHeader.RUN_PROPERTY, runId);
                    properties.apply(m);
                    return m;
                }
                default -> throw new IllegalStateException("no message of type " + type);
            }
        }
    }

    private int longestText() {
        int most = 0;
        for (String[] ofSize : texts) {
            for (String t : ofSize) {
                most = Math.max(most, t.length());
            }
        }
        return most;
    }

    private String textOf(long sequence) {
        String[] ofSize = texts[sizes.classOf(sequence)];
        return ofSize[(int) Long.remainderUnsigned(sequence, ofSize.length)];
    }

    private String[] entriesOf(long sequence) {
        String[][] ofSize = entries[sizes.classOf(sequence)];
        return ofSize[(int) Long.remainderUnsigned(sequence, ofSize.length)];
    }

    /** A producer of the run's messages: at the asked priority, delivery delay and time to live. */
    void configure(MessageProducer producer) throws JMSException {
        if (priority != null) {
            producer.setPriority(priority);
        }
        if (timeToLiveNs > 0) {
            producer.setTimeToLive(java.util.concurrent.TimeUnit.NANOSECONDS.toMillis(timeToLiveNs));
        }
        if (deliveryDelayNs > 0) {
            try {
                producer.setDeliveryDelay(java.util.concurrent.TimeUnit.NANOSECONDS.toMillis(deliveryDelayNs));
            } catch (UnsupportedOperationException | AbstractMethodError | NoSuchMethodError e) {
                // ActiveMQ Classic's client says so; a JMS 1.1 client has no such method at all.
                throw new dev.harness.core.SettingsException("--delivery-delay", "this provider's client does not support"
                        + " it (" + dev.harness.core.jms.Errors.oneLine(e) + "): leave it out with this provider");
            }
        }
    }

    /** --ttl: each message's time to live; 0 for ever. */
    long timeToLiveNs() {
        return timeToLiveNs;
    }

    /** --delivery-delay: a receiver's message was due this long after its intended time; 0 without one. */
    long deliveryDelayNs() {
        return deliveryDelayNs;
    }

    /** The body of message k of the schedule. */
    byte[] of(long sequence) {
        byte[][] ofSize = bodies[sizes.classOf(sequence)];
        return ofSize[(int) Long.remainderUnsigned(sequence, ofSize.length)];
    }
}
