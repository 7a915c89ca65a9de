package dev.harness.core.study;

import java.util.List;

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
 */
public record SweepResult(String label, String options, String target, String unit, String started, String machine,
        SweepStep capacity, Long maxP99Ns, List<SweepStep> steps, String ended, boolean interrupted) {

    public SweepResult {
        steps = List.copyOf(steps);
    }

    /** The knee's step, or null when no step was VALID. */
    public SweepStep knee() {
        int k = Knee.of(steps, maxP99Ns);
        return k < 0 ? null : steps.get(k);
    }
}
