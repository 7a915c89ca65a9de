package dev.harness.core.verify;

import java.util.List;

import org.HdrHistogram.Histogram;

import dev.harness.core.disturbance.Stop;
import dev.harness.core.findings.Finding;
import dev.harness.core.findings.Reason;
import dev.harness.core.findings.Validity;

/**
 * One scenario of {@code harness verify}: what was run, the stops it made, whether the run was a
 * valid test, each figure held against its truth, or why it could not be run.
 *
 * @param id a stable name: broker-frozen, ten-stops, in-flight, harness-stopped, gc-pauses, reqresp-open, reqresp-closed
 * @param title what was done, in words: "broker frozen 2 s at 1,000 msg/s"
 * @param rate the fixed rate of the run, msg/s; 0 when it was not run
 * @param stops the stops made, as measured where they were made (GC pauses: as the JVM's log has them)
 * @param validity the run's validity, as the findings model reads it; VALID when it was not run
 * @param rows each figure against its truth; empty when not run
 * @param notRun why the scenario could not be run; null when it was
 * @param context the run's own findings on what else held it up (its JVM's pauses, the host's queue), said
 *     beside a figure that failed: the truth counts the scenario's stops alone
 * @param spectrum what the report draws: the run's response and service, and the truth; null when not run
 * @param firstRunNotValid the reasons of a first run that {@link #contendedByOthers()}, when this is the
 *     scenario's second; null for a scenario run once
 */
public record ScenarioResult(String id, String title, double rate, List<Stop> stops, Validity validity, List<Row> rows,
        String notRun, List<Finding> context, Spectrum spectrum, String firstRunNotValid) {
    /** The run's findings that tell what else held it up. */
    public static final List<String> CONTEXT = List.of(Finding.JVM_PAUSES, Finding.GC_PAUSES, Finding.HOST_QUEUE);

    public ScenarioResult {
        stops = List.copyOf(stops);
        rows = List.copyOf(rows);
        context = context.stream().filter(f -> CONTEXT.contains(f.code())).toList();
    }

    /** A scenario run once. */
    public ScenarioResult(String id, String title, double rate, List<Stop> stops, Validity validity, List<Row> rows,
            String notRun, List<Finding> context, Spectrum spectrum) {
        this(id, title, rate, stops, validity, rows, notRun, context, spectrum, null);
    }

    /**
     * The measured phase's response and service, and the truth of the stops (null when the figures
     * judged are no stall's: the GC scenario's truth is still drawn, as a floor).
     */
    public record Spectrum(Histogram response, Histogram service, StallTruth truth) {
    }

    /** A scenario that could not be run, and why. */
    public static ScenarioResult notRun(String id, String title, String why) {
        return new ScenarioResult(id, title, 0, List.of(), Validity.VALID, List.of(), why, List.of(), null);
    }

    public boolean ran() {
        return notRun == null;
    }

    /** Ran, and a figure failed or the run was not a valid test of what it asked. */
    public boolean failed() {
        return ran() && (!validity.valid() || rows.stream().anyMatch(r -> !r.passed()));
    }

    /** A figure fell outside its truth. */
    public boolean figureFailed() {
        return rows.stream().anyMatch(r -> !r.passed());
    }

    /**
     * Worth one more run: every figure held, but other processes contended the host (a neighbour's
     * burst), so the run proved nothing either way. A figure outside its truth never is.
     */
    public boolean contendedByOthers() {
        return ran() && !figureFailed() && validity.reasons().stream()
                .anyMatch(r -> r.code().equals(Reason.HOST_CONTENDED));
    }

    /** This result as the second run of a scenario whose {@code first} run {@link #contendedByOthers()}. */
    public ScenarioResult ranTwice(ScenarioResult first) {
        return !ran() ? this : new ScenarioResult(id, title, rate, stops, validity, rows, null, context, spectrum,
                first.validity().codes());
    }

    /** What the console and the report say of a second run; null for a scenario run once. */
    public String ranTwiceLine() {
        return firstRunNotValid == null ? null : "run twice: the first run was NOT VALID (" + firstRunNotValid
                + "), other processes contending the host; this is the second run";
    }

    /**
     * PASS, FAIL (a figure outside its truth), NOT VALID (every figure within it, but the run was no
     * valid test, so it proves nothing either way) or NOT RUN.
     */
    public String verdict() {
        return !ran() ? "NOT RUN" : figureFailed() ? "FAIL" : !validity.valid() ? "NOT VALID" : "PASS";
    }
}
