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

    /** PASS; FAIL when a figure fell outside its truth; NOT VALID when none did but a run was no valid test. */
    public String word() {
        return passed() ? "PASS" : scenarios.stream().anyMatch(ScenarioResult::figureFailed)
                || scenarios.stream().noneMatch(ScenarioResult::ran) ? "FAIL" : "NOT VALID";
    }

    /** "2 of 4 scenarios run PASS, 1 FAIL, 1 NOT VALID; 3 NOT RUN". */
    public String line() {
        long ran = scenarios.stream().filter(ScenarioResult::ran).count();
        long failed = scenarios.stream().filter(ScenarioResult::figureFailed).count();
        long notValid = scenarios.stream().filter(s -> s.verdict().equals("NOT VALID")).count();
        long notRun = scenarios.size() - ran;
        return (ran - failed - notValid) + " of " + ran + " scenarios run PASS" + (failed > 0 ? ", " + failed + " FAIL" : "")
                + (notValid > 0 ? ", " + notValid + " NOT VALID (a run that was no valid test proves nothing either way:"
                        + " run verify again where its reasons are gone)" : "")
                + (notRun > 0 ? "; " + notRun + " NOT RUN" : "");
    }
}
