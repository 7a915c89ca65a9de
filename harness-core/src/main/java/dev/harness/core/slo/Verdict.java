package dev.harness.core.slo;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import dev.harness.core.findings.Validity;

/**
 * Whether a run met its objectives: one {@link Result} each, in the order given. The same code
 * judges a running run, a finished one, a merged log of several hosts and the two sides of ab.
 */
public record Verdict(List<Result> results, Validity invalid) {
    public static final Verdict NONE = new Verdict(List.of());

    /**
     * @param invalid the run's validity when it was not valid and that fails this verdict; valid
     *     (no reasons) when the run was valid or {@code --slo-allow-invalid} judged it anyway
     */
    public Verdict {
        results = List.copyOf(results);
        invalid = invalid == null ? Validity.VALID : invalid;
    }

    public Verdict(List<Result> results) {
        this(results, Validity.VALID);
    }

    /**
     * This verdict on a run of this validity: objectives on a run that was not a valid test of
     * what it asked would pass what they should not, so such a run fails them, unless
     * {@code allowInvalid}. A run without objectives has no verdict to fail.
     */
    public Verdict gated(Validity validity, boolean allowInvalid) {
        if (results.isEmpty() || allowInvalid || validity.valid()) {
            return this;
        }
        return new Verdict(results, validity);
    }

    /** The line that fails a verdict on a run that was not valid; null when none does. */
    public String invalidLine() {
        return invalid.valid() ? null
                : "FAIL  the run was NOT VALID (" + invalid.codes() + "): its objectives cannot pass; --slo-allow-invalid"
                        + " judges it anyway";
    }

    /**
     * @param objectives the objectives, in order
     * @param whole the figures of the whole measured phase, by ab side (null for a plain run)
     * @param windows the windows of the measured phase, by window length in ns
     */
    public static Verdict of(List<Objective> objectives, Function<Term.Side, Figures> whole, Map<Long, List<Window>> windows) {
        List<Result> results = new ArrayList<>();
        for (Objective o : objectives) {
            results.add(o.windowNs() == 0 ? judge(o, whole) : judge(o, windows.getOrDefault(o.windowNs(), List.of())));
        }
        return new Verdict(List.copyOf(results));
    }

    /** One objective over the whole measured phase. */
    static Result judge(Objective o, Function<Term.Side, Figures> figures) {
        Figures measuredOn = figures.apply(o.term().side());
        double measured = measuredOn.value(o.term());
        Figures limitOn = o.reference() == null ? null : figures.apply(o.reference().side());
        double limit = limitOn == null ? o.limit() : o.limit() * limitOn.value(o.reference());
        String unknown = Double.isNaN(measured) ? measuredOn.unknown(o.term())
                : Double.isNaN(limit) && limitOn != null ? limitOn.unknown(o.reference()) : null;
        return new Result(o, measured, limit, holds(o, measured, limit), null, 0, 0, 0, null, unknown);
    }

    /**
     * Whether this whole window broke the objective: judged (it had something to judge) and
     * failed. A window with nothing in it breaks nothing.
     */
    static boolean breaks(Objective o, Window w) {
        Result r = judge(o, side -> w.figures());
        return judged(r) && !r.passed();
    }

    private static boolean judged(Result r) {
        return !Double.isNaN(r.measured()) && !Double.isNaN(r.limit());
    }

    /**
     * One objective in every whole window: the first that failed, or the worst of them. A window
     * with nothing to judge (no samples of the view) neither passes nor fails, and is counted; the
     * remainder after the last whole window is not judged, and is named.
     */
    static Result judge(Objective o, List<Window> windows) {
        Result worst = null;
        Result firstFailed = null;
        Result firstEmpty = null;
        Window tail = null;
        int failed = 0;
        int whole = 0;
        int empty = 0;
        for (Window w : windows) {
            if (!w.whole()) {
                tail = w;
                continue;
            }
            whole++;
            Result r = judge(o, side -> w.figures());
            if (!judged(r)) {
                empty++;
                firstEmpty = firstEmpty == null ? r : firstEmpty;
            } else if (!r.passed()) {
                failed++;
                if (firstFailed == null) {
                    firstFailed = new Result(o, r.measured(), r.limit(), false, w, 0, 0);
                }
            } else if (worst == null || nearer(o, r.measured(), worst.measured())) {
                worst = r;
            }
        }
        if (firstFailed != null) {
            return new Result(o, firstFailed.measured(), firstFailed.limit(), false, firstFailed.failedWindow(), failed,
                    whole, empty, tail, null);
        }
        if (worst == null) {
            // Not one window judged: nothing was measured, which no objective passes.
            return firstEmpty != null
                    ? new Result(o, firstEmpty.measured(), firstEmpty.limit(), false, null, 0, whole, empty, tail,
                            firstEmpty.unknown())
                    : new Result(o, Double.NaN, o.reference() == null ? o.limit() : Double.NaN, false, null, 0, 0, 0, tail,
                            null);
        }
        return new Result(o, worst.measured(), worst.limit(), true, null, 0, whole, empty, tail, null);
    }

    private static boolean holds(Objective o, double measured, double limit) {
        return !Double.isNaN(measured) && !Double.isNaN(limit) && o.comparison().holds(measured, limit);
    }

    /** Whether {@code a} is nearer than {@code b} to breaking the objective. */
    private static boolean nearer(Objective o, double a, double b) {
        return switch (o.comparison()) {
            case LT, LE -> a > b;
            case GT, GE -> a < b;
            case EQ -> false;
        };
    }

    public boolean passed() {
        return invalid.valid() && results.stream().allMatch(Result::passed);
    }

    public boolean isEmpty() {
        return results.isEmpty();
    }

    /** Objectives not met. */
    public long failures() {
        return results.stream().filter(r -> !r.passed()).count();
    }

    /** One line for the exit: "2 of 3 objectives not met", "the run was NOT VALID (...)", or both. */
    public String failureLine() {
        String objectives = failures() == 0 ? null : failures() + " of " + results.size() + " objectives not met";
        String invalidity = invalid.valid() ? null : "the run was NOT VALID (" + invalid.codes() + ")";
        return objectives == null ? invalidity : invalidity == null ? objectives : objectives + "; " + invalidity;
    }
}
