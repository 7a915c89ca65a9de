package dev.harness.core.workload;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.List;

import javax.jms.JMSException;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * What the harness allocates to build each message of the run, of every --message-type, with a
 * --size mix, five properties and a priority: nothing, but for the body itself where the JMS type
 * takes the body as a new object (a text message's String, an object message's array). The
 * messages come from a {@link NullSession}, which allocates nothing, so the JVM's per-thread
 * allocation counter sees the harness's work alone, as HotPathAllocationTest measures the rest of
 * the path.
 */
class MessageTypesAllocationTest {
    private static final int MESSAGES = 100_000;
    /** An object's header and an array's, beside the body's bytes: a String is both. */
    private static final int OBJECT_OVERHEAD_BYTES = 64;

    @ParameterizedTest
    @EnumSource(MessageType.class)
    void buildingAMessageAllocatesNothingButTheBodyItsTypeTakesAsAnObject(MessageType type) throws JMSException {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        SizeMix mix = SizeMix.parse("512:50,2KiB:50");
        MessageContent content = MessageContent.of(mix, PayloadContent.DEFAULT, MessageProperties.of(5, List.of("app=orders")), 4,
                type);
        MessageContent.Writer writer = content.writer();
        NullSession session = new NullSession();
        build(writer, session, 0, 2 * MESSAGES); // warm up the JIT
        long tid = Thread.currentThread().getId();
        long before = threads.getThreadAllocatedBytes(tid);
        build(writer, session, 2 * MESSAGES, 3 * MESSAGES);
        double perMessage = (threads.getThreadAllocatedBytes(tid) - before) / (double) MESSAGES;
        boolean bodyIsAnObject = type == MessageType.TEXT || type == MessageType.OBJECT;
        // Each character of a text body is one byte (Latin-1, as the payload is printable ASCII).
        double allowed = bodyIsAnObject ? mix.meanBytes() + OBJECT_OVERHEAD_BYTES : 1;
        assertTrue(perMessage <= allowed, type + ": " + perMessage + " bytes allocated a message, against " + allowed);
        if (bodyIsAnObject) {
            assertTrue(perMessage >= mix.meanBytes() * 0.9, type + ": the body is made per message: " + perMessage);
        }
        assertTrue(session.message.sum != 0 && session.message.last != null, "the messages were written");
    }

    private static void build(MessageContent.Writer writer, NullSession session, long from, long to) throws JMSException {
        for (long k = from; k < to; k++) {
            writer.create(session, 42L, k * 1_000, k * 1_000 + 5, 3, k);
        }
    }
}
