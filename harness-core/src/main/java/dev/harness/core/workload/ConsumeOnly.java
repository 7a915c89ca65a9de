package dev.harness.core.workload;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

import javax.jms.Connection;
import javax.jms.JMSException;
import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.Session;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

import dev.harness.core.Bounded;
import dev.harness.core.SettingsException;
import dev.harness.core.jms.Provider;
import dev.harness.core.jms.UnreachableException;
import dev.harness.core.run.RunControl;

/**
 * The consumers of harness drain: synchronous receives on the queues the user named, taking every
 * message there, whoever put it (the one part of the harness that does, because the user named the
 * queues for it). Each message's age at receipt is this host's clock less its JMSTimestamp, the
 * producer's clock: a skew between the two shifts every age, and an age below zero (counted apart,
 * not recorded) shows one. Messages without a timestamp are counted apart too.
 */
public final class ConsumeOnly {
    /** How long one receive waits before the consumer looks at the run's state again. */
    private static final long RECEIVE_MS = 100;
    private static final long CLOSE_BOUND_MS = 10_000;

    private final DrainSettings settings;
    private final RunControl control;
    private final List<Connection> connections = new ArrayList<>();
    private final List<Thread> threads = new ArrayList<>();
    private final AtomicLongArray perQueue;
    /** Gets claimed against --count, so that no consumer takes one more than asked. */
    private final AtomicLong claimed = new AtomicLong();
    private final AtomicLong received = new AtomicLong();
    private final AtomicLong lastReceiptNs = new AtomicLong();
    private final AtomicLong skewed = new AtomicLong();
    private final AtomicLong noTimestamp = new AtomicLong();
    /** Ages at receipt, ns (to the producer's millisecond). */
    private final Recorder ages = new Recorder(3);

    public ConsumeOnly(DrainSettings settings, RunControl control) {
        this.settings = settings;
        this.control = control;
        this.perQueue = new AtomicLongArray(settings.queues().size());
    }

    /**
     * Connects every consumer. A broker that cannot be reached is {@link UnreachableException}; a
     * queue that cannot be consumed from (it does not exist) is bad input, naming it.
     */
    public void open(Provider provider) throws UnreachableException {
        for (int q = 0; q < settings.queues().size(); q++) {
            String name = settings.queues().get(q);
            for (int c = 0; c < settings.consumers(); c++) {
                Connection connection;
                try {
                    connection = provider.connect();
                } catch (JMSException | RuntimeException e) {
                    close();
                    throw UnreachableException.connecting(provider, e);
                }
                connections.add(connection);
                try {
                    Session session = JmsWork.session(connection, settings.receiving());
                    MessageConsumer consumer = session.createConsumer(provider.queue(session, name));
                    int queue = q;
                    Thread t = new Thread(() -> consume(provider, queue, session, consumer),
                            "harness-drain-" + name + "-" + c);
                    t.setDaemon(true);
                    threads.add(t);
                } catch (JMSException | RuntimeException e) {
                    close();
                    throw new SettingsException("--queue", name + ": cannot consume from it at " + provider.target() + ": "
                            + provider.explain(e));
                }
            }
        }
    }

    /**
     * Refuses a queue the broker says it does not have, before anything touches it: a browse or a
     * consumer would have Artemis create it. Where the provider cannot tell, the consumer's
     * creation fails on a missing queue (IBM MQ's 2085), and {@link #open} names it.
     */
    public static void mustExist(Provider provider, List<String> queues) {
        for (String name : queues) {
            if (Boolean.FALSE.equals(provider.queueExists(name))) {
                throw new SettingsException("--queue", name + ": no such queue at " + provider.target());
            }
        }
    }

    /** Starts delivery and the consumers' threads; {@code startNs} counts as the last receipt for --empty-after. */
    public void start(long startNs) throws JMSException {
        lastReceiptNs.set(startNs);
        for (Connection c : connections) {
            c.start();
        }
        threads.forEach(Thread::start);
    }

    private void consume(Provider provider, int queue, Session session, MessageConsumer consumer) {
        Acknowledger acks = new Acknowledger(session, settings.receiving());
        try {
            while (!control.stopRequested()) {
                if (settings.count() > 0 && claimed.incrementAndGet() > settings.count()) {
                    break;
                }
                Message m = consumer.receive(RECEIVE_MS);
                if (m == null) {
                    if (settings.count() > 0) {
                        claimed.decrementAndGet();
                    }
                    acks.quiet(); // the gets in hand of a unit of N are not held back by a quiet queue
                    continue;
                }
                long nowMs = System.currentTimeMillis();
                long nowNs = System.nanoTime();
                long timestampMs = m.getJMSTimestamp();
                if (timestampMs <= 0) {
                    noTimestamp.incrementAndGet();
                } else if (nowMs < timestampMs) {
                    skewed.incrementAndGet();
                } else {
                    ages.recordValue(TimeUnit.MILLISECONDS.toNanos(nowMs - timestampMs));
                }
                acks.taken(m);
                perQueue.incrementAndGet(queue);
                received.incrementAndGet();
                lastReceiptNs.set(nowNs);
            }
            acks.quiet();
        } catch (JMSException | RuntimeException e) {
            if (!control.stopRequested()) {
                control.fail("the consumer of " + settings.queues().get(queue) + ": " + provider.explain(e));
            }
        }
    }

    /** Whether every consumer has stopped (--count reached, a stop, or a failure). */
    public boolean done() {
        for (Thread t : threads) {
            if (t.isAlive()) {
                return false;
            }
        }
        return true;
    }

    /** Waits (bounded) for the consumers to commit what they hold and stop; call after a stop was asked. */
    public void awaitStopped(long timeoutMs) {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
        for (Thread t : threads) {
            long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
            if (left <= 0) {
                return;
            }
            try {
                t.join(left);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    public long received() {
        return received.get();
    }

    public long received(int queue) {
        return perQueue.get(queue);
    }

    public long lastReceiptNs() {
        return lastReceiptNs.get();
    }

    /** Messages whose JMSTimestamp was ahead of this host's clock: the clocks are skewed. */
    public long skewed() {
        return skewed.get();
    }

    /** Messages without a JMSTimestamp (their producer disabled it): no age. */
    public long noTimestamp() {
        return noTimestamp.get();
    }

    /** The ages recorded since the last call (the recorder's interval histogram). */
    public Histogram agesSinceLast() {
        return ages.getIntervalHistogram();
    }

    public void close() {
        List<Runnable> closing = new ArrayList<>();
        connections.forEach(c -> closing.add(() -> JmsWork.closeQuietly(c)));
        Bounded.runAll("harness-close", closing, CLOSE_BOUND_MS);
    }
}
