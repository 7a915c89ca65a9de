package dev.harness.core.workload;

import java.util.concurrent.TimeUnit;

import javax.jms.JMSException;

import org.apache.activemq.artemis.api.core.Message;
import org.apache.activemq.artemis.api.core.client.ClientMessage;
import org.apache.activemq.artemis.core.client.impl.ClientMessageImpl;
import org.apache.activemq.artemis.jms.client.ActiveMQBytesMessage;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import dev.harness.core.measure.LatencyRecorder;
import dev.harness.core.measure.ThroughputMeter;
import dev.harness.core.measure.View;
import dev.harness.core.run.RunControl;
import dev.harness.core.schedule.Schedule;

/**
 * What the harness adds to each message, one benchmark per step of the send path: the schedule's
 * intended time, recording a value into a view, the per-second throughput tick, the ledger's
 * commit and receipt ticks, the message header written into a real Artemis BytesMessage, and an
 * asynchronous send's slot taken and acknowledged. Run with {@code -prof gc} (bench/jmh.sh) for the
 * bytes allocated per operation: the recording steps should allocate nothing. In this package for
 * the package-private ledger, header and in-flight window.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class HotPathBenchmark {
    private Schedule schedule;
    private LatencyRecorder recorder;
    private ThroughputMeter meter;
    private Ledger ledger;
    private InFlight window;
    private OwnLag ownLag;
    private ActiveMQBytesMessage message;
    private long sequence;
    private long valueNs;

    @Setup
    public void setup() throws JMSException {
        long start = System.nanoTime();
        schedule = new Schedule(start, 10_000, TimeUnit.HOURS.toNanos(1));
        recorder = new LatencyRecorder(start); // every value measured, none warmup
        meter = new ThroughputMeter(3_600 * 2);
        ledger = Ledger.of(Ledger.NO_TOTAL, 1);
        window = new InFlight(64, (slot, ackNs) -> { }, new RunControl());
        ownLag = new OwnLag();
        ownLag.start(0);
        message = new Outgoing(new ClientMessageImpl(Message.BYTES_TYPE, true, 0, 0, (byte) 4, 1_500));
        message.clearProperties(); // writable, as a session's new message is (the header sets the run property)
        valueNs = 1_234_567;
    }

    /** Artemis's own BytesMessage around a client message, as its session makes one (its constructor is protected). */
    static final class Outgoing extends ActiveMQBytesMessage {
        Outgoing(ClientMessage message) {
            super(message, null);
        }
    }

    @Benchmark
    public long scheduleIntendedTime() {
        return schedule.intendedNs(sequence++);
    }

    @Benchmark
    public void recordIntoAView() {
        recorder.record(View.RESPONSE, 1L, valueNs += 97);
    }

    @Benchmark
    public void recordResponseServiceSendLag() {
        long v = valueNs += 97;
        recorder.record(View.RESPONSE, 1L, v);
        recorder.record(View.SERVICE, 1L, v >> 1);
        recorder.record(View.SEND_LAG, 1L, v >> 4);
    }

    @Benchmark
    public void throughputTick() {
        long now = System.nanoTime();
        meter.completion(now, now - 1_000_000);
    }

    /** A message committed, then received: both ticks, as a put with a drainer does. */
    @Benchmark
    public boolean ledgerCommitAndReceipt() {
        long s = sequence++;
        ledger.committed(s);
        return ledger.received(s);
    }

    @Benchmark
    public ActiveMQBytesMessage messageHeader() throws JMSException {
        message.clearBody();
        MessageHeader.write(message, 42L, valueNs, valueNs + 5, 3, sequence++);
        return message;
    }

    /** An asynchronous send's bookkeeping: a slot taken, filled, acknowledged (as the provider's thread would). */
    @Benchmark
    public void inFlightSlotTakenAndAcknowledged() throws JMSException {
        InFlight.Slot s = window.acquire();
        s.sequence = sequence++;
        s.intendedNs = valueNs;
        s.sendNs = valueNs;
        s.callNs = valueNs;
        s.onCompletion(null);
    }

    /**
     * What a send adds for own-lag: its own-lag worked out (a little behind its schedule, with a
     * wait since its intended time), then its call noted as a wait on the system.
     */
    @Benchmark
    public long ownLagOfASendAndItsCall() {
        long t = valueNs += 1_000;
        long own = ownLag.ownLagNs(t - 300, t);
        ownLag.waited(t + 10, t + 60);
        return own;
    }
}
