package dev.harness.core.workload;


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
 *
 * <p>When the connection is lost, it connects again and sends its {@link UnitOfWork} again, with
 * the original intended times, so their {@code response} carries the outage.
 */
final class Sender implements Runnable, UnitOfWork.Worker {
    private final int id;
    private final int senderCount;
    private final PutSettings settings;
    private final long runId;
    private final byte[] payload;
    private final boolean completesOnReturn;
    private final int unitSize;
    private final long[] unitSentNs;
    private final UnitOfWork unit;
    private final RunControl control;
    private volatile boolean done;

    private Session session;
    private MessageProducer[] producers;
    private Schedule schedule;
    private LatencyRecorder recorder;
    private PauseCorrectedStats pauseCorrected;
    private ThroughputMeter meter;

    Sender(int id, PutSettings settings, RunControl control, long runId, byte[] payload, Ledger ledger,
            Reconnect reconnect) {
        this.unit = new UnitOfWork("sender " + id, control, reconnect, ledger, settings.syncpoint(), this);
        this.control = control;
        this.id = id;
        this.senderCount = settings.senders();
        this.settings = settings;
        this.runId = runId;
        this.payload = payload;
        this.completesOnReturn = settings.drainers() == 0;
        this.unitSize = unit.capacity();
        this.unitSentNs = new long[unitSize];
    }

    void open(Provider provider) throws JMSException {
        unit.open(provider);
    }

    @Override
    public Connection connect(Provider provider) throws JMSException {
        Connection c = unit.connect(provider);
        try {
            Session s = JmsWork.session(c, unit.transacted());
            MessageProducer[] p = new MessageProducer[settings.ownQueues()];
            for (int q = 0; q < p.length; q++) {
                p[q] = s.createProducer(provider.queue(s, settings.queueName(q)));
                p[q].setDeliveryMode(settings.persistent() ? DeliveryMode.PERSISTENT : DeliveryMode.NON_PERSISTENT);
                p[q].setDisableMessageTimestamp(true);
            }
            session = s;
            producers = p;
            return c;
        } catch (JMSException | RuntimeException e) {
            JmsWork.closeQuietly(c);
            throw e;
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
                    unit.nextDue(intendedNs);
                    if (!Pacer.awaitUntil(intendedNs, control)) {
                        break;
                    }
                }
                put(queue, intendedNs, sequence);
                queue = queue + 1 == producers.length ? 0 : queue + 1;
            }
            if (unit.pending() > 0) {
                unit.completeOrRecover();
            }
        } catch (JMSException e) {
            if (!control.stopRequested()) {
                control.fail(unit.explain(e));
            }
        } catch (RuntimeException e) {
            control.fail(unit.name() + " stopped: " + e);
        } finally {
            unit.sendingOver();
            done = true;
        }
    }

    /** Adds a message to the unit of work and sends it; completes the unit when it is full. */
    private void put(int queue, long intendedNs, long sequence) throws JMSException {
        int i = unit.add(queue, intendedNs, sequence);
        unit.sendOrRecover(i, unit.pending() == unitSize);
    }

    @Override
    public void send(int i) throws JMSException {
        // The actual send time is when the application starts its send: building the message
        // is part of it. The put view times the send() call alone, as a tracer shows MQPUT.
        long intendedNs = unit.intendedNs(i);
        long sendNs = System.nanoTime();
        BytesMessage m = session.createBytesMessage();
        MessageHeader.write(m, runId, intendedNs, sendNs, id, unit.sequence(i));
        m.writeBytes(payload);
        long putStartNs = System.nanoTime();
        producers[unit.queue(i)].send(m);
        long returnedNs = System.nanoTime();
        unitSentNs[i] = sendNs;
        if (unit.sendReturned(i)) {
            long putNs = returnedNs - putStartNs;
            recorder.record(View.SEND_LAG, intendedNs, sendNs - intendedNs);
            recorder.record(View.PUT, intendedNs, putNs);
            pauseCorrected.record(putNs);
        }
    }

    /** Commits the unit (in syncpoint); its messages are on the broker, and complete if nobody drains them. */
    @Override
    public void completeUnit() throws JMSException {
        long doneNs = unit.transacted() ? unit.commit(session, recorder) : System.nanoTime();
        if (completesOnReturn) {
            // The send or commit made these messages durable (or visible): that is their completion.
            for (int i = 0; i < unit.pending(); i++) {
                complete(unit.intendedNs(i), unitSentNs[i], doneNs);
            }
        }
        unit.unitDone();
    }

    @Override
    public boolean unthrottled() {
        return schedule.unthrottled();
    }

    private void complete(long intendedNs, long sendNs, long completedNs) {
        recorder.record(View.RESPONSE, intendedNs, completedNs - intendedNs);
        recorder.record(View.SERVICE, intendedNs, completedNs - sendNs);
        meter.completion(completedNs, intendedNs);
    }

    boolean done() {
        return done;
    }

    long committed() {
        return unit.committed();
    }

    long sendsReturned() {
        return unit.sendsReturned();
    }

    void close() {
        unit.close();
    }
}
