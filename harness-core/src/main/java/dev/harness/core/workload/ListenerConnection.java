package dev.harness.core.workload;

import java.util.concurrent.atomic.AtomicBoolean;

import javax.jms.Connection;
import javax.jms.JMSException;

/**
 * The connection of a worker that consumes through a message listener (drainer, reply router,
 * responder). Such a worker hears of a lost connection only through the connection's exception
 * listener, so that listener connects again on a thread of its own and sets the consumers up
 * anew; messages then flow as before.
 */
final class ListenerConnection {
    /** Opens sessions and consumers on a new connection and sets their listeners. */
    interface Setup {
        void on(Connection c) throws JMSException;
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
            setup.on(c);
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

    void close() {
        closed = true;
        JmsWork.closeQuietly(connection);
    }
}
