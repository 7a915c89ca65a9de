package dev.harness.core.workload;

import java.util.concurrent.atomic.AtomicLong;

import javax.jms.Connection;
import javax.jms.JMSException;
import javax.jms.Session;

import dev.harness.core.jms.Provider;
import dev.harness.core.measure.LatencyRecorder;
import dev.harness.core.measure.View;
import dev.harness.core.run.RunControl;

/**
 * A sender's or requester's unit of work (the messages since the last commit, or the one message
 * outside syncpoint), sent again whole after a lost connection with the original intended times,
 * and its accounting: a failure before the commit rolled the unit's sends back; one in the commit,
 * or in a send outside syncpoint, leaves them in doubt (the broker may have kept them, and sent
 * again they may arrive twice). A worker that reconnected is behind until it finds its next
 * message not yet due. It owns the worker's connection, and connects again through the worker.
 */
final class UnitOfWork {
    /** What the worker does with its unit; the unit decides when. */
    interface Worker {
        /** Connects ({@link UnitOfWork#connect}), with its session and producers; returns the connection. */
        Connection connect(Provider provider) throws JMSException;

        /** Sends message {@code i} of the unit (again), calling {@link UnitOfWork#sendReturned} when the send returns. */
        void send(int i) throws JMSException;

        /** Commits the unit (in syncpoint, through {@link UnitOfWork#commit}) and ends it with {@link UnitOfWork#unitDone}. */
        void completeUnit() throws JMSException;

        /** With no schedule there is nothing to be behind. */
        boolean unthrottled();

        /**
         * Asynchronous sends outside syncpoint: those handed off from the unit and not yet
         * acknowledged, in doubt when the connection is lost; each counted once (those carried
         * from an earlier loss and sent again were counted then), and counted by this call.
         */
        default int newlyInDoubt() {
            return 0;
        }

        /**
         * True when the unit's message leaves it as soon as it is sent (asynchronous sends outside
         * syncpoint): then only the sends in flight ({@link #newlyInDoubt}) are in doubt after a failure, and a message whose
         * send was never tried is no doubt but the unit's to send.
         */
        default boolean handsOff() {
            return false;
        }

        /** After a reconnect: sends those in flight at the loss again, with their original intended times. */
        default void resendInFlight() throws JMSException {
        }

        /** Waits for every asynchronous send to be acknowledged (bounded); throws a failure one reported. */
        default void awaitInFlight() throws JMSException {
        }
    }

    private final String name;
    private final RunControl control;
    private final Reconnect reconnect;
    private final Commits ledger;
    private final Worker worker;
    private final boolean transacted;
    /** Per message of the unit: the queue (its index), the intended send time, the sequence number. */
    private final int[] unitQueue;
    private final long[] unitIntendedNs;
    private final long[] unitSequence;
    private final AtomicLong sendsReturned = new AtomicLong();
    private final AtomicLong committed = new AtomicLong();
    private Provider provider;
    /** Replaced by a reconnect, closed from another thread. */
    private volatile Connection connection;
    /** Messages in the unit, sent or about to be. */
    private int pending;
    /** Of those, how many sends returned on this connection. */
    private int sentInUnit;
    /** Of those, how many had a send return at least once (and were recorded). */
    private int recordedInUnit;
    private boolean committing;
    /** The unit's messages are counted in doubt already: a recovery that fails again does not count them twice. */
    private boolean unitInDoubt;
    /** Reconnected and not yet back on schedule. */
    private boolean behind;

    /** @param syncpoint messages per commit; 0 outside syncpoint (a unit of one message) */
    UnitOfWork(String name, RunControl control, Reconnect reconnect, Commits ledger, int syncpoint, Worker worker) {
        this.name = name;
        this.control = control;
        this.reconnect = reconnect;
        this.ledger = ledger;
        this.worker = worker;
        this.transacted = syncpoint > 0;
        int unitSize = Math.max(1, syncpoint);
        this.unitQueue = new int[unitSize];
        this.unitIntendedNs = new long[unitSize];
        this.unitSequence = new long[unitSize];
    }

    /** Connects the worker, the first time. */
    void open(Provider provider) throws JMSException {
        this.provider = provider;
        this.connection = worker.connect(provider);
    }

    /** A connection for the worker, watched as every worker's is (see {@link JmsWork#connect}). */
    Connection connect(Provider provider) throws JMSException {
        return JmsWork.connect(provider, control, reconnect, name);
    }

    String name() {
        return name;
    }

    /** One line for a failure that ends the worker. */
    String explain(JMSException e) {
        return name + ": " + provider.explain(e);
    }

    /** One line for something else that ends the worker, read by the provider: its client may have thrown it. */
    String explainStop(RuntimeException e) {
        return name + " stopped: " + provider.explain(e);
    }

    boolean transacted() {
        return transacted;
    }

    /** Messages a unit holds at most. */
    int capacity() {
        return unitQueue.length;
    }

    /** Messages in the unit, sent or about to be. */
    int pending() {
        return pending;
    }

    int queue(int i) {
        return unitQueue[i];
    }

    long intendedNs(int i) {
        return unitIntendedNs[i];
    }

    long sequence(int i) {
        return unitSequence[i];
    }

    /** Adds a message to the unit; returns its index there. */
    int add(int queue, long intendedNs, long sequence) {
        int i = pending++;
        unitQueue[i] = queue;
        unitIntendedNs[i] = intendedNs;
        unitSequence[i] = sequence;
        return i;
    }

    /**
     * Counts a send of message {@code i} that returned. True on its first return: a message sent
     * again after a failure is counted and recorded once, at its first return.
     */
    boolean sendReturned(int i) {
        sentInUnit++;
        if (i == recordedInUnit) {
            recordedInUnit++;
            sendsReturned.lazySet(sendsReturned.get() + 1);
            return true;
        }
        return false;
    }

    /** Commits the unit's transaction and records the {@code commit} view; returns when it returned. */
    long commit(Session session, LatencyRecorder recorder) throws JMSException {
        long startNs = System.nanoTime();
        committing = true;
        session.commit();
        committing = false;
        long doneNs = System.nanoTime();
        recorder.record(View.COMMIT, unitIntendedNs[pending - 1], doneNs - startNs);
        return doneNs;
    }

    /** The unit's messages are on the broker (its send or commit returned): ticked off, counted, and a new unit begins. */
    void unitDone() {
        for (int i = 0; i < pending; i++) {
            ledger.committed(unitSequence[i]);
        }
        committed.lazySet(committed.get() + pending);
        pending = 0;
        sentInUnit = 0;
        recordedInUnit = 0;
        unitInDoubt = false;
    }

    /**
     * Asynchronous sends outside syncpoint: the unit's message went out with a CompletionListener
     * and is the in-flight window's now; its acknowledgement ticks it off ({@link #acknowledged}).
     */
    void handedOff() {
        pending = 0;
        sentInUnit = 0;
        recordedInUnit = 0;
        unitInDoubt = false;
    }

    /** The broker acknowledged an asynchronous send outside syncpoint (on the provider's thread): it is on the broker. */
    void acknowledged(long sequence) {
        ledger.committed(sequence);
        committed.incrementAndGet();
    }

    /** At the end of sending: waits for the sends in flight, recovering from a lost connection meanwhile. */
    void drainOrRecover() throws JMSException {
        while (true) {
            try {
                worker.awaitInFlight();
                return;
            } catch (JMSException e) {
                recover(e, false);
            }
        }
    }

    /** Messages whose send, and commit in syncpoint, returned: they are on the broker. */
    long committed() {
        return committed.get();
    }

    /** Messages whose send returned at least once, committed or not. */
    long sendsReturned() {
        return sendsReturned.get();
    }

    /** Sends message {@code i}, then completes the unit if it is full; recovers from a lost connection. */
    void sendOrRecover(int i, boolean full) throws JMSException {
        try {
            worker.send(i);
            if (full) {
                worker.completeUnit();
            }
        } catch (JMSException e) {
            recover(e, full);
        }
    }

    void completeOrRecover() throws JMSException {
        try {
            worker.completeUnit();
        } catch (JMSException e) {
            recover(e, true);
        }
    }

    /**
     * The connection failed during the unit: connect again and send the unit again (and complete
     * it when that was due), until that works or reconnecting gives up (the failure is thrown).
     */
    private void recover(JMSException failure, boolean completeDue) throws JMSException {
        JMSException e = failure;
        long lostNs = System.nanoTime();
        while (true) {
            // A refused request (a full queue) fails at once; a failure the provider cannot tell
            // from a lost connection comes back after every reconnect, so the whole is bounded too.
            if (!reconnect.mayCure(e) || control.stopRequested() || reconnect.expired(lostNs)) {
                throw e;
            }
            if (transacted && !committing) {
                ledger.rolledBack(sentInUnit);
            } else if (worker.handsOff()) {
                ledger.inDoubt(worker.newlyInDoubt());
            } else if (!unitInDoubt) {
                ledger.inDoubt(transacted ? pending : 1);
                unitInDoubt = true;
            }
            committing = false;
            sentInUnit = 0;
            if (!behind) {
                reconnect.down(lostNs);
                behind = true;
            }
            reconnect.brokerLost(e);
            JmsWork.closeInBackground(connection); // without waiting for it
            if (!reconnect.reopen(name, () -> connection = worker.connect(provider), e, lostNs)) {
                throw e;
            }
            try {
                if (worker.unthrottled()) {
                    caughtUp(System.nanoTime());
                }
                worker.resendInFlight();
                for (int i = 0; i < pending; i++) {
                    worker.send(i);
                }
                if (completeDue) {
                    worker.completeUnit();
                }
                return;
            } catch (JMSException again) {
                e = again;
            }
        }
    }

    /**
     * The connection failed with no unit in hand (a requester getting its reply by correlation ID,
     * its request committed): connect again, sending nothing, until that works or reconnecting gives
     * up (the failure is thrown).
     */
    void reconnect(JMSException failure) throws JMSException {
        long lostNs = System.nanoTime();
        if (!reconnect.mayCure(failure) || control.stopRequested()) {
            throw failure;
        }
        if (!behind) {
            reconnect.down(lostNs);
            behind = true;
        }
        reconnect.brokerLost(failure);
        JmsWork.closeInBackground(connection);
        if (!reconnect.reopen(name, () -> connection = worker.connect(provider), failure, lostNs)) {
            throw failure;
        }
    }

    /**
     * {@code --reconnect-every}, with no unit in hand: closes the connection and connects again, as
     * an application that reconnects does. A connect that fails is a lost connection.
     */
    void churn() throws JMSException {
        JmsWork.closeQuietly(connection);
        try {
            connection = worker.connect(provider);
        } catch (JMSException e) {
            reconnect(e);
        }
    }

    /** Called with the next message's intended time before waiting for it. */
    void nextDue(long intendedNs) {
        if (behind && intendedNs - System.nanoTime() > 0) {
            caughtUp(System.nanoTime());
        }
    }

    /** Sending is over: a worker still behind has no more messages to be late with. */
    void sendingOver() {
        if (behind) {
            caughtUp(System.nanoTime());
        }
    }

    private void caughtUp(long ns) {
        behind = false;
        reconnect.caughtUp(ns);
        reconnect.back(ns);
    }

    void close() {
        JmsWork.closeQuietly(connection);
    }
}
