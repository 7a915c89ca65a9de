package dev.harness.core.study;

import java.util.List;

/**
 * Where a sweep's curve bends: the highest VALID step whose {@code response} p99 is within
 * {@value #FACTOR}x of the lightest VALID step's. Past it, a little more offered load costs a lot
 * more latency. The rule is one line so that a reader can check it against the table.
 */
public final class Knee {
    public static final double FACTOR = 2;
    public static final String RULE = "the highest VALID rate whose response p99 is within 2x of the lightest VALID step's";

    private Knee() {
    }

    /** The knee's index in the steps (in increasing target order), or -1 when no step was VALID. */
    public static int of(List<SweepStep> steps) {
        int lightest = -1;
        int knee = -1;
        for (int i = 0; i < steps.size(); i++) {
            SweepStep s = steps.get(i);
            if (!s.valid() || s.target() == 0) {
                continue;
            }
            if (lightest < 0) {
                lightest = i;
            }
            if (s.response().p99() <= FACTOR * steps.get(lightest).response().p99()) {
                knee = i;
            }
        }
        return knee;
    }
}
