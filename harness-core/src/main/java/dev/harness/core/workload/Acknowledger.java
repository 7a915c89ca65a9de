package dev.harness.core.workload;

import javax.jms.JMSException;
import javax.jms.Message;
import javax.jms.Session;

/**
 * A consumer session's acknowledgement of what it got, as {@code --ack} says: client acknowledges
 * each message once handled, transacted commits every N gets (and, in a receive loop, whenever the
 * queue goes quiet, so none waits for the Nth); auto and dups-ok are the session's own doing. One
 * per session, used by the thread that gets on it.
 */
final class Acknowledger {
    private final Session session;
    private final Receiving receiving;
    /** Gets in the unit of work in hand, not yet committed. */
    private int gets;

    Acknowledger(Session session, Receiving receiving) {
        this.session = session;
        this.receiving = receiving;
    }

    /** After a message was handled. */
    void taken(Message m) throws JMSException {
        if (receiving.ack() == Receiving.Ack.CLIENT) {
            m.acknowledge();
        } else if (receiving.transacted() && ++gets >= receiving.perCommit()) {
            gets = 0;
            session.commit();
        }
    }

    /** The queue went quiet, or the loop ends: the gets in hand are committed. */
    void quiet() throws JMSException {
        if (gets > 0) {
            gets = 0;
            session.commit();
        }
    }
}
