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
 * What a sender and a requester share: their unit of work (the messages since the last commit,
 * or the one message outside syncpoint), sent again whole after a lost connection with the
 * original intended times, and its accounting: a failure before the commit rolled the unit's
 * sends back; one in the commit, or in a send outside syncpoint, leaves them in doubt (the broker
 * may have kept them, and sent again they may arrive twice). A worker that reconnected is behind
 * until it finds its next message not yet due.
 */
abstract class UnitOfWork {
    final String name;
    final RunControl control;
    final Reconnect reconnect;
    final Ledger ledger;
    final boolean transacted;
    /** Per message of the unit: the queue (its index), the intended send time, the sequence number. */
    final int[] unitQueue;
    final long[] unitIntendedNs;
    final long[] unitSequence;
    private final AtomicLong sendsReturned = new AtomicLong();
    private final AtomicLong committed = new AtomicLong();
    Provider provider;
    /** Replaced by a reconnect, closed from another thread. */
    volatile Connection connection;
    /** Messages in the unit, sent or about to be. */
    int pending;
    /** Of those, how many sends returned on this connection. */
    private int sentInUnit;
    /** Of those, how many had a send return at least once (and were recorded). */
    private int recordedInUnit;
    private boolean committing;
    /** Reconnected and not yet back on schedule. */
    private boolean behind;

    /** @param syncpoint messages per commit; 0 outside syncpoint (a unit of one message) */
    UnitOfWork(String name, RunControl control, Reconnect reconnect, Ledger ledger, int syncpoint) {
        this.name = name;
        this.control = control;
        this.reconnect = reconnect;
        this.ledger = ledger;
        this.transacted = syncpoint > 0;
        int unitSize = Math.max(1, syncpoint);
        this.unitQueue = new int[unitSize];
        this.unitIntendedNs = new long[unitSize];
        this.unitSequence = new long[unitSize];
    }

    /** Sends message {@code i} of the unit (again), calling {@link #sendReturned} when the send returns. */
    abstract void send(int i) throws JMSException;

    /** Commits the unit (in syncpoint, through {@link #commit}) and ends it with {@link #unitDone}. */
    abstract void completeUnit() throws JMSException;

    /** Connects: connection, session, producers; sets {@link #provider} and {@link #connection}. */
    abstract void open(Provider provider) throws JMSException;

    /** With no schedule there is nothing to be behind. */
    abstract boolean unthrottled();

    /** Adds a message to the unit; returns its index there. */
    final int add(int queue, long intendedNs, long sequence) {
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
    final boolean sendReturned(int i) {
        sentInUnit++;
        if (i == recordedInUnit) {
            recordedInUnit++;
            sendsReturned.lazySet(sendsReturned.get() + 1);
            return true;
        }
        return false;
    }

    /** Commits the unit's transaction and records the {@code commit} view; returns when it returned. */
    final long commit(Session session, LatencyRecorder recorder) throws JMSException {
        long startNs = System.nanoTime();
        committing = true;
        session.commit();
        committing = false;
        long doneNs = System.nanoTime();
        recorder.record(View.COMMIT, unitIntendedNs[pending - 1], doneNs - startNs);
        return doneNs;
    }

    /** The unit's messages are on the broker (its send or commit returned): ticked off, counted, and a new unit begins. */
    final void unitDone() {
        for (int i = 0; i < pending; i++) {
            ledger.committed(unitSequence[i]);
        }
        committed.lazySet(committed.get() + pending);
        pending = 0;
        sentInUnit = 0;
        recordedInUnit = 0;
    }

    /** Messages whose send, and commit in syncpoint, returned: they are on the broker. */
    final long committed() {
        return committed.get();
    }

    /** Messages whose send returned at least once, committed or not. */
    final long sendsReturned() {
        return sendsReturned.get();
    }

    /** Sends message {@code i}, then completes the unit if it is full; recovers from a lost connection. */
    final void sendOrRecover(int i, boolean full) throws JMSException {
        try {
            send(i);
            if (full) {
                completeUnit();
            }
        } catch (JMSException e) {
            recover(e, full);
        }
    }

    final void completeOrRecover() throws JMSException {
        try {
            completeUnit();
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
            } else {
                ledger.inDoubt(transacted ? pending : 1);
            }
            committing = false;
            sentInUnit = 0;
            if (!behind) {
                reconnect.down(lostNs);
                behind = true;
            }
            reconnect.brokerLost(e);
            abandonConnection();
            if (!reconnect.reopen(name, () -> open(provider), e, lostNs)) {
                throw e;
            }
            try {
                if (unthrottled()) {
                    caughtUp(System.nanoTime());
                }
                for (int i = 0; i < pending; i++) {
                    send(i);
                }
                if (completeDue) {
                    completeUnit();
                }
                return;
            } catch (JMSException again) {
                e = again;
            }
        }
    }

    /** Closes the lost connection without waiting for it. */
    private void abandonConnection() {
        JmsWork.closeInBackground(connection);
    }

    /** Called with the next message's intended time before waiting for it. */
    final void nextDue(long intendedNs) {
        if (behind && intendedNs - System.nanoTime() > 0) {
            caughtUp(System.nanoTime());
        }
    }

    /** Sending is over: a worker still behind has no more messages to be late with. */
    final void sendingOver() {
        if (behind) {
            caughtUp(System.nanoTime());
        }
    }

    private void caughtUp(long ns) {
        behind = false;
        reconnect.caughtUp(ns);
        reconnect.back(ns);
    }
}
