package dev.harness.core.workload;

import javax.jms.Connection;
import javax.jms.DeliveryMode;
import javax.jms.Destination;
import javax.jms.ExceptionListener;
import javax.jms.JMSException;
import javax.jms.Message;
import javax.jms.MessageProducer;
import javax.jms.Session;

import dev.harness.core.jms.Provider;
import dev.harness.core.measure.LatencyRecorder;
import dev.harness.core.measure.Measurement;
import dev.harness.core.measure.PauseCorrectedStats;
import dev.harness.core.measure.ThroughputMeter;
import dev.harness.core.measure.View;
import dev.harness.core.run.RunControl;
import dev.harness.core.run.SenderLoad;
import dev.harness.core.schedule.Pacer;
import dev.harness.core.schedule.Schedule;

/**
 * The one timed send, shared by every worker that sends on the run's schedule (senders,
 * requesters): its connection, session and producers, one per destination; the message built
 * with its header; the send call, blocking or with a CompletionListener in the in-flight window
 * ({@link InFlight}); own-lag ({@link OwnLag}); and send-lag, own-lag, put and pause-corrected
 * recorded once per message. A unit of work ({@link UnitOfWork}) is committed, sent again after a
 * reconnect, or handed off to the window here too. The worker says what differs: where each
 * producer sends ({@link #destination}), what a message carries beside the header
 * ({@link #beforeSend}), and what a send that returned, a committed unit or an acknowledgement
 * completes. Nothing here allocates per message but the JMS message.
 *
 * <p>A worker is numbered across the shard set ({@link dev.harness.core.schedule.Shard#owner}): it
 * sends the whole schedule's messages {@code id, id + n, ...}, so no two workers of the set share
 * an id or a number.
 */
abstract class ScheduledSender implements Runnable, UnitOfWork.Worker, InFlight.Acks {
    /** Its number across the shard set, and how many there are. */
    final int id;
    final int workerCount;
    /** Its number in this process: where its round robin over the destinations starts. */
    final int local;
    final long runId;
    final RunControl control;
    final UnitOfWork unit;
    final boolean transacted;
    /** Asynchronous sends; null with one send at a time. */
    final InFlight window;
    /** Saturation figures, written by the worker's thread, read once it is done. */
    final WorkerTime time = new WorkerTime();
    /** How much of each send's lateness was the worker's own: written and read by its thread only. */
    final OwnLag ownLag = new OwnLag();
    private final WorkloadSettings settings;
    private final MessageContent content;
    /** Builds this worker's messages, on its thread. */
    private final MessageContent.Writer writer;

    Session session;
    MessageProducer[] producers;
    Schedule schedule;
    LatencyRecorder recorder;
    /** Put's senders: each queue's depth, counted as its messages are sent; null for the others. */
    private QueueDepths depths;
    ThroughputMeter meter;
    Measurement measurement;
    private PauseCorrectedStats pauseCorrected;
    private volatile boolean sendingDone;
    /** --reconnect-every: messages a connection carries before the worker makes a new one; 0 for never. */
    private int reconnectEvery;
    /** Messages of completed units on this connection. */
    private int sinceConnect;
    /** --sessions-per-connection: the connections it shares with other workers; null for one of its own. */
    private SharedConnections shared;

    /**
     * @param kind "sender", "requester": with its id, its name in messages
     * @param local its number in this process, from 0
     * @param workers how many workers of its kind this process runs
     */
    ScheduledSender(String kind, int local, int workers, WorkloadSettings settings, RunControl control, long runId,
            MessageContent content, Commits ledger, Reconnect reconnect) {
        this.local = local;
        this.id = settings.shard().owner(local);
        this.workerCount = settings.shard().owners(workers);
        this.unit = new UnitOfWork(kind + " " + id, control, reconnect, ledger, settings.syncpoint(), this);
        this.transacted = unit.transacted();
        this.control = control;
        this.settings = settings;
        this.runId = runId;
        this.content = content;
        this.writer = content.writer();
        this.window = settings.asyncSends() ? new InFlight(settings.maxInFlight(), this, control) : null;
    }

    /** The name of the destination of producer {@code index} (of {@link WorkloadSettings#ownQueues}): a queue's or a topic's. */
    abstract String destination(int index);

    /** Producer {@code index}'s destination: the queue of its name, unless the worker publishes. */
    Destination target(Provider provider, Session session, int index) throws JMSException {
        return provider.queue(session, destination(index));
    }

    /** What the worker sets up on a new session beside its producers (reply queues), and on them. */
    abstract void connected(Provider provider, Session session) throws JMSException;

    /** Just before a message's send call: what it carries beside the header (reply-to), and when it was sent. */
    abstract void beforeSend(Message message, int queue, long sequence, long sendNs) throws JMSException;

    /** {@code --reconnect-every}: after each unit that brings its connection to {@code n} messages or more, a new connection. */
    void reconnectEvery(int n) {
        this.reconnectEvery = n;
    }

    /** {@code --sessions-per-connection}: its session on a connection it shares with other workers; before it opens. */
    void shareConnections(SharedConnections shared) {
        this.shared = shared;
    }

    /** Whether the worker gets messages on its own session too (a requester by correlation ID): its connection is started. */
    boolean getsOnItsSession() {
        return false;
    }

    /** Unit message {@code i}'s send returned (its first send or a repeat after a reconnect). */
    void sendReturned(int i, long sendNs) {
    }

    /** The unit was committed (or, outside syncpoint, its sends returned) at {@code doneNs}. */
    void unitCompleted(long doneNs) {
    }

    /** Outside syncpoint: the broker acknowledged an asynchronous send at {@code ackNs}. */
    void acknowledgedAlone(InFlight.Slot slot, long ackNs) {
    }

    /**
     * Sends the worker's share of the schedule: called on its thread by {@link #run}, which then
     * completes the unit in hand and waits for what is in flight.
     */
    abstract void sendSchedule() throws JMSException;

    /** On the worker's thread once sending is over, whether or not it failed (requesters await their last replies). */
    void afterSending() {
    }

    @Override
    public final void run() {
        long startNs = System.nanoTime();
        time.start(startNs, measurement::warmupEndNs);
        ownLag.start(startNs);
        try {
            sendSchedule();
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
            control.fail(unit.explainStop(e));
        } finally {
            unit.sendingOver();
            time.end(System.nanoTime());
            sendingDone = true;
        }
        afterSending();
    }

    /**
     * Waits until {@code intendedNs}, the time the worker's next message is due, noting the wait for
     * the saturation figures; false when the run is stopping instead.
     */
    boolean awaitDue(long intendedNs) {
        unit.nextDue(intendedNs);
        long waitStartNs = System.nanoTime();
        time.beforeWait(waitStartNs, window == null ? 0 : window.fullNs(), unit.sendsReturned());
        boolean due = Pacer.awaitUntil(intendedNs, control);
        time.paced(System.nanoTime() - waitStartNs);
        return due;
    }

    /** Whether it has stopped sending (the schedule's end, a stop or a failure). */
    boolean sendingDone() {
        return sendingDone;
    }

    void open(Provider provider) throws JMSException {
        unit.open(provider);
    }

    @Override
    public final Connection connect(Provider provider) throws JMSException {
        Connection c = shared == null ? unit.connect(provider) : shared.connect(local, () -> unit.connect(provider));
        if (window != null) {
            window.reset(!transacted); // sends unacknowledged on the old connection are in doubt
            watch(c, window);
        }
        try {
            Session s = JmsWork.session(c, transacted);
            MessageProducer[] p = new MessageProducer[settings.ownQueues()];
            for (int q = 0; q < p.length; q++) {
                p[q] = s.createProducer(target(provider, s, q));
                p[q].setDeliveryMode(settings.persistent() ? DeliveryMode.PERSISTENT : DeliveryMode.NON_PERSISTENT);
                content.configure(p[q]);
                // Nothing reads a message's JMSTimestamp (receivers go by the header in the body): a
                // hint that spares the client a clock read per send.
                p[q].setDisableMessageTimestamp(true);
            }
            session = s;
            producers = p;
            connected(provider, s);
            if (getsOnItsSession()) {
                c.start();
            }
            ownLag.reconnected(System.nanoTime()); // a send due during the outage is late by it, not by the harness
            return c;
        } catch (JMSException | RuntimeException e) {
            JmsWork.closeQuietly(c);
            throw e;
        }
    }

    /**
     * A worker waiting for acknowledgements makes no call that could fail: the connection's loss
     * must reach it through its window. The listener the connection had (the run's end when nobody
     * reconnects) still hears of it.
     */
    private static void watch(Connection c, InFlight window) throws JMSException {
        ExceptionListener before = c.getExceptionListener();
        c.setExceptionListener(e -> {
            window.fail(e);
            if (before != null) {
                before.onException(e);
            }
        });
    }

    void bind(Schedule schedule, Measurement measurement) {
        this.schedule = schedule;
        this.measurement = measurement;
        this.recorder = measurement.recorder();
        this.pauseCorrected = measurement.pauseCorrected();
        this.meter = measurement.meter();
    }

    /**
     * Sends unit message {@code i}. The actual send time is when the application starts its send:
     * building the message is part of it. The put view times the send call alone, as a tracer
     * shows MQPUT.
     */
    @Override
    public final void send(int i) throws JMSException {
        long intendedNs = unit.intendedNs(i);
        int queue = unit.queue(i);
        long sequence = unit.sequence(i);
        if (window != null) {
            sendAsync(i, intendedNs, queue, sequence);
            return;
        }
        long sendNs = System.nanoTime();
        long ownLagNs = ownLag.ownLagNs(intendedNs, sendNs);
        Message m = message(intendedNs, sendNs, queue, sequence);
        long putStartNs = System.nanoTime();
        producers[queue].send(m);
        returned(i, intendedNs, sendNs, ownLagNs, putStartNs);
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
            Message m = message(intendedNs, sendNs, queue, sequence);
            putStartNs = System.nanoTime();
            slot.callNs = putStartNs;
            tried = true;
            producers[queue].send(m, slot);
        } catch (JMSException | RuntimeException e) {
            if (tried && i >= 0 && !transacted) {
                unit.handedOff(); // tried, so in doubt: it stays in flight, to be carried and sent again
            } else {
                // Never tried (building the message failed), a transacted unit, or the carried list:
                // the slot is free and whoever holds the message sends it again, once.
                window.release(slot);
            }
            throw e;
        }
        returned(i, intendedNs, sendNs, ownLagNs, putStartNs);
    }

    private Message message(long intendedNs, long sendNs, int queue, long sequence) throws JMSException {
        Message m = writer.create(session, runId, intendedNs, sendNs, id, sequence);
        beforeSend(m, queue, sequence, sendNs);
        return m;
    }

    /** Counts each message sent into its queue's depth (put); before the schedule starts. */
    void countDepths(QueueDepths depths) {
        this.depths = depths;
    }

    /** The send call returned: its wait noted, and the message timed once (not again when sent after a reconnect). */
    private void returned(int i, long intendedNs, long sendNs, long ownLagNs, long putStartNs) {
        long returnedNs = System.nanoTime();
        ownLag.waited(putStartNs, returnedNs);
        if (i < 0) {
            return; // a carried send: recorded at its first send
        }
        sendReturned(i, sendNs);
        if (unit.sendReturned(i)) {
            QueueDepths d = depths;
            if (d != null) {
                d.put(unit.queue(i));
            }
            long putNs = returnedNs - putStartNs;
            recorder.record(View.SEND_LAG, intendedNs, sendNs - intendedNs);
            recorder.record(View.OWN_LAG, intendedNs, ownLagNs);
            recorder.record(View.PUT, intendedNs, putNs);
            pauseCorrected.record(putNs);
        }
    }

    /** On the provider's thread: the broker has the message; outside syncpoint that is the send's end. */
    @Override
    public final void acknowledged(InFlight.Slot slot, long ackNs) {
        recorder.record(View.ACK, slot.intendedNs, ackNs - slot.callNs);
        if (!transacted) {
            acknowledgedAlone(slot, ackNs);
            unit.acknowledged(slot.sequence);
        }
    }

    @Override
    public final boolean handsOff() {
        return window != null && !transacted;
    }

    @Override
    public final int newlyInDoubt() {
        return window == null || transacted ? 0 : window.newlyInDoubt();
    }

    @Override
    public final void resendInFlight() throws JMSException {
        if (window == null || transacted) {
            return;
        }
        while (window.carried() > 0) {
            int c = window.carried() - 1;
            sendAsync(-1, window.carriedIntendedNs(c), window.carriedQueue(c), window.carriedSequence(c));
            window.takeCarried(); // sent: in a slot of the new connection now
        }
    }

    @Override
    public final void awaitInFlight() throws JMSException {
        if (window != null) {
            resendInFlight();
            window.awaitAll(settings.drainTimeoutNs());
        }
    }

    /** Commits the unit (in syncpoint): its messages are on the broker. */
    @Override
    public final void completeUnit() throws JMSException {
        if (window != null && !transacted) {
            unit.handedOff(); // the acknowledgement completes it
            return;
        }
        long doneNs;
        if (transacted) {
            long waitStartNs = System.nanoTime(); // the unit's acknowledgements and its commit: the broker's time
            // JMS: a commit waits for the session's asynchronous sends, as long as the broker takes
            // (the run's failure rules bound it); commit times the commit alone.
            if (window != null && !window.awaitAllUnlessStopped(settings.drainTimeoutNs())) {
                throw new JMSException(unit.name() + ": the run is stopping and sends of the unit are not"
                        + " acknowledged; not committed");
            }
            doneNs = unit.commit(session, recorder);
            ownLag.waited(waitStartNs, doneNs);
        } else {
            doneNs = System.nanoTime();
        }
        int done = unit.pending();
        long lastIntendedNs = done == 0 ? 0 : unit.intendedNs(done - 1);
        unitCompleted(doneNs);
        unit.unitDone();
        if (reconnectEvery > 0 && done > 0 && (sinceConnect += done) >= reconnectEvery) {
            churn(lastIntendedNs);
        }
    }

    /**
     * {@code --reconnect-every}: the unit done, closes the connection and makes a new one, timed as
     * {@code connect}; the system's time, not the worker's own. A connect that fails is a lost
     * connection (see {@link UnitOfWork#reconnect}).
     */
    private void churn(long intendedNs) throws JMSException {
        sinceConnect = 0;
        long startNs = System.nanoTime();
        unit.churn();
        long endNs = System.nanoTime();
        ownLag.waited(startNs, endNs);
        recorder.record(View.CONNECT, intendedNs, endNs - startNs);
    }

    /**
     * What the worker's thread did with its time over the measured phase; valid once it is done.
     *
     * @param closed each send waits for its reply before the next (closed-loop request/response)
     */
    SenderLoad load(boolean closed) {
        return time.load(window == null ? 0 : window.fullNs(), window == null ? 1 : window.max(), unit.sendsReturned(),
                closed);
    }

    long committed() {
        return unit.committed();
    }

    long sendsReturned() {
        return unit.sendsReturned();
    }
}
