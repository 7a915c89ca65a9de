package dev.harness.core.workload;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import javax.jms.Connection;
import javax.jms.JMSException;
import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.Session;
import javax.jms.Topic;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

import dev.harness.core.jms.Provider;
import dev.harness.core.measure.Histograms;
import dev.harness.core.measure.LatencyRecorder;
import dev.harness.core.measure.Measurement;
import dev.harness.core.measure.ThroughputMeter;
import dev.harness.core.measure.View;
import dev.harness.core.run.RunControl;

/**
 * One subscription on one topic, and its consumers, each on a connection and session of its own.
 * Each copy it receives is a delivery: {@code response} from the message's intended publish time,
 * {@code service} from its actual one, and a sample of the subscription's own histogram; the copy
 * that completes the message's fan-out ({@link FanOut}) is the message's completion and its
 * {@code fanout} sample. Its copies are ticked off in its own ledger, so a second copy is a
 * duplicate of this subscription's, neither a sample nor a delivery.
 *
 * <p>It exists before message 0 is due: the consumers subscribe in {@link #open}, and messages
 * flow once the measurement is bound.
 */
final class Subscription {
    private final int topic;
    private final int index;
    private final String topicName;
    private final String name;
    private final SubscriptionKind kind;
    private final int consumers;
    private final long runId;
    private final SubscriptionLedgers ledgers;
    private final FanOut fanOut;
    private final RunControl control;
    private final List<ListenerConnection> connections = new ArrayList<>();
    /** Its deliveries of messages intended in the measured phase; written by its consumers' threads. */
    private final Recorder measured = new Recorder(Histograms.LOWEST_NS, Histograms.HIGHEST_NS, Histograms.DIGITS);
    private final AtomicLong received = new AtomicLong();
    private final AtomicLong stale = new AtomicLong();
    private final AtomicLong completed = new AtomicLong();
    private volatile LatencyRecorder recorder;
    private volatile ThroughputMeter meter;
    private volatile Measurement measurement;
    private Provider provider;
    private Reconnect reconnect;

    Subscription(PubSubSettings settings, int topic, int index, long runId, SubscriptionLedgers ledgers, FanOut fanOut,
            RunControl control) {
        this.topic = topic;
        this.index = index;
        this.topicName = settings.topicName(topic);
        this.name = PubSubSettings.subscriptionName(runId, topic, index);
        this.kind = settings.subscription();
        this.consumers = settings.consumersPerSubscription();
        this.runId = runId;
        this.ledgers = ledgers;
        this.fanOut = fanOut;
        this.control = control;
    }

    /** --delivery-delay: a message is due this long after its intended time; 0 for none. */
    private long deliveryDelayNs;
    /** --ack and --receive: how its consumers get (a listener each, or a receive loop each) and acknowledge; auto unless asked. */
    private Receiving receiving = Receiving.DEFAULT;

    /** --ack and --receive; before {@link #open}. */
    void receiving(Receiving receiving) {
        this.receiving = receiving;
    }

    /** --delivery-delay: times each copy from its intended time plus the delay, when the broker may first deliver it. */
    void deliveredAfter(long ns) {
        this.deliveryDelayNs = ns;
    }

    /** Subscribes (again after a reconnect): the subscription exists on the broker when this returns. */
    void open(Provider provider, Reconnect reconnect) throws JMSException {
        this.provider = provider;
        this.reconnect = reconnect;
        for (int c = 0; c < consumers; c++) {
            String who = "subscriber " + name + (consumers > 1 ? " consumer " + (c + 1) : "");
            ListenerConnection connection = new ListenerConnection(reconnect, who, clientId(), this::subscribe);
            connections.add(connection);
            connection.open();
        }
    }

    /** An unshared durable subscription is known by its name and its connection's client ID; the others need none. */
    private String clientId() {
        return kind == SubscriptionKind.DURABLE ? name : null;
    }

    private void subscribe(Connection c, ListenerConnection self) throws JMSException {
        Session session = JmsWork.session(c, receiving);
        Topic t = provider.topic(session, topicName);
        MessageConsumer consumer = switch (kind) {
            case NONDURABLE -> session.createConsumer(t);
            case DURABLE -> session.createDurableConsumer(t, name);
            case SHARED -> session.createSharedConsumer(t, name);
            case SHARED_DURABLE -> session.createSharedDurableConsumer(t, name);
        };
        // One header and one unit of work per session: a consumer still busy on a lost connection keeps its own.
        MessageHeader header = new MessageHeader();
        Acknowledger acks = new Acknowledger(session, receiving);
        if (receiving.sync()) {
            self.receiveLoop(c, consumer, "subscriber " + name, ListenerConnection.Taker.of(m -> onMessage(m, header),
                    acks, this::lostOrFail));
            return;
        }
        consumer.setMessageListener(m -> {
            onMessage(m, header);
            try {
                acks.taken(m); // a listener commits each get (transacted:N above 1 needs --receive sync)
            } catch (JMSException e) {
                lostOrFail(e);
            }
        });
    }

    private void lostOrFail(JMSException e) {
        if (!reconnecting(e)) {
            control.fail("subscriber " + name + ": " + provider.explain(e));
        }
    }

    /** A lost connection: its copies come again once it reconnects (durable ones), counted; not the run's failure. */
    private boolean reconnecting(JMSException e) {
        return reconnect != null && reconnect.mayCure(e);
    }

    void bind(Measurement measurement) throws JMSException {
        // Written before the connections start, which hands delivery to the client's threads.
        this.measurement = measurement;
        this.recorder = measurement.recorder();
        this.meter = measurement.meter();
        for (ListenerConnection c : connections) {
            c.start();
        }
    }

    private void onMessage(Message message, MessageHeader h) {
        long receivedNs = System.nanoTime();
        try {
            if (!h.read(message, runId)) {
                stale.incrementAndGet(); // published to the run's topic by someone else: this subscription's copy, left alone
                return;
            }
            if (!ledgers.received(topic, index, h.sequence)) {
                return;
            }
            long dueNs = h.intendedNs + deliveryDelayNs;
            if (EarlyDelivery.early(receivedNs, dueNs, deliveryDelayNs)) {
                control.fail(EarlyDelivery.why("subscriber " + name, receivedNs, dueNs, deliveryDelayNs));
                return;
            }
            long responseNs = receivedNs - dueNs;
            recorder.record(View.RESPONSE, h.intendedNs, responseNs);
            recorder.record(View.SERVICE, h.intendedNs, receivedNs - h.sendNs - deliveryDelayNs);
            if (h.intendedNs >= measurement.warmupEndNs()) {
                measured.recordValue(Histograms.clamp(responseNs));
            }
            received.incrementAndGet();
            if (fanOut.delivered(h.sequence)) {
                recorder.record(View.FANOUT, h.intendedNs, responseNs);
                meter.completion(receivedNs, dueNs);
                completed.incrementAndGet();
            }
        } catch (JMSException e) {
            control.fail("subscriber " + name + ": " + provider.explain(e));
        } catch (RuntimeException e) {
            control.fail("subscriber " + name + " stopped: " + e);
        }
    }

    /** Whether one of its consumers lost its connection: a nondurable subscription ended then, and was made anew. */
    boolean wentDown() {
        for (ListenerConnection c : connections) {
            if (c.wasLost()) {
                return true;
            }
        }
        return false;
    }

    /** Copies received, first receipts only. */
    long received() {
        return received.get();
    }

    /** Messages whose fan-out this subscription's copy completed. */
    long completed() {
        return completed.get();
    }

    /** Copies of messages this run did not publish. */
    long stale() {
        return stale.get();
    }

    String name() {
        return name;
    }

    String topicName() {
        return topicName;
    }

    int topic() {
        return topic;
    }

    int index() {
        return index;
    }

    /** Its deliveries of measured messages so far; call once, at the end. */
    Histogram measuredResponse() {
        return measured.getIntervalHistogram();
    }

    /** Tells its consumers' receive loops to stop, without waiting: every subscription's stop together, then each closes at once. */
    void stop() {
        connections.forEach(ListenerConnection::stop);
    }

    /** Closes its consumers' connections: a nondurable subscription ends with them. */
    void close() {
        stop();
        connections.forEach(ListenerConnection::close);
    }

    /**
     * Removes a durable subscription from the broker, its consumers closed first (JMS refuses to
     * remove one in use): on a connection with its client ID when it has one.
     */
    void unsubscribe(Provider provider) throws JMSException {
        close();
        Connection c = provider.connect();
        try {
            if (clientId() != null) {
                c.setClientID(clientId());
            }
            Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
            s.unsubscribe(name);
        } finally {
            JmsWork.closeQuietly(c);
        }
    }
}
