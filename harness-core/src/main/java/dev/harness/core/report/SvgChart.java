package dev.harness.core.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

import dev.harness.core.Units;

/**
 * A small line chart as inline SVG: nothing fetched when the page is viewed. Each series is a
 * polyline whose points are also circles carrying their values, so a reader (or a test in a
 * browser) can find every data point in the DOM. Shaded spans, event lines and objective limits
 * are drawn with presentation attributes and named in a legend beside the plot, so that a print
 * or a screenshot keeps what they mean (a hover title alone would not).
 */
public final class SvgChart {
    static final String[] COLORS = {"#d62728", "#1f77b4", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#17becf", "#7f7f7f"};
    /** The percentile axis runs to 99.9999 %: log10(1 / (1 - p)) = 6. */
    public static final double MAX_NINES = 6;
    private static final int WIDTH = 1100;
    private static final int LEFT = 70;
    private static final int RIGHT = 220;
    private static final int TOP = 16;
    private static final int BOTTOM = 42;
    private static final int LEGEND_ROW = 17;

    record Tick(double at, String label) {
    }

    /** How a span or an event line is drawn: fill or stroke, dash, and opacity. */
    record Style(String color, String dash, double opacity, double width) {
        static Style fill(String color, double opacity) {
            return new Style(color, null, opacity, 0);
        }

        static Style line(String color, String dash, double width) {
            return new Style(color, dash, 1, width);
        }
    }

    /** @param notes per point, null or why the point is set apart (drawn hollow, the note on hover) */
    private record Series(String name, double[] xs, double[] ys, String color, boolean dashed, boolean points,
            String[] notes) {
        Series(String name, double[] xs, double[] ys, String color, boolean dashed, boolean points) {
            this(name, xs, ys, color, dashed, points, null);
        }
    }

    private record Band(double from, double to, String cssClass, Style style, String title) {
    }

    private record Mark(double at, String cssClass, Style style, String title, String label) {
    }

    private record Limit(double x, double y, String label, boolean met) {
    }

    private final String id;
    private final String xLabel;
    private final String yLabel;
    private int height;
    /** The legend's column beside the plot. */
    private int right = RIGHT;
    private final List<Series> series = new ArrayList<>();
    private final List<Band> bands = new ArrayList<>();
    private final List<Mark> marks = new ArrayList<>();
    private final List<Limit> limits = new ArrayList<>();
    /** A legend entry per band or mark class, its words and style, in the order first added. */
    private final Map<String, Object[]> keys = new LinkedHashMap<>();
    private List<Tick> xTicks;
    private boolean yLog;
    private double xMin = Double.MAX_VALUE;
    private double xMax = -Double.MAX_VALUE;
    private double yMax = 0;
    private double yMinPositive = Double.MAX_VALUE;

    SvgChart(String id, String xLabel, String yLabel) {
        this(id, xLabel, yLabel, 300);
    }

    SvgChart(String id, String xLabel, String yLabel, int height) {
        this.id = id;
        this.xLabel = xLabel;
        this.yLabel = yLabel;
        this.height = height;
    }

    /** A percentile spectrum: x is log10(1 / (1 - p)), labelled 0 % to 99.9999 %. */
    public static SvgChart spectrum(String id, String yLabel) {
        return new SvgChart(id, "percentile (logarithmic in 1/(1-p): each step one more nine)", yLabel, 340)
                .xTicks(List.of(new Tick(0, "0%"), new Tick(1, "90%"), new Tick(2, "99%"), new Tick(3, "99.9%"),
                        new Tick(4, "99.99%"), new Tick(5, "99.999%"), new Tick(6, "99.9999%")));
    }

    /** Where a percentile (0..100) falls on the spectrum's x axis; 100 (the max) at its right end. */
    static double nines(double percentile) {
        double p = percentile / 100;
        return p >= 1 ? MAX_NINES : Math.min(MAX_NINES, Math.log10(1 / (1 - p)));
    }

    /** A histogram's percentile curve, in ms, on a {@link #spectrum}; nothing when it is empty. */
    public SvgChart curve(String name, Histogram h) {
        if (h.getTotalCount() == 0) {
            return this;
        }
        List<Double> xs = new ArrayList<>();
        List<Double> ys = new ArrayList<>();
        for (HistogramIterationValue v : h.percentiles(5)) {
            double x = nines(v.getPercentileLevelIteratedTo());
            xs.add(x);
            ys.add(Units.toMs(v.getValueIteratedTo()));
            if (x >= MAX_NINES) {
                break;
            }
        }
        return line(name, xs.stream().mapToDouble(Double::doubleValue).toArray(),
                ys.stream().mapToDouble(Double::doubleValue).toArray());
    }

    SvgChart line(String name, double[] xs, double[] ys) {
        return add(new Series(name, xs, ys, COLORS[series.size() % COLORS.length], false, true));
    }

    SvgChart line(String name, String color, double[] xs, double[] ys) {
        return add(new Series(name, xs, ys, color, false, true));
    }

    /**
     * A series whose points each may carry a note: a point with one is drawn hollow, the note its
     * hover title, and the legend says what hollow means ({@code legend}).
     */
    SvgChart noted(String name, String color, boolean dashed, double[] xs, double[] ys, String[] notes, String legend) {
        if (java.util.Arrays.stream(notes).anyMatch(java.util.Objects::nonNull)) {
            keys.putIfAbsent("pt-noted", new Object[] {legend, null, null});
        }
        return add(new Series(name, xs, ys, color, dashed, true, notes.clone()));
    }

    public SvgChart dashed(String name, double[] xs, double[] ys) {
        return add(new Series(name, xs, ys, COLORS[series.size() % COLORS.length], true, false));
    }

    private SvgChart add(Series s) {
        series.add(s);
        for (int i = 0; i < s.xs.length; i++) {
            xMin = Math.min(xMin, s.xs[i]);
            xMax = Math.max(xMax, s.xs[i]);
            yMax = Math.max(yMax, s.ys[i]);
            if (s.ys[i] > 0) {
                yMinPositive = Math.min(yMinPositive, s.ys[i]);
            }
        }
        return this;
    }

    /** A legend column wide enough for its longest name (at most half the chart), for long series names. */
    SvgChart legendToFit() {
        int longest = series.stream().mapToInt(x -> x.name.length()).max().orElse(0);
        for (Object[] key : keys.values()) {
            longest = Math.max(longest, ((String) key[0]).length());
        }
        right = Math.max(RIGHT, Math.min(WIDTH / 2, (int) (longest * 6.2) + 48));
        return this;
    }

    /** A logarithmic y axis, for curves that differ by orders of magnitude (response against service). */
    SvgChart yLog(boolean log) {
        this.yLog = log;
        return this;
    }

    /** A shaded span; {@code legend} names its class beside the plot (the first given for a class counts). */
    SvgChart band(double from, double to, String cssClass, Style style, String title, String legend) {
        bands.add(new Band(from, to, cssClass, style, title));
        keys.putIfAbsent(cssClass, new Object[] {legend, style, true});
        xMin = Math.min(xMin, from);
        xMax = Math.max(xMax, to);
        return this;
    }

    /**
     * A vertical line at an event; {@code label}, when not null, is written at its top (for rare
     * events: the broker's), {@code legend} names its class beside the plot.
     */
    SvgChart mark(double at, String cssClass, Style style, String title, String label, String legend) {
        marks.add(new Mark(at, cssClass, style, title, label));
        keys.putIfAbsent(cssClass, new Object[] {legend, style, false});
        xMin = Math.min(xMin, at);
        xMax = Math.max(xMax, at);
        return this;
    }

    /**
     * An objective's limit: a dashed line at height {@code y} from the left edge to {@code x},
     * ending in a marker at (x, y) with the objective's words; green when it was met, red when not.
     */
    SvgChart limit(double x, double y, String label, boolean met) {
        limits.add(new Limit(x, y, label, met));
        yMax = Math.max(yMax, y);
        if (y > 0) {
            yMinPositive = Math.min(yMinPositive, y);
        }
        return this;
    }

    SvgChart xTicks(List<Tick> ticks) {
        this.xTicks = ticks;
        for (Tick t : ticks) {
            xMin = Math.min(xMin, t.at);
            xMax = Math.max(xMax, t.at);
        }
        return this;
    }

    public String render() {
        if (xMin > xMax) {
            xMin = 0;
            xMax = 1;
        }
        if (xMax == xMin) {
            xMax = xMin + 1;
        }
        // Tall enough for every legend row beside the plot.
        int rows = series.size() + keys.size() + (limits.isEmpty() ? 0 : 2);
        height = Math.max(height, TOP + 8 + rows * LEGEND_ROW + BOTTOM / 2);
        YAxis axis = yLog && yMinPositive < Double.MAX_VALUE && yMax > yMinPositive ? logAxis() : linearAxis();
        StringBuilder svg = new StringBuilder();
        svg.append(String.format(Locale.ROOT, "<svg id=\"%s\" class=\"chart\" xmlns=\"http://www.w3.org/2000/svg\" "
                + "viewBox=\"0 0 %d %d\" width=\"%d\" height=\"%d\" data-y-scale=\"%s\">%n", id, WIDTH, height, WIDTH, height,
                axis.log ? "log" : "linear"));
        for (Band b : bands) {
            svg.append(String.format(Locale.ROOT, "<rect class=\"%s\" x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"%s\""
                    + " fill-opacity=\"%.2f\"><title>%s</title></rect>%n", b.cssClass, x(b.from), TOP,
                    Math.max(1, x(b.to) - x(b.from)), plotHeight(), b.style.color, b.style.opacity, Html.escape(b.title)));
        }
        // Axes, grid and labels.
        for (Tick t : axis.ticks) {
            double y = axis.y(t.at);
            svg.append(String.format(Locale.ROOT, "<line class=\"grid\" x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#e5e5e5\"/>"
                    + "<text class=\"tick\" x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>%n",
                    LEFT, y, WIDTH - right, y, LEFT - 6, y + 4, Html.escape(t.label)));
        }
        List<Tick> ticks = xTicks != null ? xTicks : linearTicks();
        for (Tick t : ticks) {
            double x = x(t.at);
            svg.append(String.format(Locale.ROOT, "<line class=\"grid\" x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#e5e5e5\"/>"
                    + "<text class=\"tick\" x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>%n",
                    x, TOP, x, TOP + plotHeight(), x, TOP + plotHeight() + 16, Html.escape(t.label)));
        }
        svg.append(String.format(Locale.ROOT, "<text class=\"axis\" x=\"%d\" y=\"%d\" text-anchor=\"middle\">%s</text>%n",
                LEFT + plotWidth() / 2, height - 6, Html.escape(xLabel)));
        svg.append(String.format(Locale.ROOT, "<text class=\"axis\" transform=\"rotate(-90)\" x=\"%d\" y=\"16\" "
                + "text-anchor=\"middle\">%s</text>%n", -(TOP + plotHeight() / 2), Html.escape(yLabel + (axis.log
                        ? ", log scale" : ""))));
        // Labels of events close together go on rows of their own, so that none covers another.
        List<Double> rowEnds = new ArrayList<>();
        for (Mark m : marks) {
            double x = x(m.at);
            svg.append(String.format(Locale.ROOT, "<line class=\"%s\" x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"%s\""
                    + " stroke-width=\"%.1f\"%s><title>%s</title></line>%n", m.cssClass, x, TOP, x, TOP + plotHeight(),
                    m.style.color, m.style.width, dash(m.style.dash), Html.escape(m.title)));
            if (m.label != null) {
                double width = m.label.length() * 6.5 + 6;
                boolean left = x + width > WIDTH - right; // at the right edge the label goes left of its line
                double from = left ? x - width : x;
                int row = 0;
                while (row < rowEnds.size() && rowEnds.get(row) > from) {
                    row++;
                }
                if (row == rowEnds.size()) {
                    rowEnds.add(0.0);
                }
                rowEnds.set(row, from + width);
                svg.append(String.format(Locale.ROOT, "<text class=\"event-label\" x=\"%.1f\" y=\"%d\" fill=\"%s\"%s"
                        + " stroke=\"#fff\" stroke-width=\"3\" paint-order=\"stroke\">%s</text>%n", left ? x - 3 : x + 3,
                        TOP + 11 + row * 13, m.style.color, left ? " text-anchor=\"end\"" : "", Html.escape(m.label)));
            }
        }
        for (Series ser : series) {
            StringBuilder points = new StringBuilder();
            for (int i = 0; i < ser.xs.length; i++) {
                points.append(String.format(Locale.ROOT, "%.1f,%.1f ", x(ser.xs[i]), axis.y(ser.ys[i])));
            }
            svg.append(String.format(Locale.ROOT, "<polyline class=\"series\" data-series=\"%s\" data-points=\"%d\" "
                    + "fill=\"none\" stroke=\"%s\" stroke-width=\"2\"%s points=\"%s\"/>%n", Html.escape(ser.name),
                    ser.xs.length, ser.color, ser.dashed ? " stroke-dasharray=\"6 4\"" : "", points.toString().strip()));
            if (ser.points) {
                svg.append("<g class=\"points\" data-series=\"").append(Html.escape(ser.name)).append("\">");
                for (int i = 0; i < ser.xs.length; i++) {
                    String note = ser.notes == null ? null : ser.notes[i];
                    if (note != null) {
                        svg.append(String.format(Locale.ROOT, "<circle class=\"pt noted\" cx=\"%.1f\" cy=\"%.1f\" r=\"4.5\""
                                + " fill=\"#fff\" stroke=\"%s\" stroke-width=\"2\" data-x=\"%s\" data-y=\"%s\"><title>%s</title>"
                                + "</circle>", x(ser.xs[i]), axis.y(ser.ys[i]), ser.color, number(ser.xs[i]), number(ser.ys[i]),
                                Html.escape(note)));
                        continue;
                    }
                    svg.append(String.format(Locale.ROOT, "<circle class=\"pt\" cx=\"%.1f\" cy=\"%.1f\" r=\"2.5\" fill=\"%s\" "
                            + "data-x=\"%s\" data-y=\"%s\"/>", x(ser.xs[i]), axis.y(ser.ys[i]), ser.color, number(ser.xs[i]),
                            number(ser.ys[i])));
                }
                svg.append("</g>\n");
            }
        }
        List<double[]> placed = new ArrayList<>(); // labels written: left, right, baseline
        for (Limit l : limits) {
            String color = l.met ? "#2e7d32" : "#c62828";
            double x = x(l.x);
            double y = axis.y(l.y);
            // A label that would cover one already written moves up a line (down, at the top).
            double width = l.label.length() * 6.5;
            double labelY = y - 4;
            boolean moved = true;
            for (int tries = 0; moved && tries < limits.size() * 2; tries++) {
                moved = false;
                for (double[] p : placed) {
                    if (Math.abs(p[2] - labelY) < 12 && x - 8 - width < p[1] && x - 8 > p[0]) {
                        labelY = labelY - 13 < TOP + 10 ? p[2] + 13 : p[2] - 13;
                        moved = true;
                    }
                }
            }
            placed.add(new double[] {x - 8 - width, x - 8, labelY});
            svg.append(String.format(Locale.ROOT, "<g class=\"limit\" data-objective=\"%s\" data-x=\"%s\" data-y=\"%s\">"
                    + "<line x1=\"%d\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"1.5\" stroke-dasharray=\"5 3\"/>"
                    + "<path d=\"M%.1f %.1fl5 5l-5 5l-5 -5z\" fill=\"%s\"/>"
                    + "<text class=\"limit-label\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\" fill=\"%s\" stroke=\"#fff\""
                    + " stroke-width=\"3\" paint-order=\"stroke\">%s</text></g>%n",
                    Html.escape(l.label), plain(l.x), plain(l.y), LEFT, y, x, y, color, x, y - 5, color,
                    x - 8, labelY, color, Html.escape(l.label)));
        }
        legend(svg);
        svg.append("</svg>\n");
        return svg.toString();
    }

    /** The legend beside the plot: every series, then every kind of span and event line, then the limits. */
    private void legend(StringBuilder svg) {
        int row = 0;
        int x0 = WIDTH - right + 12;
        svg.append("<g class=\"legend-box\">");
        for (Series ser : series) {
            int y = TOP + 8 + row++ * LEGEND_ROW;
            svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" "
                    + "stroke-width=\"3\"%s/><text class=\"legend\" x=\"%d\" y=\"%d\">%s</text>%n", x0, y, x0 + 24, y,
                    ser.color, ser.dashed ? " stroke-dasharray=\"6 4\"" : "", x0 + 30, y + 4, Html.escape(ser.name)));
        }
        for (Object[] key : keys.values()) {
            int y = TOP + 8 + row++ * LEGEND_ROW;
            Style s = (Style) key[1];
            if (s == null) { // a hollow point
                svg.append(String.format(Locale.ROOT, "<circle cx=\"%d\" cy=\"%d\" r=\"4.5\" fill=\"#fff\" stroke=\"#555\""
                        + " stroke-width=\"2\"/>", x0 + 12, y));
            } else if ((Boolean) key[2]) {
                svg.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"24\" height=\"12\" fill=\"%s\" "
                        + "fill-opacity=\"%.2f\" stroke=\"#bbb\" stroke-width=\"0.5\"/>", x0, y - 6, s.color,
                        Math.max(s.opacity, 0.35)));
            } else {
                svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" "
                        + "stroke-width=\"%.1f\"%s/>", x0 + 12, y - 7, x0 + 12, y + 7, s.color, Math.max(2.5, s.width),
                        dash(s.dash)));
            }
            svg.append(String.format(Locale.ROOT, "<text class=\"legend\" x=\"%d\" y=\"%d\">%s</text>%n", x0 + 30, y + 4,
                    Html.escape((String) key[0])));
        }
        if (!limits.isEmpty()) {
            int y = TOP + 8 + row++ * LEGEND_ROW;
            svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#555\" "
                    + "stroke-width=\"1.5\" stroke-dasharray=\"5 3\"/><path d=\"M%d %dl5 5l-5 5l-5 -5z\" fill=\"#555\"/>"
                    + "<text class=\"legend\" x=\"%d\" y=\"%d\">objective's limit</text>%n", x0, y, x0 + 18, y, x0 + 18,
                    y - 5, x0 + 30, y + 4));
            svg.append(String.format(Locale.ROOT, "<text class=\"legend\" x=\"%d\" y=\"%d\">"
                    + "<tspan fill=\"#2e7d32\">green met</tspan>, <tspan fill=\"#c62828\">red not</tspan></text>%n",
                    x0 + 30, TOP + 8 + row++ * LEGEND_ROW + 4));
        }
        svg.append("</g>\n");
    }

    private static String dash(String dash) {
        return dash == null ? "" : " stroke-dasharray=\"" + dash + "\"";
    }

    /** The y axis: where a value is drawn, and its ticks. */
    private final class YAxis {
        final boolean log;
        final double lo;
        final double hi;
        final List<Tick> ticks = new ArrayList<>();

        YAxis(boolean log, double lo, double hi) {
            this.log = log;
            this.lo = lo;
            this.hi = hi;
        }

        double y(double v) {
            double bottom = TOP + plotHeight();
            if (log) {
                double f = v <= lo ? 0 : (Math.log10(v) - Math.log10(lo)) / (Math.log10(hi) - Math.log10(lo));
                return bottom - Math.min(1, f) * plotHeight();
            }
            return bottom - (hi <= 0 ? 0 : v / hi * plotHeight());
        }
    }

    /** From 0 to the first step of 1, 2, 2.5 or 5 times a power of ten at or above the largest value, in 3 to 5 steps. */
    private YAxis linearAxis() {
        double step = niceStep(yMax / 4);
        double top = Math.max(step, Math.ceil(yMax / step - 1e-9) * step);
        YAxis a = new YAxis(false, 0, top);
        for (int i = 0; i * step <= top * 1.0001; i++) {
            a.ticks.add(new Tick(i * step, tick(i * step)));
        }
        return a;
    }

    /** 1, 2, 2.5 or 5 times a power of ten, at or above {@code v}. */
    static double niceStep(double v) {
        if (v <= 0) {
            return 1;
        }
        double p = Math.pow(10, Math.floor(Math.log10(v)));
        for (double m : new double[] {1, 2, 2.5, 5, 10}) {
            if (m * p >= v * 0.9999) {
                return m * p;
            }
        }
        return 10 * p;
    }

    /** Decades from below the smallest value to above the largest, with 2 and 5 between when there are few. */
    private YAxis logAxis() {
        double lo = Math.pow(10, Math.floor(Math.log10(yMinPositive)));
        double hi = Math.pow(10, Math.ceil(Math.log10(yMax)));
        if (hi <= lo) {
            hi = lo * 10;
        }
        YAxis a = new YAxis(true, lo, hi);
        boolean few = Math.log10(hi / lo) <= 3;
        for (double d = lo; d <= hi * 1.0001; d *= 10) {
            a.ticks.add(new Tick(d, tick(d)));
            if (few && d * 10 <= hi * 1.0001) {
                a.ticks.add(new Tick(2 * d, tick(2 * d)));
                a.ticks.add(new Tick(5 * d, tick(5 * d)));
            }
        }
        return a;
    }

    private List<Tick> linearTicks() {
        List<Tick> ticks = new ArrayList<>();
        double step = niceCeiling((xMax - xMin) / 8);
        for (double t = Math.ceil(xMin / step) * step; t <= xMax + 1e-9; t += step) {
            ticks.add(new Tick(t, tick(t)));
        }
        return ticks;
    }

    private double x(double v) {
        return LEFT + (v - xMin) / (xMax - xMin) * plotWidth();
    }

    private int plotWidth() {
        return WIDTH - LEFT - right;
    }

    private int plotHeight() {
        return height - TOP - BOTTOM;
    }

    /** 1, 2 or 5 times a power of ten, at or above {@code v}. */
    static double niceCeiling(double v) {
        if (v <= 0) {
            return 1;
        }
        double p = Math.pow(10, Math.floor(Math.log10(v)));
        for (double m : new double[] {1, 2, 5, 10}) {
            if (m * p >= v) {
                return m * p;
            }
        }
        return 10 * p;
    }

    /** An axis label: "0.002", "2,500", "1.5". */
    static String tick(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? String.format(Locale.ROOT, "%,d", (long) v) : plain(v);
    }

    /** Four significant digits and no more: log10(1 / (1 - 0.99)) is 2, not 2.0000000000000004. */
    static String plain(double v) {
        return new java.math.BigDecimal(String.format(Locale.ROOT, "%.4g", v)).stripTrailingZeros().toPlainString();
    }

    private static String number(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : String.format(Locale.ROOT, "%.4g", v);
    }
}
