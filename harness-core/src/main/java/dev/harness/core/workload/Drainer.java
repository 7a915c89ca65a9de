package dev.harness.core.workload;

import java.util.concurrent.atomic.AtomicLong;

import javax.jms.JMSException;
import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.Session;

import dev.harness.core.jms.Provider;
import dev.harness.core.measure.LatencyRecorder;
import dev.harness.core.measure.Measurement;
import dev.harness.core.measure.ThroughputMeter;
import dev.harness.core.measure.View;
import dev.harness.core.run.RunControl;
import dev.harness.core.schedule.Pacer;

/**
 * A consumer that empties its queues. Its receipt of a message is that message's completion:
 * {@code response} from the intended time carried in the message, {@code service} from the
 * actual send time. Senders and drainers share this JVM's clock. It ticks each message off in the
 * run's {@link Ledger}; a message it has seen before is a duplicate, neither a sample nor a
 * completion. A message of the run's {@link Preload} is ticked off in the preload's own ledger.
 * It selects the run's own messages ({@link QueueClaim}): anyone else's stay on the queue. It gets
 * and acknowledges as {@link Receiving} says ({@code --ack}, {@code --receive}).
 */
final class Drainer {
    private final int id;
    private final RunControl control;
    private final long runId;
    private final Ledger ledger;
    /** The backlog put before the schedule ({@code --preload}), or null. */
    private final Preload preload;
    /** Where a received message is kept by its size too (a --size mix). */
    private final SizeResponses sizes;
    /** Each queue's depth, a receipt taken off its queue's. */
    private final QueueDepths depths;
    private final AtomicLong received = new AtomicLong();
    private final AtomicLong stale = new AtomicLong();
    private volatile LatencyRecorder recorder;
    private volatile ThroughputMeter meter;
    private ListenerConnection connection;
    private Provider provider;
    private Reconnect reconnect;
    private volatile boolean closing;
    /** --consume-delay: how long it takes over each message; 0 for none. */
    private long consumeDelayNs;
    /** --delivery-delay: a message is due this long after its intended time; 0 for none. */
    private long deliveryDelayNs;

    Drainer(int id, RunControl control, long runId, Ledger ledger, Preload preload, SizeResponses sizes, QueueDepths depths) {
        this.depths = depths;
        this.sizes = sizes;
        this.id = id;
        this.control = control;
        this.runId = runId;
        this.ledger = ledger;
        this.preload = preload;
    }

    /** --delivery-delay: times each message from its intended time plus the delay, when the broker may first deliver it. */
    void deliveredAfter(long ns) {
        this.deliveryDelayNs = ns;
    }

    /**
     * Subscribes to the given queues (again after a reconnect); messages flow once the measurement
     * is bound. A listener on one session, or with {@code --receive sync} a loop and a session per
     * queue, each acknowledging as {@code receiving} says.
     */
    void open(Provider provider, PutSettings settings, int[] queues, Reconnect reconnect, Receiving receiving)
            throws JMSException {
        this.provider = provider;
        this.reconnect = reconnect;
        this.consumeDelayNs = settings.consumeDelayNs();
        connection = new ListenerConnection(reconnect, "drainer " + id, (c, self) -> {
            String selector = QueueClaim.selector(provider, runId);
            if (receiving.sync()) {
                for (int q : queues) {
                    Session session = JmsWork.session(c, receiving);
                    MessageConsumer consumer = session.createConsumer(provider.queue(session, settings.queueName(q)), selector);
                    MessageHeader header = new MessageHeader();
                    Acknowledger acks = new Acknowledger(session, receiving);
                    self.receiveLoop(c, consumer, "drainer " + id + " " + q,
                            ListenerConnection.Taker.of(m -> onMessage(m, header, q), acks, this::lostOrFail));
                }
                return;
            }
            Session session = JmsWork.session(c, receiving);
            // One header and one unit of work per session: a listener still busy on a lost connection keeps its own.
            MessageHeader header = new MessageHeader();
            Acknowledger acks = new Acknowledger(session, receiving);
            for (int q : queues) {
                MessageConsumer consumer = session.createConsumer(provider.queue(session, settings.queueName(q)), selector);
                consumer.setMessageListener(m -> {
                    onMessage(m, header, q);
                    try {
                        acks.taken(m);
                    } catch (JMSException e) {
                        lostOrFail(e);
                    }
                });
            }
        });
        connection.open();
    }

    /** A lost connection brings the messages of the unit in hand again (duplicates, counted); anything else fails the run. */
    private void lostOrFail(JMSException e) {
        if (!closing && !reconnect.mayCure(e)) {
            control.fail("drainer " + id + ": " + provider.explain(e));
        }
    }

    void bind(Measurement measurement) throws JMSException {
        // Written before connection.start(), which hands delivery to the client's threads.
        this.recorder = measurement.recorder();
        this.meter = measurement.meter();
        connection.start();
    }

    /** @param queue the run's queue it came from, for its depth */
    private void onMessage(Message message, MessageHeader h, int queue) {
        long receivedNs = System.nanoTime();
        try {
            if (!h.read(message, runId)) {
                stale.incrementAndGet(); // someone else's: only where the provider carries no property to select by
                return;
            }
            if (h.sender == MessageHeader.PRELOAD_SENDER) {
                // The backlog ahead of the schedule: ticked off, but no message of the schedule, so no sample.
                if (preload == null || !preload.received(h.sequence, receivedNs)) {
                    return;
                }
                depths.received(queue);
            } else {
                if (!ledger.received(h.sequence)) { // the sequence alone names the message
                    return;
                }
                depths.received(queue);
                long dueNs = h.intendedNs + deliveryDelayNs;
                if (EarlyDelivery.early(receivedNs, dueNs, deliveryDelayNs)) {
                    control.fail(EarlyDelivery.why("drainer " + id, receivedNs, dueNs, deliveryDelayNs));
                    return;
                }
                recorder.record(View.RESPONSE, h.intendedNs, receivedNs - dueNs);
                sizes.record(h.sequence, h.intendedNs, receivedNs - dueNs);
                recorder.record(View.SERVICE, h.intendedNs, receivedNs - h.sendNs - deliveryDelayNs);
                meter.completion(receivedNs, dueNs);
                received.incrementAndGet();
            }
            if (consumeDelayNs > 0) {
                // The consumer's own service time (--consume-delay): the listener holds its session meanwhile,
                // so the next message waits on the queue, as behind a slow application.
                Pacer.awaitUntil(receivedNs + consumeDelayNs, control);
            }
        } catch (JMSException e) {
            control.fail("drainer " + id + ": " + provider.explain(e));
        } catch (RuntimeException e) {
            control.fail("drainer " + id + " stopped: " + e);
        }
    }

    long received() {
        return received.get();
    }

    long stale() {
        return stale.get();
    }

    void close() {
        closing = true;
        if (connection != null) {
            connection.close(consumeDelayNs); // each loop takes its message in hand and commits what it got first
        }
    }
}
