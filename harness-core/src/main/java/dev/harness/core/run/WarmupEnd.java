package dev.harness.core.run;

import java.util.Locale;

import dev.harness.core.Format;

/**
 * Where a run's measured phase began, and with {@code --warmup auto} why there.
 *
 * @param ns the warmup's length from the schedule's start; -1 when the run ended before its end
 * @param autoMaxNs with {@code --warmup auto}, its longest; 0 for a fixed warmup
 * @param steady with auto, the schedule was kept (and the throughput held) for three intervals
 *     in a row before its longest; false when it gave up there, or the run ended first
 */
public record WarmupEnd(long ns, long autoMaxNs, boolean steady) {
    /** What a summary built by a test says when its case needs no warmup: a fixed one, length unknown. */
    public static final WarmupEnd UNKNOWN = new WarmupEnd(-1, 0, false);

    public boolean auto() {
        return autoMaxNs > 0;
    }

    /** auto did not see the schedule kept before its longest, and measured from there all the same. */
    public boolean gaveUp() {
        return auto() && !steady && ns >= 0;
    }

    /** The summary's line on an auto warmup; null for a fixed one, which the header states. */
    public String sentence() {
        if (!auto()) {
            return null;
        }
        if (ns < 0) {
            return "warmup: the run ended in its warmup, before the schedule was kept for 3 intervals in a row"
                    + " (--warmup auto)";
        }
        if (steady) {
            return String.format(Locale.ROOT, "warmup: %.1f s, until the schedule was kept and the throughput held for 3"
                    + " intervals in a row (--warmup auto)", ns / 1e9);
        }
        return "warmup: GAVE UP after " + Format.duration(autoMaxNs) + ": the schedule was not kept for 3 intervals in a"
                + " row by then, and the measured phase began there all the same (--warmup auto:" + Format.duration(autoMaxNs)
                + ")";
    }
}
