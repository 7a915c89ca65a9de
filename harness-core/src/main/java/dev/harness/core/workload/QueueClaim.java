package dev.harness.core.workload;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import javax.jms.Connection;
import javax.jms.JMSException;
import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.QueueBrowser;
import javax.jms.Session;

import dev.harness.core.SettingsException;
import dev.harness.core.jms.Provider;

/**
 * The rule that a run never consumes a message it did not send. Before the schedule starts, every
 * queue the run will consume from is browsed: one that holds messages is refused, unless the user
 * asked with {@code --purge} for them to be removed first. During the run, its consumers select
 * the run's own messages by the property {@link MessageHeader#RUN_PROPERTY}, so a message of
 * someone else's that arrives meanwhile stays where it is; after the run, such messages are
 * counted (browsed, not taken) for the summary.
 */
public final class QueueClaim {
    /** Browsing stops counting here: "at least" this many is enough to refuse or report. */
    public static final int COUNT_BOUND = 100_000;
    /** How long one queue's count may take before it stops at what it has seen. */
    private static final long COUNT_TIME_NS = TimeUnit.SECONDS.toNanos(10);
    /** A purge's receive gives up after this long without a message: the queue is empty. */
    private static final long PURGE_QUIET_MS = 500;
    /** A purge commits its gets in units of this many. */
    private static final int PURGE_UNIT = 500;
    /** A queue still being filled after this long of purging is refused: someone else puts to it. */
    private static final long PURGE_TIME_NS = TimeUnit.MINUTES.toNanos(5);

    /** The runs this process made (the warm-up bursts' included), and those a sweep told it of (its earlier shards). */
    private static final Set<Long> RUNS_OF_THIS_PROCESS = ConcurrentHashMap.newKeySet();

    private QueueClaim() {
    }

    /**
     * Where no property travels (IBM MQ with --mq-target-client mq), the run's consumers cannot leave
     * a message that another application puts on their queues during the run: refused before
     * anything connects, unless --purge gave them those queues to take whatever reaches them.
     */
    static void requireSelectable(Provider provider, List<String> queues, boolean purge) {
        SettingsException.require(purge || provider.carriesProperties(), "--purge", "no property travels with this"
                + " provider's messages, so the run's consumers cannot leave a message another application puts on "
                + span(queues) + " during the run: give --purge to let them take whatever reaches these queues (the summary counts what"
                + " was others'), or let the property travel (IBM MQ: --mq-target-client jms)");
    }

    /** The selector of a run's consumers on this provider: its own messages, or null where no property travels. */
    static String selector(Provider provider, long runId) {
        return provider.carriesProperties() ? ofRun(runId) : null;
    }

    /** The selector of a run's consumers: its own messages only. */
    static String ofRun(long runId) {
        return MessageHeader.RUN_PROPERTY + " = " + runId;
    }

    /** The selector of {@code harness respond}: requests sent by a harness run, any run. */
    static String ofAnyRun() {
        return MessageHeader.RUN_PROPERTY + " IS NOT NULL";
    }

    /** What a run's consumers leave alone: every message not of this run. */
    static String notOfRun(long runId) {
        return MessageHeader.RUN_PROPERTY + " IS NULL OR " + MessageHeader.RUN_PROPERTY + " <> " + runId;
    }

    /**
     * Checks, before the run, that the queues it will consume from hold nothing of others'; with
     * {@code purge} it first removes what they hold. Messages that an earlier run of this process
     * sent and left (a trial of bench or ab that fell behind) are the harness's own: removed, and
     * said so.
     *
     * @param prefixOptions the options that name these queues, for the way on ("--queue-prefix")
     * @return what was found and done, for the run header
     * @throws SettingsException naming the prefix options and {@code --purge} when a queue holds
     *         others' messages and purge was not asked for
     */
    public static String claim(Provider provider, List<String> queues, boolean purge, String prefixOptions)
            throws JMSException {
        requireSelectable(provider, queues, purge);
        Connection c = provider.connect();
        try {
            c.start();
            Session session = c.createSession(true, Session.SESSION_TRANSACTED);
            // Counted outside the removals' transaction: a broker's own count can be a request and
            // its reply (IBM MQ's command server), which a transacted session would hold back.
            Session counting = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
            // Only where a property travels can an earlier run's message be told from anyone else's.
            String earlier = provider.carriesProperties() ? ofRuns(RUNS_OF_THIS_PROCESS) : null;
            Map<String, Long> others = new LinkedHashMap<>();
            Map<String, Long> ours = new LinkedHashMap<>();
            for (String q : queues) {
                long all = count(counting, provider, q, null);
                // Others' counted by their own selector: a browse that stops short then leaves some
                // unrefused (and the run's selector still leaves them), never refuses the run's own.
                long notOurs = all == 0 || earlier == null ? all : count(counting, provider, q, notOfRuns(earlier));
                if (notOurs > 0) {
                    others.put(q, notOurs);
                }
                if (all - notOurs > 0) {
                    ours.put(q, all - notOurs);
                }
            }
            if (!others.isEmpty() && !purge) {
                throw new SettingsException(prefixOptions, describe(others) + " that this run did not put there, and"
                        + " the harness never consumes others' messages: give --purge to remove them first, or another "
                        + prefixOptions + " for queues of the run's own");
            }
            List<String> done = new ArrayList<>();
            if (!others.isEmpty()) { // --purge: every message on those queues
                done.add("--purge removed " + removeAll(session, provider, others.keySet()));
            }
            long removed = 0;
            for (String q : ours.keySet()) {
                removed += others.containsKey(q) ? 0 : remove(session, provider, q, earlier);
            }
            if (removed > 0) {
                done.add("removed " + thousands(removed) + " messages an earlier run of this harness left");
            }
            String scope = queues.size() == 1 ? "the queue" : "all " + queues.size() + " queues";
            return (done.isEmpty() ? scope + " found empty" : String.join("; ", done)) + " before the run;"
                    + (provider.carriesProperties() ? " its consumers take only its own messages (selector "
                            + MessageHeader.RUN_PROPERTY + ")" : " its consumers take every message (no property travels)");
        } finally {
            JmsWork.closeQuietly(c);
        }
    }

    /**
     * Removes what run {@code runId} left on {@code queues}: replies that came after their request
     * was given up, which a requester getting by correlation ID never takes. Only the run's own,
     * and only where a property tells them. The number removed.
     */
    static long removeOwn(Provider provider, List<String> queues, long runId) throws JMSException {
        if (!provider.carriesProperties()) {
            return 0;
        }
        Connection c = provider.connect();
        try {
            c.start();
            Session counting = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
            Session session = c.createSession(true, Session.SESSION_TRANSACTED);
            long removed = 0;
            for (String q : queues) {
                if (count(counting, provider, q, ofRun(runId)) > 0) {
                    removed += remove(session, provider, q, ofRun(runId));
                }
            }
            return removed;
        } finally {
            JmsWork.closeQuietly(c);
        }
    }

    /** Notes a run of this process, whose messages a later run of it may find and remove. */
    static void ran(long runId) {
        RUNS_OF_THIS_PROCESS.add(runId);
    }

    /**
     * Runs of another process of this harness whose leftovers this one may remove as its own: the
     * shards of a sweep's step before (each shard is a process of its own).
     */
    public static void earlierRuns(Collection<Long> runIds) {
        RUNS_OF_THIS_PROCESS.addAll(runIds);
    }

    /**
     * Every message not of the runs {@code ofRuns} selects: one without the property too (for which
     * a comparison is unknown, and so is its negation).
     */
    static String notOfRuns(String ofRuns) {
        return MessageHeader.RUN_PROPERTY + " IS NULL OR NOT (" + ofRuns + ")";
    }

    /** Messages of any of these runs; null for none. */
    static String ofRuns(Set<Long> runs) {
        if (runs.isEmpty()) {
            return null;
        }
        List<String> each = new ArrayList<>();
        for (long r : runs) {
            each.add(ofRun(r));
        }
        return String.join(" OR ", each);
    }

    /**
     * The messages on {@code queues} that are not this run's, counted after it by browsing (none
     * is taken): someone else's, put while the run ran, and left where they were.
     */
    public static long othersLeft(Provider provider, List<String> queues, long runId) throws JMSException {
        return browse(provider, queues, notOfRun(runId));
    }

    /**
     * What {@code harness respond} takes from its request queues, for its header: requests a harness
     * sent, of any run, and how many messages of others it found there and leaves. With
     * {@code purge}, every message on them is removed first. Where no property travels, the
     * responders would answer (and take) any message, so they are refused unless {@code purge} gave
     * them the queues; the check comes before anything connects.
     */
    public static String forResponders(Provider provider, List<String> requestQueues, boolean purge) throws JMSException {
        SettingsException.require(purge || provider.carriesProperties(), "--purge", "no property travels with this"
                + " provider's messages, so the responders cannot tell a harness's requests from another application's"
                + " on " + span(requestQueues) + ": give --purge to remove what they hold and let the responders take"
                + " every message that reaches them, or let the property travel (IBM MQ: --mq-target-client jms)");
        String purged = purge ? "--purge removed " + purgeAll(provider, requestQueues) + "; " : "";
        if (!provider.carriesProperties()) {
            return purged + "every message that reaches the request queues (no property travels to tell a harness's"
                    + " requests by)";
        }
        long others = browse(provider, requestQueues, MessageHeader.RUN_PROPERTY + " IS NULL");
        return purged + "requests a harness sent only (selector " + ofAnyRun() + ")" + (others == 0 ? ""
                : "; " + amount(others) + " messages of others found on the request queues, left where they are");
    }

    /** Removes every message on {@code queues}, on a connection of its own. */
    private static String purgeAll(Provider provider, List<String> queues) throws JMSException {
        Connection c = provider.connect();
        try {
            c.start();
            return removeAll(c.createSession(true, Session.SESSION_TRANSACTED), provider, queues);
        } finally {
            JmsWork.closeQuietly(c);
        }
    }

    /** Removes every message on each queue: "25 from REQUEST1, 0 from REQUEST2". */
    private static String removeAll(Session session, Provider provider, Collection<String> queues) throws JMSException {
        List<String> each = new ArrayList<>();
        for (String q : queues) {
            each.add(thousands(remove(session, provider, q, null)) + " from " + q);
        }
        return String.join(", ", each);
    }

    /** "Q1" or "Q1 .. Q4", for a line that names a run's queues. */
    private static String span(List<String> queues) {
        return queues.size() == 1 ? queues.get(0) : queues.get(0) + " .. " + queues.get(queues.size() - 1);
    }

    /** How many messages the queue holds (the broker's count, or browsed up to {@link #COUNT_BOUND}): harness drain's depth. */
    public static long depth(Provider provider, String queue) throws JMSException {
        return browse(provider, List.of(queue), null);
    }

    /** The messages on all {@code queues} that match {@code selector}, browsed on a connection of its own. */
    private static long browse(Provider provider, List<String> queues, String selector) throws JMSException {
        Connection c = provider.connect();
        try {
            c.start();
            Session session = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
            long n = 0;
            for (String q : queues) {
                n += count(session, provider, q, selector);
            }
            return n;
        } finally {
            JmsWork.closeQuietly(c);
        }
    }

    /**
     * The messages on the queue that match {@code selector}: with none, the broker's own count where
     * it tells one; otherwise browsed, up to {@link #COUNT_BOUND}.
     */
    private static long count(Session session, Provider provider, String queue, String selector) throws JMSException {
        Long depth = selector == null ? provider.queueDepth(session, queue) : null;
        if (depth != null) {
            return depth;
        }
        long deadline = System.nanoTime() + COUNT_TIME_NS;
        long n = 0;
        try (QueueBrowser browser = session.createBrowser(provider.queue(session, queue), selector)) {
            Enumeration<?> e = browser.getEnumeration();
            while (n < COUNT_BOUND && System.nanoTime() < deadline && e.hasMoreElements()) {
                e.nextElement();
                n++;
            }
        }
        return n;
    }

    /** Removes every message on the queue that matches {@code selector} (null: all), in units of work; the number removed. */
    private static long remove(Session session, Provider provider, String queue, String selector) throws JMSException {
        long start = System.nanoTime();
        long removed = 0;
        try (MessageConsumer consumer = session.createConsumer(provider.queue(session, queue), selector)) {
            while (true) {
                Message m = consumer.receive(PURGE_QUIET_MS);
                if (m == null) {
                    break;
                }
                removed++;
                if (removed % PURGE_UNIT == 0) {
                    session.commit();
                    if (System.nanoTime() - start > PURGE_TIME_NS) {
                        session.commit();
                        throw new SettingsException("--purge", "queue " + queue + " was still not empty after "
                                + TimeUnit.NANOSECONDS.toMinutes(PURGE_TIME_NS) + " minutes of purging (" + thousands(removed)
                                + " removed): something else keeps putting to it; use queues of the run's own");
                    }
                }
            }
            session.commit();
        }
        return removed;
    }

    /** "queue Q1 holds 100 messages", "queues Q1 (100) and Q2 (at least 100,000) hold messages". */
    static String describe(Map<String, Long> found) {
        if (found.size() == 1) {
            Map.Entry<String, Long> e = found.entrySet().iterator().next();
            return "queue " + e.getKey() + " holds " + amount(e.getValue()) + (e.getValue() == 1 ? " message" : " messages");
        }
        List<String> each = new ArrayList<>();
        found.forEach((q, n) -> each.add(q + " (" + amount(n) + ")"));
        String list = String.join(", ", each.subList(0, each.size() - 1)) + " and " + each.get(each.size() - 1);
        return String.format(Locale.ROOT, "queues %s hold messages", list);
    }

    private static String thousands(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    private static String amount(long n) {
        return n == COUNT_BOUND ? "at least " + thousands(n) : thousands(n); // a browse stops there
    }
}
