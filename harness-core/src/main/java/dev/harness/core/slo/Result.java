package dev.harness.core.slo;

import java.util.Locale;

import dev.harness.core.Format;
import dev.harness.core.Units;

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
 * @param windows how many whole windows there were (0 for a whole-run objective)
 * @param emptyWindows of those, how many had nothing to judge (no samples of the view): neither
 *     passed nor failed
 * @param tail the measured phase's remainder after the last whole window, not judged as a window; or null
 * @param unknown why the term is not known, when that is known ("delivery not checked (--drainers 0)"); or null
 */
public record Result(Objective objective, double measured, double limit, boolean passed, Window failedWindow,
        int failedWindows, int windows, int emptyWindows, Window tail, String unknown) {

    /** A result with every window judged and every value known, or none (as older --json files have it). */
    public Result(Objective objective, double measured, double limit, boolean passed, Window failedWindow,
            int failedWindows, int windows) {
        this(objective, measured, limit, passed, failedWindow, failedWindows, windows, 0, null, null);
    }

    /** "12.3 ms", "0", "1,136 msg/s", or why there is no value. */
    public String measuredText() {
        if (Double.isNaN(measured)) {
            if (unknown != null) {
                return unknown;
            }
            if (objective.windowNs() > 0 && windows == 0) {
                return "no whole window of " + Format.duration(objective.windowNs());
            }
            Term t = objective.term();
            return t.figure() != null ? t + " not known here"
                    : "no " + t.view() + " samples" + (objective.windowNs() > 0 ? " in any of " + windowsText(windows) : "");
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
        int judged = windows - emptyWindows;
        if (failedWindow != null) {
            b.append(" in ").append(failedWindow).append(", the first of ").append(failedWindows).append(" failing windows of ")
                    .append(windows);
        } else if (judged > 0) {
            b.append(" at worst, over ").append(emptyWindows > 0 ? judged + " of " : "").append(windowsText(windows));
        }
        if (emptyWindows > 0 && judged > 0) {
            b.append(" (").append(emptyWindows).append(" with ").append(nothingToJudge()).append(')');
        }
        if (tail != null) {
            b.append(String.format(Locale.ROOT, "; the last %.1f s, less than a window, not judged", tail.seconds()));
        }
        return b.toString();
    }

    /** What a window without a value lacked. */
    private String nothingToJudge() {
        Term t = objective.term();
        return t.view() != null && objective.reference() == null ? "no " + t.view() + " samples" : "nothing to judge";
    }

    private static String windowsText(int n) {
        return n + (n == 1 ? " window" : " windows");
    }
}
