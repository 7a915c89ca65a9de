package dev.harness.core.jms;

/**
 * What the failures of one family of clients mean: a line for a person, whether the login was
 * refused, whether connecting again may cure it. Each provider kind brings its own (Artemis's
 * error types and AMQ codes, IBM MQ's reason codes); {@link #GENERIC} knows only what JMS itself
 * defines, for a client the harness knows nothing of.
 */
public interface Diagnosis {
    /** JMS's own exception types and messages, nothing vendor-specific. */
    Diagnosis GENERIC = new Diagnosis() {
    };

    /** One line: what failed and what to check. Never a stack trace. */
    default String explain(Exception e) {
        return Errors.oneLine(e);
    }

    /**
     * Whether this failure to connect is the system refusing the login (it was reached and said
     * no to the user or password), rather than not being reached. JMS has no portable way to
     * tell (its security exception also means a refused queue), so by default: no.
     */
    default boolean refusesLogin(Exception e) {
        return false;
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
}
