package dev.harness.core.jms;

import java.util.List;

import javax.jms.Connection;
import javax.jms.Destination;
import javax.jms.JMSException;
import javax.jms.Queue;
import javax.jms.Session;

/**
 * What the harness needs of a messaging system, and nothing more: connections, queues, and a
 * one-line explanation of its errors. One implementation per broker family.
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

    /** A new, started-or-not connection; the caller starts and closes it. */
    Connection connect() throws JMSException;

    default Queue queue(Session session, String name) throws JMSException {
        return session.createQueue(name);
    }

    /**
     * The destination a reply goes to, given the request's JMSReplyTo: the provider applies to it
     * the settings it gives every queue of its own (the client built this one from the request).
     */
    default Destination replyDestination(Destination replyTo) throws JMSException {
        return replyTo;
    }

    /**
     * Whether connecting again may cure this failure of a send, a commit or a listener's work: yes
     * for a lost connection; no for a request the broker refuses whatever the connection (a full
     * queue, no such queue, not authorized), which then fails the run at once instead of
     * reconnecting and sending again until {@code --reconnect-timeout}. JMS has no portable way to
     * tell; by default only its own exception types for refused requests are taken as incurable.
     */
    default boolean reconnectCures(Exception e) {
        return !Errors.refusesRequest(e);
    }

    /** The user it logs in as, for messages; null for none. */
    default String user() {
        return null;
    }

    /**
     * Whether this failure to connect is the system refusing the login (it was reached and said
     * no to the user or password), rather than not being reached.
     */
    default boolean refusesLogin(Exception e) {
        return Errors.refusesLogin(e);
    }

    /** One line: what failed and what to check. Never a stack trace. */
    String explain(Exception e);

    /** Releases what the provider started (an embedded broker). */
    @Override
    void close();
}
