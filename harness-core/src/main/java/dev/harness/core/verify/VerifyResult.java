package dev.harness.core.verify;

import java.util.List;

/**
 * What {@code harness verify} found: the system it ran against, the rates it found the system
 * holds, and each scenario's rows.
 *
 * @param target the broker, as the runs name it
 * @param quick whether it ran the --quick set
 * @param rates one line per workload: the rate asked, whether the system held it, the rate used
 * @param scenarios in the order run
 */
public record VerifyResult(String target, boolean quick, List<String> rates, List<ScenarioResult> scenarios) {
    public VerifyResult {
        rates = List.copyOf(rates);
        scenarios = List.copyOf(scenarios);
    }

    /** At least one scenario ran, and none failed. */
    public boolean passed() {
        return scenarios.stream().anyMatch(ScenarioResult::ran) && scenarios.stream().noneMatch(ScenarioResult::failed);
    }

    /** "2 of 3 scenarios PASS, 1 FAIL, 3 NOT RUN". */
    public String line() {
        long ran = scenarios.stream().filter(ScenarioResult::ran).count();
        long failed = scenarios.stream().filter(ScenarioResult::failed).count();
        long notRun = scenarios.size() - ran;
        return (ran - failed) + " of " + ran + " scenarios run PASS" + (failed > 0 ? ", " + failed + " FAIL" : "")
                + (notRun > 0 ? "; " + notRun + " NOT RUN" : "");
    }
}
