package dev.harness.core.slo;

import java.util.ArrayList;
import java.util.List;

import dev.harness.core.Format;
import dev.harness.core.SettingsException;

/**
 * The objectives of one run, log or comparison, checked against what they will be judged on,
 * before any load is sent: sides only for harness ab, windows no shorter than the reporting
 * interval and no longer than the measured phase.
 *
 * @param list the objectives, in the order given
 * @param abortOnWindow whether the run ends at the first window that breaks one (--slo-abort)
 */
public record Objectives(List<Objective> list, boolean abortOnWindow) {
    public static final Objectives NONE = new Objectives(List.of(), false);

    /**
     * For harness run: no sides; windows between the interval and the measured phase, each a
     * whole number of intervals.
     */
    public static Objectives of(List<String> texts, boolean abortOnWindow, long measuredNs, long intervalNs) {
        return of(texts, abortOnWindow, measuredNs, intervalNs, "--interval", true);
    }

    /**
     * @param intervalName what sets the interval, for the messages: --interval, or the log's
     * @param wholeIntervals whether a window must be a whole number of intervals (a log that does not
     *     state its interval has only its intervals' measured lengths, a few ms apart)
     */
    static Objectives of(List<String> texts, boolean abortOnWindow, long measuredNs, long intervalNs, String intervalName,
            boolean wholeIntervals) {
        List<Objective> list = new ArrayList<>();
        for (String text : texts) {
            Objective o = Objective.parse(text);
            String where = "--slo '" + o.text() + "'";
            SettingsException.require(!o.sided(), where, "A. and B. name the sides of harness ab; here the terms have none");
            if (o.windowNs() > 0) {
                SettingsException.require(o.windowNs() >= intervalNs, where, "the window " + Format.duration(o.windowNs())
                        + " is shorter than the reporting interval " + Format.duration(intervalNs) + " (" + intervalName + ")");
                // Windows are cut from whole intervals: any other length would be judged on a longer one than it says.
                SettingsException.require(!wholeIntervals || intervalNs <= 0 || o.windowNs() % intervalNs == 0, where,
                        "the window must be a whole number of " + intervalName + " (" + Format.duration(intervalNs) + ")");
                SettingsException.require(measuredNs <= 0 || o.windowNs() <= measuredNs, where, "the window "
                        + Format.duration(o.windowNs()) + " is longer than the measured phase, "
                        + Format.duration(measuredNs));
            }
            list.add(o);
        }
        SettingsException.require(!abortOnWindow || list.stream().anyMatch(o -> o.windowNs() > 0), "--slo-abort",
                "ends the run at the first window that breaks an objective: give one with a window, e.g."
                        + " --slo 'response.p99 < 50ms per 10s'");
        return new Objectives(List.copyOf(list), abortOnWindow);
    }

    /**
     * For harness ab: the sides A. and B. and their ratio; over whole sides, no windows. Every term
     * names its side: one without would have two values and so two verdicts on one line.
     */
    public static Objectives ofSides(List<String> texts) {
        List<Objective> list = new ArrayList<>();
        for (String text : texts) {
            Objective o = Objective.parse(text);
            String where = "--slo '" + o.text() + "'";
            SettingsException.require(o.windowNs() == 0, where, "harness ab judges whole sides: no 'per' window here");
            for (Term t : new Term[] {o.term(), o.reference()}) {
                SettingsException.require(t == null || t.side() != null, where, "harness ab has two sides: name the side"
                        + " of " + t + ", A." + t + " or B." + t + " (one objective each for both)");
            }
            list.add(o);
        }
        return new Objectives(List.copyOf(list), false);
    }

    public boolean isEmpty() {
        return list.isEmpty();
    }

    /** Whether an objective reads what the ledger checks (lost, duplicates): a run that checked none is then not valid. */
    public boolean needDelivery() {
        return list.stream().anyMatch(o -> readsDelivery(o.term()) || readsDelivery(o.reference()));
    }

    private static boolean readsDelivery(Term t) {
        return t != null && (t.figure() == Term.Figure.LOST || t.figure() == Term.Figure.DUPLICATES);
    }
}
