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

import dev.harness.core.jms.Errors;
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
 * by compare-and-set, so a reply after its timeout is late, never a second outcome.
 */
final class Requester implements Runnable {
    private static final long RESOLVED = -1;
    private static final long SWEEP_NS = 10_000_000L;

    private final int id;
    private final int requesterCount;
    private final ReqRespSettings settings;
    private final RunControl control;
    private final long runId;
    private final byte[] payload;
    private final AtomicLongArray pendingSequence;
    private final AtomicLongArray pendingSendNs;
    private final int mask;
    private final AtomicLong sendsReturned = new AtomicLong();
    private final AtomicLong committed = new AtomicLong();
    private final AtomicLong resolved = new AtomicLong();
    private volatile boolean sendingDone;
    private volatile boolean closing;
    private volatile Thread thread;

    private Connection connection;
    private Session session;
    private MessageProducer[] producers;
    private Queue[] replyQueues;
    private Provider provider;
    private Schedule schedule;
    private LatencyRecorder recorder;
    private PauseCorrectedStats pauseCorrected;
    private ThroughputMeter meter;
    private Measurement measurement;
    private int batched;
    private long batchLastIntendedNs;
    private long sweptUpTo;

    Requester(int id, ReqRespSettings settings, RunControl control, long runId, byte[] payload) {
        this.id = id;
        this.requesterCount = settings.requesters();
        this.settings = settings;
        this.control = control;
        this.runId = runId;
        this.payload = payload;
        // Closed mode has one request out at a time; open mode as many as a timeout's worth.
        int capacity = settings.open() ? settings.openModeCapacity() : 1;
        this.mask = capacity - 1;
        this.pendingSequence = new AtomicLongArray(capacity);
        this.pendingSendNs = new AtomicLongArray(capacity);
        for (int i = 0; i < capacity; i++) {
            pendingSequence.set(i, RESOLVED);
        }
    }

    void open(Provider provider) throws JMSException {
        this.provider = provider;
        connection = JmsWork.connect(provider, control, "requester " + id);
        boolean transacted = settings.syncpoint() > 0;
        session = JmsWork.session(connection, transacted);
        producers = new MessageProducer[settings.queues()];
        replyQueues = new Queue[settings.queues()];
        for (int q = 0; q < producers.length; q++) {
            MessageProducer p = session.createProducer(provider.queue(session, settings.requestQueue(q)));
            p.setDeliveryMode(settings.persistent() ? DeliveryMode.PERSISTENT : DeliveryMode.NON_PERSISTENT);
            p.setDisableMessageTimestamp(true);
            producers[q] = p;
            replyQueues[q] = provider.queue(session, settings.replyQueue(q));
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
        try {
            int queue = id % producers.length;
            for (long j = 0; ; j++) {
                long sequence = id + j * requesterCount;
                if (sequence >= schedule.total()) {
                    break;
                }
                long intendedNs = schedule.intendedNs(sequence);
                if (batched > 0 && intendedNs > System.nanoTime()) {
                    // Batch only while catching up: a request is never held back while idle.
                    commit(batchLastIntendedNs);
                }
                if (!Pacer.awaitUntil(intendedNs, control)) {
                    break;
                }
                request(j, sequence, intendedNs, queue);
                queue = queue + 1 == producers.length ? 0 : queue + 1;
                if (settings.open()) {
                    sweep(j + 1);
                } else {
                    awaitReply(sequence);
                }
            }
            if (batched > 0) {
                commit(batchLastIntendedNs);
            }
        } catch (JMSException e) {
            if (!control.stopRequested()) {
                control.fail("requester " + id + ": " + provider.explain(e));
            }
        } catch (RuntimeException e) {
            control.fail("requester " + id + " stopped: " + Errors.oneLine(e));
        } finally {
            sendingDone = true;
        }
        // Open mode: keep giving up on replies that do not come, so the run can end. A stop
        // sends nothing new, but every request out is still answered or timed out.
        while (settings.open() && resolved.get() < committed.get() && !closing) {
            sweep(sendsReturned.get());
            LockSupport.parkNanos(SWEEP_NS);
        }
    }

    private void request(long j, long sequence, long intendedNs, int queue) throws JMSException {
        long sendNs = System.nanoTime();
        BytesMessage m = session.createBytesMessage();
        MessageHeader.write(m, runId, intendedNs, sendNs, id, sequence);
        m.writeBytes(payload);
        m.setJMSReplyTo(replyQueues[queue]);
        int slot = (int) (j & mask);
        long older = pendingSequence.get(slot);
        if (older != RESOLVED) {
            if (sendNs - pendingSendNs.get(slot) < settings.replyTimeoutNs()) {
                throw new IllegalStateException("more than " + (mask + 1) + " requests outstanding within the reply"
                        + " timeout; lower --reply-timeout or the rate per requester");
            }
            if (pendingSequence.compareAndSet(slot, older, RESOLVED)) {
                lost(); // past its timeout; the sweep had not reached it yet
            }
        }
        pendingSendNs.set(slot, sendNs);
        pendingSequence.set(slot, sequence);
        long putStartNs = System.nanoTime();
        producers[queue].send(m);
        long returnedNs = System.nanoTime();
        sendsReturned.lazySet(sendsReturned.get() + 1);
        recorder.record(View.SEND_LAG, intendedNs, sendNs - intendedNs);
        recorder.record(View.PUT, intendedNs, returnedNs - putStartNs);
        pauseCorrected.record(returnedNs - putStartNs);
        if (settings.syncpoint() == 0) {
            committed.lazySet(committed.get() + 1);
            return;
        }
        batched++;
        batchLastIntendedNs = intendedNs;
        // Closed mode commits each request: uncommitted, the responder could never see it.
        if (!settings.open() || batched == settings.syncpoint()) {
            commit(intendedNs);
        }
    }

    private void commit(long intendedNs) throws JMSException {
        long startNs = System.nanoTime();
        session.commit();
        recorder.record(View.COMMIT, intendedNs, System.nanoTime() - startNs);
        committed.lazySet(committed.get() + batched);
        batched = 0;
    }

    /**
     * Closed mode: waits for the reply or its timeout, even when the run is stopping (the next
     * request is not sent then), so that every request out is answered or counted lost.
     */
    private void awaitReply(long sequence) {
        long deadline = pendingSendNs.get(0) + settings.replyTimeoutNs();
        while (pendingSequence.get(0) == sequence && !closing) {
            long remaining = deadline - System.nanoTime();
            if (remaining <= 0) {
                if (pendingSequence.compareAndSet(0, sequence, RESOLVED)) {
                    lost();
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
                if (now - pendingSendNs.get(slot) < settings.replyTimeoutNs()) {
                    return; // the oldest outstanding request is still within its timeout
                }
                if (pendingSequence.compareAndSet(slot, sequence, RESOLVED)) {
                    lost();
                }
            }
            sweptUpTo++;
        }
    }

    private void lost() {
        measurement.lost();
        resolved.incrementAndGet();
    }

    /**
     * A reply arrived (on a router's thread). Records the round trip once; a reply for a request
     * already given up is counted late.
     */
    void replied(long sequence, long intendedNs, long sendNs, long receivedNs) {
        long ring = (sequence - id) / requesterCount;
        int slot = (int) (ring & mask);
        if (receivedNs - sendNs >= settings.replyTimeoutNs()) {
            // Past its timeout: lost, whether or not the requester had given up on it yet.
            if (pendingSequence.compareAndSet(slot, sequence, RESOLVED)) {
                lost();
            }
            measurement.late();
            return;
        }
        if (!pendingSequence.compareAndSet(slot, sequence, RESOLVED)) {
            measurement.late();
            return;
        }
        recorder.record(View.RESPONSE, intendedNs, receivedNs - intendedNs);
        recorder.record(View.SERVICE, intendedNs, receivedNs - sendNs);
        meter.completed(receivedNs, 1);
        resolved.incrementAndGet();
        if (!settings.open()) {
            LockSupport.unpark(thread);
        }
    }

    boolean sendingDone() {
        return sendingDone;
    }

    long committed() {
        return committed.get();
    }

    long sendsReturned() {
        return sendsReturned.get();
    }

    long resolved() {
        return resolved.get();
    }

    /** The run is over: stop waiting for replies (what is still out is reported incomplete). */
    void stopWaiting() {
        closing = true;
        Thread t = thread;
        if (t != null) {
            LockSupport.unpark(t);
        }
    }

    void close() {
        stopWaiting();
        JmsWork.closeQuietly(connection);
    }
}
