package dev.harness.core.workload;

import java.util.concurrent.atomic.AtomicLong;

import javax.jms.BytesMessage;
import javax.jms.Connection;
import javax.jms.Destination;
import javax.jms.JMSException;
import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.MessageListener;
import javax.jms.MessageProducer;
import javax.jms.Session;

import dev.harness.core.jms.Provider;
import dev.harness.core.measure.LatencyRecorder;
import dev.harness.core.measure.View;
import dev.harness.core.run.RunControl;

/**
 * The application side: gets each request and puts a reply of the same size, body copied, with
 * the correlation id set to the request's message id, on the queue the request names. In
 * syncpoint, the get and the put are one unit of work committed together, as IBM advises.
 * Records {@code responder}: get to commit.
 */
public final class Responder implements MessageListener {
    private final int id;
    private final RunControl control;
    private final boolean transacted;
    private byte[] body;
    private final AtomicLong handled = new AtomicLong();
    private volatile boolean busy;
    private final AtomicLong unanswerable = new AtomicLong();
    private final long runId;
    private volatile LatencyRecorder recorder;
    private Connection connection;
    private Session session;
    private MessageProducer producer;
    private Provider provider;

    /**
     * @param expectedSizeBytes the usual request size; a larger request grows the buffer once
     * @param runId the run whose requests it records (it answers all); 0 records all (harness respond)
     */
    public Responder(int id, RunControl control, int syncpoint, int expectedSizeBytes, long runId) {
        this.id = id;
        this.runId = runId;
        this.control = control;
        this.transacted = syncpoint > 0;
        this.body = new byte[Math.max(expectedSizeBytes, MessageHeader.BYTES)];
    }

    /** Subscribes to the given request queues; requests flow once {@link #start} is called. */
    public void open(Provider provider, String[] requestQueues) throws JMSException {
        this.provider = provider;
        connection = JmsWork.connect(provider, control, "responder " + id);
        session = JmsWork.session(connection, transacted);
        producer = session.createProducer(null);
        producer.setDisableMessageTimestamp(true);
        for (String q : requestQueues) {
            MessageConsumer consumer = session.createConsumer(provider.queue(session, q));
            consumer.setMessageListener(this);
        }
    }

    public void start(LatencyRecorder recorder) throws JMSException {
        this.recorder = recorder;
        connection.start();
    }

    @Override
    public void onMessage(Message message) {
        long getNs = System.nanoTime();
        busy = true;
        try {
            Destination replyTo = message.getJMSReplyTo();
            if (!(message instanceof BytesMessage request) || replyTo == null) {
                unanswerable.incrementAndGet();
                if (transacted) {
                    session.commit(); // consumed: nobody can answer it
                }
                return;
            }
            int length = (int) request.getBodyLength();
            if (length > body.length) {
                body = new byte[length];
            }
            request.readBytes(body, length);
            BytesMessage reply = session.createBytesMessage();
            reply.writeBytes(body, 0, length);
            reply.setJMSCorrelationID(request.getJMSMessageID());
            producer.send(provider.replyDestination(replyTo), reply, request.getJMSDeliveryMode(), Message.DEFAULT_PRIORITY,
                    Message.DEFAULT_TIME_TO_LIVE);
            if (transacted) {
                session.commit(); // the get and the put together
            }
            long committedNs = System.nanoTime();
            handled.incrementAndGet();
            // In the harness's process, only this run's requests, phased by their intended time
            // (same clock); in harness respond, every request, all measured (see RespondRun).
            if (runId == 0 || (length >= 16 && longAt(body, 0) == runId)) {
                recorder.record(View.RESPONDER, length >= 16 ? longAt(body, 8) : 0, committedNs - getNs);
            }
        } catch (JMSException e) {
            rollback();
            control.fail("responder " + id + ": " + provider.explain(e));
        } catch (RuntimeException e) {
            rollback();
            control.fail("responder " + id + " stopped: " + e);
        } finally {
            busy = false;
        }
    }

    /** Whether it is between a get and the record of its reply's commit. */
    boolean busy() {
        return busy;
    }

    /** A failed unit of work must not be committed with the next request's. */
    private void rollback() {
        if (transacted) {
            JmsWork.rollbackQuietly(session);
        }
    }

    /** A big-endian long of the header: the run id at 0, the intended time at 8. */
    private static long longAt(byte[] b, int offset) {
        long v = 0;
        for (int i = offset; i < offset + 8; i++) {
            v = (v << 8) | (b[i] & 0xff);
        }
        return v;
    }

    public long handled() {
        return handled.get();
    }

    public long unanswerable() {
        return unanswerable.get();
    }

    public void close() {
        JmsWork.closeQuietly(connection);
    }
}
