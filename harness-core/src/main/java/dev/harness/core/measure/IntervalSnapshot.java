package dev.harness.core.measure;

import java.util.Map;

import org.HdrHistogram.Histogram;

import dev.harness.core.host.HostSample;

/**
 * What one reporting interval measured, in groups a reporter reads as they are. The snapshot
 * owns its histograms (later intervals do not touch them); they are only to be read.
 *
 * @param span which interval, when, and its phase
 * @param warmup per view, values of messages intended during warmup, recorded this interval
 * @param measured per view, values of messages intended after warmup, recorded this interval
 * @param counts how many messages this interval completed, sent and gave up
 * @param runMax the run's measured {@code response} maximum so far
 * @param jvm this JVM's hiccups and GC pauses in the interval
 * @param host the host's queues and CPU over this interval (read from /proc)
 * @param broker where the run stood with its broker at the cut: lost, reconnected, recovered
 */
public record IntervalSnapshot(Span span, Map<View, Histogram> warmup, Map<View, Histogram> measured, Counts counts,
        RunMax runMax, Jvm jvm, HostSample host, Outages.Status broker) {

    /** An interval of a run that never lost its broker. */
    public IntervalSnapshot(Span span, Map<View, Histogram> warmup, Map<View, Histogram> measured, Counts counts,
            RunMax runMax, Jvm jvm, HostSample host) {
        this(span, warmup, measured, counts, runMax, jvm, host, Outages.Status.NONE);
    }

    /**
     * @param index 0-based interval number
     * @param startNs interval start, nanoseconds since the schedule's start: when the previous cut
     *     really happened, which is the nominal tick or a little after it
     * @param endNs interval end, nanoseconds since the schedule's start: when this cut really happened
     * @param startEpochMs interval start on the wall clock
     * @param endEpochMs interval end on the wall clock
     * @param phase WARMUP if the interval lies within the warmup period, else MEASURED
     */
    public record Span(int index, long startNs, long endNs, long startEpochMs, long endEpochMs, Phase phase) {
        public double seconds() {
            return (endNs - startNs) / 1e9;
        }
    }

    /**
     * @param completed messages completed this interval (both phases)
     * @param sent send() calls that returned this interval (both phases)
     * @param cumulativeCompleted messages completed since the start
     * @param lost requests given up this interval (request/response)
     * @param depth at the interval's end, as the harness counts it: messages sent (and preloaded) and not
     *     yet completed, on all queues together; -1 where not counted (request/response, publish/subscribe)
     * @param brokerDepth the broker's own count of the messages on the run's queues, asked at most a
     *     quarter of a second before the cut; -1 where the provider tells none (or the broker did not answer)
     * @param brokerPaging whether the broker paged any of the run's queues to disk then (1) or none (0),
     *     asked with its count; -1 where the provider tells none
     * @param queueDepths each queue's depth as the harness counts it (sent and preloaded to it, less
     *     received from it), in the order of the run's queues; null where not counted
     * @param brokerQueueDepths each queue's count as the broker gives it, with {@code brokerDepth}; null where not known
     */
    public record Counts(long completed, long sent, long cumulativeCompleted, long lost, long depth, long brokerDepth,
            int brokerPaging, long[] queueDepths, long[] brokerQueueDepths) {
        /** Without each queue's depth. */
        public Counts(long completed, long sent, long cumulativeCompleted, long lost, long depth, long brokerDepth,
                int brokerPaging) {
            this(completed, sent, cumulativeCompleted, lost, depth, brokerDepth, brokerPaging, null, null);
        }

        /** Counts without depths (built by tests). */
        public Counts(long completed, long sent, long cumulativeCompleted, long lost) {
            this(completed, sent, cumulativeCompleted, lost, -1, -1, -1);
        }

        /** Counts with depths, the broker's paging not told (built by tests). */
        public Counts(long completed, long sent, long cumulativeCompleted, long lost, long depth, long brokerDepth) {
            this(completed, sent, cumulativeCompleted, lost, depth, brokerDepth, -1);
        }
    }

    /**
     * @param responseNs the largest measured {@code response} so far
     * @param grew whether this interval raised it
     */
    public record RunMax(long responseNs, boolean grew) {
    }

    /**
     * @param hiccup how late this JVM's sleeps woke this interval (its max is the longest pause)
     * @param gc stop-the-world collections that ended this interval: how many, their total, each one's length
     */
    public record Jvm(Histogram hiccup, GcPauses.Interval gc) {
    }

    /** Completions per second within this interval alone. */
    public double rate() {
        double s = span.seconds();
        return s > 0 ? counts.completed() / s : 0;
    }

    /** Completions per second from the start to the end of this interval. */
    public double cumulativeRate() {
        return span.endNs() > 0 ? counts.cumulativeCompleted() / (span.endNs() / 1e9) : 0;
    }

    /** The histogram of a view in this interval's own phase. */
    public Histogram ofPhase(View view) {
        return (span.phase() == Phase.WARMUP ? warmup : measured).get(view);
    }
}
