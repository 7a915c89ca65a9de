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
    private final AtomicLong unanswerable = new AtomicLong();
    private volatile LatencyRecorder recorder;
    private Connection connection;
    private Session session;
    private MessageProducer producer;
    private Provider provider;

    /** @param expectedSizeBytes the usual request size; a larger request grows the buffer once */
    public Responder(int id, RunControl control, int syncpoint, int expectedSizeBytes) {
        this.id = id;
        this.control = control;
        this.transacted = syncpoint > 0;
        this.body = new byte[Math.max(expectedSizeBytes, MessageHeader.BYTES)];
    }

    /** Subscribes to the given request queues; requests flow once {@link #start} is called. */
    public void open(Provider provider, String[] requestQueues) throws JMSException {
        this.provider = provider;
        connection = provider.connect();
        connection.setExceptionListener(e -> control.fail("responder " + id + " lost its connection: " + provider.explain(e)));
        session = connection.createSession(transacted, transacted ? Session.SESSION_TRANSACTED : Session.AUTO_ACKNOWLEDGE);
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
            producer.send(replyTo, reply, request.getJMSDeliveryMode(), Message.DEFAULT_PRIORITY, Message.DEFAULT_TIME_TO_LIVE);
            if (transacted) {
                session.commit(); // the get and the put together
            }
            long committedNs = System.nanoTime();
            handled.incrementAndGet();
            // Phase by the request's intended time when it came from this JVM; a responder in
            // its own process records everything as measured (see ResponderPool).
            recorder.record(View.RESPONDER, length >= 16 ? intendedNs(body) : 0, committedNs - getNs);
        } catch (JMSException e) {
            control.fail("responder " + id + ": " + provider.explain(e));
        } catch (RuntimeException e) {
            control.fail("responder " + id + " stopped: " + e);
        }
    }

    /** The intended time in the header: the big-endian long after the run id. */
    private static long intendedNs(byte[] b) {
        long v = 0;
        for (int i = 8; i < 16; i++) {
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
        if (connection != null) {
            try {
                connection.close();
            } catch (JMSException | RuntimeException e) {
                // Closing a connection to a lost broker fails; nothing is left to save.
            }
        }
    }
}
