package dev.harness.core.slo;

import java.time.Instant;
import java.util.List;

import dev.harness.core.measure.Gaps;
import dev.harness.core.run.Delivery;

/**
 * What a run's --json adds to the figures its hlog gives: the counts a log does not carry, the
 * parts of its achieved rate, its gaps and its start. The JSON's reader ({@code report.RunJson})
 * is one; objectives judge on this, not on the file's reader.
 */
public interface RunCounts {
    /** Messages the schedule asked for that were never sent. */
    long unsent();

    /** Messages sent later than the lag bound allows. */
    long late();

    /** Requests given up at the reply timeout. */
    long requestsLost();

    /** The delivery ledger's tally, or null. */
    Delivery delivery();

    /** The run's gaps: the measured phase's, or for an older file its longest alone. */
    Gaps gaps();

    /** Every completion after the warmup. */
    long completedAfterWarmup();

    /** The seconds those completions are counted over. */
    double measuredSeconds();

    /** The schedule's start. */
    Instant start();

    /**
     * The achieved rate of these runs taken together, as harness run works it out for one run:
     * every completion after warmup over the measured seconds. Runs of one schedule (the hosts or
     * shards of one start) share those seconds, so the set's are the longest of theirs, not their
     * sum; for one run this is its own achievedRate.
     */
    static double achievedRate(List<? extends RunCounts> runs) {
        long completed = 0;
        double seconds = 0;
        for (RunCounts r : runs) {
            completed += r.completedAfterWarmup();
            seconds = Math.max(seconds, r.measuredSeconds());
        }
        return seconds > 0 ? completed / seconds : 0;
    }

    /**
     * The gaps of these runs taken together, on the earliest start's timeline: the times in which
     * none of them completed anything ({@link Gaps#common}). Runs of one start (shards, hosts) are
     * one system: one stalled shard is no outage while the others completed. For one run, its own.
     */
    static Gaps gaps(List<? extends RunCounts> runs) {
        long[] startsNs = new long[runs.size()];
        long earliest = Long.MAX_VALUE;
        for (int i = 0; i < runs.size(); i++) {
            Instant start = runs.get(i).start();
            startsNs[i] = start.getEpochSecond() * 1_000_000_000L + start.getNano();
            earliest = Math.min(earliest, startsNs[i]);
        }
        for (int i = 0; i < startsNs.length; i++) {
            startsNs[i] -= earliest;
        }
        return Gaps.common(runs.stream().map(RunCounts::gaps).toList(), startsNs);
    }
}
