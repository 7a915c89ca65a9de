package dev.harness.core.workload;

import javax.jms.Connection;
import javax.jms.JMSException;
import javax.jms.Session;

import dev.harness.core.jms.Provider;
import dev.harness.core.run.RunControl;

/** What every JMS worker of a workload does the same way: connect, watch, open a session, close. */
final class JmsWork {
    private JmsWork() {
    }

    /**
     * A connection whose loss ends the run with a line naming {@code who}, unless the worker
     * reconnects: then it learns of the loss from its next call and {@link Reconnect}s.
     */
    static Connection connect(Provider provider, RunControl control, Reconnect reconnect, String who)
            throws JMSException {
        Connection c = reconnect.connect();
        if (!reconnect.enabled()) {
            c.setExceptionListener(e -> control.fail(who + " lost its connection: " + provider.explain(e)));
        }
        return c;
    }

    /** A transacted session (syncpoint) or an auto-acknowledging one. */
    static Session session(Connection c, boolean transacted) throws JMSException {
        return c.createSession(transacted, transacted ? Session.SESSION_TRANSACTED : Session.AUTO_ACKNOWLEDGE);
    }

    /**
     * A session of the consumers' getting ({@code --ack}). Here, not in {@link Receiving}: a class
     * that names the javax API only for its constants keeps the name after harness-jakarta.jar's
     * relocation, which moves the names that code uses.
     */
    static Session session(Connection c, Receiving receiving) throws JMSException {
        return c.createSession(receiving.transacted(), acknowledgeMode(receiving));
    }

    static int acknowledgeMode(Receiving receiving) {
        return switch (receiving.ack()) {
            case AUTO -> Session.AUTO_ACKNOWLEDGE;
            case CLIENT -> Session.CLIENT_ACKNOWLEDGE;
            case DUPS_OK -> Session.DUPS_OK_ACKNOWLEDGE;
            case TRANSACTED -> Session.SESSION_TRANSACTED;
        };
    }

    static void rollbackQuietly(Session session) {
        try {
            session.rollback();
        } catch (JMSException | RuntimeException e) {
            // The session is gone; the broker rolls the work back itself.
        }
    }

    /**
     * Closes a lost connection without waiting: Artemis's close waits up to 10 s for a listener
     * still busy on the dead connection, and the worker has a connection to make meanwhile.
     */
    static void closeInBackground(Connection c) {
        if (c != null) {
            Thread t = new Thread(() -> closeQuietly(c), "harness-close-lost");
            t.setDaemon(true);
            t.start();
        }
    }

    static void closeQuietly(Connection c) {
        if (c != null) {
            try {
                c.close();
            } catch (JMSException | RuntimeException e) {
                // Closing a connection to a lost broker fails; nothing is left to save.
            }
        }
    }
}
