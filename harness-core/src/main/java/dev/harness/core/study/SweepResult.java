package dev.harness.core.study;

import java.util.List;

import dev.harness.core.SettingsException;
import dev.harness.core.Units;

/**
 * A whole sweep: what was swept, on what, and every step run. What the console tabulates, the JSON
 * carries, and a report (or a later sweep's {@code --compare}) draws.
 *
 * @param label the curve's name in a chart (--label, or the options)
 * @param options the run options every step shared, as given
 * @param target the system driven, as the steps' headers name it
 * @param unit what a rate counts: {@code msg/s} or {@code round trips/s}
 * @param started when the sweep started, ISO-8601
 * @param machine the host the harness ran on, in words
 * @param capacity with {@code --to max}: the unthrottled trial that measured the capacity; otherwise null
 * @param maxP99Ns --max-p99: the response p99 a step kept within, or null for none
 * @param steps the steps run, lightest first
 * @param ended why the sweep ended before its last rate, or null
 * @param interrupted the sweep was interrupted (the step under way is left out)
 * @param sweptBy what the steps' targets are: {@link #BY_RATE} (rates, each step on a schedule) or
 *     {@link #BY_REQUESTERS} (requester counts, each step a closed loop without one)
 * @param shards the processes each step ran as (--shards), 1 for steps in the sweep's own process
 */
public record SweepResult(String label, String options, String target, String unit, String started, String machine,
        SweepStep capacity, Long maxP99Ns, List<SweepStep> steps, String ended, boolean interrupted, String sweptBy,
        int shards) {
    public static final String BY_RATE = "rate";
    public static final String BY_REQUESTERS = "requesters";

    public SweepResult {
        steps = List.copyOf(steps);
        SettingsException.require(BY_RATE.equals(sweptBy) || BY_REQUESTERS.equals(sweptBy), "sweptBy",
                "expected " + BY_RATE + " or " + BY_REQUESTERS + ", got " + sweptBy);
        SettingsException.require(shards >= 1, "shards", "expected 1 or more, got " + shards);
    }

    /** A sweep whose steps ran in its own process. */
    public SweepResult(String label, String options, String target, String unit, String started, String machine,
            SweepStep capacity, Long maxP99Ns, List<SweepStep> steps, String ended, boolean interrupted, String sweptBy) {
        this(label, options, target, unit, started, machine, capacity, maxP99Ns, steps, ended, interrupted, sweptBy, 1);
    }

    /** A sweep of rates. */
    public SweepResult(String label, String options, String target, String unit, String started, String machine,
            SweepStep capacity, Long maxP99Ns, List<SweepStep> steps, String ended, boolean interrupted) {
        this(label, options, target, unit, started, machine, capacity, maxP99Ns, steps, ended, interrupted, BY_RATE);
    }

    /** A step's target in words: "1,000 msg/s", or "4 requesters". */
    public String targetOf(SweepStep s) {
        return targetText(sweptBy, unit, s.target());
    }

    /** A target in words, for a sweep of {@code sweptBy} whose rates count {@code unit}. */
    public static String targetText(String sweptBy, String unit, double target) {
        if (BY_REQUESTERS.equals(sweptBy)) {
            long n = Math.round(target);
            return Units.count(n) + (n == 1 ? " requester" : " requesters");
        }
        return Units.rate(target) + " " + unit;
    }

    /** The knee's step, or null when no step was VALID. */
    public SweepStep knee() {
        int k = Knee.of(steps, maxP99Ns);
        return k < 0 ? null : steps.get(k);
    }
}
