package dev.harness.core.workload;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

import javax.jms.Connection;
import javax.jms.JMSException;
import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.MessageListener;

/**
 * The connection of a worker that consumes (drainer, subscriber, reply router, responder),
 * through message listeners or, with {@code --receive sync}, through receive loops it runs. Such a
 * worker hears of a lost connection only through the connection's exception listener (or a loop's
 * failed receive), so that listener connects again on a thread of its own and sets the consumers
 * up anew; messages then flow as before.
 */
final class ListenerConnection {
    /** --receive sync: how long a get waits; a quiet queue then commits the gets in hand. */
    static final long QUIET_MS = 100;
    /** How long a closing connection gives each loop's last message and commit, beside the worker's own time per message. */
    private static final long CLOSE_COMMIT_MS = 5_000;
    /** How long a failed receive loop waits to learn whether its connection was lost. */
    private static final long LOSS_HEARD_NS = 1_000_000_000L;

    /** Opens sessions and consumers on a new connection, and sets their listeners or starts their loops on {@code self}. */
    interface Setup {
        void on(Connection c, ListenerConnection self) throws JMSException;
    }

    /** What a receive loop does with what it gets: one per session, called on the loop's thread only. */
    interface Taker {
        /** Handles a message got, and acknowledges it as the session's mode asks. */
        void take(Message m) throws JMSException;

        /** No message came for {@link #QUIET_MS}, or the loop ends: a unit of work in hand commits. */
        default void quiet() throws JMSException {
        }

        /** A failure no reconnect can cure: the run's. */
        void failed(JMSException e);

        /**
         * Hands each message to {@code handle}, then to {@code acks} (null where the worker
         * acknowledges itself, as a responder commits with its reply); {@code failed} hears what no
         * reconnect cures.
         */
        static Taker of(MessageListener handle, Acknowledger acks, Consumer<JMSException> failed) {
            return new Taker() {
                @Override
                public void take(Message m) throws JMSException {
                    handle.onMessage(m);
                    if (acks != null) {
                        acks.taken(m);
                    }
                }

                @Override
                public void quiet() throws JMSException {
                    if (acks != null) {
                        acks.quiet();
                    }
                }

                @Override
                public void failed(JMSException e) {
                    failed.accept(e);
                }
            };
        }
    }

    private final Reconnect reconnect;
    private final String who;
    private final Setup setup;
    private final String clientId;
    private final AtomicBoolean reconnecting = new AtomicBoolean();
    private volatile Connection connection;
    private volatile boolean started;
    private volatile boolean closed;
    /** A connection that reported its loss while this one was reconnecting: looked at again after. */
    private volatile Connection failedMeanwhile;
    private volatile boolean wasLost;
    /** The connection last taken as lost: a loop of its sessions that fails is not the run's failure. */
    private volatile Connection lastLost;
    /** --receive sync: the loops of every connection so far (those of a lost one have ended). */
    private final List<Thread> loops = new CopyOnWriteArrayList<>();

    ListenerConnection(Reconnect reconnect, String who, Setup setup) {
        this(reconnect, who, null, setup);
    }

    /** @param clientId set on each new connection before anything else is done on it (a durable subscriber's); null for none */
    ListenerConnection(Reconnect reconnect, String who, String clientId, Setup setup) {
        this.reconnect = reconnect;
        this.who = who;
        this.clientId = clientId;
        this.setup = setup;
        reconnect.register(this);
    }

    void open() throws JMSException {
        connection = connect();
    }

    /** Starts delivery, now and after every reconnect. */
    void start() throws JMSException {
        started = true;
        connection.start();
    }

    private Connection connect() throws JMSException {
        Connection c = reconnect.connect();
        try {
            if (clientId != null) {
                c.setClientID(clientId); // JMS: before any other use of the connection
            }
            c.setExceptionListener(e -> lost(c, e, true));
            setup.on(c, this);
            if (started) {
                c.start();
            }
            return c;
        } catch (JMSException | RuntimeException e) {
            JmsWork.closeQuietly(c);
            throw e;
        }
    }

    /** Whether it lost its connection (or was taken as lost) during the run: what it consumed from may have ended with it. */
    boolean wasLost() {
        return wasLost;
    }

    /** Whether {@code c} was taken as lost, or replaced: what failed on it is the loss, not a failure of its own. */
    boolean gone(Connection c) {
        return closed || c != connection || c == lastLost;
    }

    /** Another worker lost its connection to the broker: this one is taken as lost too. */
    void suspect(Exception cause) {
        lost(connection, cause, false);
    }

    /** @param tellOthers this connection found out first: the others are told */
    private void lost(Connection c, Exception e, boolean tellOthers) {
        if (closed) {
            return;
        }
        if (c != connection || !reconnecting.compareAndSet(false, true)) {
            // A replaced connection reporting its end (ignored after the reconnect), or a new one
            // failing before it took over or before the reconnect was done (handled after it).
            failedMeanwhile = c;
            return;
        }
        long lostNs = System.nanoTime();
        wasLost = true;
        lastLost = c;
        if (!reconnect.enabled()) {
            reconnect.reopen(who, null, e, lostNs); // fails the run
            return;
        }
        if (tellOthers) {
            reconnect.brokerLost(e);
        }
        Thread t = new Thread(() -> {
            reconnect.down(lostNs);
            try {
                JmsWork.closeInBackground(c);
                reconnect.reopen(who, () -> {
                    Connection fresh = connect();
                    connection = fresh;
                    if (closed) { // close() may have run meanwhile and closed the old one only
                        JmsWork.closeQuietly(fresh);
                    }
                }, e, lostNs, () -> closed);
            } finally {
                reconnect.back(System.nanoTime());
                reconnecting.set(false);
            }
            Connection failed = failedMeanwhile;
            if (failed != null && failed == connection) {
                failedMeanwhile = null;
                lost(failed, e, false);
            }
        }, "harness-reconnect-" + who.replace(' ', '-'));
        t.setDaemon(true);
        t.start();
    }

    /**
     * {@code --receive sync}: gets from {@code consumer} with {@code receive(timeout)} on a thread of
     * its own until this closes or {@code c} is lost; the reconnect's setup starts a new loop. Called
     * from the {@link Setup}, the consumer's session is the loop's alone from then on.
     */
    void receiveLoop(Connection c, MessageConsumer consumer, String name, Taker taker) {
        loops.removeIf(t -> !t.isAlive());
        Thread t = new Thread(() -> loop(c, consumer, taker), "harness-" + name.replace(' ', '-'));
        t.setDaemon(true);
        loops.add(t);
        t.start();
    }

    private void loop(Connection c, MessageConsumer consumer, Taker taker) {
        try {
            while (!closed && c != lastLost) { // not gone(c): the connection is not yet this one's while its setup runs
                Message m = consumer.receive(QUIET_MS);
                if (m == null) {
                    taker.quiet();
                } else {
                    taker.take(m);
                }
            }
            taker.quiet(); // closing: what was got is consumed, not left to come again
        } catch (JMSException e) {
            // The session went with its connection, whose exception listener may hear of it a moment later.
            long deadline = System.nanoTime() + LOSS_HEARD_NS;
            while (!gone(c) && System.nanoTime() - deadline < 0) {
                LockSupport.parkNanos(LOSS_HEARD_NS / 100);
            }
            if (!gone(c)) {
                if (reconnect.mayCure(e)) {
                    suspect(e); // this loop ends: a new connection starts new ones
                } else {
                    taker.failed(e);
                }
            }
        } catch (RuntimeException e) {
            // A client's or the worker's own fault: the loop ends, and says so rather than stop taking in silence.
            if (!closed) {
                JMSException failure = new JMSException(e.toString());
                failure.setLinkedException(e);
                taker.failed(failure);
            }
        }
    }

    void close() {
        close(0);
    }

    /**
     * Closes the connection, once its loops have each taken the message in hand and committed what
     * they got: {@code handlingNs} is the worker's own time over a message ({@code --consume-delay}).
     */
    void close(long handlingNs) {
        stop();
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(2 * QUIET_MS + CLOSE_COMMIT_MS) + handlingNs;
        try {
            for (Thread t : loops) {
                long leftMs = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
                if (leftMs <= 0) {
                    break; // one deadline for all: a frozen broker must not hold the close for each loop in turn
                }
                t.join(leftMs);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            JmsWork.closeQuietly(connection);
        }
    }

    /** Tells its loops to stop after the message in hand, without waiting: a worker with many connections stops them all first. */
    void stop() {
        closed = true;
    }
}
