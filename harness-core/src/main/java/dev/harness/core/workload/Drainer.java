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
 * completion. A message of the run's {@link Preload} is ticked off in the preload's own ledger. It selects the run's own messages ({@link QueueClaim}): anyone else's stay on the
 * queue.
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
    private final AtomicLong received = new AtomicLong();
    private final AtomicLong stale = new AtomicLong();
    private volatile LatencyRecorder recorder;
    private volatile ThroughputMeter meter;
    private ListenerConnection connection;
    private Provider provider;
    /** --consume-delay: how long it takes over each message; 0 for none. */
    private long consumeDelayNs;

    Drainer(int id, RunControl control, long runId, Ledger ledger, Preload preload, SizeResponses sizes) {
        this.sizes = sizes;
        this.id = id;
        this.control = control;
        this.runId = runId;
        this.ledger = ledger;
        this.preload = preload;
    }

    /** Subscribes to the given queues (again after a reconnect); messages flow once the measurement is bound. */
    void open(Provider provider, PutSettings settings, int[] queues, Reconnect reconnect) throws JMSException {
        this.provider = provider;
        this.consumeDelayNs = settings.consumeDelayNs();
        connection = new ListenerConnection(reconnect, "drainer " + id, c -> {
            Session session = JmsWork.session(c, false);
            // One header per session: a listener still busy on a lost connection keeps its own.
            MessageHeader header = new MessageHeader();
            String selector = QueueClaim.selector(provider, runId);
            for (int q : queues) {
                MessageConsumer consumer = session.createConsumer(provider.queue(session, settings.queueName(q)), selector);
                consumer.setMessageListener(m -> onMessage(m, header));
            }
        });
        connection.open();
    }

    void bind(Measurement measurement) throws JMSException {
        // Written before connection.start(), which hands delivery to the client's threads.
        this.recorder = measurement.recorder();
        this.meter = measurement.meter();
        connection.start();
    }

    private void onMessage(Message message, MessageHeader h) {
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
            } else {
                if (!ledger.received(h.sequence)) { // the sequence alone names the message
                    return;
                }
                recorder.record(View.RESPONSE, h.intendedNs, receivedNs - h.intendedNs);
                sizes.record(h.sequence, h.intendedNs, receivedNs - h.intendedNs);
                recorder.record(View.SERVICE, h.intendedNs, receivedNs - h.sendNs);
                meter.completion(receivedNs, h.intendedNs);
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
        if (connection != null) {
            connection.close();
        }
    }
}
