package dev.harness.core.workload;

import java.util.concurrent.atomic.AtomicLong;

import javax.jms.BytesMessage;
import javax.jms.Connection;
import javax.jms.JMSException;
import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.MessageListener;
import javax.jms.Session;

import dev.harness.core.jms.Provider;
import dev.harness.core.run.RunControl;

/**
 * The one consumer of a reply queue. It hands each reply to the requester named in the reply's
 * header (the responder copies the request body), so no per-message selector is needed: those
 * are slow on a shared Artemis queue. Replies of another run are counted and dropped.
 */
final class ReplyRouter implements MessageListener {
    private final int queue;
    private final Requester[] requesters;
    private final RunControl control;
    private final long runId;
    private final AtomicLong stale = new AtomicLong();
    private Connection connection;
    private Session session;
    private boolean transacted;
    private Provider provider;

    ReplyRouter(int queue, Requester[] requesters, RunControl control, long runId) {
        this.queue = queue;
        this.requesters = requesters;
        this.control = control;
        this.runId = runId;
    }

    void open(Provider provider, ReqRespSettings settings) throws JMSException {
        this.provider = provider;
        connection = JmsWork.connect(provider, control, "reply queue " + settings.replyQueue(queue));
        transacted = settings.syncpoint() > 0;
        session = JmsWork.session(connection, transacted);
        MessageConsumer consumer = session.createConsumer(provider.queue(session, settings.replyQueue(queue)));
        consumer.setMessageListener(this);
    }

    void start() throws JMSException {
        connection.start();
    }

    @Override
    public void onMessage(Message message) {
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
            rollback();
            control.fail("reply queue " + queue + ": " + provider.explain(e));
        } catch (RuntimeException e) {
            rollback();
            control.fail("reply router " + queue + " stopped: " + e);
        }
    }

    private void rollback() {
        if (transacted) {
            JmsWork.rollbackQuietly(session);
        }
    }

    long stale() {
        return stale.get();
    }

    void close() {
        JmsWork.closeQuietly(connection);
    }
}
