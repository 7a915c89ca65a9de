package dev.harness.core.workload;

import java.util.List;
import java.util.concurrent.TimeUnit;

import dev.harness.core.Setting;
import dev.harness.core.SettingsException;
import dev.harness.core.run.ReadyBurst;
import dev.harness.core.schedule.Schedule;
import dev.harness.core.schedule.Shard;
import dev.harness.core.schedule.Warmup;

/**
 * What every workload's settings say about the run: its timing and how it reads in the header.
 * The defaults and limits the workloads share are here, and so are their checks; a setting out of
 * range is a {@link SettingsException} naming its option.
 */
public interface WorkloadSettings {
    /** Messages (or round trips) per second, all senders together. */
    double DEFAULT_RATE = 500;
    long DEFAULT_WARMUP_NS = TimeUnit.SECONDS.toNanos(5);
    long DEFAULT_DURATION_NS = TimeUnit.SECONDS.toNanos(30);
    /** 2 KiB: IBM's standard message size in its MQ performance reports. */
    int DEFAULT_SIZE_BYTES = 2048;
    long DEFAULT_DRAIN_TIMEOUT_NS = TimeUnit.SECONDS.toNanos(30);
    long DEFAULT_RECONNECT_TIMEOUT_NS = TimeUnit.SECONDS.toNanos(30);

    int MAX_SIZE_BYTES = 100 * 1024 * 1024;
    long MAX_RECONNECT_NS = TimeUnit.HOURS.toNanos(1);

    double rate();

    /** The warmup: fixed, or auto with its shortest and longest. */
    Warmup warmup();

    /** The messages' sizes: one, or a --size mix. */
    SizeMix size();

    long durationNs();

    long drainTimeoutNs();

    List<Setting> describe();

    /** Which part of the schedule this process runs: {@link Shard#WHOLE} unless --shard. */
    Shard shard();

    /** Persistent (durable) messages, or non-persistent ones. */
    boolean persistent();

    /** Commit every this many messages in a transacted session; 0 = outside syncpoint. */
    int syncpoint();

    /** Sends a worker keeps unacknowledged ({@code --max-in-flight}); 1 = each send blocks until it returns. */
    int maxInFlight();

    /** Sends leave with a CompletionListener and complete at the broker's acknowledgement. */
    default boolean asyncSends() {
        return maxInFlight() > 1;
    }

    /** How many of the run's queues (of each kind) are this process's. */
    int ownQueues();

    /** Each send blocks until it returns, as before {@code --max-in-flight}. */
    int DEFAULT_MAX_IN_FLIGHT = 1;
    /** Completion slots a worker pre-allocates: one each. */
    int MAX_IN_FLIGHT = 65_536;

    static void checkMaxInFlight(int maxInFlight) {
        SettingsException.require(maxInFlight >= 1 && maxInFlight <= MAX_IN_FLIGHT, "--max-in-flight",
                "expected a whole number from 1 to " + MAX_IN_FLIGHT + " (sends each sender keeps unacknowledged), got "
                        + maxInFlight);
    }

    /** The run header's line for {@code --max-in-flight}. */
    static String describeInFlight(int maxInFlight, String worker) {
        return maxInFlight == 1 ? "1 (each send blocks until it returns)"
                : maxInFlight + " per " + worker + " (asynchronous sends, complete at the broker's acknowledgement)";
    }

    static void checkCommon(Warmup warmup, long durationNs, SizeMix size, long drainTimeoutNs) {
        SettingsException.require(durationNs > 0 && durationNs <= Schedule.MAX_RUN_NS, "--duration",
                "expected a positive duration of at most 7 days, such as 30s");
        java.util.Objects.requireNonNull(warmup, "warmup");
        SettingsException.require(drainTimeoutNs >= 0 && drainTimeoutNs <= Schedule.MAX_RUN_NS, "--drain-timeout",
                "expected 0s to 7 days");
        java.util.Objects.requireNonNull(size, "size"); // a SizeMix checks its sizes itself
    }

    /** How long a worker may take to connect again after its connection drops. */
    static long checkReconnectTimeout(long ns) {
        SettingsException.require(ns >= 0 && ns <= MAX_RECONNECT_NS, "--reconnect-timeout", "expected 0s to 1h");
        return ns;
    }

    /**
     * A shard runs its share of a fixed schedule on queues of its own (queue q goes to shard q mod
     * N), so that its drainers and reply routers only ever see its own messages and its ledger
     * counts them all: N shards need N queues at least.
     */
    static void checkShard(Shard shard, double rate, int queues) {
        SettingsException.require(shard != null, "--shard", "expected I/N");
        if (!shard.whole()) {
            SettingsException.require(rate > 0, "--shard", "needs a fixed --rate: an unthrottled run has no schedule to split");
            SettingsException.require(queues >= shard.count(), "--queues", "a run split into " + shard.count()
                    + " shards needs a queue per shard at least, so that no two shards share one; got " + queues);
        }
    }

    /** How many of the run's queues are this shard's: those q (from 0) with q mod N = I. */
    static int ownQueues(Shard shard, int queues) {
        return (queues - shard.index() + shard.count() - 1) / shard.count();
    }

    /** The warm-up burst's queues' prefix ({@link ReadyBurst#QUEUE_PREFIX}). */
    String WARMUP_QUEUE_PREFIX = ReadyBurst.QUEUE_PREFIX;
    /** How long a warm-up burst waits after its last send ({@link ReadyBurst#DRAIN_NS}). */
    long WARMUP_BURST_DRAIN_NS = ReadyBurst.DRAIN_NS;
    /**
     * A warm-up burst's pace at least, and its senders (requesters) at least: the JIT compiles a
     * method fully (C2) after some 10,000 calls, which the run's own rate may take half a minute to
     * make, in the measured phase; a burst as fast as the system goes makes many of them first.
     */
    double WARMUP_BURST_RATE = 10_000;
    int WARMUP_BURST_WORKERS = 4;

    /** A queue name prefix: names are prefix + 1 .. N. */
    static String checkPrefix(String option, String prefix) {
        SettingsException.require(prefix != null && !prefix.isBlank(), option, "expected a non-empty prefix");
        return prefix;
    }
}
