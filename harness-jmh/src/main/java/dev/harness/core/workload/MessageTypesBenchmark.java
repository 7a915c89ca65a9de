package dev.harness.core.workload;

import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

import javax.jms.Connection;
import javax.jms.JMSException;
import javax.jms.Message;
import javax.jms.Session;

import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import dev.harness.core.broker.EmbeddedArtemis;

/**
 * A message of the run built as a sender builds it, of each --message-type (a 512 B / 2 KiB mix,
 * five properties), into Artemis's own messages from a real session: with {@code -prof gc}
 * (bench/jmh.sh) the bytes per message of the client's message and, for text and object, the body
 * the JMS type takes as an object. What the harness's own code adds is measured apart, without the
 * client, by MessageTypesAllocationTest (nothing, beside those bodies).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class MessageTypesBenchmark {
    @Param({"bytes", "text", "map", "stream", "object"})
    public String type;

    private EmbeddedArtemis broker;
    private Connection connection;
    private Session session;
    private MessageContent.Writer writer;
    private long sequence;

    @Setup
    public void setup() throws Exception {
        broker = EmbeddedArtemis.startTemporary();
        connection = new ActiveMQConnectionFactory(broker.url()).createConnection();
        session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        MessageType t = MessageType.valueOf(type.toUpperCase(Locale.ROOT));
        writer = MessageContent.of(SizeMix.parse("512:50,2KiB:50"), PayloadContent.DEFAULT,
                MessageProperties.of(5, List.of()), null, t).writer();
    }

    @TearDown
    public void tearDown() throws Exception {
        connection.close();
        broker.close();
    }

    @Benchmark
    public Message buildAMessage() throws JMSException {
        long s = sequence++;
        return writer.create(session, 42L, s * 1_000, s * 1_000 + 5, 3, s);
    }
}
