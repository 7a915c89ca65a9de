package dev.harness.core.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

import dev.harness.core.measure.Histograms;
import dev.harness.core.measure.View;
import dev.harness.core.run.ClosedLoop;

/**
 * Two configurations run in alternating rounds, side by side: each figure's median over the
 * rounds, the ratio B/A, the spread over rounds, and whether the difference is larger than the
 * spread (the two sides' ranges do not overlap).
 */
public final class AbReport {
    /** One round of one side: its throughput and its measured {@code response} distribution. */
    public record Round(double achievedRate, Histogram response) {
    }

    /**
     * One configuration: a label, its options, and its rounds in the order they ran.
     *
     * @param closedLoop unthrottled ({@code --rate max}): no schedule, its latencies are closed-loop
     */
    public record Side(String label, String options, List<Round> rounds, boolean closedLoop) {
        public Side(String label, String options, List<Round> rounds) {
            this(label, options, rounds, false);
        }

        Histogram allResponses() {
            Histogram all = Histograms.create();
            rounds.forEach(r -> all.add(r.response()));
            return all;
        }
    }

    /** A compared figure: each side's values over the rounds. */
    public record Row(String name, double[] a, double[] b, boolean latency) {
        public double medianA() {
            return median(a);
        }

        public double medianB() {
            return median(b);
        }

        public double ratio() {
            return medianA() == 0 ? Double.NaN : medianB() / medianA();
        }

        /** Larger than the spread over rounds: the two sides' ranges do not overlap. */
        public boolean differs() {
            return min(b) > max(a) || max(b) < min(a);
        }
    }

    private final Side a;
    private final Side b;

    public AbReport(Side a, Side b) {
        this.a = a;
        this.b = b;
    }

    public List<Row> rows() {
        List<Row> rows = new ArrayList<>();
        rows.add(new Row("throughput msg/s", a.rounds().stream().mapToDouble(Round::achievedRate).toArray(),
                b.rounds().stream().mapToDouble(Round::achievedRate).toArray(), false));
        for (double p : new double[] {50, 90, 99, 99.9, 100}) {
            // Unthrottled, response is measured from the actual send: the figure says so in its name.
            String name = (closedLoop() ? ClosedLoop.LABEL : "response") + " " + (p == 100 ? "max" : Percentiles.label(p))
                    + " ms";
            rows.add(new Row(name, latencies(a, p), latencies(b, p), true));
        }
        return rows;
    }

    private static double[] latencies(Side side, double percentile) {
        return side.rounds().stream().mapToDouble(r -> Units.toMs(Percentiles.at(r.response(), percentile))).toArray();
    }

    /** Either side unthrottled: its latencies are not measured from a schedule. */
    boolean closedLoop() {
        return a.closedLoop() || b.closedLoop();
    }

    /**
     * The line ab prints after each round: "round 2, B (--syncpoint 0): 1,136 msg/s, response p99
     * 6,430 ms", figures as every table of the harness writes them ({@link Units}).
     */
    public static String roundLine(int round, String side, String options, Round r, boolean closedLoop) {
        return String.format(Locale.ROOT, "round %d, %s (%s): %s msg/s, %s p99 %s ms", round, side, options,
                Units.rate(r.achievedRate()), closedLoop ? ClosedLoop.LABEL : View.RESPONSE.tag(),
                Units.ms(r.response().getValueAtPercentile(99)));
    }

    /** The side-by-side table, as printed. */
    public String table() {
        StringBuilder t = new StringBuilder();
        int n = a.rounds().size();
        t.append(String.format(Locale.ROOT, "A: %s%nB: %s%n%s%n", a.options(), b.options(),
                n == 1 ? "1 round each, A then B" : n + " rounds each, alternating A B A B ..."));
        if (closedLoop()) {
            t.append(String.format(Locale.ROOT, "%s%s: %s.%n", a.closedLoop() ? "A" : "", a.closedLoop() && b.closedLoop()
                    ? " and B" : b.closedLoop() ? "B" : "", ClosedLoop.NOTE));
        }
        t.append(String.format(Locale.ROOT, "%n"));
        t.append(String.format(Locale.ROOT, "%-20s %12s %12s %8s %23s %23s  %s%n", "", "A (median)", "B (median)", "B/A",
                "A over rounds", "B over rounds", "larger than the spread?"));
        for (Row r : rows()) {
            t.append(String.format(Locale.ROOT, "%-20s %12s %12s %8s %23s %23s  %s%n", r.name(), fmt(r.medianA()),
                    fmt(r.medianB()), Double.isNaN(r.ratio()) ? "-" : String.format(Locale.ROOT, "%.2f", r.ratio()),
                    fmt(min(r.a())) + " .. " + fmt(max(r.a())), fmt(min(r.b())) + " .. " + fmt(max(r.b())),
                    r.a().length < 2 || r.b().length < 2 ? "- (one round: no spread)" : r.differs() ? "yes" : "no"));
        }
        return t.toString();
    }

    /** One HTML page: both sides' response percentile curves on one chart, and the table. */
    public void writeHtml(Path file) throws IOException {
        SvgChart chart = new SvgChart("ab-percentiles", "percentile", "response (ms)")
                .xTicks(List.of(new SvgChart.Tick(0, "0%"), new SvgChart.Tick(1, "90%"), new SvgChart.Tick(2, "99%"),
                        new SvgChart.Tick(3, "99.9%"), new SvgChart.Tick(4, "99.99%"), new SvgChart.Tick(5, "99.999%"),
                        new SvgChart.Tick(6, "99.9999%")));
        for (Side side : List.of(a, b)) {
            Histogram h = side.allResponses();
            if (h.getTotalCount() == 0) {
                continue;
            }
            List<double[]> points = new ArrayList<>();
            for (HistogramIterationValue v : h.percentiles(5)) {
                double p = v.getPercentileLevelIteratedTo() / 100.0;
                double nines = p >= 1 ? 6 : Math.min(6, Math.log10(1 / (1 - p)));
                points.add(new double[] {nines, Units.toMs(v.getValueIteratedTo())});
                if (nines >= 6) {
                    break;
                }
            }
            chart.line(side.label(), points.stream().mapToDouble(x -> x[0]).toArray(),
                    points.stream().mapToDouble(x -> x[1]).toArray());
        }
        StringBuilder html = new StringBuilder("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
                + "<title>harness ab</title><style>body{font-family:system-ui,sans-serif;margin:24px;max-width:1000px}"
                + "pre{font-size:12px}.chart .grid{stroke:#e5e5e5}.chart .tick,.chart .legend{font-size:11px;fill:#444}"
                + "</style></head><body>\n<h1>A/B: ").append(Html.escape(a.options())).append(" against ")
                .append(Html.escape(b.options())).append("</h1>\n<p>The " + View.RESPONSE.tag() + " distribution of all"
                        + " rounds of each side, " + (closedLoop() ? "closed-loop (" + Html.escape(ClosedLoop.NOTE) + ")"
                                : "measured from the intended send time") + ".</p>\n")
                .append(chart.render()).append("<h2>Side by side</h2>\n<p>Medians over the rounds, the ratio B/A, the"
                        + " spread over rounds, and whether the difference is larger than that spread.</p>\n<pre id=\"ab-table\">")
                .append(Html.escape(table())).append("</pre>\n</body></html>\n");
        Files.writeString(file, html.toString(), StandardCharsets.UTF_8);
    }

    private static String fmt(double v) {
        return Math.abs(v) >= 100 ? String.format(Locale.ROOT, "%,.0f", v) : String.format(Locale.ROOT, "%.3g", v);
    }

    static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s.length == 0 ? Double.NaN : s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }

    private static double min(double[] v) {
        return Arrays.stream(v).min().orElse(Double.NaN);
    }

    private static double max(double[] v) {
        return Arrays.stream(v).max().orElse(Double.NaN);
    }
}
