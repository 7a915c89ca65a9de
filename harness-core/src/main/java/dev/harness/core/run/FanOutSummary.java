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
 * @param backlogSpanNs how long the subscriptions' backlogs were watched: from the measured phase's start
 *     to the schedule's end, to the second; 0 when not watched
 */
public record FanOutSummary(String kind, List<Subscription> subscriptions, long deliveries, long incomplete, int window,
        List<String> notes, long backlogSpanNs) {
    /** A backlog that grew by less than this many copies is noise: a second's jitter at low rates. */
    public static final long BACKLOG_FLOOR = 100;
    /** ... or by less than this share of the copies published to it over the span. */
    public static final double BACKLOG_SHARE = 0.05;

    public FanOutSummary {
        subscriptions = List.copyOf(subscriptions);
        notes = List.copyOf(notes);
    }

    /** Without backlogs watched (built by tests). */
    public FanOutSummary(String kind, List<Subscription> subscriptions, long deliveries, long incomplete, int window,
            List<String> notes) {
        this(kind, subscriptions, deliveries, incomplete, window, notes, 0);
    }

    /**
     * The subscriptions whose backlog grew through the measured phase: by {@link #BACKLOG_FLOOR}
     * copies or more, and by {@link #BACKLOG_SHARE} of what was published to them or more.
     */
    public List<Subscription> fallingBehind() {
        return subscriptions.stream().filter(s -> s.backlog() >= BACKLOG_FLOOR
                && s.backlog() >= BACKLOG_SHARE * s.published()).toList();
    }

    /**
     * One subscription's copies.
     *
     * @param lost copies committed and never received
     * @param missed copies a nondurable subscription never got because they were published while it
     *     did not exist (its connection lost); not among the lost
     * @param response its deliveries of messages intended in the measured phase, from their intended time
     * @param backlogGrowth how much its backlog (committed to it, not received) grew over {@code backlogSpanNs}
     * @param published copies committed to it over {@code backlogSpanNs}
     * @param expired with {@code --ttl}: copies never received whose time to live had passed when the
     *     run stopped waiting for them; not among the lost
     */
    public record Subscription(String topic, String name, long received, long lost, long missed, long duplicates,
            Histogram response, long backlogGrowth, long published, long expired) {
        /**
         * Its backlog's growth, less the copies that expired (--ttl): one never received stays
         * counted as not yet received, though it waits nowhere.
         */
        public long backlog() {
            return Math.max(0, backlogGrowth - expired);
        }

        /** Nothing expired. */
        public Subscription(String topic, String name, long received, long lost, long missed, long duplicates,
                Histogram response, long backlogGrowth, long published) {
            this(topic, name, received, lost, missed, duplicates, response, backlogGrowth, published, 0);
        }

        /** Without its backlog watched (built by tests). */
        public Subscription(String topic, String name, long received, long lost, long missed, long duplicates,
                Histogram response) {
            this(topic, name, received, lost, missed, duplicates, response, 0, 0);
        }
    }

    /**
     * The same copies, those not received counted as expired, not lost: for a run with --ttl that
     * waited until the last copy's time to live had passed (see {@link Delivery#expiring}).
     */
    public FanOutSummary expiring() {
        List<Subscription> each = subscriptions.stream().map(s -> new Subscription(s.topic(), s.name(), s.received(), 0,
                s.missed(), s.duplicates(), s.response(), s.backlogGrowth(), s.published(), s.expired() + s.lost())).toList();
        return new FanOutSummary(kind, each, deliveries, incomplete, window, notes, backlogSpanNs);
    }

    /** Copies expired, over all subscriptions. */
    public long expired() {
        return subscriptions.stream().mapToLong(Subscription::expired).sum();
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
