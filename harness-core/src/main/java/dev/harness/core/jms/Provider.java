package dev.harness.core.jms;

import java.util.List;

import javax.jms.Connection;
import javax.jms.Destination;
import javax.jms.JMSException;
import javax.jms.Queue;
import javax.jms.Session;
import javax.jms.TemporaryQueue;
import javax.jms.Topic;

import dev.harness.core.SettingsException;

/**
 * What the harness needs of a messaging system, and nothing more: connections, queues and topics, and a
 * one-line explanation of its errors. One implementation per broker family, opened by its
 * {@link ProviderKind}.
 */
public interface Provider extends AutoCloseable {
    /** What is driven, for the run header: "embedded Artemis 2.44.0 at tcp://127.0.0.1:40123". */
    String target();

    /**
     * The client library that drives the run, with its version, for the header and the JSON:
     * "artemis-jakarta-client 2.44.0", "com.ibm.mq.allclient 9.4.5.0".
     */
    String client();

    /** Sentences on settings of this provider that change results (how sends are acknowledged). */
    List<String> notes();

    /**
     * Makes sends given a CompletionListener ({@code --max-in-flight} above 1) complete at the
     * broker's acknowledgement, for the connections made from now on, and says in one sentence for
     * the run header what completes them. A provider whose sends cannot be acknowledged by the broker
     * asynchronously throws a {@link SettingsException} naming {@code --max-in-flight}.
     */
    default String acknowledgedAsyncSends() {
        throw new SettingsException("--max-in-flight", target() + " has no asynchronous send the harness can rely on;"
                + " give --max-in-flight 1 (and more --senders)");
    }

    /**
     * Whether a queue the harness names comes into being when first used (Artemis creates it), so
     * that the harness can warm up on queues of its own before message 0 without touching the
     * run's. A provider whose queues are defined ahead (IBM MQ), or unknown (JNDI), says no.
     */
    default boolean createsQueues() {
        return false;
    }

    /**
     * Whether a message's properties reach whoever gets it, so that the run's consumers can select
     * its own messages by one and leave everyone else's on the queue. A provider that strips them
     * (IBM MQ with target client MQ: no MQRFH2) says no, and its header note says what follows.
     */
    default boolean carriesProperties() {
        return true;
    }

    /**
     * Whether the broker has a queue of this name, asked without creating it; null where the
     * provider cannot tell (the first use of a missing queue then fails, or creates it).
     */
    default Boolean queueExists(String name) {
        return null;
    }

    /**
     * How many messages the broker holds on the queue, by its own count (in delivery and paged
     * ones included), asked on {@code session} (of a started connection, not transacted) without
     * creating the queue: 0 for one that does not exist; null where the provider cannot tell (the
     * harness then browses, which on some brokers stops short of a deep queue's end).
     */
    default Long queueDepth(Session session, String name) throws JMSException {
        return null;
    }

    /**
     * Whether the broker pages the queue's messages to disk now (they passed the memory it gives
     * them), asked on {@code session} as {@link #queueDepth} is; null where the provider cannot tell.
     */
    default Boolean paging(Session session, String queue) throws JMSException {
        return null;
    }

    /**
     * The memory the broker gives the queue's messages and what it does past it, asked on
     * {@code session} (of a started connection, not transacted); null where the provider cannot tell.
     */
    default MemoryBound memoryBound(Session session, String queue) throws JMSException {
        return null;
    }

    /**
     * Frees what the provider keeps on {@code session} for its asks ({@link #paging}'s reply queue),
     * while the broker is there to hear it; the caller closes the session's connection next.
     */
    default void release(Session session) {
    }

    /**
     * The broker's journal directory when the broker keeps it on this host (the embedded broker, a
     * harness broker child): room there is checked before a preload. Null when it is elsewhere.
     */
    default java.nio.file.Path journalDir() {
        return null;
    }

    /** A new, started-or-not connection; the caller starts and closes it. */
    Connection connect() throws JMSException;

    default Queue queue(Session session, String name) throws JMSException {
        return session.createQueue(name);
    }

    /** The topic of that name (a topic string on IBM MQ, a multicast address on Artemis). */
    default Topic topic(Session session, String name) throws JMSException {
        return session.createTopic(name);
    }

    /**
     * Whether a request's JMSReplyTo is a temporary queue (--reply-by temporary), one that goes with
     * its requester's connection: as the client gives it back on a received message.
     */
    default boolean isTemporary(Destination replyTo) throws JMSException {
        return replyTo instanceof TemporaryQueue;
    }

    /**
     * The destination a reply goes to, given the request's JMSReplyTo: the provider applies to it
     * the settings it gives every queue of its own (the client built this one from the request).
     */
    default Destination replyDestination(Destination replyTo) throws JMSException {
        return replyTo;
    }

    /** What this provider's failures mean; the three methods below ask it. */
    default Diagnosis diagnosis() {
        return Diagnosis.GENERIC;
    }

    /** See {@link Diagnosis#reconnectCures}. */
    default boolean reconnectCures(Exception e) {
        return diagnosis().reconnectCures(e);
    }

    /** The user it logs in as, for messages; null for none. */
    default String user() {
        return null;
    }

    /** See {@link Diagnosis#refusesLogin}. */
    default boolean refusesLogin(Exception e) {
        return diagnosis().refusesLogin(e);
    }

    /** One line: what failed and what to check. Never a stack trace. */
    default String explain(Exception e) {
        return diagnosis().explain(e);
    }

    /** Releases what the provider started (an embedded broker). */
    @Override
    void close();
}
