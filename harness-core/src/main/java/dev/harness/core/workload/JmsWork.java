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

    /** A connection whose loss ends the run with a line naming {@code who}. */
    static Connection connect(Provider provider, RunControl control, String who) throws JMSException {
        Connection c = provider.connect();
        c.setExceptionListener(e -> control.fail(who + " lost its connection: " + provider.explain(e)));
        return c;
    }

    /** A transacted session (syncpoint) or an auto-acknowledging one. */
    static Session session(Connection c, boolean transacted) throws JMSException {
        return c.createSession(transacted, transacted ? Session.SESSION_TRANSACTED : Session.AUTO_ACKNOWLEDGE);
    }

    static void rollbackQuietly(Session session) {
        try {
            session.rollback();
        } catch (JMSException | RuntimeException e) {
            // The session is gone; the broker rolls the work back itself.
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
