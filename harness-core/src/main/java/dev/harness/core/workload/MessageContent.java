package dev.harness.core.workload;

import javax.jms.BytesMessage;
import javax.jms.JMSException;
import javax.jms.MessageProducer;

/**
 * What a run's messages carry besides the harness's header: a body for each size of a
 * {@link SizeMix}, of the {@code --payload}'s content, the {@code --properties}, and the
 * {@code --priority} their producers send them at. All of it is made before the schedule starts:
 * a send picks its message's body by the message's number and copies it, allocating nothing of
 * its own.
 */
final class MessageContent {
    /** Up to this many bodies of each size, in turn, so that consecutive messages of one size differ. */
    static final int VARIANTS = 16;
    /** ... as long as a size's bodies take no more than this between them. */
    private static final long VARIANT_BYTES = 4L * 1024 * 1024;

    private final SizeMix sizes;
    /** Per size, its bodies after the header; message k of the size takes the (k mod count)th. */
    private final byte[][][] bodies;
    private final MessageProperties properties;
    /** JMS priority, 0 to 9; null leaves the provider's default (4). */
    private final Integer priority;

    private MessageContent(SizeMix sizes, byte[][][] bodies, MessageProperties properties, Integer priority) {
        this.sizes = sizes;
        this.bodies = bodies;
        this.properties = properties;
        this.priority = priority;
    }

    /** The body after the header of each size of the mix, of this content, and these properties. */
    static MessageContent of(SizeMix sizes, PayloadContent content, MessageProperties properties, Integer priority) {
        byte[][][] bodies = new byte[sizes.shares().size()][][];
        for (int c = 0; c < bodies.length; c++) {
            int length = sizes.shares().get(c).bytes() - MessageHeader.BYTES;
            int variants = (int) Math.max(1, Math.min(VARIANTS, VARIANT_BYTES / Math.max(1, length)));
            bodies[c] = new byte[variants][];
            for (int v = 0; v < variants; v++) {
                bodies[c][v] = content.body(length, (c + 1L) * VARIANTS + v);
            }
        }
        return new MessageContent(sizes, bodies, properties, priority);
    }

    /** Text bodies, the default, no properties, the default priority. */
    static MessageContent of(SizeMix sizes) {
        return of(sizes, PayloadContent.DEFAULT, MessageProperties.NONE, null);
    }

    /** A producer of the run's messages: at the asked priority. */
    void configure(MessageProducer producer) throws JMSException {
        if (priority != null) {
            producer.setPriority(priority);
        }
    }

    /** The body of message k of the schedule. */
    byte[] of(long sequence) {
        byte[][] ofSize = bodies[sizes.classOf(sequence)];
        return ofSize[(int) Long.remainderUnsigned(sequence, ofSize.length)];
    }

    /** Message k's body after the header already written, and the properties. */
    void fill(BytesMessage m, long sequence) throws JMSException {
        m.writeBytes(of(sequence));
        properties.apply(m);
    }
}
