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
 * ...), round robin over the queues. In a shard its id and n are those across the shard set
 * ({@link dev.harness.core.schedule.Shard#owner}) and its messages are numbered by the whole
 * schedule, so no two senders of the set share an id or a number. When it falls behind it sends the missed messages at once;
 * it never skips one and never restarts the schedule. The send loop allocates nothing but the
 * JMS message.
 *
 * <p>When the connection is lost, it connects again and sends its {@link UnitOfWork} again, with
 * the original intended times, so their {@code response} carries the outage.
 *
 * <p>With {@code --max-in-flight} N above 1 it sends with a CompletionListener and keeps up to N
 * sends unacknowledged ({@link InFlight}); outside syncpoint a send completes at its
 * acknowledgement, in syncpoint the commit waits for the unit's acknowledgements first.
 */
final class Sender implements Runnable, UnitOfWork.Worker, InFlight.Acks {
    /** Its number across the shard set, and theirs: it sends the whole schedule's messages id, id+n, ... */
    private final int id;
    private final int senderCount;
    /** Its number in this process: where its round robin over the queues starts. */
    private final int local;
    private final PutSettings settings;
    private final long runId;
    private final byte[] payload;
    private final boolean completesOnReturn;
    private final int unitSize;
    private final long[] unitSentNs;
    private final UnitOfWork unit;
    private final RunControl control;
    /** Asynchronous sends; null with one send at a time. */
    private final InFlight window;
    private final long drainTimeoutNs;
    private volatile boolean done;
    /** Saturation figures, written by this sender's thread, read once it is done. */
    private final WorkerTime time = new WorkerTime();
    /** Whose its sends' lateness was: written and read by its thread only. */
    private final OwnLag ownLag = new OwnLag();
    private Measurement measurement;

    private Session session;
    private MessageProducer[] producers;
    private Schedule schedule;
    private LatencyRecorder recorder;
    private PauseCorrectedStats pauseCorrected;
    private ThroughputMeter meter;

    /** @param local its number in this process, from 0 */
    Sender(int local, PutSettings settings, RunControl control, long runId, byte[] payload, Ledger ledger,
            Reconnect reconnect) {
        this.local = local;
        this.id = settings.shard().owner(local);
        this.senderCount = settings.shard().owners(settings.senders());
        this.unit = new UnitOfWork("sender " + id, control, reconnect, ledger, settings.syncpoint(), this);
        this.control = control;
        this.settings = settings;
        this.runId = runId;
        this.payload = payload;
        this.completesOnReturn = settings.drainers() == 0;
        this.unitSize = unit.capacity();
        this.unitSentNs = new long[unitSize];
        this.window = settings.asyncSends() ? new InFlight(settings.maxInFlight(), this, control) : null;
        this.drainTimeoutNs = settings.drainTimeoutNs();
    }

    void open(Provider provider) throws JMSException {
        unit.open(provider);
    }

    @Override
    public Connection connect(Provider provider) throws JMSException {
        Connection c = unit.connect(provider);
        if (window != null) {
            window.reset(!unit.transacted()); // sends unacknowledged on the old connection are in doubt
            watch(c, window);
        }
        try {
            Session s = JmsWork.session(c, unit.transacted());
            MessageProducer[] p = new MessageProducer[settings.ownQueues()];
            for (int q = 0; q < p.length; q++) {
                p[q] = s.createProducer(provider.queue(s, settings.queueName(q)));
                p[q].setDeliveryMode(settings.persistent() ? DeliveryMode.PERSISTENT : DeliveryMode.NON_PERSISTENT);
                // Nothing reads a put message's JMSMessageID or JMSTimestamp (the drainer and the ledger
                // go by the header in the body): hints that spare the client an ID and a clock read per send.
                p[q].setDisableMessageID(true);
                p[q].setDisableMessageTimestamp(true);
            }
            session = s;
            producers = p;
            ownLag.reconnected(System.nanoTime()); // a send due during the outage is late by it, not by the harness
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
        this.measurement = measurement;
    }

    /**
     * A sender waiting for acknowledgements makes no call that could fail: the connection's loss
     * must reach it through its window. The listener the connection had (the run's end when nobody
     * reconnects) still hears of it.
     */
    static void watch(Connection c, InFlight window) throws JMSException {
        javax.jms.ExceptionListener before = c.getExceptionListener();
        c.setExceptionListener(e -> {
            window.fail(e);
            if (before != null) {
                before.onException(e);
            }
        });
    }

    @Override
    public void run() {
        long startNs = System.nanoTime();
        time.start(startNs, measurement::warmupEndNs);
        ownLag.start(startNs);
        try {
            int queue = local % producers.length;
            for (long j = 0; ; j++) {
                long sequence = id + j * senderCount; // the whole schedule's k
                long intendedNs;
                if (schedule.unthrottled()) {
                    intendedNs = System.nanoTime();
                    if (intendedNs >= schedule.endNs() || control.stopRequested()) {
                        break;
                    }
                    time.beforeWait(intendedNs, window == null ? 0 : window.fullNs(), unit.sendsReturned());
                } else {
                    if (sequence >= schedule.wholeTotal()) {
                        break;
                    }
                    intendedNs = schedule.wholeIntendedNs(sequence);
                    unit.nextDue(intendedNs);
                    long waitStartNs = System.nanoTime();
                    time.beforeWait(waitStartNs, window == null ? 0 : window.fullNs(), unit.sendsReturned());
                    boolean due = Pacer.awaitUntil(intendedNs, control);
                    time.paced(System.nanoTime() - waitStartNs);
                    if (!due) {
                        break;
                    }
                }
                put(queue, intendedNs, sequence);
                queue = queue + 1 == producers.length ? 0 : queue + 1;
            }
            if (unit.pending() > 0) {
                unit.completeOrRecover();
            }
            if (window != null) {
                unit.drainOrRecover();
            }
        } catch (JMSException e) {
            if (!control.stopRequested()) {
                control.fail(unit.explain(e));
            }
        } catch (RuntimeException e) {
            control.fail(unit.name() + " stopped: " + e);
        } finally {
            unit.sendingOver();
            time.end(System.nanoTime());
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
        if (window != null) {
            sendAsync(i, intendedNs, unit.queue(i), unit.sequence(i));
            return;
        }
        long sendNs = System.nanoTime();
        long ownLagNs = ownLag.ownLagNs(intendedNs, sendNs);
        BytesMessage m = session.createBytesMessage();
        MessageHeader.write(m, runId, intendedNs, sendNs, id, unit.sequence(i));
        m.writeBytes(payload);
        long putStartNs = System.nanoTime();
        producers[unit.queue(i)].send(m);
        long returnedNs = System.nanoTime();
        ownLag.waited(putStartNs, returnedNs);
        unitSentNs[i] = sendNs;
        if (unit.sendReturned(i)) {
            long putNs = returnedNs - putStartNs;
            recorder.record(View.SEND_LAG, intendedNs, sendNs - intendedNs);
            recorder.record(View.OWN_LAG, intendedNs, ownLagNs);
            recorder.record(View.PUT, intendedNs, putNs);
            pauseCorrected.record(putNs);
        }
    }

    /**
     * Sends with a CompletionListener: waits for a free slot first (a full window delays the send,
     * and that shows in send-lag and response, as for an application), then hands the message off.
     * Unit message {@code i} outside syncpoint, or a send carried from a lost connection ({@code i} < 0).
     */
    private void sendAsync(int i, long intendedNs, int queue, long sequence) throws JMSException {
        InFlight.Slot slot = window.acquire();
        long sendNs = System.nanoTime();
        ownLag.waited(window.waitStartNs(), window.waitEndNs()); // the last wait for a slot, counted once
        long ownLagNs = ownLag.ownLagNs(intendedNs, sendNs);
        slot.queue = queue;
        slot.intendedNs = intendedNs;
        slot.sequence = sequence;
        slot.sendNs = sendNs;
        slot.countedInDoubt = i < 0; // a carried send was counted in doubt when its connection was lost
        long putStartNs = 0;
        boolean tried = false;
        try {
            BytesMessage m = session.createBytesMessage();
            MessageHeader.write(m, runId, intendedNs, sendNs, id, sequence);
            m.writeBytes(payload);
            putStartNs = System.nanoTime();
            slot.callNs = putStartNs;
            tried = true;
            producers[queue].send(m, slot);
        } catch (JMSException | RuntimeException e) {
            if (tried && i >= 0 && !unit.transacted()) {
                unit.handedOff(); // tried, so in doubt: it stays in flight, to be carried and sent again
            } else {
                // Never tried (building the message failed), a transacted unit, or the carried list:
                // the slot is free and whoever holds the message sends it again, once.
                window.release(slot);
            }
            throw e;
        }
        long returnedNs = System.nanoTime();
        ownLag.waited(putStartNs, returnedNs);
        if (i < 0) {
            return; // recorded at its first send
        }
        unitSentNs[i] = sendNs;
        if (unit.sendReturned(i)) {
            long putNs = returnedNs - putStartNs;
            recorder.record(View.SEND_LAG, intendedNs, sendNs - intendedNs);
            recorder.record(View.OWN_LAG, intendedNs, ownLagNs);
            recorder.record(View.PUT, intendedNs, putNs);
            pauseCorrected.record(putNs);
        }
    }

    /** On the provider's thread: the broker has the message; outside syncpoint that completes it. */
    @Override
    public void acknowledged(InFlight.Slot slot, long ackNs) {
        recorder.record(View.ACK, slot.intendedNs, ackNs - slot.callNs);
        if (!unit.transacted()) {
            if (completesOnReturn) {
                complete(slot.intendedNs, slot.sendNs, ackNs);
            }
            unit.acknowledged(slot.sequence);
        }
    }

    @Override
    public boolean handsOff() {
        return window != null && !unit.transacted();
    }

    @Override
    public int newlyInDoubt() {
        return window == null || unit.transacted() ? 0 : window.newlyInDoubt();
    }

    @Override
    public void resendInFlight() throws JMSException {
        if (window == null || unit.transacted()) {
            return;
        }
        while (window.carried() > 0) {
            int c = window.carried() - 1;
            sendAsync(-1, window.carriedIntendedNs(c), window.carriedQueue(c), window.carriedSequence(c));
            window.takeCarried(); // sent: in a slot of the new connection now
        }
    }

    @Override
    public void awaitInFlight() throws JMSException {
        if (window != null) {
            resendInFlight();
            window.awaitAll(drainTimeoutNs);
        }
    }

    /** Commits the unit (in syncpoint); its messages are on the broker, and complete if nobody drains them. */
    @Override
    public void completeUnit() throws JMSException {
        if (window != null && !unit.transacted()) {
            unit.handedOff(); // the acknowledgement completes it
            return;
        }
        long doneNs;
        if (unit.transacted()) {
            long waitStartNs = System.nanoTime(); // the unit's acknowledgements and its commit: the broker's time
            // JMS: a commit waits for the session's asynchronous sends, as long as the broker takes
            // (the run's failure rules bound it); commit times the commit alone.
            if (window != null && !window.awaitAllUnlessStopped(drainTimeoutNs)) {
                throw new JMSException(unit.name() + ": the run is stopping and sends of the unit are not"
                        + " acknowledged; not committed");
            }
            doneNs = unit.commit(session, recorder);
            ownLag.waited(waitStartNs, doneNs);
        } else {
            doneNs = System.nanoTime();
        }
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

    /** What this sender's thread did with its time over the measured phase; valid once {@link #done}. */
    dev.harness.core.run.SenderLoad load() {
        return time.load(window == null ? 0 : window.fullNs(), window == null ? 1 : window.max(), unit.sendsReturned(),
                false);
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
