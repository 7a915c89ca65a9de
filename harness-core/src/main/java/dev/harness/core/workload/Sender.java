package dev.harness.core.workload;

import java.util.concurrent.atomic.AtomicLong;

import javax.jms.BytesMessage;
import javax.jms.Connection;
import javax.jms.DeliveryMode;
import javax.jms.JMSException;
import javax.jms.MessageProducer;
import javax.jms.Session;

import dev.harness.core.jms.Provider;
import dev.harness.core.measure.LatencyRecorder;
import dev.harness.core.measure.Measurement;
import dev.harness.core.measure.PauseCorrectedStats;
import dev.harness.core.measure.ThroughputMeter;
import dev.harness.core.measure.View;
import dev.harness.core.run.RunControl;
import dev.harness.core.schedule.Pacer;
import dev.harness.core.schedule.Schedule;

/**
 * One sender: its own connection and session, its share of the schedule (messages id, id+n,
 * ...), round robin over the queues. When it falls behind it sends the missed messages at once;
 * it never skips one and never restarts the schedule. The send loop allocates nothing but the
 * JMS message.
 */
final class Sender implements Runnable {
    private final int id;
    private final int senderCount;
    private final PutSettings settings;
    private final RunControl control;
    private final long runId;
    private final byte[] payload;
    private final boolean completesOnReturn;
    private final long[] batchIntendedNs;
    private final long[] batchSentNs;
    private final AtomicLong sendsReturned = new AtomicLong();
    private final AtomicLong committed = new AtomicLong();
    private volatile boolean done;

    private Connection connection;
    private Session session;
    private MessageProducer[] producers;
    private Provider provider;
    private Schedule schedule;
    private LatencyRecorder recorder;
    private PauseCorrectedStats pauseCorrected;
    private ThroughputMeter meter;
    private int batched;

    Sender(int id, PutSettings settings, RunControl control, long runId, byte[] payload) {
        this.id = id;
        this.senderCount = settings.senders();
        this.settings = settings;
        this.control = control;
        this.runId = runId;
        this.payload = payload;
        this.completesOnReturn = settings.drainers() == 0;
        this.batchIntendedNs = new long[Math.max(1, settings.syncpoint())];
        this.batchSentNs = new long[Math.max(1, settings.syncpoint())];
    }

    void open(Provider provider) throws JMSException {
        this.provider = provider;
        connection = JmsWork.connect(provider, control, "sender " + id);
        boolean transacted = settings.syncpoint() > 0;
        session = JmsWork.session(connection, transacted);
        producers = new MessageProducer[settings.queues()];
        for (int q = 0; q < producers.length; q++) {
            MessageProducer p = session.createProducer(provider.queue(session, settings.queueName(q)));
            p.setDeliveryMode(settings.persistent() ? DeliveryMode.PERSISTENT : DeliveryMode.NON_PERSISTENT);
            p.setDisableMessageTimestamp(true);
            producers[q] = p;
        }
    }

    void bind(Schedule schedule, Measurement measurement) {
        this.schedule = schedule;
        this.recorder = measurement.recorder();
        this.pauseCorrected = measurement.pauseCorrected();
        this.meter = measurement.meter();
    }

    @Override
    public void run() {
        try {
            int queue = id % producers.length;
            for (long j = 0; ; j++) {
                long sequence = id + j * senderCount;
                long intendedNs;
                if (schedule.unthrottled()) {
                    intendedNs = System.nanoTime();
                    if (intendedNs >= schedule.endNs() || control.stopRequested()) {
                        break;
                    }
                } else {
                    if (sequence >= schedule.total()) {
                        break;
                    }
                    intendedNs = schedule.intendedNs(sequence);
                    if (!Pacer.awaitUntil(intendedNs, control)) {
                        break;
                    }
                }
                send(producers[queue], intendedNs, sequence);
                queue = queue + 1 == producers.length ? 0 : queue + 1;
            }
            if (batched > 0) {
                commit();
            }
        } catch (JMSException e) {
            if (!control.stopRequested()) {
                control.fail("sender " + id + ": " + provider.explain(e));
            }
        } catch (RuntimeException e) {
            control.fail("sender " + id + " stopped: " + e);
        } finally {
            done = true;
        }
    }

    private void send(MessageProducer producer, long intendedNs, long sequence) throws JMSException {
        // The actual send time is when the application starts its send: building the message
        // is part of it. The put view times the send() call alone, as a tracer shows MQPUT.
        long sendNs = System.nanoTime();
        BytesMessage m = session.createBytesMessage();
        MessageHeader.write(m, runId, intendedNs, sendNs, id, sequence);
        m.writeBytes(payload);
        long putStartNs = System.nanoTime();
        producer.send(m);
        long returnedNs = System.nanoTime();
        sendsReturned.lazySet(sendsReturned.get() + 1);

        long putNs = returnedNs - putStartNs;
        recorder.record(View.SEND_LAG, intendedNs, sendNs - intendedNs);
        recorder.record(View.PUT, intendedNs, putNs);
        pauseCorrected.record(putNs);
        if (settings.syncpoint() > 0) {
            batchIntendedNs[batched] = intendedNs;
            batchSentNs[batched] = sendNs;
            if (++batched == settings.syncpoint()) {
                commit();
            }
        } else {
            if (completesOnReturn) {
                complete(intendedNs, sendNs, returnedNs);
            }
            committed.lazySet(committed.get() + 1);
        }
    }

    private void commit() throws JMSException {
        long startNs = System.nanoTime();
        session.commit();
        long committedNs = System.nanoTime();
        recorder.record(View.COMMIT, batchIntendedNs[batched - 1], committedNs - startNs);
        if (completesOnReturn) {
            // The commit made these messages durable (or visible): that is their completion.
            for (int i = 0; i < batched; i++) {
                complete(batchIntendedNs[i], batchSentNs[i], committedNs);
            }
        }
        committed.lazySet(committed.get() + batched);
        batched = 0;
    }

    private void complete(long intendedNs, long sendNs, long completedNs) {
        recorder.record(View.RESPONSE, intendedNs, completedNs - intendedNs);
        recorder.record(View.SERVICE, intendedNs, completedNs - sendNs);
        meter.completed(completedNs, 1);
    }

    /** Messages whose send, and commit in syncpoint, returned: they are on the broker. */
    long committed() {
        return committed.get();
    }

    /** send() calls that returned, committed or not. */
    long sendsReturned() {
        return sendsReturned.get();
    }

    boolean done() {
        return done;
    }

    void close() {
        JmsWork.closeQuietly(connection);
    }
}
