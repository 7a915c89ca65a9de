package dev.harness.core.workload;

import java.util.ArrayList;
import java.util.List;

import dev.harness.core.Format;
import dev.harness.core.Setting;
import dev.harness.core.SettingsException;
import dev.harness.core.WorkloadKind;
import dev.harness.core.schedule.Shard;
import dev.harness.core.schedule.Warmup;

/**
 * Publish/subscribe: publishers on one fixed-rate schedule, round robin over topics, each topic
 * with subscriptions of one kind, each subscription with its consumers.
 *
 * @param rate messages published per second, all publishers together; 0 = unthrottled
 * @param publishers publisher threads, each with its own connection and session ({@code --senders})
 * @param topics how many topics the publishers go round robin over
 * @param topicPrefix topic names are prefix + 1 .. topics
 * @param subscribers subscriptions on each topic
 * @param subscription their kind
 * @param consumersPerSubscription consumers sharing each subscription (the shared kinds); 1 otherwise
 * @param keepSubscriptions leave the durable subscriptions on the broker after the run
 */
public record PubSubSettings(
        double rate,
        int publishers,
        Warmup warmup,
        long durationNs,
        SizeMix size,
        boolean persistent,
        int syncpoint,
        int topics,
        String topicPrefix,
        int subscribers,
        SubscriptionKind subscription,
        int consumersPerSubscription,
        boolean keepSubscriptions,
        long drainTimeoutNs,
        int maxInFlight) implements WorkloadSettings {

    public static final int DEFAULT_TOPICS = 1;
    public static final int DEFAULT_SUBSCRIBERS = 1;
    /**
     * Under {@code dev/}, the topic tree IBM MQ's developer configuration lets its applications
     * publish and subscribe on: dev/harness/1, dev/harness/2, ...
     */
    public static final String DEFAULT_TOPIC_PREFIX = "dev/harness/";
    public static final SubscriptionKind DEFAULT_SUBSCRIPTION = SubscriptionKind.NONDURABLE;
    /** Consumers a subscription may have; each has a connection of its own. */
    public static final int MAX_CONSUMERS = 10_000;

    public PubSubSettings {
        SettingsException.require(rate >= 0, "--rate", "expected messages per second (a positive number) or 'max'");
        SettingsException.atLeast("--senders", publishers, 1);
        WorkloadSettings.checkCommon(warmup, durationNs, size, drainTimeoutNs);
        SettingsException.atLeast("--syncpoint", syncpoint, 0);
        SettingsException.atLeast("--topics", topics, 1);
        WorkloadSettings.checkPrefix("--topic-prefix", topicPrefix);
        SettingsException.atLeast("--subscribers", subscribers, 1);
        SettingsException.require(subscription != null, "--subscription", "expected nondurable, durable, shared or shared-durable");
        SettingsException.atLeast("--consumers-per-subscription", consumersPerSubscription, 1);
        SettingsException.require(consumersPerSubscription == 1 || subscription.shared(), "--consumers-per-subscription",
                "a " + subscription + " subscription has one consumer; give --subscription shared or shared-durable for more");
        long consumers = (long) topics * subscribers * consumersPerSubscription;
        SettingsException.require(consumers <= MAX_CONSUMERS, "--subscribers", "at most " + MAX_CONSUMERS
                + " consumers in all (topics x subscribers x consumers per subscription), each with a connection; got " + consumers);
        SettingsException.require(!keepSubscriptions || subscription.durable(), "--keep-subscriptions",
                "keeps durable subscriptions; a " + subscription + " one ends with its consumers: give --subscription durable"
                        + " or shared-durable");
        WorkloadSettings.checkMaxInFlight(maxInFlight);
    }

    /**
     * The settings from options a user may leave out (null): one publisher, one topic, one
     * nondurable subscription on it, outside syncpoint, one send at a time.
     */
    public static PubSubSettings of(double rate, Integer publishers, Warmup warmup, long durationNs, SizeMix size,
            boolean persistent, Integer syncpoint, Integer topics, String topicPrefix, Integer subscribers,
            SubscriptionKind subscription, Integer consumersPerSubscription, boolean keepSubscriptions, long drainTimeoutNs,
            Integer maxInFlight) {
        return new PubSubSettings(rate, publishers == null ? PutSettings.DEFAULT_SENDERS : publishers, warmup, durationNs,
                size, persistent, syncpoint == null ? PutSettings.DEFAULT_SYNCPOINT : syncpoint,
                topics == null ? DEFAULT_TOPICS : topics, topicPrefix == null ? DEFAULT_TOPIC_PREFIX : topicPrefix,
                subscribers == null ? DEFAULT_SUBSCRIBERS : subscribers, subscription == null ? DEFAULT_SUBSCRIPTION : subscription,
                consumersPerSubscription == null ? 1 : consumersPerSubscription, keepSubscriptions, drainTimeoutNs,
                maxInFlight == null ? WorkloadSettings.DEFAULT_MAX_IN_FLIGHT : maxInFlight);
    }

    /**
     * These settings as a warm-up burst of {@code lengthNs} before the run: the same publishers and
     * subscriptions on topics of the harness's own ({@link WorkloadSettings#WARMUP_QUEUE_PREFIX}),
     * paced as fast as {@link WorkloadSettings#WARMUP_BURST_RATE}, by as many publishers as
     * {@link WorkloadSettings#WARMUP_BURST_WORKERS} at least; its subscriptions are never durable, so
     * nothing of it stays on the broker.
     */
    public PubSubSettings warmingBurst(long lengthNs) {
        SubscriptionKind burstKind = subscription.shared() ? SubscriptionKind.SHARED : SubscriptionKind.NONDURABLE;
        return new PubSubSettings(rate == 0 ? 0 : Math.max(rate, WARMUP_BURST_RATE), Math.max(publishers, WARMUP_BURST_WORKERS),
                Warmup.fixed(0), lengthNs, size, persistent, syncpoint, topics, WARMUP_QUEUE_PREFIX + topicPrefix, subscribers, burstKind,
                consumersPerSubscription, false, WARMUP_BURST_DRAIN_NS, maxInFlight);
    }

    /** A publish/subscribe run is one process: its schedule is not split into shards. */
    @Override
    public Shard shard() {
        return Shard.WHOLE;
    }

    /** The publishers' producers: one per topic. */
    @Override
    public int ownQueues() {
        return topics;
    }

    public String topicName(int index) {
        return topicPrefix + (index + 1);
    }

    /** Subscriptions that should have each message: those of its topic. */
    public int copies() {
        return subscribers;
    }

    /**
     * The name of subscription {@code s} of topic {@code t}, which says which run made it: letters,
     * digits and dashes, as JMS asks of portable names.
     */
    public static String subscriptionName(long runId, int t, int s) {
        return "harness-" + Long.toHexString(runId) + "-t" + (t + 1) + "-s" + (s + 1);
    }

    @Override
    public List<Setting> describe() {
        List<Setting> s = new ArrayList<>();
        s.add(new Setting("rate", rate == 0 ? "max (unthrottled)" : Format.rate(rate) + " " + WorkloadKind.PUBSUB.rateUnit()
                + " published"));
        s.add(new Setting("publishers", Integer.toString(publishers)));
        s.add(new Setting("warmup", warmup.describe()));
        s.add(new Setting("duration", Format.duration(durationNs)));
        s.add(new Setting("size", size.describe()));
        s.add(new Setting("persistence", persistent ? "persistent" : "non-persistent"));
        s.add(new Setting("syncpoint", syncpoint == 0 ? "outside syncpoint" : "transacted session, commit every " + syncpoint));
        s.add(new Setting("topics", topics + " (" + topicName(0) + (topics > 1 ? " .. " + topicName(topics - 1) : "") + ")"));
        s.add(new Setting("subscriptions", subscribers + " per topic, " + subscription
                + (subscription.shared() ? ", " + consumersPerSubscription + " consumer" + (consumersPerSubscription == 1 ? "" : "s")
                        + " each" : "")
                + "; a connection and session per consumer; each message to " + subscribers + " subscription"
                + (subscribers == 1 ? "" : "s")
                + (subscription.durable() ? (keepSubscriptions ? "; kept after the run (--keep-subscriptions)"
                        : "; removed after the run") : "")));
        s.add(new Setting("in flight", WorkloadSettings.describeInFlight(maxInFlight, "publisher")));
        return s;
    }
}
