package dev.harness.core.study;

import java.util.List;

import org.HdrHistogram.Histogram;

/**
 * One step of a sweep, as it is tabulated, written to JSON, read back and drawn: a whole run at one
 * target rate.
 *
 * @param target the rate asked; 0 for the unthrottled trial that measured the capacity
 * @param achieved what completed per second over the measured phase
 * @param reasons why the step was NOT VALID ({@code code: text}); empty when it was VALID
 * @param response the {@code response} view: from each message's intended send time
 * @param service the {@code service} view: from its actual send, as a naive tool measures
 * @param sendLagP99Ns send-lag p99: how late the sends left against the schedule
 * @param cpuMsPerMessage this process's CPU per completed message; negative when unknown
 * @param hostQueue the host's longest queue over the step, in words, or null when none stood out
 * @param stopped why the step ended before its end, or null
 * @param hlog the step's hlog file (--hlog-dir), or null
 */
public record SweepStep(double target, double achieved, List<String> reasons, Latency response, Latency service,
        long sendLagP99Ns, double cpuMsPerMessage, String hostQueue, String stopped, String hlog) {

    public SweepStep {
        reasons = List.copyOf(reasons);
    }

    /** A view's percentiles, in ns, over {@code count} values (none: a step that measured nothing). */
    public record Latency(long count, long p50, long p99, long p999, long max) {
        /** A view's histogram as a step records it; none (null or empty) is 0 everywhere. */
        public static Latency of(Histogram h) {
            return new Latency(h == null ? 0 : h.getTotalCount(), at(h, 50), at(h, 99), at(h, 99.9), at(h, 100));
        }

        /** A percentile of the histogram (100: its max); 0 for none. */
        public static long at(Histogram h, double percentile) {
            return h == null || h.getTotalCount() == 0 ? 0 : percentile >= 100 ? h.getMaxValue()
                    : h.getValueAtPercentile(percentile);
        }
    }

    public boolean valid() {
        return reasons.isEmpty() && stopped == null;
    }

    /** Whether the step broke a p99 bound (ns); none when the bound is null. */
    public boolean broke(Long maxP99Ns) {
        return maxP99Ns != null && response.p99() > maxP99Ns;
    }

    /** The reasons' codes, in one line: "schedule-behind, generator-saturated". */
    public String codes() {
        // Distinct: a shard set's reasons repeat a code per shard.
        List<String> codes = new java.util.ArrayList<>(reasons.stream().map(r -> r.contains(":") ? r.substring(0, r.indexOf(':'))
                : r).distinct().toList());
        if (stopped != null) {
            codes.add(0, "stopped");
        }
        return String.join(", ", codes);
    }

    /** The reasons in one line, for a table and a hover. */
    public String why() {
        String r = String.join("; ", reasons);
        return stopped == null ? r : r.isEmpty() ? "stopped: " + stopped : "stopped: " + stopped + "; " + r;
    }
}
