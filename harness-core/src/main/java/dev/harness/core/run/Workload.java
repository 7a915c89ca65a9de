package dev.harness.core.run;

import java.util.List;

import dev.harness.core.Setting;
import dev.harness.core.WorkloadKind;
import dev.harness.core.jms.Provider;
import dev.harness.core.jms.UnreachableException;
import dev.harness.core.measure.Measurement;
import dev.harness.core.schedule.Schedule;
import dev.harness.core.schedule.ScheduleBounds;
import dev.harness.core.schedule.Shard;
import dev.harness.core.schedule.Warmup;

/**
 * A workload drives a provider on a schedule and records into a measurement. It knows nothing
 * about output formats.
 */
public interface Workload extends AutoCloseable {
    WorkloadKind kind();

    List<Setting> describe();

    /** Which part of the schedule this process runs (--shard): messages k with k mod N = I. */
    default Shard shard() {
        return Shard.WHOLE;
    }

    /** The workers that send on this process's share of the schedule: senders, or requesters. */
    default int workers() {
        return 1;
    }

    /** Messages (or round trips) per second of the whole schedule; 0 = unthrottled. */
    double rate();

    /** What this process is to send per second: its shard's share of {@link #rate}; 0 = unthrottled. */
    default double targetRate() {
        return shard().share(rate());
    }

    /**
     * The send-lag beyond which a sender of this workload is behind: its process's share of the
     * schedule over its workers ({@link ScheduleBounds#lagBoundNs(double, int)}). The one bound the
     * run's validity, --warmup auto and the live lines' "behind" all read.
     */
    default long lagBoundNs() {
        return ScheduleBounds.lagBoundNs(targetRate(), workers());
    }

    /** The measured phase's response per size of a --size mix; empty with one size. Asked once the workers are done. */
    default List<SizeClass> sizes() {
        return List.of();
    }

    /**
     * The warmup: fixed, or {@code --warmup auto} with its shortest and its longest (the run ends it
     * once the schedule is kept, at the longest otherwise).
     */
    Warmup warmup();

    long durationNs();

    /** How long to wait after the last send for completions to catch up. */
    long drainTimeoutNs();

    /**
     * This workload as an unmeasured burst of {@code lengthNs} on queues of the harness's own, never
     * the run's: the same workers, settings and rate, a ledger and a run id of its own, no warmup.
     * What warms the harness and the broker before message 0 ({@link ReadyBurst}). Null when it
     * has none; {@link #noWarmingBurst} says why.
     */
    default Workload warmingBurst(long lengthNs) {
        return null;
    }

    /** Why {@link #warmingBurst} is null, for the run header. */
    default String noWarmingBurst() {
        return "this workload has no warm-up burst";
    }

    /** Connects everything before the schedule starts, so connecting is never measured. */
    void open(Provider provider, RunControl control, long runId) throws UnreachableException;

    /**
     * After {@link #open}, before the schedule: puts the {@code --preload} backlog on the run's queues
     * while its consumers wait, so the schedule's messages queue behind it. What was put; null when
     * the run has none. Bounded by a stop request.
     *
     * @throws dev.harness.core.SettingsException when the broker's journal on this host has no room for it
     */
    default Preloaded preload(Provider provider, RunControl control) throws UnreachableException {
        return null;
    }

    /** What {@link #preload} will put, for the console while it does ("20,000 persistent messages on DEV.QUEUE.1"); null for none. */
    default String preloading() {
        return null;
    }

    /** The preload and what became of it so far, its drain's end from {@code scheduleStartNs}; null for none. */
    default Preloaded preloaded(long scheduleStartNs) {
        return null;
    }

    /** Preloaded messages not yet received: the backlog ahead of the schedule's messages. */
    default long preloadLeft() {
        return 0;
    }

    /** Starts the workers; they stop by themselves at the schedule's end or on a stop request. */
    void start(Schedule schedule, Measurement measurement, Provider provider) throws UnreachableException;

    /** True once every worker that sends has stopped sending. */
    boolean sendingDone();

    /** Messages whose send (and commit, in syncpoint) returned: they are on the broker. */
    long committed();

    /** send() calls that returned, committed or not. */
    long sendsReturned();

    /**
     * Messages no longer awaited: completed (received, or whose send or commit returned), or,
     * for request/response, given up as lost. The run has caught up when this reaches {@link #committed()}.
     */
    long completed();

    /**
     * --ttl: each message's time to live, 0 for for ever. The run then waits for its last messages
     * no longer than they live, and counts those that never came as expired.
     */
    default long timeToLiveNs() {
        return 0;
    }

    /** Which committed messages arrived, which did not, which twice; call once the workers are done. */
    default Delivery delivery() {
        return Delivery.notTracked("this workload does not number its messages", false, 0);
    }

    /**
     * Before {@link #open}: looks at every queue the run will consume from, which must hold no
     * message the run did not put there (or, as the user asked, have them purged first). Null when
     * this workload consumes from none; otherwise a line for the run header.
     *
     * @throws dev.harness.core.SettingsException when a queue holds others' messages and no purge was asked for
     */
    default String claimQueues(Provider provider) throws UnreachableException {
        return null;
    }

    /**
     * Messages the run's consumers took that were not the run's: only where the provider carries
     * no property to select by (see {@link Provider#carriesProperties}), or a reply of another
     * shard's requester.
     */
    long othersConsumed();

    /**
     * After the run, before {@link #close}: messages of others on the queues the run consumed from,
     * left where they were; -1 when they could not be counted (the broker gone, or no property to
     * tell them by). Bounded in time.
     */
    default long othersLeft() {
        return -1;
    }

    /** How the sending workers spent their time (for the saturation sentence); call once sending is done. */
    default SenderLoad senderLoad() {
        return SenderLoad.NONE;
    }

    /** Request/response: replies that came after their request was given up as lost; counted, never a sample. */
    default long late() {
        return 0;
    }

    /**
     * Called before the last cut: lets in-process work that records after the last completion
     * (a responder records its get-to-commit once the reply it committed may already be home)
     * finish first. Bounded; nothing to do by default.
     */
    default void settle() {
    }

    /**
     * Publish/subscribe: once the run's deliveries are counted, removes its durable subscriptions
     * (closing their consumers first; unless asked to keep them; bounded) and says how each
     * subscription fared. Called for the summary; {@link #close} closes the rest. Null for a
     * workload without subscriptions.
     */
    default FanOutSummary endSubscriptions() {
        return null;
    }

    /**
     * The completions a second the run's consumers can make by design ({@code --consume-delay}) when
     * {@code askedRate} a second are sent, spread evenly over their queues: infinite when they take
     * no set time over a message.
     */
    default double consumeCapacity(double askedRate) {
        return Double.POSITIVE_INFINITY;
    }

    /** How the consumers are slow by design, for the offered-load sentence; null when they are not. */
    default String consumeLimit() {
        return null;
    }

    /** Closes connections; bounded in time even when the broker is gone. */
    @Override
    void close();
}
