package dev.harness.core.measure;

import java.util.Map;

import org.HdrHistogram.Histogram;

import dev.harness.core.host.HostSample;

/**
 * What one reporting interval measured. The snapshot owns its histograms (later intervals do not
 * touch them); they are only to be read.
 *
 * @param index 0-based interval number
 * @param startNs interval start, nanoseconds since the schedule's start: when the previous cut
 *     really happened, which is the nominal tick or a little after it
 * @param endNs interval end, nanoseconds since the schedule's start: when this cut really happened
 * @param startEpochMs interval start on the wall clock
 * @param endEpochMs interval end on the wall clock
 * @param phase WARMUP if the interval lies within the warmup period, else MEASURED
 * @param warmup per view, values of messages intended during warmup, recorded this interval
 * @param measured per view, values of messages intended after warmup, recorded this interval
 * @param completed messages completed this interval (both phases)
 * @param sent send() calls that returned this interval (both phases)
 * @param cumulativeCompleted messages completed since the start
 * @param lost requests given up this interval (request/response)
 * @param runMaxResponseNs the largest measured {@code response} so far
 * @param maxGrew whether this interval raised the run's measured {@code response} maximum
 * @param hiccup how late this JVM's 1 ms sleeps woke this interval (its max is the longest pause)
 * @param gcPauseCount stop-the-world collections that ended this interval
 * @param gcPausedNs their total length
 * @param gcPauses each of those collections' length
 * @param host the host's queues and CPU over this interval (read from /proc)
 */
public record IntervalSnapshot(
        int index,
        long startNs,
        long endNs,
        long startEpochMs,
        long endEpochMs,
        Phase phase,
        Map<View, Histogram> warmup,
        Map<View, Histogram> measured,
        long completed,
        long sent,
        long cumulativeCompleted,
        long lost,
        long runMaxResponseNs,
        boolean maxGrew,
        Histogram hiccup,
        int gcPauseCount,
        long gcPausedNs,
        Histogram gcPauses,
        HostSample host) {

    public double seconds() {
        return (endNs - startNs) / 1e9;
    }

    /** Completions per second within this interval alone. */
    public double rate() {
        double s = seconds();
        return s > 0 ? completed / s : 0;
    }

    /** Completions per second from the start to the end of this interval. */
    public double cumulativeRate() {
        return endNs > 0 ? cumulativeCompleted / (endNs / 1e9) : 0;
    }

    /** The histogram of a view in this interval's own phase. */
    public Histogram ofPhase(View view) {
        return (phase == Phase.WARMUP ? warmup : measured).get(view);
    }
}
