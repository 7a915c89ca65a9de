package dev.harness.core.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.ToLongFunction;

import dev.harness.core.Units;
import dev.harness.core.study.Knee;
import dev.harness.core.study.SweepResult;
import dev.harness.core.study.SweepStep;

/**
 * A sweep as people read it: a line per step as it ends, the table of every step with the knee
 * named, and an HTML page whose chart draws {@code response} p50, p99 and p99.9 and {@code service}
 * p99 against the achieved rate (one sweep, or two compared on one chart).
 */
public final class SweepReport {
    static final String NOT_VALID_LEGEND = "hollow: step NOT VALID (hover: why)";
    private static final String[][] COLORS = {{"#2ca02c", "#d62728", "#7b1fa2", "#1f77b4"},
        {"#98df8a", "#ff9896", "#c5b0d5", "#aec7e8"}};

    private SweepReport() {
    }

    /**
     * A step's line as it ends: "step 3 of 5: target 1,000 msg/s  achieved 998  VALID  response p99 ...".
     *
     * @param target the step's target in words ({@link SweepResult#targetText})
     */
    public static String stepLine(int index, int of, SweepStep s, String target) {
        return String.format(Locale.ROOT, "step %d of %d: target %s  achieved %s  %s  response p50 %s p99 %s ms"
                + "  service p99 %s ms%s", index + 1, of, target, Units.rate(s.achieved()),
                s.valid() ? "VALID" : "NOT VALID", ms(s.response(), s.response().p50()), ms(s.response(), s.response().p99()),
                ms(s.service(), s.service().p99()),
                s.valid() ? "" : "  (" + s.codes() + ")");
    }

    /** The table of every step, the knee and its rule, and why each step that was NOT VALID was not. */
    public static String table(SweepResult r) {
        StringBuilder t = new StringBuilder();
        t.append(String.format(Locale.ROOT, "%nsweep: %s%n", r.options().isEmpty() ? "(run's defaults)" : r.options()));
        t.append(String.format(Locale.ROOT, "target: %s%n", r.target()));
        if (r.capacity() != null) {
            t.append(String.format(Locale.ROOT, "capacity (unthrottled trial, --to max): %s %s%n", Units.rate(r.capacity().achieved()),
                    r.unit()));
        }
        boolean byRequesters = SweepResult.BY_REQUESTERS.equals(r.sweptBy());
        t.append(String.format(Locale.ROOT, "%n%13s %13s  %-9s %34s %12s %12s %8s  %s%n", byRequesters ? "requesters" : "target",
                "achieved", "validity", "response ms p50/p99/p99.9/max", "service p99", "send-lag p99", "CPU ms",
                "host's longest queue"));
        t.append(String.format(Locale.ROOT, "%13s %13s  %-9s %34s %12s %12s %8s%n", byRequesters ? "" : r.unit(), r.unit(), "",
                "", "ms", "ms", "per " + (r.unit().startsWith("round trip") ? "trip" : "msg")));
        SweepStep knee = r.knee();
        List<String> whys = new ArrayList<>();
        for (SweepStep s : r.steps()) {
            String validity = s.valid() ? "VALID" : "NOT VALID";
            if (!s.valid()) {
                whys.add(String.format(Locale.ROOT, "  %s: %s", r.targetOf(s), s.why()));
            }
            t.append(String.format(Locale.ROOT, "%13s %13s  %-9s %34s %12s %12s %8s  %s%s%n", byRequesters
                    ? Units.count(Math.round(s.target())) : Units.rate(s.target()),
                    Units.rate(s.achieved()), validity, String.join(" / ", ms(s.response(), s.response().p50()),
                            ms(s.response(), s.response().p99()), ms(s.response(), s.response().p999()),
                            ms(s.response(), s.response().max())), ms(s.service(), s.service().p99()),
                    ms(s.response(), s.sendLagP99Ns()), s.cpuMsPerMessage() < 0 ? "-" : String.format(Locale.ROOT, "%.3f", s.cpuMsPerMessage()),
                    s.hostQueue() == null ? "-" : s.hostQueue(), (s == knee ? "   <- knee" : "")
                            + (s.broke(r.maxP99Ns()) ? "   over --max-p99" : "")));
        }
        String per = r.unit().startsWith("round trip") ? "round trip" : "message";
        t.append(r.shards() > 1 ? String.format(Locale.ROOT, "CPU: the %d shards' processes' over each measured phase, per %s"
                + " (a broker's not included)%n", r.shards(), per) : String.format(Locale.ROOT, "CPU: this process's over"
                + " each measured phase, per %s (an embedded broker's included)%n", per));
        if (r.maxP99Ns() != null) {
            t.append(String.format(Locale.ROOT, "--max-p99 %s ms: a step with response p99 above it counts as failed%n",
                    Units.ms(r.maxP99Ns())));
        }
        if (!whys.isEmpty()) {
            t.append(String.format(Locale.ROOT, "%nNOT VALID steps, and why:%n"));
            whys.forEach(w -> t.append(w).append(System.lineSeparator()));
        }
        t.append(System.lineSeparator());
        t.append(kneeLine(r)).append(System.lineSeparator());
        t.append("  (the knee: ").append(Knee.RULE).append(')').append(System.lineSeparator());
        if (r.ended() != null) {
            t.append(String.format(Locale.ROOT, "the sweep %s: %d of its steps ran%n", r.ended(), r.steps().size()));
        }
        return t.toString();
    }

    /** "knee: 2,000 msg/s, ..." with the figures the rule compared and why the next step is past it, or why there is none. */
    public static String kneeLine(SweepResult r) {
        int k = Knee.of(r.steps(), r.maxP99Ns());
        if (k < 0) {
            return "knee: none, no step was VALID" + (r.maxP99Ns() == null ? "" : " within --max-p99");
        }
        SweepStep knee = r.steps().get(k);
        SweepStep lightest = r.steps().get(Knee.baseline(r.steps(), r.maxP99Ns()));
        String achieved = SweepResult.BY_REQUESTERS.equals(r.sweptBy()) ? " (" + Units.rate(knee.achieved()) + " " + r.unit()
                + ")" : "";
        String within = r.maxP99Ns() == null ? "" : " within --max-p99";
        // The knee may be the lightest VALID step itself: then there is nothing to compare it with.
        String line = knee == lightest ? String.format(Locale.ROOT, "knee: %s%s, the lightest VALID step%s itself, response"
                + " p99 %s ms", r.targetOf(knee), achieved, within, ms(knee.response(), knee.response().p99()))
                : String.format(Locale.ROOT, "knee: %s%s, response p99 %s ms against %s ms at %s, the lightest VALID step%s",
                        r.targetOf(knee), achieved, ms(knee.response(), knee.response().p99()),
                        ms(lightest.response(), lightest.response().p99()), r.targetOf(lightest), within);
        if (k == r.steps().size() - 1) {
            return line + "; it is the heaviest step run, so the knee may lie further: sweep higher "
                    + (SweepResult.BY_REQUESTERS.equals(r.sweptBy()) ? "requester counts" : "rates");
        }
        SweepStep next = r.steps().get(k + 1);
        String why = !next.valid() ? "is NOT VALID" : next.broke(r.maxP99Ns()) ? "is over --max-p99, at p99 "
                + ms(next.response(), next.response().p99()) + " ms" : "is over 2x, at p99 " + ms(next.response(),
                        next.response().p99()) + " ms";
        return line + String.format(Locale.ROOT, "; the next, %s, %s", r.targetOf(next), why);
    }

    /** One page: the curves (with a second sweep, when given, on the same chart), and a table per sweep. */
    public static void writeHtml(Path file, SweepResult main, SweepResult other) throws IOException {
        Files.writeString(file, html(main, other), StandardCharsets.UTF_8);
    }

    static String html(SweepResult main, SweepResult other) {
        List<SweepResult> sweeps = other == null ? List.of(main) : List.of(main, other);
        SvgChart chart = new SvgChart("sweep-curve", "achieved rate (" + main.unit() + ", logarithmic)", "latency (ms)", 380)
                .yLog(true);
        double lo = Double.MAX_VALUE;
        double hi = 0;
        for (int k = 0; k < sweeps.size(); k++) {
            SweepResult r = sweeps.get(k);
            // A step that measured nothing has no latency to draw (its row says why).
            List<SweepStep> drawn = r.steps().stream().filter(s -> s.achieved() > 0 && s.response().count() > 0).toList();
            double[] xs = drawn.stream().mapToDouble(s -> Math.log10(s.achieved())).toArray();
            String[] notes = drawn.stream().map(s -> s.valid() ? null : "NOT VALID at target " + r.targetOf(s) + ": "
                    + s.why()).toArray(String[]::new);
            String prefix = sweeps.size() == 1 ? "" : label(sweeps, k) + ": ";
            String[] c = COLORS[k];
            boolean full = sweeps.size() == 1;
            if (full) {
                chart.noted("response p50", c[0], false, xs, ys(drawn, l -> l.p50()), notes, NOT_VALID_LEGEND);
            }
            chart.noted(prefix + "response p99", c[1], false, xs, ys(drawn, l -> l.p99()), notes, NOT_VALID_LEGEND);
            if (full) {
                chart.noted("response p99.9", c[2], false, xs, ys(drawn, l -> l.p999()), notes, NOT_VALID_LEGEND);
            }
            chart.noted(prefix + "service p99", c[3], true, xs,
                    drawn.stream().mapToDouble(s -> Units.toMs(s.service().p99())).toArray(), notes, NOT_VALID_LEGEND);
            SweepStep knee = r.knee();
            if (knee != null && knee.achieved() > 0) {
                chart.mark(Math.log10(knee.achieved()), "knee", SvgChart.Style.line(c[1], "2 3", 1.5), kneeLine(r),
                        prefix + "knee " + (SweepResult.BY_REQUESTERS.equals(r.sweptBy()) ? r.targetOf(knee)
                                : Units.rate(knee.target())), "knee (the rule: above the chart)");
            }
            for (SweepStep s : drawn) {
                lo = Math.min(lo, s.achieved());
                hi = Math.max(hi, s.achieved());
            }
        }
        if (hi > 0) {
            chart.xTicks(rateTicks(lo, hi));
        }
        StringBuilder html = new StringBuilder("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
                + "<title>harness sweep</title><style>body{font-family:system-ui,sans-serif;margin:24px;max-width:1150px}"
                + "table{border-collapse:collapse;font-size:13px}td,th{border:1px solid #ddd;padding:3px 6px;text-align:right}"
                + "td.why,th.why{text-align:left;max-width:420px}tr.invalid td{background:#fff3f3}tr.knee td{font-weight:bold}"
                + "svg.chart{width:100%;height:auto}.chart .tick,.chart .legend{font-size:11px;fill:#444}</style></head><body>\n");
        html.append("<h1>Sweep: ").append(Html.escape(other == null ? main.label() : main.label() + " against " + other.label()))
                .append(SweepResult.BY_REQUESTERS.equals(main.sweptBy())
                        ? "</h1>\n<p>Each step is a whole run of request/response in a closed loop, with a number of requesters"
                                + " each sending its next request as its last reply comes, with its own warmup and its own"
                                + " validity: the round trips a second they achieved against the round trip's latency, as IBM"
                                + " MQ's performance reports draw it. Without a schedule, <b>response</b> and <b>service</b>"
                                + " (dashed) are both measured from each request's send.</p>\n"
                        : "</h1>\n<p>Each step is a whole run at a fixed target rate, with its own warmup and its own validity."
                        + " <b>response</b> is measured from each message's intended send time, so it shows the backlog that"
                        + " builds past the knee; <b>service</b> (dashed) from its actual send, as a tool that waits for the"
                        + " system measures: the gap between them past the knee is latency a naive curve hides.</p>\n");
        html.append("<p>The knee is ").append(Html.escape(Knee.RULE)).append(".</p>\n");
        for (SweepResult r : sweeps) {
            html.append("<p class=\"knee\">").append(sweeps.size() == 1 ? "" : "<b>" + Html.escape(r.label()) + "</b>: ")
                    .append(Html.escape(kneeLine(r))).append("</p>\n");
        }
        html.append(chart.legendToFit().render());
        for (SweepResult r : sweeps) {
            html.append(stepsTable(r));
        }
        html.append("</body></html>\n");
        return html.toString();
    }

    /** A sweep's label, the second told apart when both have the same. */
    private static String label(List<SweepResult> sweeps, int k) {
        boolean same = sweeps.size() == 2 && sweeps.get(0).label().equals(sweeps.get(1).label());
        return sweeps.get(k).label() + (same && k == 1 ? " (compared)" : "");
    }

    private static String stepsTable(SweepResult r) {
        StringBuilder h = new StringBuilder("<h2>").append(Html.escape(r.label())).append("</h2>\n<p>")
                .append(Html.escape("options: " + (r.options().isEmpty() ? "(run's defaults)" : r.options()) + "; target: "
                        + r.target() + "; started " + r.started() + " on " + r.machine()))
                .append(r.capacity() == null ? "" : Html.escape("; capacity (unthrottled trial): " + Units.rate(r.capacity().achieved())
                        + " " + r.unit()))
                .append("</p>\n<table class=\"steps\" data-label=\"").append(Html.escape(r.label())).append("\"><tr><th>")
                .append(SweepResult.BY_REQUESTERS.equals(r.sweptBy()) ? "requesters" : "target " + Html.escape(r.unit()))
                .append("</th><th>achieved</th><th>validity</th><th>response p50 ms</th><th>p99</th>"
                        + "<th>p99.9</th><th>max</th><th>service p99 ms</th><th>send-lag p99 ms</th><th>CPU ms per "
                        + (r.unit().startsWith("round trip") ? "round trip" : "msg") + "</th>"
                        + "<th class=\"why\">host's longest queue</th><th class=\"why\">why NOT VALID</th></tr>\n");
        SweepStep knee = r.knee();
        for (SweepStep s : r.steps()) {
            h.append("<tr class=\"").append(s.valid() ? "valid" : "invalid").append(s == knee ? " knee" : "")
                    .append("\"><td>").append(SweepResult.BY_REQUESTERS.equals(r.sweptBy()) ? Units.count(Math.round(s.target()))
                            : Units.rate(s.target())).append(s == knee ? " (knee)" : "").append("</td><td>")
                    .append(Units.rate(s.achieved())).append("</td><td>").append(s.valid() ? "VALID" : "NOT VALID").append("</td><td>")
                    .append(String.join("</td><td>", ms(s.response(), s.response().p50()), ms(s.response(), s.response().p99()),
                            ms(s.response(), s.response().p999()), ms(s.response(), s.response().max()),
                            ms(s.service(), s.service().p99()), ms(s.response(), s.sendLagP99Ns()))).append("</td><td>")
                    .append(s.cpuMsPerMessage() < 0 ? "-" : String.format(Locale.ROOT, "%.3f", s.cpuMsPerMessage()))
                    .append("</td><td class=\"why\">").append(s.hostQueue() == null ? "-" : Html.escape(s.hostQueue()))
                    .append("</td><td class=\"why\">").append(Html.escape(s.why())).append("</td></tr>\n");
        }
        h.append("</table>\n");
        if (r.ended() != null) {
            h.append("<p>").append(Html.escape("The sweep " + r.ended() + ".")).append("</p>\n");
        }
        return h.toString();
    }

    private static double[] ys(List<SweepStep> steps, ToLongFunction<SweepStep.Latency> at) {
        return steps.stream().mapToDouble(s -> Units.toMs(at.applyAsLong(s.response()))).toArray();
    }

    /** Ticks at 1, 2 and 5 times each power of ten between the lowest and highest rate, on log10 of the rate. */
    static List<SvgChart.Tick> rateTicks(double lo, double hi) {
        List<SvgChart.Tick> ticks = new ArrayList<>();
        double from = Math.pow(10, Math.floor(Math.log10(lo)));
        for (double d = from; d <= hi * 10; d *= 10) {
            for (double m : new double[] {1, 2, 5}) {
                double v = d * m;
                if (v >= lo / 1.5 && v <= hi * 1.5) {
                    ticks.add(new SvgChart.Tick(Math.log10(v), SvgChart.tick(v)));
                }
            }
        }
        return ticks;
    }

    /** A latency, or "-" for a view that measured nothing. */
    private static String ms(SweepStep.Latency l, long ns) {
        return l.count() == 0 ? "-" : Units.ms(ns);
    }
}
