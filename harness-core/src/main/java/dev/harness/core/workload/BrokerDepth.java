package dev.harness.core.workload;

import java.util.List;
import java.util.concurrent.locks.LockSupport;

import javax.jms.Connection;
import javax.jms.JMSException;
import javax.jms.Session;

import dev.harness.core.jms.Provider;

/**
 * The broker's own count of the messages on the run's queues, asked every {@link #EVERY_NS} on a
 * connection of its own by a thread of its own: the interval's cut that reads it must not wait on
 * the broker. Where the provider tells no count, or the broker stops answering, it reads -1; after
 * a broker's restart it connects again.
 */
final class BrokerDepth implements AutoCloseable {
    /** A count at most this old at an interval's cut: a quarter of the default interval. */
    static final long EVERY_NS = 250_000_000L;

    private final Provider provider;
    private final List<String> queues;
    private volatile long depth = -1;
    private volatile boolean closed;
    private volatile Connection connection;
    private Session session;

    private BrokerDepth(Provider provider, List<String> queues) {
        this.provider = provider;
        this.queues = List.copyOf(queues);
    }

    /**
     * Starts asking when the provider tells a queue's depth; null when it does not (or cannot be
     * asked now), which the run's figures show as no broker count.
     */
    static BrokerDepth start(Provider provider, List<String> queues) {
        if (queues.isEmpty()) {
            return null;
        }
        BrokerDepth d = new BrokerDepth(provider, queues);
        try {
            d.connect();
            if (d.ask() < 0) {
                d.close();
                return null;
            }
        } catch (JMSException | RuntimeException e) {
            d.close();
            return null;
        }
        Thread t = new Thread(d::loop, "harness-broker-depth");
        t.setDaemon(true); // a call to a stopped broker must not keep the JVM alive
        t.start();
        return d;
    }

    private void connect() throws JMSException {
        Connection c = provider.connect();
        connection = c;
        session = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
    }

    /** The latest count, at most an interval old; -1 where there is none. */
    long depth() {
        return depth;
    }

    private long ask() throws JMSException {
        long sum = 0;
        for (String q : queues) {
            Long n = provider.queueDepth(session, q);
            if (n == null) {
                return -1;
            }
            sum += n;
        }
        depth = sum;
        return sum;
    }

    private void loop() {
        long next = System.nanoTime() + EVERY_NS;
        while (!closed) {
            LockSupport.parkNanos(next - System.nanoTime());
            next = Math.max(next + EVERY_NS, System.nanoTime()); // no burst of asks after a long call
            try {
                if (session == null) {
                    connect();
                }
                ask();
            } catch (JMSException | RuntimeException e) {
                depth = -1; // the broker gone (a kill, a stop): no count until it answers again
                session = null;
                JmsWork.closeQuietly(connection);
            }
        }
        JmsWork.closeQuietly(connection);
    }

    @Override
    public void close() {
        closed = true;
        JmsWork.closeQuietly(connection);
    }
}
