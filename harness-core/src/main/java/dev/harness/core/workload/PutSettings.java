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
 * The put workload: senders on one fixed-rate schedule, round robin over queues, drained by
 * consumers (or not).
 *
 * @param rate messages per second, all senders together; 0 = unthrottled
 * @param senders sender threads, each with its own connection and session
 * @param warmup warmup, not measured in the summary
 * @param durationNs measured duration after warmup
 * @param size the messages' sizes, header included: one, or a mix (--size)
 * @param persistent persistent (durable) or non-persistent messages
 * @param syncpoint commit every this many messages in a transacted session; 0 = outside syncpoint
 * @param queues how many queues the senders go round robin over
 * @param queuePrefix queue names are prefix + 1 .. queues
 * @param drainers consumers emptying the queues; 0 = completion is the send (or commit) return
 * @param shard which part of the schedule this process runs ({@code --shard}), and so which of the queues are its own
 * @param drainTimeoutNs how long to wait after the last send for the drainers to catch up
 * @param maxInFlight sends a sender keeps unacknowledged ({@code --max-in-flight}); 1 = each send blocks until
 *     it returns, above 1 = asynchronous sends (JMS 2.0's CompletionListener)
 * @param consumeDelayNs how long a drainer takes over each message it receives ({@code --consume-delay}), a
 *     service time of its own: consumers slower than the senders, by design; 0 = none
 * @param preload messages of the run's own put on each queue before the schedule starts ({@code --preload}),
 *     for the schedule's messages to queue behind; 0 = none
 */
public record PutSettings(
        double rate,
        int senders,
        Warmup warmup,
        long durationNs,
        SizeMix size,
        boolean persistent,
        int syncpoint,
        int queues,
        String queuePrefix,
        int drainers,
        long drainTimeoutNs,
        Shard shard,
        int maxInFlight,
        long consumeDelayNs,
        long preload) implements WorkloadSettings {

    /** The body carries the harness's header; a message cannot be smaller. */
    public static final int MIN_SIZE_BYTES = MessageHeader.BYTES;
    public static final int DEFAULT_SENDERS = 1;
    public static final int DEFAULT_QUEUES = 1;
    /** Outside syncpoint. */
    public static final int DEFAULT_SYNCPOINT = 0;
    /** The queues of IBM's MQ developer container: DEV.QUEUE.1 ... */
    public static final String DEFAULT_QUEUE_PREFIX = "DEV.QUEUE.";
    /** The longest --consume-delay: a consumer this slow is a stopped one. */
    public static final long MAX_CONSUME_DELAY_NS = java.util.concurrent.TimeUnit.MINUTES.toNanos(1);
    /** The most --preload messages, all queues together: the ledger holds two bits each, and nobody waits for more. */
    public static final long MAX_PRELOAD = 1_000_000_000L;

    public PutSettings {
        SettingsException.require(rate >= 0, "--rate", "expected messages per second (a positive number) or 'max'");
        SettingsException.atLeast("--senders", senders, 1);
        WorkloadSettings.checkCommon(warmup, durationNs, size, drainTimeoutNs);
        SettingsException.atLeast("--syncpoint", syncpoint, 0);
        SettingsException.atLeast("--queues", queues, 1);
        WorkloadSettings.checkPrefix("--queue-prefix", queuePrefix);
        SettingsException.atLeast("--drainers", drainers, 0);
        WorkloadSettings.checkShard(shard, rate, queues);
        WorkloadSettings.checkMaxInFlight(maxInFlight);
        SettingsException.require(consumeDelayNs >= 0 && consumeDelayNs <= MAX_CONSUME_DELAY_NS, "--consume-delay",
                "expected 0s to 1m, a drainer's time per message");
        SettingsException.require(consumeDelayNs == 0 || drainers > 0, "--consume-delay",
                "is the drainers' time per message, and --drainers 0 runs none; give --drainers 1 or more");
        SettingsException.require(preload >= 0 && preload * (double) WorkloadSettings.ownQueues(shard, queues) <= MAX_PRELOAD,
                "--preload", "expected 0 to " + String.format(java.util.Locale.ROOT, "%,d", MAX_PRELOAD)
                        + " messages on all queues together, or a size such as 64MiB");
        SettingsException.require(preload == 0 || drainers > 0, "--preload",
                "is a backlog for the drainers to work off, and --drainers 0 runs none; give --drainers 1 or more");
    }

    /** Drainers on empty queues (no {@code --preload}). */
    public PutSettings(double rate, int senders, Warmup warmup, long durationNs, SizeMix size, boolean persistent,
            int syncpoint, int queues, String queuePrefix, int drainers, long drainTimeoutNs, Shard shard, int maxInFlight,
            long consumeDelayNs) {
        this(rate, senders, warmup, durationNs, size, persistent, syncpoint, queues, queuePrefix, drainers,
                drainTimeoutNs, shard, maxInFlight, consumeDelayNs, 0);
    }

    /** Drainers that take no set time over a message (no {@code --consume-delay}). */
    public PutSettings(double rate, int senders, Warmup warmup, long durationNs, SizeMix size, boolean persistent,
            int syncpoint, int queues, String queuePrefix, int drainers, long drainTimeoutNs, Shard shard, int maxInFlight) {
        this(rate, senders, warmup, durationNs, size, persistent, syncpoint, queues, queuePrefix, drainers,
                drainTimeoutNs, shard, maxInFlight, 0);
    }

    /** One send at a time, each blocking until it returns (no {@code --max-in-flight}). */
    public PutSettings(double rate, int senders, Warmup warmup, long durationNs, SizeMix size, boolean persistent,
            int syncpoint, int queues, String queuePrefix, int drainers, long drainTimeoutNs, Shard shard) {
        this(rate, senders, warmup, durationNs, size, persistent, syncpoint, queues, queuePrefix, drainers,
                drainTimeoutNs, shard, WorkloadSettings.DEFAULT_MAX_IN_FLIGHT);
    }

    /**
     * The settings from options a user may leave out (null): senders 1, one queue, outside
     * syncpoint, {@value #DEFAULT_QUEUE_PREFIX}1, one drainer per queue.
     */
    public static PutSettings of(double rate, Integer senders, Warmup warmup, long durationNs, SizeMix size,
            boolean persistent, Integer syncpoint, Integer queues, String queuePrefix, Integer drainers,
            long drainTimeoutNs) {
        int queueCount = queues == null ? DEFAULT_QUEUES : queues;
        return new PutSettings(rate, senders == null ? DEFAULT_SENDERS : senders, warmup, durationNs, size,
                persistent, syncpoint == null ? DEFAULT_SYNCPOINT : syncpoint, queueCount,
                queuePrefix == null ? DEFAULT_QUEUE_PREFIX : queuePrefix, drainers == null ? queueCount : drainers,
                drainTimeoutNs, Shard.WHOLE);
    }

    /** As {@link #of}, with {@code --max-in-flight} (null: {@value WorkloadSettings#DEFAULT_MAX_IN_FLIGHT}). */
    public static PutSettings of(double rate, Integer senders, Warmup warmup, long durationNs, SizeMix size,
            boolean persistent, Integer syncpoint, Integer queues, String queuePrefix, Integer drainers,
            long drainTimeoutNs, Integer maxInFlight) {
        return of(rate, senders, warmup, durationNs, size, persistent, syncpoint, queues, queuePrefix, drainers,
                drainTimeoutNs).withMaxInFlight(maxInFlight == null ? WorkloadSettings.DEFAULT_MAX_IN_FLIGHT : maxInFlight);
    }

    /** These settings with {@code n} sends in flight per sender. */
    public PutSettings withMaxInFlight(int n) {
        return new PutSettings(rate, senders, warmup, durationNs, size, persistent, syncpoint, queues, queuePrefix,
                drainers, drainTimeoutNs, shard, n, consumeDelayNs, preload);
    }

    /** These settings for shard I of N: the schedule's messages k with k mod N = I, on queues of its own. */
    public PutSettings withShard(Shard s) {
        return new PutSettings(rate, senders, warmup, durationNs, size, persistent, syncpoint, queues, queuePrefix,
                drainers, drainTimeoutNs, s, maxInFlight, consumeDelayNs, preload);
    }

    /** These settings with drainers that take {@code ns} over each message ({@code --consume-delay}; null: none). */
    public PutSettings withConsumeDelay(Long ns) {
        return new PutSettings(rate, senders, warmup, durationNs, size, persistent, syncpoint, queues, queuePrefix,
                drainers, drainTimeoutNs, shard, maxInFlight, ns == null ? 0 : ns, preload);
    }

    /**
     * These settings with a backlog on each queue before the schedule ({@code --preload}): {@code amount}
     * messages, or with {@code inBytes} that many bytes of the run's messages (rounded up); null: none.
     */
    public PutSettings withPreload(Long amount, boolean inBytes) {
        long messages = amount == null ? 0 : inBytes ? (long) Math.ceil(amount / size.meanBytes()) : amount;
        return new PutSettings(rate, senders, warmup, durationNs, size, persistent, syncpoint, queues, queuePrefix,
                drainers, drainTimeoutNs, shard, maxInFlight, consumeDelayNs, messages);
    }

    /**
     * The most messages a second the drainers can take when each takes {@code consumeDelayNs} over
     * a message; infinite when they take no set time.
     */
    public double consumeCapacity() {
        return consumeCapacity(false);
    }

    /**
     * As above; with {@code loopPerQueue} (--receive sync) a drainer takes from each of its queues in
     * a loop of its own, so as many messages at a time as there are drainers or queues, whichever more.
     */
    public double consumeCapacity(boolean loopPerQueue) {
        return ConsumerSpread.most(drainers, ownQueues(), consumeDelayNs, loopPerQueue);
    }

    /** The header's drainers line; {@code loopPerQueue} as for {@link #consumeCapacity(boolean)}. */
    Setting drainersSetting(boolean loopPerQueue) {
        return new Setting("drainers", drainers == 0 ? "none (completion = return of send or commit)"
                : drainers + " (completion = receipt by a drainer)" + (consumeDelayNs == 0 ? "" : "; each takes "
                        + Format.duration(consumeDelayNs) + " over every message (--consume-delay)"
                        + (loopPerQueue ? ", a message per queue at a time" : "") + ": at most "
                        + Format.mostRate(consumeCapacity(loopPerQueue)) + " msg/s together"
                        + (ConsumerSpread.uneven(drainers, ownQueues(), loopPerQueue) ? ", less as " + ownQueues()
                                + " queues load them unevenly" : "")));
    }

    /**
     * These settings as a warm-up burst of {@code lengthNs} before the run: the same messages on
     * queues of the harness's own ({@link WorkloadSettings#WARMUP_QUEUE_PREFIX}), paced as fast as
     * {@link WorkloadSettings#WARMUP_BURST_RATE} by as many senders as {@link WorkloadSettings#WARMUP_BURST_WORKERS}
     * at least, and drained even when the run is not (its messages must not stay on the broker).
     */
    public PutSettings warmingBurst(long lengthNs) {
        return new PutSettings(rate == 0 ? 0 : Math.max(rate, WARMUP_BURST_RATE), Math.max(senders, WARMUP_BURST_WORKERS),
                Warmup.fixed(0), lengthNs, size, persistent, syncpoint, queues, WARMUP_QUEUE_PREFIX + queuePrefix,
                Math.max(1, drainers), WARMUP_BURST_DRAIN_NS, shard, maxInFlight);
    }

    /** The queues this process sends to and drains: all of them, or a shard's share. */
    public int ownQueues() {
        return WorkloadSettings.ownQueues(shard, queues);
    }

    /** The name of this process's queue {@code index} (of {@link #ownQueues}). */
    public String queueName(int index) {
        return queuePrefix + (shard.globalIndex(index) + 1);
    }

    /** The settings as a person reads them in the run header. */
    @Override
    public List<Setting> describe() {
        List<Setting> s = new ArrayList<>();
        s.add(new Setting("rate", rate == 0 ? "max (unthrottled)" : Format.rate(rate) + " " + WorkloadKind.PUT.rateUnit()));
        s.add(new Setting("senders", Integer.toString(senders)));
        s.add(new Setting("warmup", warmup.describe()));
        s.add(new Setting("duration", Format.duration(durationNs)));
        s.add(new Setting("size", size.describe()));
        s.add(new Setting("persistence", persistent ? "persistent" : "non-persistent"));
        s.add(new Setting("syncpoint", syncpoint == 0 ? "outside syncpoint"
                : "transacted session, commit every " + syncpoint));
        s.add(new Setting("queues", ownQueues() + " (" + queueName(0) + (ownQueues() > 1 ? " .. " + queueName(ownQueues() - 1) : "")
                + (shard.whole() ? "" : ", every " + Format.ordinal(shard.count()) + " of " + queues) + ")"));
        s.add(new Setting("in flight", WorkloadSettings.describeInFlight(maxInFlight, "sender")));
        s.add(drainersSetting(false));
        if (preload > 0) {
            s.add(new Setting("preload", String.format(java.util.Locale.ROOT, "%,d messages on each queue before the schedule"
                    + " (--preload), %s, put while the drainers wait", preload, persistent ? "persistent" : "non-persistent")));
        }
        return s;
    }
}
