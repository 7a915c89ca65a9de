package dev.harness.core.slo;

import dev.harness.core.report.Units;

/**
 * The verdict on one objective.
 *
 * @param objective the objective
 * @param measured the value measured (ns for a time): over the whole measured phase, or for a
 *     window the first window that failed (the worst one when none did); NaN when nothing was there
 * @param limit the limit it was held to (a multiple of another term, worked out)
 * @param passed whether it held (everywhere, for a window)
 * @param failedWindow the first window that failed, or null
 * @param failedWindows how many windows failed
 * @param windows how many windows there were (0 for a whole-run objective)
 */
public record Result(Objective objective, double measured, double limit, boolean passed, Window failedWindow,
        int failedWindows, int windows) {

    /** "12.3 ms", "0", "1,136 msg/s", or why there is no value. */
    public String measuredText() {
        if (Double.isNaN(measured)) {
            Term t = objective.term();
            return t.figure() != null ? t + " not known here" : "no " + t.view() + " samples";
        }
        return format(measured);
    }

    public String limitText() {
        return Double.isNaN(limit) ? objective.reference() + " not known here" : format(limit);
    }

    private String format(double v) {
        return switch (objective.term().dimension()) {
            case TIME -> Units.ms(v) + " ms";
            case COUNT -> Units.count(Math.round(v));
            case RATE -> Units.rate(v) + " msg/s";
        };
    }

    /** The line of the summary: "PASS  response.p99 < 50ms: 12.3 ms". */
    public String line() {
        StringBuilder b = new StringBuilder(passed ? "PASS  " : "FAIL  ").append(objective.text()).append(": ")
                .append(measuredText());
        if (objective.reference() != null) {
            b.append(" (limit ").append(limitText()).append(')');
        }
        if (failedWindow != null) {
            b.append(" in ").append(failedWindow).append(", the first of ").append(failedWindows).append(" failing windows of ")
                    .append(windows);
        } else if (windows > 0) {
            b.append(" at worst, over ").append(windows).append(windows == 1 ? " window" : " windows");
        }
        return b.toString();
    }
}
