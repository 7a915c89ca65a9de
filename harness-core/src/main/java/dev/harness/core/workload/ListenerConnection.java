package dev.harness.core.workload;

import java.util.concurrent.atomic.AtomicBoolean;

import javax.jms.Connection;
import javax.jms.JMSException;

import dev.harness.core.jms.Provider;

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

    private final Provider provider;
    private final Reconnect reconnect;
    private final String who;
    private final Setup setup;
    private final AtomicBoolean reconnecting = new AtomicBoolean();
    private volatile Connection connection;
    private volatile boolean started;
    private volatile boolean closed;

    ListenerConnection(Provider provider, Reconnect reconnect, String who, Setup setup) {
        this.provider = provider;
        this.reconnect = reconnect;
        this.who = who;
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

    /** Another worker lost its connection to the broker: this one is taken as lost too. */
    void suspect(Exception cause) {
        lost(connection, cause, false);
    }

    /** @param tellOthers this connection found out first: the others are told */
    private void lost(Connection c, Exception e, boolean tellOthers) {
        // A connection already replaced, or one being closed, may still report its end.
        if (closed || c != connection || !reconnecting.compareAndSet(false, true)) {
            return;
        }
        long lostNs = System.nanoTime();
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
                    if (closed) {
                        JmsWork.closeQuietly(fresh);
                    } else {
                        connection = fresh;
                    }
                }, e, lostNs);
            } finally {
                reconnect.back(System.nanoTime());
                reconnecting.set(false);
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
