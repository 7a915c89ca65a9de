package dev.harness.core.workload;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

import javax.jms.Destination;
import javax.jms.JMSException;
import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.Queue;
import javax.jms.Session;

import dev.harness.core.jms.Provider;
import dev.harness.core.measure.View;
import dev.harness.core.run.RunControl;
import dev.harness.core.run.SenderLoad;

/**
 * One requester: its share of the schedule, round robin over the request queues, each request
 * naming the matching reply queue, sent through the one timed send ({@link ScheduledSender}). Its
 * outstanding requests wait in a ring ({@link PendingReplies}); a reply (through a
 * {@link ReplyRouter}) or a timeout resolves each exactly once, so a reply after its timeout is
 * late, never a second outcome. A second reply
 * to one request (a redelivery after a failure) is a duplicate, ticked off in the run's
 * {@link Ledger}.
 *
 * <p>When the connection is lost, it connects again and sends its {@link UnitOfWork} (the requests
 * since the last commit) again, with the original intended times, so their {@code response}
 * carries the outage.
 *
 * <p>How replies reach it ({@code --reply-by}): a router per reply queue, or one on its own
 * temporary queue, calls {@link #replied}; by correlation ID, it gets each reply itself, with a
 * selector on the request's JMSMessageID, in closed mode.
 *
 * <p>Open mode with {@code --max-in-flight} N above 1: requests leave with a CompletionListener,
 * up to N unacknowledged ({@link InFlight}), as {@link Sender}'s messages do.
 */
final class Requester extends ScheduledSender {
    private static final long SWEEP_NS = 10_000_000L;

    private final ReqRespSettings settings;
    /** Its requests out, awaiting their replies. */
    private final PendingReplies pending;
    private final AtomicLong resolved = new AtomicLong();
    /** Replies that came after their request was given up: counted, never a sample. */
    private final AtomicLong late = new AtomicLong();
    /** --ttl no longer than the reply timeout: requests given up at it had outlived their time to live. */
    private final AtomicLong expired = new AtomicLong();
    /** --ttl: each request's time to live; 0 for ever. */
    private final long timeToLiveNs;
    private final Ledger ledger;
    /** Where a reply is kept by its request's size too (a --size mix). */
    private final SizeResponses sizes;
    /** --delivery-delay: the broker holds each request this long; its reply is due, and its timeout runs, from then. */
    private final long deliveryDelayNs;
    private volatile boolean closing;
    private volatile Thread thread;
    /** Open mode: parked in {@link #awaitFreeSlot}. */
    private volatile boolean awaitingSlot;

    private Queue[] replyQueues;
    /** --reply-by temporary: the queue its router made on its connection (made again after a reconnect). */
    private volatile Destination temporaryQueue;
    /** --reply-by correlation-id: the request last handed to a send, whose JMSMessageID the send set. */
    private Message lastRequest;
    /** --reply-by correlation-id: its reply's header, reused. */
    private final MessageHeader replyHeader = new MessageHeader();
    private long sweptUpTo;

    /** @param local its number in this process, from 0 */
    Requester(int local, ReqRespSettings settings, RunControl control, long runId, MessageContent content, Ledger ledger,
            Reconnect reconnect, SizeResponses sizes) {
        super("requester", local, settings.requesters(), settings, control, runId, content, ledger, reconnect);
        this.sizes = sizes;
        this.ledger = ledger;
        this.settings = settings;
        this.deliveryDelayNs = content.deliveryDelayNs();
        this.timeToLiveNs = content.timeToLiveNs();
        // Closed mode has one request out at a time; open mode twice a timeout's (and delay's) worth or more.
        int capacity = settings.open() ? settings.openModeCapacity(deliveryDelayNs) : 1;
        this.pending = new PendingReplies(capacity);
    }

    @Override
    String destination(int index) {
        return settings.requestQueue(index);
    }

    /** Each request names the reply queue that matches its request queue, or its temporary queue. */
    @Override
    void connected(Provider provider, Session session) throws JMSException {
        if (settings.replyBy() == ReplyBy.TEMPORARY) {
            return;
        }
        Queue[] replies = new Queue[settings.ownQueues()];
        for (int q = 0; q < replies.length; q++) {
            replies[q] = provider.queue(session, settings.replyQueue(q));
        }
        replyQueues = replies;
    }

    /** The ring slot of request {@code sequence}: its number among this requester's, modulo the ring. */
    private int slotOf(long sequence) {
        return pending.slotOf((sequence - id) / workerCount);
    }

    @Override
    boolean getsOnItsSession() {
        return settings.replyBy() == ReplyBy.CORRELATION_ID;
    }

    /** --reply-by temporary: where its requests name for their replies from now on. */
    void replyTo(Destination temporary) {
        temporaryQueue = temporary;
    }

    @Override
    void beforeSend(Message message, int queue, long sequence, long sendNs) throws JMSException {
        message.setJMSReplyTo(settings.replyBy() == ReplyBy.TEMPORARY ? temporaryQueue : replyQueues[queue]);
        lastRequest = message;
        // Still awaited (a reply to an earlier send may have come already): the timeout runs from this send.
        pending.sentAgain(slotOf(sequence), sequence, sendNs);
    }

    @Override
    void sendSchedule() throws JMSException {
        thread = Thread.currentThread();
        int queue = local % producers.length;
        for (long j = 0; ; j++) {
            long sequence = id + j * workerCount; // the whole schedule's k
            long intendedNs;
            if (schedule.unthrottled()) {
                // --rate max, closed mode: the next request is due as the last reply came.
                intendedNs = System.nanoTime();
                if (intendedNs >= schedule.endNs() || control.stopRequested()) {
                    break;
                }
            } else if (sequence >= schedule.wholeTotal()) {
                break;
            } else {
                // Open mode in syncpoint: a request waits in its unit of work until N are pending,
                // as with an application that commits every N puts; that wait is in its response.
                intendedNs = schedule.wholeIntendedNs(sequence);
                if (!awaitDue(intendedNs)) {
                    break;
                }
            }
            if (!awaitFreeSlot(j)) {
                break;
            }
            request(j, sequence, intendedNs, queue);
            if (settings.open()) {
                sweep(j + 1);
            } else {
                long replyWaitNs = System.nanoTime();
                if (settings.replyBy() == ReplyBy.CORRELATION_ID) {
                    getReply(sequence, queue);
                } else {
                    awaitReply(sequence);
                }
                ownLag.waited(replyWaitNs, System.nanoTime()); // closed mode: the next request waits for this reply
            }
            queue = queue + 1 == producers.length ? 0 : queue + 1;
        }
    }

    /**
     * Open mode: keeps giving up on replies that do not come, so the run can end. A stop sends
     * nothing new, but every request out is still answered or timed out.
     */
    @Override
    void afterSending() {
        while (settings.open() && resolved.get() < unit.committed() && !closing) {
            sweep(unit.sendsReturned());
            LockSupport.parkNanos(SWEEP_NS);
        }
    }

    private void request(long j, long sequence, long intendedNs, int queue) throws JMSException {
        // The slot is the request's from its first send on; sent again, it keeps it (see beforeSend).
        pending.await(pending.slotOf(j), sequence, System.nanoTime());
        int i = unit.add(queue, intendedNs, sequence);
        // Closed mode commits each request: uncommitted, the responder could never see it.
        unit.sendOrRecover(i, !transacted || !settings.open() || unit.pending() == settings.syncpoint());
    }

    /** What this requester's thread did with its time over the measured phase; valid once sending is done. */
    SenderLoad load() {
        return load(!settings.open());
    }

    /** --rate max, in closed mode: no schedule, each request sent as the last reply came. */
    @Override
    public boolean unthrottled() {
        return schedule.unthrottled();
    }

    /**
     * Waits until request {@code j}'s slot is free: the request {@code capacity} before it was
     * answered, or is given up at its timeout. The ring holds at least twice a timeout's worth at
     * the schedule's pace, so only a catch-up burst (after an outage longer than the ring covers)
     * waits here, as an application with as many requests out would: the wait shows in
     * {@code response}, which runs from the intended time. False if the run is stopping.
     */
    private boolean awaitFreeSlot(long j) throws JMSException {
        int slot = pending.slotOf(j);
        while (true) {
            if (control.stopRequested() || closing) {
                return false;
            }
            long older = pending.sequenceAt(slot);
            if (older == PendingReplies.RESOLVED) {
                return true;
            }
            long sentNs = pending.sentNsAt(slot);
            long remaining = sentNs + waitNs() - System.nanoTime();
            if (remaining <= 0) {
                if (pending.resolve(slot, older)) {
                    lost(older, sentNs); // past its timeout; the sweep had not reached it yet
                }
            } else if (unit.pending() > 0) {
                unit.completeOrRecover(); // uncommitted, the requests in hand cannot be answered while it waits
            } else {
                long parkNs = System.nanoTime();
                awaitingSlot = true; // a reply that frees a slot wakes it
                if (pending.sequenceAt(slot) == older) {
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
        long sentNs = pending.sentNsAt(0);
        long deadline = sentNs + waitNs();
        while (pending.sequenceAt(0) == sequence && !closing) {
            long remaining = deadline - System.nanoTime();
            if (remaining <= 0) {
                if (pending.resolve(0, sequence)) {
                    lost(sequence, sentNs);
                }
                return;
            }
            LockSupport.parkNanos(remaining);
        }
    }

    /**
     * Closed mode, {@code --reply-by correlation-id}: gets the reply to request {@code sequence} as
     * MQ requesters do, with a consumer on its own session that selects JMSCorrelationID = the
     * request's JMSMessageID, until the reply timeout; the get is in syncpoint when the run is. A
     * lost connection is made again (the request was committed) and the get goes on while the
     * timeout lasts. The consumer and its selector are the JMS objects this way of replying costs.
     */
    private void getReply(long sequence, int queue) throws JMSException {
        long sentNs = pending.sentNsAt(0);
        long deadline = sentNs + waitNs();
        String selector = "JMSCorrelationID = '" + lastRequest.getJMSMessageID() + "'";
        while (pending.sequenceAt(0) == sequence && !closing) {
            long remainingMs = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
            if (remainingMs <= 0) {
                if (pending.resolve(0, sequence)) {
                    lost(sequence, sentNs);
                }
                return;
            }
            try {
                Message reply;
                long receivedNs;
                MessageConsumer consumer = session.createConsumer(replyQueues[queue], selector);
                try {
                    reply = consumer.receive(remainingMs);
                    receivedNs = System.nanoTime(); // the get returned: the consumer's close is the requester's own time
                } finally {
                    consumer.close();
                }
                // Recorded before the commit, as the router does: a reply whose commit fails was got.
                if (reply != null && replyHeader.read(reply, runId)) {
                    replied(replyHeader.sequence, replyHeader.intendedNs, replyHeader.sendNs, receivedNs,
                            replyHeader.answeredAgain);
                }
                if (transacted) {
                    session.commit();
                }
            } catch (JMSException e) {
                if (closing || control.stopRequested()) {
                    return; // the run is over: what is still out is reported incomplete
                }
                if (transacted) {
                    JmsWork.rollbackQuietly(session);
                }
                unit.reconnect(e);
            }
        }
    }

    /** Open mode: gives up, oldest first, on requests past the timeout among the first {@code sent}. */
    private void sweep(long sent) {
        long now = System.nanoTime();
        while (sweptUpTo < sent) {
            int slot = pending.slotOf(sweptUpTo);
            long sequence = id + sweptUpTo * workerCount;
            if (pending.sequenceAt(slot) == sequence) {
                long sentNs = pending.sentNsAt(slot);
                if (now - sentNs < waitNs()) {
                    return; // the oldest outstanding request is still within its timeout
                }
                if (pending.resolve(slot, sequence)) {
                    lost(sequence, sentNs);
                }
            }
            sweptUpTo++;
        }
    }

    /**
     * A request given up at its timeout. Its latency is at least the timeout, so it stays in the
     * distribution there: leaving it out would let a system that drops requests look faster. With a
     * --ttl no longer than the timeout, the request had outlived its time to live by then: it is
     * counted expired, as the application that set it asked (a client cannot tell a request the
     * broker expired from one it lost), and is no sample.
     */
    private void lost(long sequence, long sentNs) {
        if (expires()) {
            expired.incrementAndGet();
            resolved.incrementAndGet();
            return;
        }
        timedOut(sequence, sentNs);
    }

    /** A request given up at its timeout, a sample there (see {@link #lost}). */
    private void timedOut(long sequence, long sentNs) {
        // Without a schedule a request was due as it was sent.
        long intendedNs = schedule.unthrottled() ? sentNs : schedule.wholeIntendedNs(sequence);
        long timeoutNs = settings.replyTimeoutNs();
        measurement.lost(intendedNs, sentNs + timeoutNs - intendedNs, timeoutNs);
        resolved.incrementAndGet();
    }

    /**
     * Whether a request given up at its timeout had outlived its --ttl by then (it is given up
     * {@link #waitNs} after its send, the delay and the timeout): expired, unless a reply comes after all.
     */
    private boolean expires() {
        return timeToLiveNs > 0 && waitNs() >= timeToLiveNs;
    }

    /**
     * A reply to a request already given up: with --ttl, one counted expired was answered after all
     * (it had not expired), so it is lost at its timeout, as without --ttl.
     */
    private void answeredAfterAll(long sequence, long sendNs) {
        if (expires()) {
            expired.decrementAndGet();
            resolved.decrementAndGet(); // timedOut counts it again
            timedOut(sequence, sendNs);
        }
    }

    /** How long a request's reply is waited for after its send: the timeout, from when the broker may first deliver it. */
    private long waitNs() {
        return settings.replyTimeoutNs() + deliveryDelayNs;
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
        int slot = slotOf(sequence);
        if (receivedNs - sendNs >= waitNs()) {
            // Past its timeout: lost, whether or not the requester had given up on it yet.
            if (pending.resolve(slot, sequence)) {
                timedOut(sequence, sendNs);
            } else {
                answeredAfterAll(sequence, sendNs);
            }
            late.incrementAndGet();
            return;
        }
        if (!pending.resolve(slot, sequence)) {
            answeredAfterAll(sequence, sendNs);
            late.incrementAndGet();
            return;
        }
        // With --delivery-delay, measured from when the broker could first deliver the request.
        long dueNs = intendedNs + deliveryDelayNs;
        if (EarlyDelivery.early(receivedNs, dueNs, deliveryDelayNs)) {
            control.fail(EarlyDelivery.why("requester " + local, receivedNs, dueNs, deliveryDelayNs));
            return;
        }
        recorder.record(View.RESPONSE, intendedNs, receivedNs - dueNs);
        recorder.record(View.SERVICE, intendedNs, receivedNs - sendNs - deliveryDelayNs);
        sizes.record(sequence, intendedNs, receivedNs - dueNs);
        meter.completion(receivedNs, dueNs);
        resolved.incrementAndGet();
        if (!settings.open() || awaitingSlot) {
            LockSupport.unpark(thread);
        }
    }

    long resolved() {
        return resolved.get();
    }

    long late() {
        return late.get();
    }

    /** Requests given up at a reply timeout no shorter than their --ttl: expired, not lost. */
    long expired() {
        return expired.get();
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
        unit.close();
    }
}
