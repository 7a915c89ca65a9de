package dev.harness.core.disturbance;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import javax.jms.BytesMessage;
import javax.jms.Connection;
import javax.jms.DeliveryMode;
import javax.jms.JMSException;
import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.MessageProducer;
import javax.jms.Queue;
import javax.jms.Session;

import dev.harness.core.Bounded;
import dev.harness.core.jms.Provider;

/**
 * How long a broker takes to come back after kill -9, against how deep its queue was and how many
 * messages were in uncommitted transactions at the time (seed 002's Figures 3 and 4): fill a
 * queue, leave a transaction open, kill the broker, restart it on the same journal, and time the
 * restart, the first message a consumer gets after it, and the drain of what was recovered. The broker is
 * the harness's own child on a fresh journal for each case, or any broker through its provider,
 * killed and started by the user's commands ({@link CommandBrokerKiller}).
 */
public final class RestartStudy {
    /** The broker of each case; the CLI runs harness broker children, or drives the user's broker with commands. */
    public interface Brokers {
        /** The broker for the next case, accepting connections. */
        CaseBroker next() throws Exception;
    }

    /**
     * One case's broker.
     *
     * @param provider reaches it
     * @param killer kills it and starts it again
     * @param fresh a new broker on an empty journal: nothing on the queue to clear before filling it
     * @param release after the case (the broker stopped and its journal removed, or nothing)
     */
    public record CaseBroker(Provider provider, BrokerKiller killer, boolean fresh, Runnable release) {
    }

    public record Case(int depth, int uncommitted) {
    }

    /**
     * One case's figures.
     *
     * @param restartMillis start to ready ({@link BrokerKiller#restartSpan}), on the killed broker's journal
     * @param fromStartLineMillis from the broker's first line in its log (--start-line) to ready; -1 when unknown
     * @param firstMessageMillis from ready to a consumer's first message (-1 when the queue was empty); the
     *     consumer connects once the restart has returned, so a start command that returns after the broker
     *     is ready adds its delay ({@link #startReturnedAfterReadyMillis})
     * @param startReturnedAfterReadyMillis how long after ready the restart returned (a start command still running)
     * @param drainMillis from the first message to the last one recovered
     * @param recovered messages a consumer got after the restart: the committed depth if nothing was lost
     * @param missing committed messages that did not come back
     * @param duplicates committed messages that came back more than once (receipts after the first)
     * @param extra uncommitted messages that survived the kill, and any message not this case's
     * @param cleared messages left on the queue before the case (another run's), taken off before filling it
     */
    public record Result(Case c, long restartMillis, long fromStartLineMillis, long firstMessageMillis,
            long startReturnedAfterReadyMillis, long drainMillis, long recovered, long missing, long duplicates, long extra,
            long cleared) {
        /** Whether anything but exactly the committed messages, each once, came back. */
        public boolean wrong() {
            return missing != 0 || duplicates != 0 || extra != 0;
        }

        /** "1 committed missing, 1 extra": what was wrong, or "" when nothing was. */
        public String wrongs() {
            List<String> w = new ArrayList<>();
            if (missing != 0) {
                w.add(String.format(Locale.ROOT, "%,d committed missing", missing));
            }
            if (duplicates != 0) {
                w.add(String.format(Locale.ROOT, "%,d committed twice", duplicates));
            }
            if (extra != 0) {
                w.add(String.format(Locale.ROOT, "%,d extra (uncommitted kept, or not this case's)", extra));
            }
            return String.join(", ", w);
        }
    }

    /** The queue of the harness's own broker, which makes it on first use; another broker may need one defined. */
    public static final String DEFAULT_QUEUE = "HARNESS.RESTART.STUDY";
    private static final int COMMIT_EVERY = 1_000;
    /** How long a restarted broker may take to hand over the first recovered message. */
    private static final long FIRST_MESSAGE_WITHIN_MS = 60_000;
    /** Nothing more from any queue for this long: they are drained. */
    private static final long QUIET_END_MS = 2_000;
    private static final long DRAIN_POLL_MS = 5;
    /**
     * How long the client of the transaction left open may take to notice the kill. Closed before it
     * has, an Artemis connection waits its whole call timeout (30 s, AMQ212037/AMQ219014 on SESS_CLOSE)
     * for a broker that is gone: its close stops the client's own failure handling, which alone
     * ends the wait. A killed process's sockets are reset at once, so this is ample.
     */
    private static final long NOTICED_WITHIN_MS = 5_000;
    /** The close after that: quick once noticed; if never noticed, it is left to end on its own. */
    private static final long CLOSE_WITHIN_MS = 1_000;
    /** Said when the restart returned this much later than ready: the first message's time includes it. */
    private static final long RETURNED_LATE_MS = 100;

    private final Brokers brokers;
    private final List<String> queues;
    private final int sizeBytes;
    private final Consumer<String> progress;
    /** Tags this study's cases apart from any other run's: the process and its start. */
    private final String studyId = Long.toString(ProcessHandle.current().pid(), 36) + "-"
            + Long.toString(System.currentTimeMillis(), 36);
    private int cases;
    private boolean killed;

    /** @param queues each case's messages go round robin over these, as seed 002's over its 10 queues */
    public RestartStudy(Brokers brokers, List<String> queues, int sizeBytes, Consumer<String> progress) {
        this.brokers = brokers;
        this.queues = List.copyOf(queues);
        this.sizeBytes = sizeBytes;
        this.progress = progress;
    }

    /** Whether a broker has been killed yet: a failure before the first kill means it was never studied. */
    public boolean killedOnce() {
        return killed;
    }

    /** Runs one case; its broker is released when it returns. */
    public Result run(Case c) throws Exception {
        String caseId = studyId + "-" + cases++;
        CaseBroker broker = brokers.next();
        try {
            Provider provider = broker.provider();
            long cleared = broker.fresh() ? 0 : clear(provider);
            if (cleared > 0) {
                progress.accept(String.format("took %,d messages left on %s off before filling %s", cleared,
                        String.join(", ", queues), queues.size() == 1 ? "it" : "them"));
            }
            byte[] body = new byte[sizeBytes];
            // The committed messages, on a connection closed before the kill: nothing of it waits on a dead broker.
            Connection filler = provider.connect();
            try {
                fill(provider, filler, caseId, c.depth(), body, true);
            } finally {
                quietly(filler);
            }
            // The open transaction: sent, never committed, in flight at the kill.
            Connection open = c.uncommitted() == 0 ? null : provider.connect();
            CountDownLatch noticed = open == null ? null : noticeLoss(open);
            boolean killedNow = false;
            try {
                if (open != null) {
                    fill(provider, open, caseId, c.uncommitted(), body, false);
                }
                progress.accept(String.format("depth %,d, uncommitted %,d: filled; kill -9 (%s)", c.depth(), c.uncommitted(),
                        broker.killer().killedBy()));
                killed = true;
                broker.killer().kill(); // no shutdown of any kind
                killedNow = true;
            } finally {
                if (open != null) {
                    closeAfterKill(open, killedNow ? noticed : null);
                }
            }
            BrokerKiller.Restart again = broker.killer().restart();
            long returnedAfterReadyMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - again.readyNs());
            if (returnedAfterReadyMs >= RETURNED_LATE_MS) {
                progress.accept(String.format("the restart returned %,d ms after the broker was ready (%s): the consumer"
                        + " connected then, and the first message's time includes that", returnedAfterReadyMs,
                        broker.killer().restartSpan()));
            }
            Drained drained = drain(provider, c, caseId, again.readyNs());
            return new Result(c, again.millis(), again.fromStartLineMillis(), drained.firstMessageMillis(),
                    returnedAfterReadyMs, drained.drainMillis(), drained.check().received(), drained.check().missing(),
                    drained.check().duplicates(), drained.check().extra(), cleared);
        } finally {
            broker.release().run();
        }
    }

    /**
     * A latch the connection's exception listener opens when its client notices the connection is
     * lost; null when the provider does not let one be set (then nothing is waited for).
     */
    private static CountDownLatch noticeLoss(Connection connection) {
        CountDownLatch noticed = new CountDownLatch(1);
        try {
            connection.setExceptionListener(e -> noticed.countDown());
            return noticed;
        } catch (JMSException | RuntimeException e) {
            return null;
        }
    }

    /**
     * Closes a connection to the broker just killed, once its client has noticed ({@code noticed},
     * bounded; null: no wait), so the close finds the connection failed and returns at once.
     */
    private static void closeAfterKill(Connection connection, CountDownLatch noticed) {
        if (noticed != null) {
            try {
                noticed.await(NOTICED_WITHIN_MS, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        Bounded.runAll(CLOSE_THREAD, List.of(() -> quietly(connection)), CLOSE_WITHIN_MS);
    }

    /** The thread that closes the connection left open at the kill; a test looks for it. */
    static final String CLOSE_THREAD = "restart-study-close";

    /** Takes what another run left on the queues off them, so that what comes back is this case's alone. */
    private long clear(Provider provider) throws JMSException {
        Connection connection = provider.connect();
        try {
            Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            connection.start();
            long n = 0;
            for (String name : queues) {
                MessageConsumer consumer = session.createConsumer(provider.queue(session, name));
                while (consumer.receive(500) != null) {
                    n++;
                }
                consumer.close();
            }
            return n;
        } finally {
            quietly(connection);
        }
    }

    /**
     * Sends {@code count} messages round robin over the queues, in one transaction (committed every
     * {@link #COMMIT_EVERY}, or never), each tagged with the case, its number and whether it is committed.
     */
    private void fill(Provider provider, Connection connection, String caseId, int count, byte[] body, boolean commit)
            throws JMSException {
        Session session = connection.createSession(true, Session.SESSION_TRANSACTED);
        MessageProducer[] producers = new MessageProducer[queues.size()];
        for (int q = 0; q < producers.length; q++) {
            Queue queue = provider.queue(session, queues.get(q));
            producers[q] = session.createProducer(queue);
            producers[q].setDeliveryMode(DeliveryMode.PERSISTENT);
        }
        for (int i = 1; i <= count; i++) {
            BytesMessage m = session.createBytesMessage();
            m.writeBytes(body);
            m.setStringProperty(RecoveryCheck.CASE, caseId);
            m.setIntProperty(RecoveryCheck.SEQUENCE, i - 1);
            m.setBooleanProperty(RecoveryCheck.COMMITTED, commit);
            producers[(i - 1) % producers.length].send(m);
            if (commit && i % COMMIT_EVERY == 0) {
                session.commit();
            }
        }
        if (commit) {
            session.commit();
        }
    }

    /** What the drain got: its check of every message, and its times. */
    private record Drained(RecoveryCheck check, long firstMessageMillis, long drainMillis) {
    }

    /** Receives what the restarted broker recovered; the first message timed from {@code readyNs}. */
    private Drained drain(Provider provider, Case c, String caseId, long readyNs) throws JMSException {
        Connection connection = provider.connect();
        try {
            Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            connection.start();
            RecoveryCheck check = new RecoveryCheck(caseId, c.depth());
            MessageConsumer[] consumers = new MessageConsumer[queues.size()];
            for (int q = 0; q < consumers.length; q++) {
                consumers[q] = session.createConsumer(provider.queue(session, queues.get(q)));
            }
            long firstNs = -1;
            long lastNs = 0;
            // All queues at once, so the wait for their end is one: generous for the first message, short after.
            long quietSinceNs = System.nanoTime();
            while (true) {
                boolean got = false;
                for (MessageConsumer consumer : consumers) {
                    Message m = consumer.receiveNoWait();
                    if (m == null) {
                        continue;
                    }
                    got = true;
                    lastNs = System.nanoTime();
                    if (firstNs < 0) {
                        firstNs = lastNs;
                    }
                    check.received(m.getObjectProperty(RecoveryCheck.CASE) instanceof String s ? s : null,
                            m.getObjectProperty(RecoveryCheck.SEQUENCE) instanceof Integer i ? i : null,
                            m.getObjectProperty(RecoveryCheck.COMMITTED) instanceof Boolean b ? b : null);
                }
                long now = System.nanoTime();
                if (got) {
                    quietSinceNs = now;
                } else if (now - quietSinceNs > TimeUnit.MILLISECONDS.toNanos(firstNs < 0 && c.depth() > 0
                        ? FIRST_MESSAGE_WITHIN_MS : QUIET_END_MS)) {
                    break;
                } else {
                    sleepQuietly(DRAIN_POLL_MS);
                }
            }
            return new Drained(check, firstNs < 0 ? -1 : TimeUnit.NANOSECONDS.toMillis(firstNs - readyNs),
                    firstNs < 0 ? 0 : TimeUnit.NANOSECONDS.toMillis(lastNs - firstNs));
        } finally {
            quietly(connection);
        }
    }

    /** The queues of a study: {@code name} alone, or {@code name.1} .. {@code name.N} for more than one. */
    public static List<String> queues(String name, int count) {
        if (count == 1) {
            return List.of(name);
        }
        List<String> names = new ArrayList<>();
        for (int i = 1; i <= count; i++) {
            names.add(name + "." + i);
        }
        return names;
    }

    /** The cases of a grid, depths outer. */
    public static List<Case> grid(List<Integer> depths, List<Integer> uncommitted) {
        List<Case> cases = new ArrayList<>();
        for (int d : depths) {
            for (int u : uncommitted) {
                cases.add(new Case(d, u));
            }
        }
        return cases;
    }

    private static void sleepQuietly(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while draining", e);
        }
    }

    private static void quietly(Connection c) {
        try {
            c.close();
        } catch (JMSException | RuntimeException e) {
            // A connection to a killed broker: nothing left to close.
        }
    }
}
