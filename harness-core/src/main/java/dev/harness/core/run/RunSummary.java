package dev.harness.core.run;

import java.util.List;
import java.util.Map;

import org.HdrHistogram.Histogram;

import dev.harness.core.WorkloadKind;
import dev.harness.core.disturbance.Stop;
import dev.harness.core.host.HostSummary;
import dev.harness.core.measure.Gaps;
import dev.harness.core.measure.GcSummary;
import dev.harness.core.measure.JvmPause;
import dev.harness.core.measure.Outages;
import dev.harness.core.measure.ScheduleKeeping;
import dev.harness.core.measure.View;

/**
 * Everything a finished (or interrupted) run measured, in groups a reporter reads as they are:
 * every figure is worked out here once, so the console, the JSON and the exit code agree.
 *
 * @param header what the run was asked to do
 * @param ending why it ended early, if it did
 * @param counts how many messages went where
 * @param throughput the target and what was achieved
 * @param views the latency views, per phase
 * @param jvmPauses pauses of the harness JVM its pause detector saw (whole run)
 * @param gc hiccups and GC pauses of the harness JVM
 * @param host the host's queues over the measured phase
 * @param delivery which committed messages arrived, which did not, which twice
 * @param recovery the broker outage the run lived through (reconnects, a kill), or null
 * @param saturation whether the harness could offer the schedule, and who limited it
 * @param keeping whether the schedule was kept interval by interval, and the host contended
 * @param deliveryNeeded an objective of the run reads delivery (lost, duplicates)
 * @param warmup where the measured phase began, and with --warmup auto why there
 * @param freezes the stops of the broker the run made ({@code --freeze-at}), as measured where they were made; in order
 * @param fanOut publish/subscribe: each subscription's copies, and the fan-outs not measured; null for other workloads
 * @param preload the backlog put before the schedule ({@code --preload}) and when it was drained; null for none
 * @param sizes with a --size mix, the measured phase's response per size; empty with one size
 */
public record RunSummary(RunHeader header, Ending ending, Counts counts, Throughput throughput, Views views,
        JvmPauses jvmPauses, GcSummary gc, HostSummary host, Delivery delivery, Outages.Recovery recovery,
        Saturation saturation, ScheduleKeeping.Totals keeping, boolean deliveryNeeded, WarmupEnd warmup,
        List<Stop> freezes, FanOutSummary fanOut, Preloaded preload, List<SizeClass> sizes) {

    public RunSummary {
        freezes = List.copyOf(freezes);
        sizes = sizes == null ? List.of() : List.copyOf(sizes);
    }

    /**
     * @param stopReason why the run ended early, or null when it ran to its end
     * @param failure what failed in the system under test, or null
     */
    public record Ending(String stopReason, String failure) {
    }

    /**
     * How many messages went where. A message is <em>sent</em> when its send returned, and
     * <em>committed</em> when its send (outside syncpoint) or its commit returned: then it is on
     * the broker.
     *
     * @param measuredSent messages intended after warmup whose send returned
     * @param measuredCompleted messages intended after warmup that completed
     * @param committed all messages committed, warmup included
     * @param completed all messages completed, warmup included
     * @param unsent scheduled messages never sent because the run stopped first
     * @param uncommitted messages sent in syncpoint whose commit never returned
     * @param lost requests given up after the reply timeout (request/response)
     * @param late replies that came after their request was given up (request/response)
     * @param othersConsumed messages the run's consumers took that were not the run's (see
     *        {@link Workload#othersConsumed})
     * @param othersLeft messages of others found on the run's queues after it, left there; -1 not counted
     */
    public record Counts(long measuredSent, long measuredCompleted, long committed, long completed, long unsent,
            long uncommitted, long lost, long late, long othersConsumed, long othersLeft) {
        /** Committed messages neither completed nor given up when the run ended. */
        public long incomplete() {
            return Math.max(0, committed - completed - lost);
        }
    }

    /**
     * @param targetRate messages per second asked for; 0 when unthrottled
     * @param measuredSeconds from the end of warmup until the last completion (or the stop)
     * @param completedAfterWarmup completions of any message (late warmup ones too) in those seconds
     * @param perSecond completions in each whole second of the measured phase
     * @param longestGapFromNs when the longest client-visible outage began, from the schedule's start; -1 when none
     * @param longestGapNs the longest client-visible outage of the run, broker lost or not: the longest
     *     time without a completion while a message was due ({@link dev.harness.core.measure.ThroughputMeter})
     * @param gaps the measured phase's gaps, for a set of runs' common timeline (merged shards)
     */
    public record Throughput(double targetRate, double measuredSeconds, long completedAfterWarmup, long[] perSecond,
            long longestGapFromNs, long longestGapNs, Gaps gaps) {
        /** Throughput of a run whose gaps are not known (built by tests). */
        public Throughput(double targetRate, double measuredSeconds, long completedAfterWarmup, long[] perSecond) {
            this(targetRate, measuredSeconds, completedAfterWarmup, perSecond, -1, 0);
        }

        /** Throughput of a run that knows only its longest gap (built by tests). */
        public Throughput(double targetRate, double measuredSeconds, long completedAfterWarmup, long[] perSecond,
                long longestGapFromNs, long longestGapNs) {
            this(targetRate, measuredSeconds, completedAfterWarmup, perSecond, longestGapFromNs, longestGapNs,
                    Gaps.ofLongest(longestGapFromNs, longestGapNs));
        }

        /**
         * Cumulative throughput after warmup: every completion from the end of warmup to the last
         * completion, over that time. What the system delivered, whatever the phase of the message.
         */
        public double achievedRate() {
            return measuredSeconds > 0 ? completedAfterWarmup / measuredSeconds : 0;
        }

        /** Unthrottled: no schedule, and latencies from the actual send (see {@link ClosedLoop}). */
        public boolean closedLoop() {
            return targetRate == 0;
        }
    }

    /**
     * @param measured per view, the whole measured phase
     * @param warmup per view, the whole warmup phase
     * @param responseWithoutOutage measured responses outside the intervals an outage touched, or null
     */
    public record Views(Map<View, Histogram> measured, Map<View, Histogram> warmup, Histogram responseWithoutOutage) {
    }

    /**
     * @param count pauses of the harness JVM its pause detector saw (whole run)
     * @param totalNs their total length
     * @param longest the longest of them, longest first
     * @param corrections samples the pause-corrected view added for the sends due in them (whole run)
     * @param resolutionNs how often the detector's threads woke: a pause shorter than this is not seen
     */
    public record JvmPauses(long count, long totalNs, List<JvmPause> longest, long corrections, long resolutionNs) {
    }

    /**
     * Committed persistent puts never received, in a run that lived through a broker failure and
     * ran to its end: the broker broke its promise. A request never answered may still wait on its
     * queue (a responder gone), and so may the messages of a run stopped early or of drainers
     * that did not catch up with an undisturbed broker (reported as incomplete).
     */
    public boolean brokerLostMessages() {
        return brokerLostMessages(header.workload(), ending.stopReason(), delivery, recovery);
    }

    private static boolean brokerLostMessages(WorkloadKind workload, String stopReason, Delivery delivery,
            Outages.Recovery recovery) {
        return delivery.lostPersistent() && workload != WorkloadKind.REQRESP && stopReason == null && recovery != null;
    }

    /** How the system under test failed the run (harness run's exit code 4), or null. */
    public String failure() {
        return failure(ending.failure(), header.workload(), ending.stopReason(), delivery, recovery);
    }

    /**
     * How the system under test failed a run (harness run's exit code 4), or null: one rule for a
     * run and for its --json read back, so that harness check never passes a run that broke.
     */
    public static String failure(String failure, WorkloadKind workload, String stopReason, Delivery delivery,
            Outages.Recovery recovery) {
        return failure != null ? "the broker failed during the run: " + failure
                : brokerLostMessages(workload, stopReason, delivery, recovery) ? "the broker lost " + delivery.lost()
                        + " committed persistent messages (never received)" : null;
    }
}
