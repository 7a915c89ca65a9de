package dev.harness.core.workload;

import javax.jms.BytesMessage;
import javax.jms.JMSException;

/**
 * What a run's messages carry besides the harness's header: a body for each size of a
 * {@link SizeMix}, of the {@code --payload}'s content, and the {@code --properties}. All of it is
 * made before the schedule starts: a send picks its message's body by the message's number and
 * copies it, allocating nothing of its own.
 */
final class MessageContent {
    private final SizeMix sizes;
    private final byte[][] bodies;
    private final MessageProperties properties;

    private MessageContent(SizeMix sizes, byte[][] bodies, MessageProperties properties) {
        this.sizes = sizes;
        this.bodies = bodies;
        this.properties = properties;
    }

    /** The body after the header of each size of the mix, of this content, and these properties. */
    static MessageContent of(SizeMix sizes, PayloadContent content, MessageProperties properties) {
        byte[][] bodies = new byte[sizes.shares().size()][];
        for (int c = 0; c < bodies.length; c++) {
            bodies[c] = content.body(sizes.shares().get(c).bytes() - MessageHeader.BYTES, c + 1);
        }
        return new MessageContent(sizes, bodies, properties);
    }

    /** Text bodies, the default, and no properties. */
    static MessageContent of(SizeMix sizes) {
        return of(sizes, PayloadContent.DEFAULT, MessageProperties.NONE);
    }

    /** The body of message k of the schedule. */
    byte[] of(long sequence) {
        return bodies[sizes.classOf(sequence)];
    }

    /** Message k's body after the header already written, and the properties. */
    void fill(BytesMessage m, long sequence) throws JMSException {
        m.writeBytes(of(sequence));
        properties.apply(m);
    }
}
