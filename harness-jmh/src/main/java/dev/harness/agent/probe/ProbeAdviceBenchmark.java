package dev.harness.agent.probe;

import java.util.concurrent.TimeUnit;

import javax.jms.Connection;
import javax.jms.DeliveryMode;
import javax.jms.MessageProducer;
import javax.jms.Session;

import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import dev.harness.agent.boot.ProbeHooks;
import dev.harness.core.broker.EmbeddedArtemis;

/**
 * What the probe's advice costs the probed application's thread per call (issue 18): for a send
 * that returned, what {@link Advices.Send} calls, {@code ProbeHooks.enter} (the per-thread nesting
 * depth, the start time) and {@code ProbeHooks.exitSend} (the elapsed time into the operation's
 * wait-free recorder and its pause-corrected call count, the producer asked through its cached
 * handles whether it is transacted and persistent, the persistence count), with the probe's real
 * sink and pause detector (10 ms, three threads) installed as a probe session installs them. The
 * hooks are called directly, as the inlined advice calls them, without Byte Buddy: what Byte Buddy
 * adds around them (a local, a try/catch) is left out; {@code bench/probe-overhead.sh} measures
 * the instrumented call end to end. The producer is Artemis' own, from a connection to an embedded
 * broker, so the handles call its real getters; nothing is sent. Then the parts of exitSend: the
 * recording and the producer's answers. In this package for the probe's package-private classes.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class ProbeAdviceBenchmark {
    PauseCorrection corrected;
    Recorders recorders;
    private long sequence;

    /** The sink installed as a probe session installs it: raw recorders and the pause-corrected view. */
    @Setup
    public void setup() {
        corrected = PauseCorrection.start();
        if (!corrected.active()) {
            throw new IllegalStateException(corrected.note);
        }
        recorders = new Recorders(corrected);
        ProbeHooks.sink = recorders;
    }

    @TearDown
    public void tearDown() {
        ProbeHooks.sink = null;
        corrected.stop();
    }

    /** A persistent producer outside syncpoint, Artemis' own; only the benchmarks that ask it start the broker. */
    @State(Scope.Benchmark)
    public static class ArtemisProducer {
        private EmbeddedArtemis broker;
        private Connection connection;
        MessageProducer producer;

        @Setup
        public void setup() throws Exception {
            broker = EmbeddedArtemis.startTemporary();
            connection = new ActiveMQConnectionFactory(broker.url()).createConnection();
            Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            producer = session.createProducer(session.createQueue("jmh.probe"));
            producer.setDeliveryMode(DeliveryMode.PERSISTENT);
        }

        @TearDown
        public void tearDown() throws Exception {
            connection.close();
            broker.close();
        }
    }

    /** A call time in the range a send takes: 50 us to 1.1 ms, never the same twice in a row. */
    private long nanos() {
        return 50_000 + ((sequence++ & 1023) << 10);
    }

    /** The whole advice around a persistent send outside syncpoint that returned (the send itself left out). */
    @Benchmark
    public void sendAdvice(ArtemisProducer p) {
        long start = ProbeHooks.enter(ProbeHooks.F_SEND);
        ProbeHooks.exitSend(start, p.producer, 0, null);
    }

    /** exitSend's recording: the send's raw recorder and the call count of its pause-corrected view. */
    @Benchmark
    public void recordRawAndPauseCorrected() {
        recorders.timed(ProbeHooks.SEND, nanos(), null, null);
    }

    /** The pause-corrected part alone: the call counted for the interval estimate (corrections come from the detector's thread). */
    @Benchmark
    public void recordPauseCorrected() {
        corrected.record(ProbeHooks.SEND);
    }

    /** exitSend's questions to the producer: transacted (through its session) and its delivery mode. */
    @Benchmark
    public int askProducer(ArtemisProducer p) {
        return (Producers.transacted(p.producer, true) ? 4 : 0) + Producers.deliveryMode(p.producer, 0);
    }
}
