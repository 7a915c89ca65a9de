package dev.harness.core.workload;

import java.util.List;
import java.util.concurrent.locks.LockSupport;

import javax.jms.Connection;
import javax.jms.JMSException;
import javax.jms.Session;

import dev.harness.core.jms.Provider;
import dev.harness.core.measure.Measurement;

/**
 * The broker's own count of the messages on the run's queues, and whether it pages any of them to
 * disk, asked every {@link #EVERY_NS} on a connection of its own by a thread of its own: the
 * interval's cut that reads them must not wait on the broker. Where the provider tells no count,
 * or the broker has not answered for {@link #STALE_NS}, it reads -1; after a broker's restart it
 * connects again.
 */
final class BrokerDepth implements AutoCloseable, Measurement.BrokerCount {
    /** A count at most this old at an interval's cut: a quarter of the default interval. */
    static final long EVERY_NS = 250_000_000L;
    /** A count older than this is none: the broker stopped answering (a freeze holds a call, it does not fail it). */
    static final long STALE_NS = 2 * EVERY_NS;

    private final Provider provider;
    private final List<String> queues;
    private volatile long depth = -1;
    /** Each queue's count, as of {@link #answeredNs}. */
    private volatile long[] depths;
    /** 1 paging, 0 not, -1 not told: as of {@link #answeredNs}. */
    private volatile int paging = -1;
    /** Whether the provider tells paging: it is asked no more once it did not in its first few asks. */
    private boolean pagingTold = true;
    /** Whether it ever told paging; until then, asks that told nothing. */
    private boolean pagingAnswered;
    private int pagingUntold;
    /** Asks without an answer, before any, after which paging is taken as not told (a broker without management). */
    private static final int PAGING_TRIES = 4;
    private volatile long answeredNs;
    /** How long a close waits for the thread to close its connection: a broker stopped under it logs its temporary queue's removal as an error. */
    static final long CLOSE_WAIT_MS = 2_000;
    private volatile boolean closed;
    private volatile Thread thread;
    private volatile Connection connection;
    private Session session;
    private boolean counted;

    private BrokerDepth(Provider provider, List<String> queues) {
        this.provider = provider;
        this.queues = List.copyOf(queues);
    }

    /**
     * Starts asking on a thread of its own, which connects first: the caller, about to start the
     * schedule, waits for nothing. Where the provider tells no count from the first ask, the thread
     * ends and the depth stays -1; a provider that told one and then none is asked on.
     */
    static BrokerDepth start(Provider provider, List<String> queues) {
        BrokerDepth d = new BrokerDepth(provider, queues);
        if (!queues.isEmpty()) {
            Thread t = new Thread(d::loop, "harness-broker-depth");
            t.setDaemon(true); // a call to a stopped broker must not keep the JVM alive
            d.thread = t;
            t.start();
        }
        return d;
    }

    /** The latest count; -1 when there is none, or when the broker has not answered for {@link #STALE_NS}. */
    @Override
    public long depth() {
        return System.nanoTime() - answeredNs > STALE_NS ? -1 : depth;
    }

    /** Each queue's latest count; null when there is none, or when the broker has not answered for {@link #STALE_NS}. */
    @Override
    public long[] depths() {
        return System.nanoTime() - answeredNs > STALE_NS ? null : depths;
    }

    /** Whether the broker paged any of the queues at the latest ask: 1, 0, or -1 when it told none, or not lately. */
    @Override
    public int paging() {
        return System.nanoTime() - answeredNs > STALE_NS ? -1 : paging;
    }

    private void loop() {
        long next = System.nanoTime();
        while (!closed) {
            LockSupport.parkNanos(next - System.nanoTime());
            if (closed) {
                break; // woken by close: no last ask, no new connection
            }
            next = Math.max(next + EVERY_NS, System.nanoTime()); // no burst of asks after a long call
            try {
                if (session == null) {
                    Connection c = provider.connect();
                    connection = c;
                    c.start(); // IBM MQ's count is a reply from its command server, received on this session
                    session = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
                    if (closed) {
                        break; // closed while connecting: the close may have returned, and must find nothing made after it
                    }
                }
                if (!ask()) {
                    break; // the provider tells no count
                }
            } catch (JMSException | RuntimeException e) {
                session = null; // the broker gone (a kill): no count until it answers again
                JmsWork.closeQuietly(connection);
            }
        }
        end();
    }

    /** Deletes what the provider kept on the session while the broker is up, then closes the connection. */
    private void end() {
        if (session != null) {
            provider.release(session);
            session = null;
        }
        JmsWork.closeQuietly(connection);
    }

    /** False when the provider tells no count; a count it told before and not now is only none this time. */
    private boolean ask() throws JMSException {
        long sum = 0;
        long[] each = new long[queues.size()]; // a new one each ask: the cut reads it whole, never half written
        for (int q = 0; q < each.length; q++) {
            Long n = provider.queueDepth(session, queues.get(q));
            if (n == null) {
                return counted;
            }
            each[q] = n;
            sum += n;
        }
        counted = true;
        long countedNs = System.nanoTime(); // the counts' own time, not the paging asks' after them
        int paged = pagingTold ? pagingOf() : -1;
        depth = sum;
        depths = each;
        paging = paged;
        answeredNs = countedNs;
        return true;
    }

    /** 1 when the broker pages any queue, 0 when none, -1 when it does not say (asked no more if it never has in a few asks). */
    private int pagingOf() throws JMSException {
        int paged = 0;
        for (String q : queues) {
            Boolean p = provider.paging(session, q);
            if (p == null) {
                // Untold: a slow answer this once, or no management at all (asked no more after a few).
                pagingTold = pagingAnswered || ++pagingUntold < PAGING_TRIES;
                return -1;
            }
            if (p) {
                paged = 1;
                break;
            }
        }
        pagingAnswered = true;
        return paged;
    }

    /**
     * Stops asking and waits, for at most {@link #CLOSE_WAIT_MS}, until the connection is closed:
     * the broker (an embedded one is stopped next) must not be the one to end it. A call held by a
     * frozen broker is not waited out.
     */
    @Override
    public void close() {
        closed = true;
        Thread t = thread;
        if (t == null) {
            return;
        }
        LockSupport.unpark(t);
        try {
            t.join(CLOSE_WAIT_MS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (t.isAlive()) {
            JmsWork.closeQuietly(connection); // its call held (a frozen broker): ended from here, so it ends before the broker
        }
    }
}
