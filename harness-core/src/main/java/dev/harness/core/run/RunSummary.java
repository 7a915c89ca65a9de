package dev.harness.core.run;

import java.util.List;
import java.util.Map;

import org.HdrHistogram.Histogram;

import dev.harness.core.host.HostSummary;
import dev.harness.core.measure.GcSummary;
import dev.harness.core.measure.JvmPause;
import dev.harness.core.measure.Outages;
import dev.harness.core.measure.View;

/**
 * Everything a finished (or interrupted) run measured in its measured phase.
 *
 * @param header what the run was asked to do
 * @param measured per view, the whole measured phase
 * @param warmup per view, the whole warmup phase
 * @param targetRate messages per second asked for; 0 when unthrottled
 * @param measuredSent messages intended after warmup that were sent
 * @param measuredCompleted messages intended after warmup that completed
 * @param totalSent all messages sent (committed, in syncpoint), warmup included
 * @param totalCompleted all messages completed, warmup included
 * @param measuredSeconds from the end of warmup until the last completion (or the stop)
 * @param completedAfterWarmup completions of any message (late warmup ones too) in those seconds
 * @param perSecond completions in each whole second of the measured phase
 * @param jvmPauseCount pauses of the harness JVM its pause detector saw (whole run)
 * @param jvmPauseTotalNs their total length
 * @param longestJvmPauses the longest of them, longest first
 * @param pauseCorrections samples the pause-corrected view added for those pauses (whole run)
 * @param unsent scheduled messages never sent because the run stopped first
 * @param uncommitted messages sent in syncpoint whose commit never returned
 * @param lost requests given up after the reply timeout (request/response)
 * @param late replies that came after their request was given up (request/response)
 * @param staleMessages messages on the queues from another run, ignored
 * @param stopReason why the run ended early, or null when it ran to its end
 * @param failure what failed in the system under test, or null
 * @param gc hiccups and GC pauses of the harness JVM
 * @param host the host's queues over the measured phase
 * @param delivery which committed messages arrived, which did not, which twice
 * @param recovery the broker outage the run lived through (reconnects, a kill), or null
 * @param responseWithoutOutage measured responses outside the intervals an outage touched, or null
 */
public record RunSummary(
        RunHeader header,
        Map<View, Histogram> measured,
        Map<View, Histogram> warmup,
        double targetRate,
        long measuredSent,
        long measuredCompleted,
        long totalSent,
        long totalCompleted,
        double measuredSeconds,
        long completedAfterWarmup,
        long[] perSecond,
        long jvmPauseCount,
        long jvmPauseTotalNs,
        List<JvmPause> longestJvmPauses,
        long pauseCorrections,
        long unsent,
        long uncommitted,
        long lost,
        long late,
        long staleMessages,
        String stopReason,
        String failure,
        GcSummary gc,
        HostSummary host,
        Delivery delivery,
        Outages.Recovery recovery,
        Histogram responseWithoutOutage) {

    /**
     * Cumulative throughput after warmup: every completion from the end of warmup to the last
     * completion, over that time. What the system delivered, whatever the phase of the message.
     */
    public double achievedRate() {
        return measuredSeconds > 0 ? completedAfterWarmup / measuredSeconds : 0;
    }

    /**
     * Committed persistent puts never received, in a run that lived through a broker failure and
     * ran to its end: the broker broke its promise. A request never answered may still wait on its
     * queue (a responder gone), and so may the messages of a run stopped early or of drainers
     * that did not catch up with an undisturbed broker (reported as incomplete).
     */
    public boolean brokerLostMessages() {
        return delivery.lostPersistent() && header.workload().equals("put") && stopReason == null && recovery != null;
    }
}
