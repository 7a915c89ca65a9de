package dev.harness.core.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A small line chart as inline SVG: nothing fetched when the page is viewed. Each series is a
 * polyline whose points are also circles carrying their values, so a reader (or a test in a
 * browser) can find every data point in the DOM.
 */
final class SvgChart {
    static final String[] COLORS = {"#d62728", "#1f77b4", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#17becf", "#7f7f7f"};
    private static final int WIDTH = 960;
    private static final int HEIGHT = 340;
    private static final int LEFT = 70;
    private static final int RIGHT = 170;
    private static final int TOP = 20;
    private static final int BOTTOM = 45;

    record Tick(double at, String label) {
    }

    private record Series(String name, double[] xs, double[] ys, boolean dashed, boolean points) {
    }

    private record Band(double from, double to, String cssClass, String title) {
    }

    private record Mark(double at, String title) {
    }

    private final String id;
    private final String xLabel;
    private final String yLabel;
    private final List<Series> series = new ArrayList<>();
    private final List<Band> bands = new ArrayList<>();
    private final List<Mark> marks = new ArrayList<>();
    private List<Tick> xTicks;
    private double xMin = Double.MAX_VALUE;
    private double xMax = -Double.MAX_VALUE;
    private double yMax = 0;

    SvgChart(String id, String xLabel, String yLabel) {
        this.id = id;
        this.xLabel = xLabel;
        this.yLabel = yLabel;
    }

    SvgChart line(String name, double[] xs, double[] ys) {
        return add(new Series(name, xs, ys, false, true));
    }

    SvgChart dashed(String name, double[] xs, double[] ys) {
        return add(new Series(name, xs, ys, true, false));
    }

    private SvgChart add(Series s) {
        series.add(s);
        for (int i = 0; i < s.xs.length; i++) {
            xMin = Math.min(xMin, s.xs[i]);
            xMax = Math.max(xMax, s.xs[i]);
            yMax = Math.max(yMax, s.ys[i]);
        }
        return this;
    }

    SvgChart band(double from, double to, String cssClass, String title) {
        bands.add(new Band(from, to, cssClass, title));
        xMin = Math.min(xMin, from);
        xMax = Math.max(xMax, to);
        return this;
    }

    SvgChart mark(double at, String title) {
        marks.add(new Mark(at, title));
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

    String render() {
        if (xMin > xMax) {
            xMin = 0;
            xMax = 1;
        }
        if (xMax == xMin) {
            xMax = xMin + 1;
        }
        double top = niceCeiling(yMax);
        StringBuilder svg = new StringBuilder();
        svg.append(String.format(Locale.ROOT, "<svg id=\"%s\" class=\"chart\" xmlns=\"http://www.w3.org/2000/svg\" "
                + "viewBox=\"0 0 %d %d\" width=\"%d\" height=\"%d\">%n", id, WIDTH, HEIGHT, WIDTH, HEIGHT));
        for (Band b : bands) {
            svg.append(String.format(Locale.ROOT, "<rect class=\"%s\" x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\"><title>%s"
                    + "</title></rect>%n", b.cssClass, x(b.from), TOP, Math.max(0, x(b.to) - x(b.from)), plotHeight(),
                    Html.escape(b.title)));
        }
        // Axes, grid and labels.
        for (int i = 0; i <= 4; i++) {
            double v = top * i / 4;
            double y = y(v, top);
            svg.append(String.format(Locale.ROOT, "<line class=\"grid\" x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\"/>"
                    + "<text class=\"tick\" x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>%n",
                    LEFT, y, WIDTH - RIGHT, y, LEFT - 6, y + 4, Html.escape(number(v))));
        }
        List<Tick> ticks = xTicks != null ? xTicks : linearTicks();
        for (Tick t : ticks) {
            double x = x(t.at);
            svg.append(String.format(Locale.ROOT, "<line class=\"grid\" x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\"/>"
                    + "<text class=\"tick\" x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>%n",
                    x, TOP, x, TOP + plotHeight(), x, TOP + plotHeight() + 16, Html.escape(t.label)));
        }
        svg.append(String.format(Locale.ROOT, "<text class=\"axis\" x=\"%d\" y=\"%d\" text-anchor=\"middle\">%s</text>%n",
                LEFT + plotWidth() / 2, HEIGHT - 6, Html.escape(xLabel)));
        svg.append(String.format(Locale.ROOT, "<text class=\"axis\" transform=\"rotate(-90)\" x=\"%d\" y=\"16\" "
                + "text-anchor=\"middle\">%s</text>%n", -(TOP + plotHeight() / 2), Html.escape(yLabel)));
        for (Mark m : marks) {
            double x = x(m.at);
            svg.append(String.format(Locale.ROOT, "<line class=\"gc\" x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\"><title>%s"
                    + "</title></line>%n", x, TOP, x, TOP + plotHeight(), Html.escape(m.title)));
        }
        for (int s = 0; s < series.size(); s++) {
            Series ser = series.get(s);
            String color = COLORS[s % COLORS.length];
            StringBuilder points = new StringBuilder();
            for (int i = 0; i < ser.xs.length; i++) {
                points.append(String.format(Locale.ROOT, "%.1f,%.1f ", x(ser.xs[i]), y(ser.ys[i], top)));
            }
            svg.append(String.format(Locale.ROOT, "<polyline class=\"series\" data-series=\"%s\" data-points=\"%d\" "
                    + "fill=\"none\" stroke=\"%s\" stroke-width=\"2\"%s points=\"%s\"/>%n", Html.escape(ser.name),
                    ser.xs.length, color, ser.dashed ? " stroke-dasharray=\"6 4\"" : "", points.toString().strip()));
            if (ser.points) {
                svg.append("<g class=\"points\" data-series=\"").append(Html.escape(ser.name)).append("\">");
                for (int i = 0; i < ser.xs.length; i++) {
                    svg.append(String.format(Locale.ROOT, "<circle class=\"pt\" cx=\"%.1f\" cy=\"%.1f\" r=\"2.5\" fill=\"%s\" "
                            + "data-x=\"%s\" data-y=\"%s\"/>", x(ser.xs[i]), y(ser.ys[i], top), color, number(ser.xs[i]),
                            number(ser.ys[i])));
                }
                svg.append("</g>\n");
            }
            int ly = TOP + 14 + s * 18;
            svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" "
                    + "stroke-width=\"3\"%s/><text class=\"legend\" x=\"%d\" y=\"%d\">%s</text>%n", WIDTH - RIGHT + 10, ly,
                    WIDTH - RIGHT + 34, ly, color, ser.dashed ? " stroke-dasharray=\"6 4\"" : "", WIDTH - RIGHT + 40, ly + 4,
                    Html.escape(ser.name)));
        }
        svg.append("</svg>\n");
        return svg.toString();
    }

    private List<Tick> linearTicks() {
        List<Tick> ticks = new ArrayList<>();
        double step = niceCeiling((xMax - xMin) / 8);
        for (double t = Math.ceil(xMin / step) * step; t <= xMax + 1e-9; t += step) {
            ticks.add(new Tick(t, number(t)));
        }
        return ticks;
    }

    private double x(double v) {
        return LEFT + (v - xMin) / (xMax - xMin) * plotWidth();
    }

    private double y(double v, double top) {
        return TOP + plotHeight() - (top <= 0 ? 0 : v / top * plotHeight());
    }

    private static int plotWidth() {
        return WIDTH - LEFT - RIGHT;
    }

    private static int plotHeight() {
        return HEIGHT - TOP - BOTTOM;
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

    private static String number(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : String.format(Locale.ROOT, "%.4g", v);
    }
}
