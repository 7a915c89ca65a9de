package dev.harness.core.workload;

import java.util.concurrent.atomic.AtomicLong;

import javax.jms.BytesMessage;
import javax.jms.JMSException;
import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.Session;

import dev.harness.core.jms.Provider;
import dev.harness.core.run.RunControl;

/**
 * The one consumer of a reply queue. It hands each reply to the requester named in the reply's
 * header (the responder copies the request body), so no per-message selector is needed: those
 * are slow on a shared Artemis queue. Replies of another run are counted and dropped.
 */
final class ReplyRouter {
    private final int queue;
    private final Requester[] requesters;
    private final RunControl control;
    private final long runId;
    private final AtomicLong stale = new AtomicLong();
    private ListenerConnection connection;
    private boolean transacted;
    private Provider provider;
    private Reconnect reconnect;

    ReplyRouter(int queue, Requester[] requesters, RunControl control, long runId) {
        this.queue = queue;
        this.requesters = requesters;
        this.control = control;
        this.runId = runId;
    }

    /** Subscribes to its reply queue, and again after a reconnect. */
    void open(Provider provider, ReqRespSettings settings, Reconnect reconnect) throws JMSException {
        this.provider = provider;
        this.reconnect = reconnect;
        transacted = settings.syncpoint() > 0;
        connection = new ListenerConnection(reconnect, "reply queue " + settings.replyQueue(queue), c -> {
            Session s = JmsWork.session(c, transacted);
            MessageConsumer consumer = s.createConsumer(provider.queue(s, settings.replyQueue(queue)));
            // Bound to its session: a listener still busy on a lost connection must not commit the new one's.
            consumer.setMessageListener(m -> route(m, s));
        });
        connection.open();
    }

    void start() throws JMSException {
        connection.start();
    }

    private void route(Message message, Session session) {
        long receivedNs = System.nanoTime();
        try {
            if (message instanceof BytesMessage m && m.getBodyLength() >= MessageHeader.BYTES && m.readLong() == runId) {
                long intendedNs = m.readLong();
                long sendNs = m.readLong();
                int requester = m.readInt();
                long sequence = m.readLong();
                if (requester >= 0 && requester < requesters.length) {
                    requesters[requester].replied(sequence, intendedNs, sendNs, receivedNs);
                } else {
                    stale.incrementAndGet();
                }
            } else {
                stale.incrementAndGet();
            }
            if (transacted) {
                session.commit(); // the get, in syncpoint
            }
        } catch (JMSException e) {
            rollback(session);
            // A lost connection: the reply comes again after the reconnect (as a duplicate if it was handed on).
            if (!reconnect.mayCure(e)) {
                control.fail("reply queue " + queue + ": " + provider.explain(e));
            }
        } catch (RuntimeException e) {
            rollback(session);
            control.fail("reply router " + queue + " stopped: " + e);
        }
    }

    private void rollback(Session session) {
        if (transacted) {
            JmsWork.rollbackQuietly(session);
        }
    }

    long stale() {
        return stale.get();
    }

    void close() {
        if (connection != null) {
            connection.close();
        }
    }
}
