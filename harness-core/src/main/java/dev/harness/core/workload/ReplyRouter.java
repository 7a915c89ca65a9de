package dev.harness.core.workload;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

import javax.jms.Destination;
import javax.jms.JMSException;
import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.Session;
import javax.jms.TemporaryQueue;

import dev.harness.core.jms.Provider;
import dev.harness.core.run.RunControl;
import dev.harness.core.schedule.Shard;

/**
 * The one consumer of a reply queue (or of a requester's temporary queue, {@code --reply-by temporary}). It hands each reply to the requester named in the reply's
 * header (the responder copies the request body), so no per-message selector is needed: those
 * are slow on a shared Artemis queue. It selects its run's replies by the property the responder
 * copies from the request ({@link QueueClaim}), which every reply matches: anyone else's message
 * stays on the queue. A reply of another shard's requester is counted and dropped. A reply
 * handed on whose get then failed to commit comes again: that copy is counted as the router's
 * own redelivery and not handed on twice.
 */
final class ReplyRouter {
    private final int queue;
    private final Requester[] requesters;
    /** Requesters are named across the shard set (see {@link Shard#owner}): this shard's are I, I+N, ... */
    private final Shard shard;
    private final RunControl control;
    private final long runId;
    private final AtomicLong stale = new AtomicLong();
    /**
     * Replies handed on to their requester whose get was then rolled back (its commit failed):
     * the broker gives them again, and that second copy is the router's own doing, not a
     * duplicate. Empty but after a failure, so the common path only looks at its size.
     */
    private final Set<Long> handedOnThenRolledBack = ConcurrentHashMap.newKeySet();
    private final AtomicLong ownRedeliveries = new AtomicLong();
    private ListenerConnection connection;
    private boolean transacted;
    /** --ack outside syncpoint: the session's acknowledgement; auto unless asked. */
    private Receiving receiving = Receiving.DEFAULT;
    private Provider provider;
    private Reconnect reconnect;
    /** What it consumes, for failures: "reply queue REPLY1". */
    private String name;

    /** @param queue its number among the router's kind (reply queues, or requesters for temporary queues) */
    ReplyRouter(int queue, Requester[] requesters, Shard shard, RunControl control, long runId) {
        this.queue = queue;
        this.name = "reply router " + queue;
        this.requesters = requesters;
        this.shard = shard;
        this.control = control;
        this.runId = runId;
    }

    /**
     * --ack outside syncpoint: how its session acknowledges replies (transacted commits each get);
     * --receive: a listener, or a receive loop. Before open.
     */
    void receiving(Receiving receiving) {
        if (receiving.perCommit() > 1) {
            throw new IllegalArgumentException("a reply router commits each get");
        }
        this.receiving = receiving;
    }

    /** Subscribes to its reply queue, and again after a reconnect. */
    void open(Provider provider, ReqRespSettings settings, Reconnect reconnect) throws JMSException {
        String queueName = settings.replyQueue(queue);
        open(provider, "reply queue " + queueName, s -> provider.queue(s, queueName), QueueClaim.selector(provider, runId),
                settings.syncpoint() > 0, reconnect);
    }

    /**
     * Subscribes to a temporary queue it makes on its connection (again after a reconnect: the old
     * one went with it), handed to {@code replyTo} for the requests to name. Nobody but the run's
     * responders knows it, so it selects nothing.
     */
    void openTemporary(Provider provider, boolean transacted, Reconnect reconnect, Consumer<Destination> replyTo)
            throws JMSException {
        open(provider, "temporary reply queue " + queue, s -> {
            TemporaryQueue t = s.createTemporaryQueue();
            replyTo.accept(t);
            return t;
        }, null, transacted, reconnect);
    }

    private interface ReplySource {
        Destination on(Session session) throws JMSException;
    }

    private void open(Provider provider, String name, ReplySource source, String selector, boolean transacted,
            Reconnect reconnect) throws JMSException {
        this.name = name;
        boolean commits = transacted || receiving.transacted();
        bind(provider, reconnect, commits);
        connection = new ListenerConnection(reconnect, name, (c, self) -> {
            Session s = commits ? JmsWork.session(c, true) : JmsWork.session(c, receiving);
            MessageConsumer consumer = s.createConsumer(source.on(s), selector);
            // Bound to its session: a listener still busy on a lost connection must not commit the new one's.
            MessageHeader header = new MessageHeader();
            if (receiving.sync()) {
                self.receiveLoop(c, consumer, name, ListenerConnection.Taker.of(m -> route(m, s, header), null,
                        e -> control.fail(this.name + ": " + provider.explain(e))));
            } else {
                consumer.setMessageListener(m -> route(m, s, header));
            }
        });
        connection.open();
    }

    /** What {@link #route} needs besides the constructor's: set by open, or by a test that routes by hand. */
    void bind(Provider provider, Reconnect reconnect, boolean transacted) {
        this.provider = provider;
        this.reconnect = reconnect;
        this.transacted = transacted;
    }

    void start() throws JMSException {
        connection.start();
    }

    /** @param h this session's header, reused for every reply it gets */
    void route(Message message, Session session, MessageHeader h) {
        long receivedNs = System.nanoTime();
        long handedOn = -1;
        try {
            if (h.read(message, runId)) {
                int r = requester(h.sender);
                if (r < 0) {
                    stale.incrementAndGet();
                } else if (!handedOnThenRolledBack.isEmpty() && handedOnThenRolledBack.remove(h.sequence)) {
                    ownRedeliveries.incrementAndGet(); // handed on already, before the failed commit
                } else {
                    // Handed on before the commit: a reply whose commit failed is still a reply the
                    // application got, and its redelivery is remembered above.
                    requesters[r].replied(h.sequence, h.intendedNs, h.sendNs, receivedNs, h.answeredAgain);
                    handedOn = h.sequence;
                }
            } else {
                stale.incrementAndGet();
            }
            if (transacted) {
                session.commit(); // the get, in syncpoint
            } else if (receiving.ack() == Receiving.Ack.CLIENT) {
                message.acknowledge(); // handed on; a stale reply is taken as auto-acknowledge takes it (only where no selector can leave it)
            }
        } catch (JMSException e) {
            rollback(session);
            if ((transacted || receiving.ack() == Receiving.Ack.CLIENT) && handedOn >= 0) {
                handedOnThenRolledBack.add(handedOn); // not acknowledged: it comes again, the router's own doing
            }
            // A lost connection: the reply comes again after the reconnect (as a duplicate if it was handed on).
            if (!reconnect.mayCure(e)) {
                control.fail(name + ": " + provider.explain(e));
            }
        } catch (RuntimeException e) {
            rollback(session);
            control.fail(name + ": the router stopped: " + e);
        }
    }

    /** The requester (of this process) that sent as {@code sender}; -1 when none did. */
    private int requester(int sender) {
        long local = shard.localOf(sender);
        return local < requesters.length ? (int) local : -1;
    }

    private void rollback(Session session) {
        if (transacted) {
            JmsWork.rollbackQuietly(session);
        }
    }

    long stale() {
        return stale.get();
    }

    /** Replies the broker gave again because this router's commit of their get failed. */
    long ownRedeliveries() {
        return ownRedeliveries.get();
    }

    void close() {
        if (connection != null) {
            connection.close();
        }
    }
}
