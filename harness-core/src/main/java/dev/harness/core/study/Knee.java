package dev.harness.core.study;

import java.util.List;

/**
 * Where a sweep's curve bends. From the lightest VALID step, heavier steps are taken in order while
 * each is VALID, keeps its {@code response} p99 within {@value #FACTOR}x of the lightest VALID
 * step's, and within the sweep's p99 bound when it has one; the knee is the last step taken. Past
 * it, a little more offered load costs a lot more latency, or the test no longer holds. The rule
 * is one sentence so that a reader can check it against the table.
 */
public final class Knee {
    public static final double FACTOR = 2;
    public static final String RULE = "the heaviest step of the unbroken run of VALID steps from the lightest VALID one,"
            + " each with response p99 within 2x of that lightest step's; with --max-p99, only steps within it count as VALID";

    private Knee() {
    }

    /** The knee's index in the steps (in increasing target order), or -1 when no step was VALID. */
    public static int of(List<SweepStep> steps, Long maxP99Ns) {
        // NOT VALID steps lighter than the first VALID one are no part of the curve's run.
        int lightest = baseline(steps, maxP99Ns);
        if (lightest < 0) {
            return -1;
        }
        int knee = lightest;
        for (int i = lightest + 1; i < steps.size(); i++) {
            SweepStep s = steps.get(i);
            if (!s.valid() || s.broke(maxP99Ns) || s.response().p99() > FACTOR * steps.get(lightest).response().p99()) {
                break;
            }
            knee = i;
        }
        return knee;
    }

    /** The lightest VALID step, the knee's baseline, or -1. */
    public static int baseline(List<SweepStep> steps, Long maxP99Ns) {
        for (int i = 0; i < steps.size(); i++) {
            if (steps.get(i).valid() && !steps.get(i).broke(maxP99Ns)) {
                return i;
            }
        }
        return -1;
    }
}
