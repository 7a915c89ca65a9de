package dev.harness.core.workload;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import javax.jms.Connection;
import javax.jms.DeliveryMode;
import javax.jms.JMSException;
import javax.jms.MessageProducer;
import javax.jms.Session;

import dev.harness.core.SettingsException;
import dev.harness.core.Units;
import dev.harness.core.jms.MemoryBound;
import dev.harness.core.jms.Provider;
import dev.harness.core.jms.UnreachableException;
import dev.harness.core.run.Delivery;
import dev.harness.core.run.Preloaded;
import dev.harness.core.run.RunControl;

/**
 * {@code --preload}: the run's own backlog, put on each of its queues before the schedule starts
 * while its drainers are subscribed but not yet taking, as fast as the broker takes them: one
 * thread per queue, persistent ones in units of {@link #UNIT} per commit. The messages carry the
 * run's header with {@link MessageHeader#PRELOAD_SENDER} as their sender, so a drainer tells them
 * from the schedule's: they are no sample and no completion, but a ledger of their own counts
 * them, so lost and duplicates apply to them too.
 */
final class Preload {
    /** Persistent messages per commit: one journal sync for this many, as a batch loader does. */
    static final int UNIT = 200;
    /** Journal bytes a persistent message costs beyond its body (record header, properties, the ack's record). */
    static final int JOURNAL_OVERHEAD_BYTES = 256;
    /** The journal must have this share more than the preload needs: it compacts behind, and other runs use the disk. */
    static final double JOURNAL_HEADROOM = 1.25;

    private final PutSettings settings;
    /** What the backlog's messages carry besides the header, as the run's do. */
    private final MessageContent content;
    private final long runId;
    private final Ledger ledger;
    private final long total;
    /** How often the putting threads are looked at for a stop. */
    private static final long POLL_MS = 100;
    /** After a stop, how long the putting threads may take to end. */
    static final long STOP_BOUND_NS = 10_000_000_000L;

    private final List<Connection> connections = new java.util.concurrent.CopyOnWriteArrayList<>();
    private final AtomicLong committed = new AtomicLong();
    private final AtomicLong received = new AtomicLong();
    /** When the last preloaded message was received (System.nanoTime); {@link Preloaded#NOT_DRAINED} before. */
    private volatile long drainedAtNs = Preloaded.NOT_DRAINED;
    private long putNs;
    private int pagedAfterPut = -1;
    private volatile QueueDepths depths;

    Preload(PutSettings settings, long runId, MessageContent content) {
        this.content = content;
        this.settings = settings;
        this.runId = runId;
        this.total = settings.preload() * settings.ownQueues();
        // Message i on queue q is sequence i * Q + q: owner q, its i-th.
        this.ledger = Ledger.of(total, settings.ownQueues());
    }

    /**
     * Refuses, before anything is put, a preload that cannot fit: past the memory the broker gives
     * its messages where it blocks, fails or drops rather than pages ({@code bound}, null where the
     * broker does not say), or past the free space of its journal on this host ({@code journal},
     * null where it is elsewhere): all of a persistent preload is journalled, and what passes the
     * broker's memory is paged to that disk, persistent or not.
     */
    static void checkRoom(PutSettings settings, Path journal, MemoryBound bound) {
        if (settings.preload() == 0) {
            return;
        }
        int queues = settings.ownQueues();
        long messages = settings.preload() * queues;
        double perMessage = settings.size().meanBytes() + JOURNAL_OVERHEAD_BYTES;
        double perQueueBytes = settings.preload() * perMessage;
        double allBytes = messages * perMessage;
        if (bound != null && !bound.pages()) {
            boolean overOwn = bound.addressBytes() > 0 && perQueueBytes > bound.addressBytes();
            boolean overAll = bound.globalBytes() > 0 && allBytes > bound.globalBytes();
            SettingsException.require(!overOwn && !overAll, "--preload", String.format(Locale.ROOT,
                    "%,d messages of %,.0f bytes (mean) take about %s of the broker's memory, past the %s it gives %s,"
                            + " and its address-full-policy is %s: %s; preload fewer, or give the address"
                            + " address-full-policy PAGE or more memory",
                    overOwn ? settings.preload() : messages, settings.size().meanBytes(), Units.mib(overOwn ? perQueueBytes : allBytes),
                    Units.mib(overOwn ? bound.addressBytes() : bound.globalBytes()),
                    overOwn ? "each queue's (max-size-bytes)" : "all messages (global-max-size)", bound.whenFull(),
                    bound.consequence()));
        }
        if (journal == null) {
            return;
        }
        // What pages is at least what passes either bound: each queue's own (max-size-bytes), or all of them (global).
        double pagedOwn = bound == null || bound.addressBytes() <= 0 ? 0 : queues * Math.max(0, perQueueBytes - bound.addressBytes());
        double pagedAll = bound == null || bound.globalBytes() <= 0 ? 0 : Math.max(0, allBytes - bound.globalBytes());
        double paged = Math.max(pagedOwn, pagedAll);
        double need = (settings.persistent() ? allBytes : paged) * JOURNAL_HEADROOM;
        if (need == 0) {
            return;
        }
        long free = journal.toFile().getUsableSpace();
        SettingsException.require(free == 0 || need <= free, "--preload", String.format(Locale.ROOT,
                "%,d %s messages of %,.0f bytes (mean) need about %s of %s, and %s has %s free; preload fewer, or give"
                        + " the broker a disk with room", messages, settings.persistent() ? "persistent" : "non-persistent",
                settings.size().meanBytes(), Units.mib(need), settings.persistent() ? "journal and page files"
                        : "page files (past the broker's memory)", journal, Units.mib(free)));
    }

    /**
     * The bound the broker gives the queues' messages, asked on a connection of its own; null where
     * it does not say (or cannot be reached: the preload then fails in its own words).
     */
    static MemoryBound memoryBound(Provider provider, PutSettings settings) {
        return ask(provider, s -> provider.memoryBound(s, settings.queueName(0)));
    }

    /** Whether the broker pages any of the queues now: 1, 0, or -1 where it does not say. */
    private static int paging(Provider provider, PutSettings settings) {
        Integer paged = ask(provider, s -> {
            int any = 0;
            for (int q = 0; q < settings.ownQueues(); q++) {
                Boolean p = provider.paging(s, settings.queueName(q));
                if (p == null) {
                    return -1;
                }
                any = p ? 1 : any;
            }
            return any;
        });
        return paged == null ? -1 : paged;
    }

    private interface Ask<T> {
        T on(Session session) throws JMSException;
    }

    /** Asks the broker on a connection of its own, started (its answers come to it); null where it cannot be asked. */
    private static <T> T ask(Provider provider, Ask<T> ask) {
        Connection c = null;
        Session s = null;
        try {
            c = provider.connect();
            c.start();
            s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
            return ask.on(s);
        } catch (JMSException | RuntimeException e) {
            return null;
        } finally {
            if (s != null) {
                provider.release(s);
            }
            JmsWork.closeQuietly(c);
        }
    }

    /**
     * Puts the backlog; bounded by a stop request, which closes the connections of sends that
     * block (a broker that holds them) and waits at most {@link #STOP_BOUND_NS} more. What was put,
     * and how long it took.
     */
    Preloaded put(Provider provider, RunControl control) throws UnreachableException {
        int queues = settings.ownQueues();
        AtomicReference<Exception> failure = new AtomicReference<>();
        List<Thread> threads = new ArrayList<>();
        long start = System.nanoTime();
        for (int q = 0; q < queues; q++) {
            int queue = q;
            Thread t = new Thread(() -> {
                try {
                    putOn(provider, queue, control, failure);
                } catch (JMSException | RuntimeException e) {
                    failure.compareAndSet(null, e);
                }
            }, "harness-preload-" + q);
            t.setDaemon(true);
            threads.add(t);
        }
        threads.forEach(Thread::start);
        long deadline = Long.MAX_VALUE;
        for (Thread t : threads) {
            while (t.isAlive() && System.nanoTime() < deadline) {
                try {
                    t.join(POLL_MS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    control.requestStop("interrupted while preloading");
                }
                if (deadline == Long.MAX_VALUE && (control.stopRequested() || failure.get() != null)) {
                    connections.forEach(JmsWork::closeQuietly); // a send the broker holds returns with an exception
                    deadline = System.nanoTime() + STOP_BOUND_NS;
                }
            }
        }
        putNs = System.nanoTime() - start;
        Exception e = failure.get();
        if (e != null && !control.stopRequested()) {
            throw new UnreachableException("--preload: putting the backlog failed after " + String.format(Locale.ROOT, "%,d",
                    committed.get()) + " messages: " + (e instanceof JMSException j ? provider.explain(j) : e.toString()), e);
        }
        pagedAfterPut = paging(provider, settings);
        return Preloaded.put(committed.get(), queues, putNs, pagedAfterPut);
    }

    private void putOn(Provider provider, int queue, RunControl control, AtomicReference<Exception> failure)
            throws JMSException {
        boolean transacted = settings.persistent();
        int queues = settings.ownQueues();
        Connection c = provider.connect();
        connections.add(c);
        try {
            Session session = JmsWork.session(c, transacted);
            MessageProducer producer = session.createProducer(provider.queue(session, settings.queueName(queue)));
            producer.setDeliveryMode(settings.persistent() ? DeliveryMode.PERSISTENT : DeliveryMode.NON_PERSISTENT);
            content.configure(producer);
            producer.setDisableMessageID(true);
            producer.setDisableMessageTimestamp(true);
            MessageContent.Writer writer = content.writer();
            long sent = 0;
            long unitFrom = 0;
            for (long i = 0; i < settings.preload() && failure.get() == null && !control.stopRequested(); i++) {
                long now = System.nanoTime();
                producer.send(writer.create(session, runId, now, now, MessageHeader.PRELOAD_SENDER, i * queues + queue));
                sent = i + 1;
                if (!transacted) {
                    committedOne(i * queues + queue);
                } else if (sent - unitFrom == UNIT) {
                    session.commit();
                    committedFrom(unitFrom, sent, queue);
                    unitFrom = sent;
                }
            }
            if (transacted && sent > unitFrom) { // a stop, or a last unit shorter than the others
                session.commit();
                committedFrom(unitFrom, sent, queue);
            }
        } finally {
            JmsWork.closeQuietly(c);
        }
    }

    /** Messages {@code from} to {@code to} (exclusive) of {@code queue} committed. */
    private void committedFrom(long from, long to, int queue) {
        for (long i = from; i < to; i++) {
            committedOne(i * settings.ownQueues() + queue);
        }
    }

    private void committedOne(long sequence) {
        ledger.committed(sequence);
        committed.incrementAndGet();
        QueueDepths d = depths;
        if (d != null) {
            d.put((int) (sequence % settings.ownQueues())); // message i on queue q is i * Q + q
        }
    }

    /** Counts each message committed into its queue's depth; before the put. */
    void countDepths(QueueDepths depths) {
        this.depths = depths;
    }

    /** A drainer received preloaded message {@code sequence} at {@code ns}; false for a duplicate. */
    boolean received(long sequence, long ns) {
        if (!ledger.received(sequence)) {
            return false;
        }
        if (received.incrementAndGet() == committed.get()) {
            drainedAtNs = ns;
        }
        return true;
    }

    /** Preloaded messages not yet received: the backlog ahead of the schedule's messages. */
    long left() {
        return Math.max(0, committed.get() - received.get());
    }

    /** What was put and what became of it, the drain's end from {@code scheduleStartNs}. */
    Preloaded status(long scheduleStartNs) {
        return new Preloaded(committed.get(), settings.ownQueues(), putNs, received.get(),
                drainedAtNs == Preloaded.NOT_DRAINED ? Preloaded.NOT_DRAINED : drainedAtNs - scheduleStartNs, pagedAfterPut);
    }

    /** The preloaded messages' tally, to add to the schedule's. */
    Delivery delivery() {
        return ledger.delivery(settings.persistent(), settings.persistent() ? UNIT : 0, 0);
    }
}
