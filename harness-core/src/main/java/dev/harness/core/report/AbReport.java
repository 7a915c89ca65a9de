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

import dev.harness.core.Units;
import dev.harness.core.findings.Reading;
import dev.harness.core.findings.Validity;
import dev.harness.core.measure.Histograms;
import dev.harness.core.measure.Percentiles;
import dev.harness.core.measure.View;
import dev.harness.core.run.ClosedLoop;
import dev.harness.core.run.RunSummary;

/**
 * Two configurations run in alternating rounds, side by side: each figure's median over the
 * rounds, the ratio B/A, the spread over rounds, and whether the difference is larger than the
 * spread (the two sides' ranges do not overlap).
 */
public final class AbReport {
    /**
     * One round of one side: its throughput against its target, its measured {@code response}
     * distribution, and whether it was a valid test.
     *
     * @param targetRate what the round's schedule asked; 0 when unthrottled
     */
    public record Round(double achievedRate, Histogram response, double targetRate, Validity validity) {
        public Round(double achievedRate, Histogram response) {
            this(achievedRate, response, 0, Validity.VALID);
        }

        /** A run's figures as a round: its measured response (as its hlog would sum it), its rates and validity. */
        public static Round of(RunSummary run) {
            return new Round(run.throughput().achievedRate(), Histograms.copyOf(run.views().measured().get(View.RESPONSE)),
                    run.throughput().targetRate(), Reading.of(run).validity());
        }
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

        /** Every round's reasons, each named by its round; valid when every round was. */
        public Validity validity() {
            Validity v = Validity.VALID;
            for (int i = 0; i < rounds.size(); i++) {
                v = v.plus(rounds.get(i).validity(), "side " + label + ", round " + (i + 1) + ": ");
            }
            return v;
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

    public Side a() {
        return a;
    }

    public Side b() {
        return b;
    }

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

    /** "target 2,000 msg/s, achieved 1,189 and 1,201 msg/s; NOT VALID in 2 of 2 rounds (rate-below-target)". */
    private static String sideLine(Side side) {
        List<String> achieved = side.rounds().stream().map(r -> Units.rate(r.achievedRate())).toList();
        double target = side.rounds().isEmpty() ? 0 : side.rounds().get(0).targetRate();
        long invalid = side.rounds().stream().filter(r -> !r.validity().valid()).count();
        java.util.Set<String> codes = new java.util.LinkedHashSet<>();
        side.rounds().forEach(r -> r.validity().reasons().forEach(x -> codes.add(x.code())));
        return String.format(Locale.ROOT, "target %s, achieved %s msg/s by round; %s", target == 0 ? "max (unthrottled)"
                : Units.rate(target) + " msg/s", String.join(", ", achieved), invalid == 0 ? "VALID"
                        : "NOT VALID in " + invalid + " of " + side.rounds().size() + " rounds (" + String.join(", ", codes) + ")");
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
        return String.format(Locale.ROOT, "round %d, %s (%s): %s %s msg/s, %s p99 %s ms; %s", round, side, options,
                Units.rate(r.achievedRate()), closedLoop ? "(unthrottled)" : "of " + Units.rate(r.targetRate()),
                closedLoop ? ClosedLoop.LABEL : View.RESPONSE.tag(), Units.ms(r.response().getValueAtPercentile(99)),
                r.validity().valid() ? "VALID" : "NOT VALID (" + r.validity().codes() + ")");
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
        for (Side side : List.of(a, b)) {
            t.append(String.format(Locale.ROOT, "%s: %s%n", side.label(), sideLine(side)));
        }
        boolean invalid = !a.validity().valid() || !b.validity().valid();
        if (invalid) {
            t.append(String.format(Locale.ROOT, "NOT VALID: %s; its ratios (marked !) compare runs that did not test what"
                    + " they asked%n", !a.validity().valid() && !b.validity().valid() ? "neither side was a valid test"
                            : (a.validity().valid() ? "side B" : "side A") + " was not a valid test"));
        }
        t.append(String.format(Locale.ROOT, "%n"));
        t.append(String.format(Locale.ROOT, "%-20s %12s %12s %8s %23s %23s  %s%n", "", "A (median)", "B (median)", "B/A",
                "A over rounds", "B over rounds", "larger than the spread?"));
        for (Row r : rows()) {
            t.append(String.format(Locale.ROOT, "%-20s %12s %12s %8s %23s %23s  %s%n", r.name(), fmt(r.medianA()),
                    fmt(r.medianB()), Double.isNaN(r.ratio()) ? "-"
                            : String.format(Locale.ROOT, "%.2f", r.ratio()) + (invalid ? "!" : ""),
                    fmt(min(r.a())) + " .. " + fmt(max(r.a())), fmt(min(r.b())) + " .. " + fmt(max(r.b())),
                    r.a().length < 2 || r.b().length < 2 ? "- (one round: no spread)" : r.differs() ? "yes" : "no"));
        }
        return t.toString();
    }

    /** One HTML page: both sides' response percentile curves on one chart, and the table. */
    public void writeHtml(Path file) throws IOException {
        SvgChart chart = SvgChart.spectrum("ab-percentiles", "response (ms)");
        for (Side side : List.of(a, b)) {
            chart.curve(side.label(), side.allResponses());
        }
        StringBuilder html = new StringBuilder("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
                + "<title>harness ab</title><style>body{font-family:system-ui,sans-serif;margin:24px;max-width:1000px}"
                + "pre{font-size:12px}svg.chart{width:100%;height:auto}.chart .tick,.chart .legend{font-size:11px;fill:#444}"
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
