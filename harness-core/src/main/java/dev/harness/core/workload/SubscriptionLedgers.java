package dev.harness.core.workload;

import java.util.concurrent.atomic.AtomicLong;

import dev.harness.core.run.Delivery;

/**
 * One {@link Ledger} per subscription: a publish that returned is committed to every subscription
 * of its topic, and each subscription ticks off its own copies, so a copy lost or duplicated is
 * counted for the subscription it belongs to. Memory: each ledger's, two bits per message in
 * flight, per subscription.
 *
 * <p>Publisher o of n sends its j-th message (sequence k = o + j n) to topic (o + j) mod T, so a
 * topic gets every T-th message of each publisher. A subscription's ledger numbers its topic's
 * messages without the gaps, {@code o + (j div T) n}: a ledger that saw only every T-th number would
 * hold every chunk for the messages it never gets, and its memory would follow the run's length.
 */
final class SubscriptionLedgers implements Commits {
    /** [topic][subscription of the topic] */
    private final Ledger[][] ledgers;
    private final int publishers;
    private final AtomicLong rolledBack = new AtomicLong();
    private final AtomicLong inDoubt = new AtomicLong();

    /**
     * @param total the schedule's messages, or {@link Ledger#NO_TOTAL}
     * @param publishers workers numbering the messages
     */
    SubscriptionLedgers(int topics, int subscriptionsPerTopic, long total, int publishers) {
        this.publishers = publishers;
        ledgers = new Ledger[topics][subscriptionsPerTopic];
        // A topic's share of each publisher's messages, with two more each to spare: numbers at or past it are foreign.
        long perTopic = total == Ledger.NO_TOTAL ? Ledger.NO_TOTAL : (total / publishers / topics + 2) * publishers;
        for (Ledger[] topic : ledgers) {
            for (int s = 0; s < topic.length; s++) {
                topic[s] = Ledger.of(perTopic, publishers);
            }
        }
    }

    /** The topic (its index) that message {@code sequence} was published to. */
    int topicOf(long sequence) {
        return (int) ((sequence % publishers + sequence / publishers) % ledgers.length);
    }

    /** Message {@code sequence}'s number among its topic's messages. */
    private long key(long sequence) {
        return sequence % publishers + sequence / publishers / ledgers.length * publishers;
    }

    /** A message published is due at each subscription of its topic. */
    @Override
    public void committed(long sequence) {
        long key = key(sequence);
        for (Ledger l : ledgers[topicOf(sequence)]) {
            l.committed(key);
        }
    }

    /**
     * Subscription {@code subscription} of topic {@code topic} got message {@code sequence}; false
     * when it had it before (a duplicate, counted) or it is no message of this run on that topic.
     */
    boolean received(int topic, int subscription, long sequence) {
        return sequence >= 0 && topicOf(sequence) == topic && ledgers[topic][subscription].received(key(sequence));
    }

    /** Longs a subscription's ledger holds now. */
    long wordsHeld(int topic, int subscription) {
        return ledgers[topic][subscription].wordsHeld();
    }

    @Override
    public void rolledBack(int messages) {
        rolledBack.addAndGet(messages);
    }

    @Override
    public void inDoubt(int messages) {
        inDoubt.addAndGet(messages);
    }

    /** One subscription's tally, in its copies. */
    Delivery delivery(int topic, int subscription, boolean persistent, int syncpoint) {
        return ledgers[topic][subscription].delivery(persistent, syncpoint, 0);
    }

    /**
     * The tally in copies: committed is the copies due (each message once per subscription of its
     * topic), received, lost and duplicates summed over the subscriptions; rolled back and in doubt
     * are publishes.
     *
     * @param missedNotLost [topic][subscription]: a nondurable subscription that lost its connection, whose
     *     copies never received are counted as missed (published while it did not exist), not as lost
     */
    Delivery delivery(boolean persistent, int syncpoint, boolean[][] missedNotLost) {
        long committed = 0;
        long received = 0;
        long lost = 0;
        long duplicates = 0;
        for (int t = 0; t < ledgers.length; t++) {
            for (int s = 0; s < ledgers[t].length; s++) {
                Delivery d = ledgers[t][s].delivery(persistent, syncpoint, 0);
                committed += d.committed();
                received += d.received();
                lost += missedNotLost[t][s] ? 0 : d.lost();
                duplicates += d.duplicates();
            }
        }
        return new Delivery(true, null, persistent, syncpoint, committed, received, lost, duplicates, rolledBack.get(),
                inDoubt.get(), 0, 0, 0);
    }
}
