package dev.harness.core.workload;

import java.util.function.IntFunction;

import javax.jms.Destination;
import javax.jms.JMSException;
import javax.jms.Message;
import javax.jms.MessageProducer;
import javax.jms.Session;

import dev.harness.core.jms.Provider;
import dev.harness.core.measure.View;
import dev.harness.core.run.RunControl;
import dev.harness.core.run.SenderLoad;

/**
 * One sender (or publisher): its own connection and session, its share of the schedule, round robin
 * over the queues (topics), sent through the one timed send ({@link ScheduledSender}). When it falls behind it sends
 * the missed messages at once; it never skips one and never restarts the schedule.
 *
 * <p>When the connection is lost, it connects again and sends its {@link UnitOfWork} again, with
 * the original intended times, so their {@code response} carries the outage.
 *
 * <p>With {@code --max-in-flight} N above 1 it sends with a CompletionListener and keeps up to N
 * sends unacknowledged ({@link InFlight}); outside syncpoint a send completes at its
 * acknowledgement, in syncpoint the commit waits for the unit's acknowledgements first. With no
 * drainers ({@code --drainers 0}) a message completes when its send (or commit) returns.
 */
final class Sender extends ScheduledSender {
    private final IntFunction<String> destinations;
    private final boolean publishes;
    private final boolean completesOnReturn;
    private final int unitSize;
    /** When each message of the unit in hand was sent, for its completion at the commit. */
    private final long[] unitSentNs;
    /** Where a completion is kept by its size too (a --size mix, nobody draining). */
    private final SizeResponses sizes;

    /** @param local its number in this process, from 0 */
    Sender(int local, PutSettings settings, RunControl control, long runId, MessageContent content, Ledger ledger,
            Reconnect reconnect, SizeResponses sizes) {
        this("sender", local, settings.senders(), settings, settings::queueName, false, settings.drainers() == 0, control,
                runId, content, ledger, reconnect, sizes);
    }

    /** A publisher: the same timed sends, round robin over the topics, each message completed by its subscriptions. */
    static Sender publisher(int local, PubSubSettings settings, RunControl control, long runId, MessageContent content,
            Commits ledgers, Reconnect reconnect) {
        return new Sender("publisher", local, settings.publishers(), settings, settings::topicName, true, false, control,
                runId, content, ledgers, reconnect, SizeResponses.none());
    }

    /**
     * @param destinations the name of destination {@code index}
     * @param publishes the destinations are topics
     * @param completesOnReturn nothing here receives the messages: a send (or commit) that returned completes them
     */
    private Sender(String kind, int local, int workers, WorkloadSettings settings, IntFunction<String> destinations,
            boolean publishes, boolean completesOnReturn, RunControl control, long runId, MessageContent content, Commits ledger,
            Reconnect reconnect, SizeResponses sizes) {
        super(kind, local, workers, settings, control, runId, content, ledger, reconnect);
        this.sizes = sizes;
        this.destinations = destinations;
        this.publishes = publishes;
        this.completesOnReturn = completesOnReturn;
        this.unitSize = unit.capacity();
        this.unitSentNs = new long[unitSize];
    }

    @Override
    String destination(int index) {
        return destinations.apply(index);
    }

    @Override
    Destination target(Provider provider, Session session, int index) throws JMSException {
        return publishes ? provider.topic(session, destination(index)) : super.target(provider, session, index);
    }

    @Override
    void connected(Provider provider, Session session) throws JMSException {
        for (MessageProducer p : producers) {
            // Nothing reads a put message's JMSMessageID (the drainer and the ledger go by the header
            // in the body): a hint that spares the client an ID per send.
            p.setDisableMessageID(true);
            // Produce-only: the messages stay for a consumer elsewhere (harness drain), which ages
            // them by their JMSTimestamp.
            p.setDisableMessageTimestamp(!completesOnReturn);
        }
    }

    @Override
    void beforeSend(Message message, int queue, long sequence, long sendNs) {
        // A put message is its header and payload.
    }

    @Override
    void sendReturned(int i, long sendNs) {
        unitSentNs[i] = sendNs;
    }

    @Override
    void sendSchedule() throws JMSException {
        int queue = local % producers.length;
        for (long j = 0; ; j++) {
            long sequence = id + j * workerCount; // the whole schedule's k
            long intendedNs;
            if (schedule.unthrottled()) {
                intendedNs = System.nanoTime();
                if (intendedNs >= schedule.endNs() || control.stopRequested()) {
                    break;
                }
                time.beforeWait(intendedNs, window == null ? 0 : window.fullNs(), unit.sendsReturned());
            } else if (sequence >= schedule.wholeTotal()) {
                break;
            } else {
                intendedNs = schedule.wholeIntendedNs(sequence);
                if (!awaitDue(intendedNs)) {
                    break;
                }
            }
            put(queue, intendedNs, sequence);
            queue = queue + 1 == producers.length ? 0 : queue + 1;
        }
    }

    /** Adds a message to the unit of work and sends it; completes the unit when it is full. */
    private void put(int queue, long intendedNs, long sequence) throws JMSException {
        int i = unit.add(queue, intendedNs, sequence);
        unit.sendOrRecover(i, unit.pending() == unitSize);
    }

    /** On the provider's thread: outside syncpoint the acknowledgement completes a message nobody drains. */
    @Override
    void acknowledgedAlone(InFlight.Slot slot, long ackNs) {
        if (completesOnReturn) {
            complete(slot.sequence, slot.intendedNs, slot.sendNs, ackNs);
        }
    }

    /** The send or commit made the unit's messages durable (or visible): that is their completion if nobody drains them. */
    @Override
    void unitCompleted(long doneNs) {
        if (completesOnReturn) {
            for (int i = 0; i < unit.pending(); i++) {
                complete(unit.sequence(i), unit.intendedNs(i), unitSentNs[i], doneNs);
            }
        }
    }

    @Override
    public boolean unthrottled() {
        return schedule.unthrottled();
    }

    private void complete(long sequence, long intendedNs, long sendNs, long completedNs) {
        recorder.record(View.RESPONSE, intendedNs, completedNs - intendedNs);
        sizes.record(sequence, intendedNs, completedNs - intendedNs);
        recorder.record(View.SERVICE, intendedNs, completedNs - sendNs);
        meter.completion(completedNs, intendedNs);
    }

    /** What this sender's thread did with its time over the measured phase; valid once {@link #sendingDone}. */
    SenderLoad load() {
        return load(false);
    }

    void close() {
        unit.close();
    }
}
