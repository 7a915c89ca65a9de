package dev.harness.core.slo;

import java.util.Arrays;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.harness.core.measure.View;

/**
 * What an objective reads: a view's statistic ({@code response.p99}, {@code service.max},
 * {@code commit.count}) or a figure of the run ({@code rate}, {@code lost}, {@code outage}),
 * optionally of one side of harness ab ({@code B.response.p99}).
 *
 * @param side A or B for harness ab, null otherwise
 * @param view the view's tag when the term is a view's statistic, else null
 * @param statistic count, mean, max or pN (N a percentile, 99.9); null for a figure
 * @param figure the run figure, when the term is not a view's
 */
public record Term(Side side, String view, String statistic, Figure figure) {
    /** What a value is measured in. */
    public enum Dimension {
        TIME, COUNT, RATE
    }

    /** The sides of harness ab. */
    public enum Side {
        A, B
    }

    /** Figures of a whole run beside the views. */
    public enum Figure {
        RATE("rate", Dimension.RATE, true),
        TARGET("target", Dimension.RATE, true),
        UNSENT("unsent", Dimension.COUNT, false),
        // Per window there is no ledger (it is settled at the run's end): lost.count, the view of
        // requests given up, is what a window knows.
        LOST("lost", Dimension.COUNT, false),
        LATE("late", Dimension.COUNT, false),
        DUPLICATES("duplicates", Dimension.COUNT, false),
        IN_DOUBT("in-doubt", Dimension.COUNT, false),
        OUTAGE("outage", Dimension.TIME, false);

        final String name;
        final Dimension dimension;
        /** Whether a window of the run has it (the others are counted over the whole run only). */
        final boolean perWindow;

        Figure(String name, Dimension dimension, boolean perWindow) {
            this.name = name;
            this.dimension = dimension;
            this.perWindow = perWindow;
        }

        static Figure named(String name) {
            return Arrays.stream(values()).filter(f -> f.name.equals(name)).findFirst().orElse(null);
        }

        @Override
        public String toString() {
            return name;
        }
    }

    private static final Pattern PERCENTILE = Pattern.compile("p(\\d{1,2}(\\.\\d+)?|100)");

    /** Parses "response.p99", "B.rate", "in-doubt"; the message of the exception says what is wrong. */
    static Term parse(String text) {
        String t = text.strip();
        Side side = null;
        if (t.length() > 2 && (t.startsWith("A.") || t.startsWith("B."))) {
            side = Side.valueOf(t.substring(0, 1));
            t = t.substring(2);
        }
        int dot = t.indexOf('.');
        if (dot < 0) {
            Figure f = Figure.named(t.toLowerCase(Locale.ROOT));
            if (f == null) {
                throw new IllegalArgumentException("unknown term '" + text.strip() + "': expected a view's statistic"
                        + " (response.p99, service.max, commit.count ...) or one of " + figureNames());
            }
            return new Term(side, null, null, f);
        }
        String view = t.substring(0, dot);
        String statistic = t.substring(dot + 1).toLowerCase(Locale.ROOT);
        if (Arrays.stream(View.values()).noneMatch(v -> v.tag().equals(view))) {
            throw new IllegalArgumentException("unknown view '" + view + "': expected one of " + viewNames());
        }
        Matcher p = PERCENTILE.matcher(statistic);
        if (!statistic.equals("count") && !statistic.equals("mean") && !statistic.equals("max")
                && !(p.matches() && Double.parseDouble(p.group(1)) <= 100)) {
            throw new IllegalArgumentException("unknown statistic '" + statistic + "' of " + view
                    + ": expected count, mean, max or pN (p50, p99, p99.9, p99.99)");
        }
        return new Term(side, view, statistic, null);
    }

    public Dimension dimension() {
        if (figure != null) {
            return figure.dimension;
        }
        return statistic.equals("count") ? Dimension.COUNT : Dimension.TIME;
    }

    /** Whether a window of the run can be asked for it. */
    boolean perWindow() {
        return figure == null || figure.perWindow;
    }

    /** The percentile of a pN statistic; NaN otherwise. */
    public double percentile() {
        return statistic != null && statistic.startsWith("p") ? Double.parseDouble(statistic.substring(1)) : Double.NaN;
    }

    @Override
    public String toString() {
        return (side == null ? "" : side + ".") + (figure != null ? figure.toString() : view + "." + statistic);
    }

    private static String viewNames() {
        return String.join(", ", Arrays.stream(View.values()).map(View::tag).toList());
    }

    private static String figureNames() {
        return String.join(", ", Arrays.stream(Figure.values()).map(Figure::toString).toList());
    }
}
