package dev.harness.core.workload;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.locks.LockSupport;

import javax.jms.BytesMessage;
import javax.jms.Connection;
import javax.jms.DeliveryMode;
import javax.jms.JMSException;
import javax.jms.MessageProducer;
import javax.jms.Queue;
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
 * One requester: its share of the schedule, round robin over the request queues, each request
 * naming the matching reply queue. Its outstanding requests live in a ring of (sequence, send
 * time) slots; a reply (through a {@link ReplyRouter}) or a timeout resolves a slot exactly once,
 * by compare-and-set, so a reply after its timeout is late, never a second outcome. A second reply
 * to one request (a redelivery after a failure) is a duplicate, ticked off in the run's
 * {@link Ledger}.
 *
 * <p>When the connection is lost, it connects again and sends its {@link UnitOfWork} (the requests
 * since the last commit) again, with the original intended times, so their {@code response}
 * carries the outage.
 *
 * <p>Open mode with {@code --max-in-flight} N above 1: requests leave with a CompletionListener,
 * up to N unacknowledged ({@link InFlight}), as {@link Sender}'s messages do.
 */
final class Requester implements Runnable, UnitOfWork.Worker, InFlight.Acks {
    private static final long RESOLVED = -1;
    private static final long SWEEP_NS = 10_000_000L;

    /** Its number across the shard set, and theirs, as a {@link Sender}'s: it sends the whole schedule's id, id+n, ... */
    private final int id;
    private final int requesterCount;
    /** Its number in this process. */
    private final int local;
    private final ReqRespSettings settings;
    private final long runId;
    private final byte[] payload;
    private final AtomicLongArray pendingSequence;
    private final AtomicLongArray pendingSendNs;
    private final int mask;
    private final AtomicLong resolved = new AtomicLong();
    /** Replies that came after their request was given up: counted, never a sample. */
    private final AtomicLong late = new AtomicLong();
    private final int[] unitSlot;
    private final UnitOfWork unit;
    private final RunControl control;
    private final Ledger ledger;
    private final boolean transacted;
    private volatile boolean sendingDone;
    private volatile boolean closing;
    private volatile Thread thread;
    /** Open mode: parked in {@link #awaitFreeSlot}. */
    private volatile boolean awaitingSlot;
    /** Asynchronous sends (open mode); null with one send at a time. */
    private final InFlight window;
    /** Saturation figures, written by this requester's thread, read once sending is done. */
    private final WorkerTime time = new WorkerTime();
    /** Whose its sends' lateness was: written and read by its thread only. */
    private final OwnLag ownLag = new OwnLag();

    private Session session;
    private MessageProducer[] producers;
    private Queue[] replyQueues;
    private Schedule schedule;
    private LatencyRecorder recorder;
    private PauseCorrectedStats pauseCorrected;
    private ThroughputMeter meter;
    private Measurement measurement;
    private long sweptUpTo;

    /** @param local its number in this process, from 0 */
    Requester(int local, ReqRespSettings settings, RunControl control, long runId, byte[] payload, Ledger ledger,
            Reconnect reconnect) {
        this.local = local;
        this.id = settings.shard().owner(local);
        this.requesterCount = settings.shard().owners(settings.requesters());
        this.unit = new UnitOfWork("requester " + id, control, reconnect, ledger, settings.syncpoint(), this);
        this.control = control;
        this.ledger = ledger;
        this.transacted = unit.transacted();
        this.settings = settings;
        this.runId = runId;
        this.payload = payload;
        this.unitSlot = new int[unit.capacity()];
        // Closed mode has one request out at a time; open mode twice a timeout's worth or more.
        int capacity = settings.open() ? settings.openModeCapacity() : 1;
        this.mask = capacity - 1;
        this.pendingSequence = new AtomicLongArray(capacity);
        this.pendingSendNs = new AtomicLongArray(capacity);
        for (int i = 0; i < capacity; i++) {
            pendingSequence.set(i, RESOLVED);
        }
        this.window = settings.asyncSends() ? new InFlight(settings.maxInFlight(), this, control) : null;
    }

    void open(Provider provider) throws JMSException {
        unit.open(provider);
    }

    @Override
    public Connection connect(Provider provider) throws JMSException {
        Connection c = unit.connect(provider);
        if (window != null) {
            window.reset(!transacted); // requests unacknowledged on the old connection are in doubt
            Sender.watch(c, window);
        }
        try {
            Session s = JmsWork.session(c, transacted);
            MessageProducer[] p = new MessageProducer[settings.ownQueues()];
            Queue[] replies = new Queue[settings.ownQueues()];
            for (int q = 0; q < p.length; q++) {
                p[q] = s.createProducer(provider.queue(s, settings.requestQueue(q)));
                p[q].setDeliveryMode(settings.persistent() ? DeliveryMode.PERSISTENT : DeliveryMode.NON_PERSISTENT);
                p[q].setDisableMessageTimestamp(true);
                replies[q] = provider.queue(s, settings.replyQueue(q));
            }
            session = s;
            producers = p;
            replyQueues = replies;
            ownLag.reconnected(System.nanoTime()); // a request due during the outage is late by it, not by the harness
            return c;
        } catch (JMSException | RuntimeException e) {
            JmsWork.closeQuietly(c);
            throw e;
        }
    }

    void bind(Schedule schedule, Measurement measurement) {
        this.schedule = schedule;
        this.measurement = measurement;
        this.recorder = measurement.recorder();
        this.pauseCorrected = measurement.pauseCorrected();
        this.meter = measurement.meter();
    }

    @Override
    public void run() {
        thread = Thread.currentThread();
        long startNs = System.nanoTime();
        time.start(startNs, measurement::warmupEndNs);
        ownLag.start(startNs);
        try {
            int queue = local % producers.length;
            for (long j = 0; ; j++) {
                long sequence = id + j * requesterCount; // the whole schedule's k
                if (sequence >= schedule.wholeTotal()) {
                    break;
                }
                long intendedNs = schedule.wholeIntendedNs(sequence);
                unit.nextDue(intendedNs);
                // Open mode in syncpoint: a request waits in its unit of work until N are pending,
                // as with an application that commits every N puts; that wait is in its response.
                long waitStartNs = System.nanoTime();
                time.beforeWait(waitStartNs, window == null ? 0 : window.fullNs(), unit.sendsReturned());
                boolean due = Pacer.awaitUntil(intendedNs, control);
                time.paced(System.nanoTime() - waitStartNs);
                if (!due || !awaitFreeSlot(j)) {
                    break;
                }
                request(j, sequence, intendedNs, queue);
                queue = queue + 1 == producers.length ? 0 : queue + 1;
                if (settings.open()) {
                    sweep(j + 1);
                } else {
                    long replyWaitNs = System.nanoTime();
                    awaitReply(sequence);
                    ownLag.waited(replyWaitNs, System.nanoTime()); // closed mode: the next request waits for this reply
                }
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
            control.fail(unit.explainStop(e));
        } finally {
            unit.sendingOver();
            time.end(System.nanoTime());
            sendingDone = true;
        }
        // Open mode: keep giving up on replies that do not come, so the run can end. A stop
        // sends nothing new, but every request out is still answered or timed out.
        while (settings.open() && resolved.get() < unit.committed() && !closing) {
            sweep(unit.sendsReturned());
            LockSupport.parkNanos(SWEEP_NS);
        }
    }

    private void request(long j, long sequence, long intendedNs, int queue) throws JMSException {
        int slot = (int) (j & mask);
        // The slot is the request's from its first send on; sent again, it keeps it (see send).
        pendingSendNs.set(slot, System.nanoTime());
        pendingSequence.set(slot, sequence);
        int i = unit.add(queue, intendedNs, sequence);
        unitSlot[i] = slot;
        // Closed mode commits each request: uncommitted, the responder could never see it.
        unit.sendOrRecover(i, !transacted || !settings.open() || unit.pending() == settings.syncpoint());
    }

    @Override
    public void send(int i) throws JMSException {
        long intendedNs = unit.intendedNs(i);
        int slot = unitSlot[i];
        if (window != null) {
            sendAsync(i, intendedNs, unit.queue(i), unit.sequence(i), slot);
            return;
        }
        long sendNs = System.nanoTime();
        long ownLagNs = ownLag.ownLagNs(intendedNs, sendNs);
        BytesMessage m = session.createBytesMessage();
        MessageHeader.write(m, runId, intendedNs, sendNs, id, unit.sequence(i));
        m.writeBytes(payload);
        m.setJMSReplyTo(replyQueues[unit.queue(i)]);
        if (pendingSequence.get(slot) == unit.sequence(i)) {
            // Still awaited (a reply to an earlier send may have come already): the timeout runs from this send.
            pendingSendNs.set(slot, sendNs);
        }
        long putStartNs = System.nanoTime();
        producers[unit.queue(i)].send(m);
        long returnedNs = System.nanoTime();
        ownLag.waited(putStartNs, returnedNs);
        if (unit.sendReturned(i)) {
            recorder.record(View.SEND_LAG, intendedNs, sendNs - intendedNs);
            recorder.record(View.OWN_LAG, intendedNs, ownLagNs);
            recorder.record(View.PUT, intendedNs, returnedNs - putStartNs);
            pauseCorrected.record(returnedNs - putStartNs);
        }
    }

    /**
     * Sends a request with a CompletionListener once a window slot is free (that wait shows in
     * send-lag and response). Unit request {@code i}, or one carried from a lost connection ({@code i} < 0).
     */
    private void sendAsync(int i, long intendedNs, int queue, long sequence, int ringSlot) throws JMSException {
        InFlight.Slot s = window.acquire();
        long sendNs = System.nanoTime();
        ownLag.waited(window.waitStartNs(), window.waitEndNs()); // the last wait for a slot, counted once
        long ownLagNs = ownLag.ownLagNs(intendedNs, sendNs);
        s.queue = queue;
        s.intendedNs = intendedNs;
        s.sequence = sequence;
        s.sendNs = sendNs;
        s.countedInDoubt = i < 0; // a carried send was counted in doubt when its connection was lost
        long putStartNs = 0;
        boolean tried = false;
        try {
            BytesMessage m = session.createBytesMessage();
            MessageHeader.write(m, runId, intendedNs, sendNs, id, sequence);
            m.writeBytes(payload);
            m.setJMSReplyTo(replyQueues[queue]);
            if (pendingSequence.get(ringSlot) == sequence) {
                pendingSendNs.set(ringSlot, sendNs);
            }
            putStartNs = System.nanoTime();
            s.callNs = putStartNs;
            tried = true;
            producers[queue].send(m, s);
        } catch (JMSException | RuntimeException e) {
            if (tried && i >= 0 && !transacted) {
                unit.handedOff(); // tried, so in doubt: it stays in flight, to be carried and sent again
            } else {
                // Never tried (building the message failed), a transacted unit, or the carried list:
                // the slot is free and whoever holds the request sends it again, once.
                window.release(s);
            }
            throw e;
        }
        long returnedNs = System.nanoTime();
        ownLag.waited(putStartNs, returnedNs);
        if (i >= 0 && unit.sendReturned(i)) {
            recorder.record(View.SEND_LAG, intendedNs, sendNs - intendedNs);
            recorder.record(View.OWN_LAG, intendedNs, ownLagNs);
            recorder.record(View.PUT, intendedNs, returnedNs - putStartNs);
            pauseCorrected.record(returnedNs - putStartNs);
        }
    }

    /** On the provider's thread: the broker has the request; outside syncpoint it counts as sent. */
    @Override
    public void acknowledged(InFlight.Slot slot, long ackNs) {
        recorder.record(View.ACK, slot.intendedNs, ackNs - slot.callNs);
        if (!transacted) {
            unit.acknowledged(slot.sequence);
        }
    }

    @Override
    public boolean handsOff() {
        return window != null && !transacted;
    }

    @Override
    public int newlyInDoubt() {
        return window == null || transacted ? 0 : window.newlyInDoubt();
    }

    @Override
    public void resendInFlight() throws JMSException {
        if (window == null || transacted) {
            return;
        }
        while (window.carried() > 0) {
            int c = window.carried() - 1;
            long sequence = window.carriedSequence(c);
            int ringSlot = (int) (((sequence - id) / requesterCount) & mask);
            sendAsync(-1, window.carriedIntendedNs(c), window.carriedQueue(c), sequence, ringSlot);
            window.takeCarried();
        }
    }

    @Override
    public void awaitInFlight() throws JMSException {
        if (window != null) {
            resendInFlight();
            window.awaitAll(settings.drainTimeoutNs());
        }
    }

    /** What this requester's thread did with its time over the measured phase; valid once sending is done. */
    dev.harness.core.run.SenderLoad load() {
        return time.load(window == null ? 0 : window.fullNs(), window == null ? 1 : window.max(), unit.sendsReturned(),
                !settings.open());
    }

    /** Commits the unit (in syncpoint): its requests are on the broker, for a responder to get. */
    @Override
    public void completeUnit() throws JMSException {
        if (window != null && !transacted) {
            unit.handedOff(); // the acknowledgement counts it sent
            return;
        }
        if (transacted) {
            long waitStartNs = System.nanoTime(); // the unit's acknowledgements and its commit: the broker's time
            // JMS: a commit waits for the session's asynchronous sends, as long as the broker takes
            // (the run's failure rules bound it); commit times the commit alone.
            if (window != null && !window.awaitAllUnlessStopped(settings.drainTimeoutNs())) {
                throw new JMSException(unit.name() + ": the run is stopping and requests of the unit are not"
                        + " acknowledged; not committed");
            }
            ownLag.waited(waitStartNs, unit.commit(session, recorder));
        }
        unit.unitDone();
    }

    @Override
    public boolean unthrottled() {
        return false; // request/response always runs on a schedule
    }

    /**
     * Waits until request {@code j}'s slot is free: the request {@code capacity} before it was
     * answered, or is given up at its timeout. The ring holds at least twice a timeout's worth at
     * the schedule's pace, so only a catch-up burst (after an outage longer than the ring covers)
     * waits here, as an application with as many requests out would: the wait shows in
     * {@code response}, which runs from the intended time. False if the run is stopping.
     */
    private boolean awaitFreeSlot(long j) throws JMSException {
        int slot = (int) (j & mask);
        while (true) {
            if (control.stopRequested() || closing) {
                return false;
            }
            long older = pendingSequence.get(slot);
            if (older == RESOLVED) {
                return true;
            }
            long sentNs = pendingSendNs.get(slot);
            long remaining = sentNs + settings.replyTimeoutNs() - System.nanoTime();
            if (remaining <= 0) {
                if (pendingSequence.compareAndSet(slot, older, RESOLVED)) {
                    lost(older, sentNs); // past its timeout; the sweep had not reached it yet
                }
            } else if (unit.pending() > 0) {
                unit.completeOrRecover(); // uncommitted, the requests in hand cannot be answered while it waits
            } else {
                long parkNs = System.nanoTime();
                awaitingSlot = true; // a reply that frees a slot wakes it
                if (pendingSequence.get(slot) == older) {
                    LockSupport.parkNanos(Math.min(remaining, SWEEP_NS));
                }
                awaitingSlot = false;
                ownLag.waited(parkNs, System.nanoTime()); // the responders held this request up, not the harness
            }
        }
    }

    /**
     * Closed mode: waits for the reply or its timeout, even when the run is stopping (the next
     * request is not sent then), so that every request out is answered or counted lost.
     */
    private void awaitReply(long sequence) {
        long sentNs = pendingSendNs.get(0);
        long deadline = sentNs + settings.replyTimeoutNs();
        while (pendingSequence.get(0) == sequence && !closing) {
            long remaining = deadline - System.nanoTime();
            if (remaining <= 0) {
                if (pendingSequence.compareAndSet(0, sequence, RESOLVED)) {
                    lost(sequence, sentNs);
                }
                return;
            }
            LockSupport.parkNanos(remaining);
        }
    }

    /** Open mode: gives up, oldest first, on requests past the timeout among the first {@code sent}. */
    private void sweep(long sent) {
        long now = System.nanoTime();
        while (sweptUpTo < sent) {
            int slot = (int) (sweptUpTo & mask);
            long sequence = id + sweptUpTo * requesterCount;
            if (pendingSequence.get(slot) == sequence) {
                long sentNs = pendingSendNs.get(slot);
                if (now - sentNs < settings.replyTimeoutNs()) {
                    return; // the oldest outstanding request is still within its timeout
                }
                if (pendingSequence.compareAndSet(slot, sequence, RESOLVED)) {
                    lost(sequence, sentNs);
                }
            }
            sweptUpTo++;
        }
    }

    /**
     * A request given up at its timeout. Its latency is at least the timeout, so it stays in the
     * distribution there: leaving it out would let a system that drops requests look faster.
     */
    private void lost(long sequence, long sentNs) {
        long intendedNs = schedule.wholeIntendedNs(sequence);
        long timeoutNs = settings.replyTimeoutNs();
        measurement.lost(intendedNs, sentNs + timeoutNs - intendedNs, timeoutNs);
        resolved.incrementAndGet();
    }

    /**
     * A reply arrived (on a router's thread). Records the round trip once; a reply for a request
     * already given up is counted late.
     *
     * @param answeredAgain the responder answered a redelivered request: a second reply is its own doing
     */
    void replied(long sequence, long intendedNs, long sendNs, long receivedNs, boolean answeredAgain) {
        if (!(answeredAgain ? ledger.answeredAgain(sequence) : ledger.received(sequence))) {
            return; // a second reply to one request: counted there, a duplicate or the responder's own
        }
        long ring = (sequence - id) / requesterCount;
        int slot = (int) (ring & mask);
        if (receivedNs - sendNs >= settings.replyTimeoutNs()) {
            // Past its timeout: lost, whether or not the requester had given up on it yet.
            if (pendingSequence.compareAndSet(slot, sequence, RESOLVED)) {
                lost(sequence, sendNs);
            }
            late.incrementAndGet();
            return;
        }
        if (!pendingSequence.compareAndSet(slot, sequence, RESOLVED)) {
            late.incrementAndGet();
            return;
        }
        recorder.record(View.RESPONSE, intendedNs, receivedNs - intendedNs);
        recorder.record(View.SERVICE, intendedNs, receivedNs - sendNs);
        meter.completion(receivedNs, intendedNs);
        resolved.incrementAndGet();
        if (!settings.open() || awaitingSlot) {
            LockSupport.unpark(thread);
        }
    }

    boolean sendingDone() {
        return sendingDone;
    }

    long resolved() {
        return resolved.get();
    }

    long late() {
        return late.get();
    }

    /** The run is over: stop waiting for replies (what is still out is reported incomplete). */
    void stopWaiting() {
        closing = true;
        Thread t = thread;
        if (t != null) {
            LockSupport.unpark(t);
        }
    }

    long committed() {
        return unit.committed();
    }

    long sendsReturned() {
        return unit.sendsReturned();
    }

    void close() {
        stopWaiting();
        unit.close();
    }
}
