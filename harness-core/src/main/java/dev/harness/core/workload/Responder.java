package dev.harness.core.workload;

import java.util.concurrent.atomic.AtomicLong;

import javax.jms.Connection;
import javax.jms.Destination;
import javax.jms.InvalidDestinationException;
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
import dev.harness.core.schedule.Pacer;

/**
 * The application side: gets each request and puts a reply of the same size, body copied, with
 * the correlation id set to the request's message id and the request's run property copied, on the
 * queue the request names. It selects requests a harness sent (of its run, or of any run in harness
 * respond): anyone else's message stays on the queue ({@link QueueClaim}). In
 * syncpoint, the get and the put are one unit of work committed together, as IBM advises.
 * Records {@code responder}: get to commit, once per request, a {@code --consume-delay} included. When its connection is lost, the
 * unit of work in hand is rolled back (the request comes again) and it connects again, if the
 * run reconnects.
 */
public final class Responder {
    private final int id;
    private final RunControl control;
    private boolean transacted;
    /** --ack outside syncpoint: client acknowledges each request once it is answered. */
    private boolean clientAcknowledges;
    /** --ack outside syncpoint: the session's acknowledgement; auto unless asked. */
    private Receiving receiving = Receiving.DEFAULT;
    /** --receive sync: a receive loop per request queue, not a listener. */
    private boolean sync;
    private final int expectedSizeBytes;
    private final AtomicLong handled = new AtomicLong();
    /** Requests in hand, between a get and the record of its reply's commit: one per receive loop at most. */
    private final java.util.concurrent.atomic.AtomicInteger inHand = new java.util.concurrent.atomic.AtomicInteger();
    private final AtomicLong unanswerable = new AtomicLong();
    private final AtomicLong rolledBack = new AtomicLong();
    private final AtomicLong answeredAgain = new AtomicLong();
    private final long runId;
    private volatile LatencyRecorder recorder;
    private ListenerConnection connection;
    private Provider provider;
    private Reconnect reconnect;
    /** --consume-delay: how long it takes over each request before it replies; 0 for none. */
    private long serviceNs;

    /**
     * @param expectedSizeBytes the usual request size; a larger request grows the buffer once
     * @param runId the run whose requests it records (it answers all); 0 records all (harness respond)
     */
    public Responder(int id, RunControl control, int syncpoint, int expectedSizeBytes, long runId) {
        this.id = id;
        this.runId = runId;
        this.control = control;
        this.transacted = syncpoint > 0;
        this.expectedSizeBytes = Math.max(expectedSizeBytes, MessageHeader.BYTES);
    }

    /** Subscribes to the given request queues (again after a reconnect); requests flow once {@link #start} is called. */
    void open(Provider provider, String[] requestQueues, Reconnect reconnect) throws JMSException {
        this.provider = provider;
        this.reconnect = reconnect;
        boolean selects = provider.carriesProperties();
        String selector = !selects ? null : runId == 0 ? QueueClaim.ofAnyRun() : QueueClaim.ofRun(runId);
        connection = new ListenerConnection(reconnect, "responder " + id, (c, self) -> {
            if (sync) {
                // A loop gets on its session alone: a session and a loop per request queue.
                for (String q : requestQueues) {
                    SessionListener listener = listener(c, selects);
                    MessageConsumer consumer = listener.session.createConsumer(provider.queue(listener.session, q), selector);
                    self.receiveLoop(c, consumer, "responder " + id + " " + q, ListenerConnection.Taker.of(listener, null,
                            e -> control.fail("responder " + id + ": " + provider.explain(e))));
                }
                return;
            }
            SessionListener listener = listener(c, selects);
            for (String q : requestQueues) {
                MessageConsumer consumer = listener.session.createConsumer(provider.queue(listener.session, q), selector);
                consumer.setMessageListener(listener);
            }
        });
        connection.open();
    }

    /**
     * One listener per session, holding its own session, producer and buffer: a listener still busy
     * on a lost connection must not touch the new one's work.
     */
    private SessionListener listener(Connection c, boolean copiesRun) throws JMSException {
        Session s = transacted ? JmsWork.session(c, true) : JmsWork.session(c, receiving);
        MessageProducer p = s.createProducer(null);
        // The requester matches a reply by the header in its body, never by the reply's own
        // JMSMessageID (the request's ID, which requesters keep, is copied to JMSCorrelationID).
        p.setDisableMessageID(true);
        p.setDisableMessageTimestamp(true);
        return new SessionListener(s, p, new ReplyCopy(expectedSizeBytes), copiesRun);
    }

    /**
     * --ack: outside syncpoint, how the session acknowledges each request (transacted commits the get
     * with its reply, as in syncpoint); in syncpoint the unit of work decides. --receive: a listener,
     * or a receive loop per request queue. Before {@link #open}.
     */
    void receiving(Receiving receiving) {
        if (receiving.perCommit() > 1) {
            throw new IllegalArgumentException("a responder commits each request with its reply");
        }
        this.sync = receiving.sync();
        if (!transacted) {
            this.receiving = receiving;
            this.transacted = receiving.transacted();
            this.clientAcknowledges = receiving.ack() == Receiving.Ack.CLIENT;
        }
    }

    /** Takes {@code ns} over each request before it replies, as an application does ({@code --consume-delay}); before {@link #start}. */
    void serviceTime(long ns) {
        this.serviceNs = ns;
    }

    public void start(LatencyRecorder recorder) throws JMSException {
        this.recorder = recorder;
        connection.start();
    }

    private final class SessionListener implements MessageListener {
        private final Session session;
        private final MessageProducer producer;
        /** Copies each request's body into its reply, reading its header. */
        private final ReplyCopy copy;
        /** Whether requests carry the run property, to be copied onto the reply for its router's selector. */
        private final boolean copiesRun;

        SessionListener(Session session, MessageProducer producer, ReplyCopy copy, boolean copiesRun) {
            this.session = session;
            this.producer = producer;
            this.copy = copy;
            this.copiesRun = copiesRun;
        }

        @Override
        public void onMessage(Message message) {
            handle(message, this);
        }
    }

    private void handle(Message message, SessionListener listener) {
        long getNs = System.nanoTime();
        inHand.incrementAndGet();
        Session session = listener.session;
        MessageProducer producer = listener.producer;
        try {
            Destination replyTo = message.getJMSReplyTo();
            // Outside syncpoint a request comes again when its acknowledgement was lost after it
            // was answered (and recorded). In syncpoint a redelivery means the earlier answer
            // was rolled back with its get: not recorded, and never sent.
            boolean again = !transacted && message.getJMSRedelivered();
            Message reply = replyTo == null ? null : listener.copy.of(session, message, again);
            if (reply == null) {
                unanswerable.incrementAndGet();
                if (transacted) {
                    session.commit(); // consumed: nobody can answer it
                } else if (clientAcknowledges) {
                    message.acknowledge();
                }
                return;
            }
            if (again) {
                answeredAgain.incrementAndGet();
            }
            if (serviceNs > 0) {
                // The application's own time: its session holds the next request meanwhile, and responder times it.
                Pacer.awaitUntil(getNs + serviceNs, control);
            }
            reply.setJMSCorrelationID(message.getJMSMessageID());
            if (listener.copiesRun) {
                reply.setLongProperty(MessageHeader.RUN_PROPERTY, message.getLongProperty(MessageHeader.RUN_PROPERTY));
            }
            try {
                producer.send(provider.replyDestination(replyTo), reply, message.getJMSDeliveryMode(), Message.DEFAULT_PRIORITY,
                        Message.DEFAULT_TIME_TO_LIVE);
            } catch (InvalidDestinationException gone) {
                if (!provider.isTemporary(replyTo)) {
                    throw gone; // a named reply queue that is missing is the run's failure, said in one line
                }
                // A temporary reply queue gone with its requester's connection: nobody can get the
                // answer, and the requester counts it lost. The request is consumed.
                unanswerable.incrementAndGet();
                if (transacted) {
                    session.commit();
                } else if (clientAcknowledges) {
                    message.acknowledge();
                }
                return;
            }
            if (transacted) {
                session.commit(); // the get and the put together
            } else if (clientAcknowledges) {
                message.acknowledge(); // answered: the request may go
            }
            long committedNs = System.nanoTime();
            handled.incrementAndGet();
            // In the harness's process, only this run's requests, phased by their intended time
            // (same clock); in harness respond, every request, all measured (see RespondRun).
            MessageHeader h = listener.copy.header;
            if (!again && listener.copy.timed && (runId == 0 || h.runId == runId)) {
                recorder.record(View.RESPONDER, h.intendedNs, committedNs - getNs);
            }
        } catch (JMSException e) {
            rollback(session);
            if (reconnect.mayCure(e)) {
                // A lost connection: the request comes again once this responder (or another) is back.
                if (transacted) {
                    rolledBack.incrementAndGet();
                }
            } else {
                control.fail("responder " + id + ": " + provider.explain(e));
            }
        } catch (RuntimeException e) {
            rollback(session);
            control.fail("responder " + id + " stopped: " + e);
        } finally {
            inHand.decrementAndGet();
        }
    }

    /** Whether it is between a get and the record of its reply's commit. */
    boolean busy() {
        return inHand.get() > 0;
    }

    /** A failed unit of work must not be committed with the next request's. */
    private void rollback(Session session) {
        if (transacted) {
            JmsWork.rollbackQuietly(session);
        }
    }

    public long handled() {
        return handled.get();
    }

    public long unanswerable() {
        return unanswerable.get();
    }

    /** Units of work (get and reply) rolled back because the connection was lost. */
    long rolledBack() {
        return rolledBack.get();
    }

    /** Redelivered requests answered outside syncpoint: answered before, perhaps; recorded once. */
    public long answeredAgain() {
        return answeredAgain.get();
    }

    public void close() {
        if (connection != null) {
            connection.close(serviceNs);
        }
    }
}
