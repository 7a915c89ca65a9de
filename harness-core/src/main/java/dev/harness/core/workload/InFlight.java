package dev.harness.core.workload;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

import javax.jms.CompletionListener;
import javax.jms.JMSException;
import javax.jms.Message;

import dev.harness.core.run.RunControl;

/**
 * A worker's asynchronous sends ({@code --max-in-flight} N above 1): N pre-allocated slots, each
 * the {@link CompletionListener} of the send it holds, so that a send allocates nothing but its
 * message. The worker's thread takes a free slot before each send and waits when all N are
 * unacknowledged; the provider's thread frees it at the acknowledgement.
 *
 * <p>A lost connection ends a generation: the sends still unacknowledged are in doubt, carried
 * (queue, intended time, sequence) to be sent again on the next connection, and their slots are
 * dead, so that a late acknowledgement from the old connection changes nothing. A new generation's
 * slots are allocated then, once per reconnect, never per message.
 */
final class InFlight {
    /** What the worker does when a send is acknowledged; on the provider's thread, so wait-free. */
    interface Acks {
        void acknowledged(Slot slot, long ackNs);
    }

    private static final int FREE = 0;
    private static final int SENT = 1;
    private static final int DEAD = 2;
    /** Being acknowledged: neither carried by a reset nor taken by a send. */
    private static final int ACKING = 3;
    /** Longest single wait for an acknowledgement, so a stop request or a lost connection is seen promptly. */
    private static final long PARK_NS = 10_000_000L;

    /** One send's bookkeeping; the listener the provider calls for it. */
    static final class Slot implements CompletionListener {
        private final Generation generation;
        private final AtomicInteger state = new AtomicInteger(FREE);
        int queue;
        long intendedNs;
        long sequence;
        /** When the application started the send (building the message included). */
        long sendNs;
        /** When the send call began: {@code ack} runs from here. */
        long callNs;
        /** Counted in doubt already (a send carried from a lost connection, or counted at a loss): never twice. */
        boolean countedInDoubt;

        Slot(Generation generation) {
            this.generation = generation;
        }

        @Override
        public void onCompletion(Message message) {
            long ackNs = System.nanoTime();
            if (!state.compareAndSet(SENT, ACKING)) {
                return; // an acknowledgement from a connection given up: the send went out again
            }
            InFlight w = generation.window;
            w.acks.acknowledged(this, ackNs);
            w.acknowledged.incrementAndGet();
            state.set(FREE); // before the count: a sender that sees room finds the slot
            generation.count.decrementAndGet();
            w.wake();
        }

        @Override
        public void onException(Message message, Exception exception) {
            if (state.get() == SENT) {
                generation.window.fail(exception);
            }
        }
    }

    private static final class Generation {
        final InFlight window;
        final Slot[] slots;
        final AtomicInteger count = new AtomicInteger();

        Generation(InFlight window, int n) {
            this.window = window;
            this.slots = new Slot[n];
            for (int i = 0; i < n; i++) {
                slots[i] = new Slot(this);
            }
        }
    }

    private final int max;
    private final Acks acks;
    private final RunControl control;
    private volatile Generation generation;
    private volatile Exception failure;
    private volatile Thread waiter;
    private int cursor;
    /** Acknowledgements on live slots. */
    private final AtomicLong acknowledged = new AtomicLong();
    /** Sends in doubt at the last lost connection, to be sent again: a queue, an intended time, a sequence each. */
    private final int[] carriedQueue;
    private final long[] carriedIntendedNs;
    private final long[] carriedSequence;
    private int carried;
    /** Time the worker waited for a free slot: the window was full. Written by the worker only. */
    private long fullNs;
    private long fullWaits;
    /** When the worker's last wait for a free slot began and ended (at first, an empty wait before any send). Worker only. */
    private long waitStartNs = System.nanoTime();
    private long waitEndNs = waitStartNs;

    InFlight(int max, Acks acks, RunControl control) {
        this.max = max;
        this.acks = acks;
        this.control = control;
        this.generation = new Generation(this, max);
        this.carriedQueue = new int[max];
        this.carriedIntendedNs = new long[max];
        this.carriedSequence = new long[max];
    }

    int max() {
        return max;
    }

    /** When the worker's last wait for a free slot began. */
    long waitStartNs() {
        return waitStartNs;
    }

    /** When the worker's last wait for a free slot ended: the window freed it then. */
    long waitEndNs() {
        return waitEndNs;
    }

    /**
     * A free slot, waiting while all are unacknowledged. Throws the failure an acknowledgement
     * reported (the connection is lost: the caller recovers), or one saying the run is stopping.
     */
    Slot acquire() throws JMSException {
        Generation g = generation;
        if (g.count.get() >= max) {
            waitStartNs = System.nanoTime();
            awaitBelow(g, max);
            waitEndNs = System.nanoTime();
            fullNs += waitEndNs - waitStartNs;
            fullWaits++;
        }
        checkFailure();
        Slot[] slots = g.slots;
        // Acknowledgements come in order per producer, not across them: look for a free one.
        for (int k = 0; k < slots.length; k++) {
            Slot s = slots[cursor];
            cursor = cursor + 1 == slots.length ? 0 : cursor + 1;
            if (s.state.get() == FREE) {
                s.state.set(SENT);
                g.count.incrementAndGet();
                return s;
            }
        }
        throw new IllegalStateException("in-flight window: no free slot though " + g.count.get() + " of " + max + " are taken");
    }

    /** A send that threw at once holds no slot: it is the unit's to send again. */
    void release(Slot s) {
        if (s.state.compareAndSet(SENT, FREE)) {
            s.generation.count.decrementAndGet();
        }
    }

    /**
     * Waits at most {@code timeoutNs} for every send to be acknowledged (before a commit, at the
     * end of sending), even when the run is stopping; true if they were. Throws a reported failure.
     */
    boolean awaitAll(long timeoutNs) throws JMSException {
        long deadline = System.nanoTime() + timeoutNs;
        Generation g = generation;
        while (g.count.get() > 0 && failure == null && System.nanoTime() - deadline < 0) {
            park();
        }
        checkFailure();
        return g.count.get() == 0;
    }

    /**
     * Before a commit: waits for every send to be acknowledged for as long as the broker takes, as
     * a blocking send would. A lost connection ends the wait through the failure it reports (thrown:
     * the unit recovers, bounded by --reconnect-timeout); a stop request (Ctrl-C, a failure, the run
     * giving up on a schedule it cannot keep) leaves {@code graceNs} more. True if they were.
     */
    boolean awaitAllUnlessStopped(long graceNs) throws JMSException {
        Generation g = generation;
        long stopDeadline = 0;
        boolean stopSeen = false;
        while (g.count.get() > 0 && failure == null) {
            if (control.stopRequested()) {
                if (!stopSeen) {
                    stopSeen = true;
                    stopDeadline = System.nanoTime() + graceNs;
                } else if (System.nanoTime() - stopDeadline >= 0) {
                    break;
                }
            }
            park();
        }
        checkFailure();
        return g.count.get() == 0;
    }

    private void awaitBelow(Generation g, int limit) throws JMSException {
        while (g.count.get() >= limit && failure == null) {
            if (control.stopRequested()) {
                throw new JMSException("the run is stopping");
            }
            park();
        }
    }

    private void park() {
        waiter = Thread.currentThread();
        LockSupport.parkNanos(PARK_NS);
        waiter = null;
    }

    private void wake() {
        Thread t = waiter;
        if (t != null) {
            LockSupport.unpark(t);
        }
    }

    /** A send failed after its call returned, or the connection was lost: the worker learns of it at its next step. */
    void fail(Exception e) {
        if (failure == null) {
            failure = e;
        }
        wake();
    }

    private void checkFailure() throws JMSException {
        Exception e = failure;
        if (e != null) {
            if (e instanceof JMSException j) {
                throw j;
            }
            JMSException j = new JMSException("asynchronous send failed: " + e);
            j.setLinkedException(e);
            j.initCause(e);
            throw j;
        }
    }

    /** Sends unacknowledged now, and those carried from a lost connection not yet sent again: in doubt if it is lost. */
    int inDoubt() {
        return generation.count.get() + carried;
    }

    /**
     * At a lost connection: the sends in doubt not counted before, now counted. Those carried from
     * an earlier loss, and those sent again from there, were counted then: a message whose resend
     * fails again is still one message in doubt.
     */
    int newlyInDoubt() {
        int n = 0;
        for (Slot s : generation.slots) {
            if (s.state.get() == SENT && !s.countedInDoubt) {
                s.countedInDoubt = true;
                n++;
            }
        }
        return n;
    }

    /**
     * The connection is lost (or replaced): the sends still unacknowledged are carried to be sent
     * again ({@code keep}), or dropped (a transacted unit rolled back sends them again itself), and a
     * new generation of slots begins.
     */
    void reset(boolean keep) {
        Generation old = generation;
        if (keep) {
            for (Slot s : old.slots) {
                if (s.state.compareAndSet(SENT, DEAD) && carried < max) {
                    carriedQueue[carried] = s.queue;
                    carriedIntendedNs[carried] = s.intendedNs;
                    carriedSequence[carried] = s.sequence;
                    carried++;
                }
            }
        } else {
            for (Slot s : old.slots) {
                s.state.set(DEAD);
            }
            carried = 0;
        }
        generation = new Generation(this, max);
        cursor = 0;
        failure = null;
    }

    int carried() {
        return carried;
    }

    /** Removes and returns the index of the last carried send; read it with the carried getters, then send it. */
    int takeCarried() {
        return --carried;
    }

    int carriedQueue(int c) {
        return carriedQueue[c];
    }

    long carriedIntendedNs(int c) {
        return carriedIntendedNs[c];
    }

    long carriedSequence(int c) {
        return carriedSequence[c];
    }

    /** Total time the worker waited with all N unacknowledged. */
    long fullNs() {
        return fullNs;
    }

    long fullWaits() {
        return fullWaits;
    }

    long acknowledged() {
        return acknowledged.get();
    }
}
