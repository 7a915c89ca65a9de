package dev.harness.core.run;

import java.util.Comparator;
import java.util.List;

import org.HdrHistogram.Histogram;

/**
 * Publish/subscribe: how each subscription fared, and what the fan-out could not measure.
 *
 * @param kind the subscriptions' kind: nondurable, durable, shared, shared-durable
 * @param subscriptions one per subscription, in topic order
 * @param deliveries copies received, first receipts only, warmup included
 * @param incomplete messages some but not all of whose copies arrived (a copy lost, or one more than
 *     {@code window} messages late): no fan-out sample
 * @param window messages whose fan-out may be in progress at once; 0 with one subscription a message
 * @param notes what the run did to the broker's subscriptions after it (durable ones removed or kept)
 */
public record FanOutSummary(String kind, List<Subscription> subscriptions, long deliveries, long incomplete, int window,
        List<String> notes) {

    public FanOutSummary {
        subscriptions = List.copyOf(subscriptions);
        notes = List.copyOf(notes);
    }

    /**
     * One subscription's copies.
     *
     * @param lost copies committed and never received
     * @param missed copies a nondurable subscription never got because they were published while it
     *     did not exist (its connection lost); not among the lost
     * @param response its deliveries of messages intended in the measured phase, from their intended time
     */
    public record Subscription(String topic, String name, long received, long lost, long missed, long duplicates,
            Histogram response) {
    }

    /** The subscription with the highest p99, or null with none measured. */
    public Subscription slowest() {
        return subscriptions.stream().filter(s -> s.response().getTotalCount() > 0)
                .max(Comparator.comparingLong(s -> s.response().getValueAtPercentile(99))).orElse(null);
    }

    /** The median of the subscriptions' p99s (the lower middle one of an even count); 0 with none measured. */
    public long medianP99Ns() {
        List<Long> p99 = subscriptions.stream().filter(s -> s.response().getTotalCount() > 0)
                .map(s -> s.response().getValueAtPercentile(99)).sorted().toList();
        return p99.isEmpty() ? 0 : p99.get((p99.size() - 1) / 2);
    }
}
