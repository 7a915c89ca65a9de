package dev.harness.core.verify;

import java.util.Locale;

import dev.harness.core.Units;

/**
 * One figure of a scenario held against its truth. The truth is worked out for the stops'
 * measured lengths; {@code least} and {@code most} for the shortest and the longest they can have
 * been (each stop's uncertainty, and what the figure cannot resolve: one interval of the schedule,
 * the pause detector's resolution, the JVM's whole milliseconds). A figure passes when it is never
 * under the least and at most 5 % over the most; a figure judged {@code atLeast} only has to reach
 * the least, for whatever else the system did adds to it.
 *
 * @param figure "p99", "p99.9", "max", "pause-corrected added", "GC pauses", "GC pause time", "longest GC pause"
 * @param unit what the numbers are
 * @param truth the truth for the stops' measured lengths
 * @param least the least the truth can be
 * @param most the most the truth can be
 * @param measured the figure as the judged view shows it
 * @param view the judged view: "response", "fanout", "pause-corrected", "gc-pauses"
 * @param service the same figure of the service view, beside it; NaN when it has none
 * @param atLeast judged against the least only
 */
public record Row(String figure, Unit unit, double truth, double least, double most, double measured, String view,
        double service, boolean atLeast) {
    /** How far over the most a figure may be. */
    public static final double TOLERANCE = 0.05;

    public enum Unit {
        /** Nanoseconds, shown in ms. */
        NS,
        /** A count. */
        COUNT
    }

    public boolean passed() {
        return measured >= least && (atLeast || measured <= most * (1 + TOLERANCE));
    }

    /** Why it failed, in words with the numbers; null when it passed. */
    public String why() {
        if (measured < least) {
            return String.format(Locale.ROOT, "%s %s is under the least the truth can be, %s: the view hides part of the stops",
                    view, format(measured), format(least));
        }
        if (!passed()) {
            return String.format(Locale.ROOT, "%s %s is more than %.0f %% over the most the truth can be, %s", view,
                    format(measured), TOLERANCE * 100, format(most));
        }
        return null;
    }

    /** "1,902.1 ms" or "2,011". */
    public String format(double value) {
        if (Double.isNaN(value)) {
            return "-";
        }
        return unit == Unit.NS ? Units.ms(value) + " ms" : Units.count(Math.round(value));
    }

    /** The figure's label with its unit: "p99 (ms)", "GC pauses". */
    public String label() {
        return unit == Unit.NS ? figure + " (ms)" : figure;
    }

    /**
     * The truth for a table column: "1,921..1,951", from the least to the most it can be, or one
     * number when they round alike.
     */
    public String truthCell() {
        String least = cell(this.least);
        String most = cell(this.most);
        return least.equals(most) ? least : least + ".." + most;
    }

    /** A number for a table column: ms with the harness's digits, or a count. */
    public String cell(double value) {
        if (Double.isNaN(value)) {
            return "-";
        }
        return unit == Unit.NS ? Units.ms(value) : Units.count(Math.round(value));
    }
}
