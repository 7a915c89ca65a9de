package dev.harness.core.report;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

import dev.harness.core.hlog.HostFigures;
import dev.harness.core.findings.Finding;
import dev.harness.core.findings.Reading;
import dev.harness.core.findings.Reason;
import dev.harness.core.findings.Validity;
import dev.harness.core.measure.Outages;
import dev.harness.core.measure.View;
import dev.harness.core.run.Stop;
import dev.harness.core.run.Delivery;
import dev.harness.core.slo.Result;
import dev.harness.core.slo.Verdict;

/**
 * One self-contained HTML file for a run (inline SVG, no scripts, nothing fetched when viewed),
 * with the .hgrm percentile files per view and a CSV of the per-interval series beside it.
 */
public final class HtmlReport {
    /** The percentile axis runs to 99.9999 %: log10(1 / (1 - p)) = 6. */
    static final double MAX_NINES = 6;

    private HtmlReport() {
    }

    /**
     * Writes {@code html}, and beside it {@code <name>.<view>.hgrm} for every view with samples
     * and {@code <name>.csv}; returns every file written.
     */
    public static List<Path> write(HlogRun run, Path html) throws IOException {
        return write(run, null, html);
    }

    /**
     * As {@link #write(HlogRun, Path)}, with what the hlog does not carry: the verdict on the
     * run's objectives at the top, and its delivery and outage figures; {@code outcome} may be null.
     */
    public static List<Path> write(HlogRun run, RunOutcome outcome, Path html) throws IOException {
        List<Path> written = new ArrayList<>();
        Files.writeString(html, render(run, outcome), StandardCharsets.UTF_8);
        written.add(html);
        String base = html.getFileName().toString().replaceFirst("\\.html?$", "");
        Path dir = html.toAbsolutePath().getParent();
        for (String tag : run.measuredTotals().keySet()) {
            Histogram h = run.measured(tag);
            if (h.getTotalCount() == 0) {
                continue;
            }
            Path hgrm = dir.resolve(base + "." + tag + ".hgrm");
            try (PrintStream out = new PrintStream(Files.newOutputStream(hgrm), false, StandardCharsets.UTF_8)) {
                // HdrHistogram's own format (its plotter reads it), values in milliseconds.
                h.outputPercentileDistribution(out, 5, 1e6);
            }
            written.add(hgrm);
        }
        Path csv = dir.resolve(base + ".csv");
        Files.writeString(csv, csv(run), StandardCharsets.UTF_8);
        written.add(csv);
        return written;
    }

    /** The per-interval series: one row per interval, times in seconds from the start, latencies in ms. */
    static String csv(HlogRun run) {
        StringBuilder b = new StringBuilder("start_s,end_s,phase,completed,rate_per_s,cumulative_rate_per_s,"
                + "response_p50_ms,response_p99_ms,response_max_ms,gc_pauses,gc_longest_ms,hiccup_max_ms,"
                + "host_runnable,host_cpus,host_iowait_percent,host_disk_in_flight\n");
        java.util.Map<Double, HostFigures> hostByStart = new java.util.HashMap<>();
        run.host().forEach(h -> hostByStart.put(Math.rint(h.startS() * 1000) / 1000, h));
        long cumulative = 0;
        for (HlogRun.Interval i : run.intervals()) {
            cumulative += i.completed();
            Histogram r = i.response();
            Histogram gc = i.tag("gc-pause");
            Histogram hiccup = i.tag("hiccup");
            HostFigures h = hostByStart.get(Math.rint(i.startS() * 1000) / 1000);
            b.append(String.format(Locale.ROOT, "%.3f,%.3f,%s,%d,%.1f,%.1f,%s,%s,%s,%d,%s,%s,%s,%s,%s,%s%n", i.startS(), i.endS(),
                    i.warmup() ? "warmup" : "measured", i.completed(), i.rate(), i.endS() > 0 ? cumulative / i.endS() : 0,
                    ms(r, 50), ms(r, 99), ms(r, 100), gc == null ? 0 : gc.getTotalCount(),
                    gc == null || gc.getTotalCount() == 0 ? "" : ms(gc, 100), hiccup == null ? "" : ms(hiccup, 100),
                    h == null ? "" : figure(h.runnable()), h == null ? "" : figure(h.cpus()),
                    h == null ? "" : figure(h.iowaitPercent()), h == null ? "" : figure(h.diskInFlight())));
        }
        return b.toString();
    }

    private static String figure(double v) {
        return Double.isNaN(v) ? "" : v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%.1f", v);
    }

    private static String ms(Histogram h, double percentile) {
        if (h == null || h.getTotalCount() == 0) {
            return "";
        }
        long ns = percentile >= 100 ? h.getMaxValue() : h.getValueAtPercentile(percentile);
        return String.format(Locale.ROOT, "%.3f", Units.toMs(ns));
    }

    static String render(HlogRun run) {
        return render(run, null);
    }

    static String render(HlogRun run, RunOutcome outcome) {
        StringBuilder b = new StringBuilder();
        b.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>")
                .append(Html.escape(run.title())).append("</title>\n<style>\n")
                .append("body{font-family:system-ui,sans-serif;margin:24px;color:#222;max-width:1000px}")
                .append("h1{font-size:20px}h2{font-size:16px;margin-top:28px}p.what{margin:4px 0 8px;color:#444}")
                .append("table{border-collapse:collapse;font-size:13px}td,th{padding:3px 10px;text-align:right;")
                .append("border-bottom:1px solid #ddd}th:first-child,td:first-child{text-align:left}")
                .append(".chart .grid{stroke:#e5e5e5}.chart .tick,.chart .legend{font-size:11px;fill:#444}")
                .append(".chart .axis{font-size:12px;fill:#222}.chart .warmup{fill:#f2f2f2}")
                .append(".chart .gc{stroke:#ff7f0e;stroke-width:1.5;stroke-dasharray:2 2}")
                .append("ul.settings{font-size:13px;color:#444}.chart .outage{fill:#fbe3e3}.chart .freeze{fill:#dde8f8}")
                .append(".verdict{border:2px solid;padding:4px 14px 10px;margin:12px 0}.verdict.passed{border-color:#2e7d32}")
                .append(".verdict.failed{border-color:#c62828}.verdict h2{margin-top:8px}td.PASS{color:#2e7d32;font-weight:bold}")
                .append("td.FAIL{color:#c62828;font-weight:bold}\n</style></head><body>\n");
        b.append("<h1>").append(Html.escape(run.title())).append("</h1>\n");
        if (outcome != null) {
            if (outcome.reading() != null) {
                b.append(validityBox(outcome.reading()));
            }
            b.append(verdictBox(outcome.verdict()));
            if (outcome.saturation() != null) {
                b.append("<p id=\"saturation\" class=\"saturation\"><b>Offered load:</b> ")
                        .append(Html.escape(outcome.saturation())).append("</p>\n");
            }
        }
        b.append("<ul class=\"settings\">");
        for (String c : run.comments()) {
            if (!c.startsWith("harness ") && !c.startsWith("values in")) {
                b.append("<li>").append(Html.escape(c)).append("</li>");
            }
        }
        b.append("</ul>\n");

        b.append("<h2>Latency by percentile</h2>\n<p class=\"what\">response is measured from each message's intended"
                + " send time, service from its actual send: where the curves part, the naive view hides waiting.</p>\n");
        b.append(percentileChart("percentiles-response-service", run, List.of(View.RESPONSE.tag(), View.SERVICE.tag())));
        List<String> others = new ArrayList<>();
        for (View v : View.values()) {
            if (v != View.RESPONSE && v != View.SERVICE && run.measured(v.tag()).getTotalCount() > 0) {
                others.add(v.tag());
            }
        }
        others.addAll(callTags(run));
        if (!others.isEmpty()) {
            b.append("<p class=\"what\">The other views: send-lag (how late sends left), put and commit call times,"
                    + " pause-corrected, responder; for harness probe, the probed application's calls by tag.</p>\n");
            b.append(percentileChart("percentiles-other", run, others));
        }

        b.append("<h2>Throughput over time</h2>\n<p class=\"what\">Completions in each interval against the target rate,"
                + " with the cumulative rate beside it; warmup shaded, GC pauses of the harness JVM marked.</p>\n");
        b.append(throughputChart(run, outcome));
        b.append("<h2>Latency over time</h2>\n<p class=\"what\">response p99 and max of every completion in each"
                + " interval; a stall shows as a spike here and a dip in throughput above.</p>\n");
        b.append(latencyChart(run, outcome));
        if (!run.host().isEmpty()) {
            b.append("<h2>The host's queues</h2>\n<p class=\"what\">Runnable threads against the CPUs, the busiest disk's"
                    + " requests in flight and CPU iowait, read from /proc every interval: a queue that grows here is"
                    + " waiting the run did not cause itself.</p>\n");
            b.append(hostChart(run, outcome));
        }
        if (outcome != null) {
            b.append(deliveryAndOutage(outcome));
        }
        b.append("<h2>Summary (measured phase)</h2>\n<p class=\"what\">Each view's distribution over the measured"
                + " phase, in milliseconds.</p>\n");
        b.append(summaryTable(run));
        b.append("</body></html>\n");
        return b.toString();
    }

    private static String percentileChart(String id, HlogRun run, List<String> tags) {
        SvgChart chart = percentileAxes(id);
        for (String tag : tags) {
            Histogram h = run.measured(tag);
            if (h.getTotalCount() == 0) {
                continue;
            }
            List<double[]> points = spectrum(h);
            chart.line(tag, column(points, 0), column(points, 1));
        }
        return chart.render();
    }

    /** A chart of latency by percentile: the x axis in nines (0 is 0 %, 3 is 99.9 %), to 99.9999 %. */
    static SvgChart percentileAxes(String id) {
        return new SvgChart(id, "percentile", "latency (ms)")
                .xTicks(List.of(new SvgChart.Tick(0, "0%"), new SvgChart.Tick(1, "90%"), new SvgChart.Tick(2, "99%"),
                        new SvgChart.Tick(3, "99.9%"), new SvgChart.Tick(4, "99.99%"), new SvgChart.Tick(5, "99.999%"),
                        new SvgChart.Tick(6, "99.9999%")));
    }

    /** A histogram's points on {@link #percentileAxes}: nines, and the latency there in ms. */
    static List<double[]> spectrum(Histogram h) {
        List<double[]> points = new ArrayList<>();
        for (HistogramIterationValue v : h.percentiles(5)) {
            double p = v.getPercentileLevelIteratedTo() / 100.0;
            double nines = p >= 1 ? MAX_NINES : Math.min(MAX_NINES, Math.log10(1 / (1 - p)));
            points.add(new double[] {nines, Units.toMs(v.getValueIteratedTo())});
            if (nines >= MAX_NINES) {
                break;
            }
        }
        return points;
    }

    /**
     * The intervals worth a point over time: the run's last cut is usually a sliver of an
     * interval (from the last tick to the last completion), whose rate would draw a false dip.
     */
    static List<HlogRun.Interval> overTime(HlogRun run) {
        List<HlogRun.Interval> all = run.intervals();
        double[] lengths = all.stream().mapToDouble(i -> i.endS() - i.startS()).sorted().toArray();
        double typical = lengths.length == 0 ? 0 : lengths[lengths.length / 2];
        return all.stream().filter(i -> i.endS() - i.startS() >= typical / 2).toList();
    }

    private static String throughputChart(HlogRun run, RunOutcome outcome) {
        List<HlogRun.Interval> intervals = overTime(run);
        double[] xs = new double[intervals.size()];
        double[] rate = new double[xs.length];
        double[] cumulative = new double[xs.length];
        long total = 0;
        int next = 0;
        for (int i = 0; i < xs.length; i++) {
            HlogRun.Interval in = intervals.get(i);
            // Cumulative over every interval up to this one, slivers included.
            for (; next < run.intervals().size() && run.intervals().get(next).endS() <= in.endS(); next++) {
                total += run.intervals().get(next).completed();
            }
            xs[i] = in.endS();
            rate[i] = in.rate();
            cumulative[i] = in.endS() > 0 ? total / in.endS() : 0;
        }
        SvgChart chart = new SvgChart("throughput", "seconds from the start", "messages per second")
                .line("per interval", xs, rate).line("cumulative", xs, cumulative);
        if (run.targetRate() > 0 && xs.length > 0) {
            chart.dashed("target", new double[] {0, xs[xs.length - 1]}, new double[] {run.targetRate(), run.targetRate()});
        }
        return decorate(chart, run, outcome).render();
    }

    private static String latencyChart(HlogRun run, RunOutcome outcome) {
        List<HlogRun.Interval> intervals = overTime(run);
        double[] xs = new double[intervals.size()];
        double[] p99 = new double[xs.length];
        double[] max = new double[xs.length];
        for (int i = 0; i < xs.length; i++) {
            Histogram r = intervals.get(i).response();
            xs[i] = intervals.get(i).endS();
            p99[i] = r.getTotalCount() == 0 ? 0 : Units.toMs(r.getValueAtPercentile(99));
            max[i] = Units.toMs(r.getMaxValue());
        }
        SvgChart chart = new SvgChart("latency-over-time", "seconds from the start", "response (ms)")
                .line("p99", xs, p99).line("max", xs, max);
        return decorate(chart, run, outcome).render();
    }

    private static String hostChart(HlogRun run, RunOutcome outcome) {
        List<HostFigures> host = run.host();
        double[] xs = host.stream().mapToDouble(HostFigures::endS).toArray();
        SvgChart chart = new SvgChart("host", "seconds from the start", "threads, requests, %");
        chart.line("runnable threads", xs, host.stream().mapToDouble(h -> zeroIfNaN(h.runnable())).toArray());
        chart.dashed("CPUs", xs, host.stream().mapToDouble(h -> zeroIfNaN(h.cpus())).toArray());
        chart.line("disk in flight", xs, host.stream().mapToDouble(h -> zeroIfNaN(h.diskInFlight())).toArray());
        chart.line("iowait %", xs, host.stream().mapToDouble(h -> zeroIfNaN(h.iowaitPercent())).toArray());
        return decorate(chart, run, outcome).render();
    }

    private static double zeroIfNaN(double v) {
        return Double.isNaN(v) ? 0 : v;
    }

    /** Warmup, the broker outage and its stops (--freeze-at) shaded and GC pauses marked, on the over-time charts. */
    private static SvgChart decorate(SvgChart chart, HlogRun run, RunOutcome outcome) {
        double warmupEnd = 0;
        for (HlogRun.Interval i : run.intervals()) {
            if (i.warmup()) {
                warmupEnd = Math.max(warmupEnd, i.endS());
            }
            Histogram gc = i.tag("gc-pause");
            if (gc != null && gc.getTotalCount() > 0) {
                chart.mark((i.startS() + i.endS()) / 2, String.format(Locale.ROOT, "%d GC pause(s), longest %.1f ms, in %.1f"
                        + " .. %.1f s", gc.getTotalCount(), Units.toMs(gc.getMaxValue()), i.startS(), i.endS()));
            }
        }
        if (warmupEnd > 0) {
            chart.band(0, warmupEnd, "warmup", "warmup");
        }
        Outages.Recovery o = outcome == null ? null : outcome.recovery();
        if (o != null && o.outageFromNs() >= 0) {
            chart.band(o.outageFromNs() / 1e9, o.outageToNs() / 1e9, "outage", String.format(Locale.ROOT,
                    "client-visible outage: %s ms without a completion", Units.ms(o.outageNs())));
        }
        for (Stop f : outcome == null ? List.<Stop>of() : outcome.freezes()) {
            chart.band(f.atNs() / 1e9, (f.atNs() + f.lengthNs()) / 1e9, "freeze", String.format(Locale.ROOT,
                    "broker stopped (--freeze-at) for %s ms", Units.ms(f.lengthNs())));
        }
        return chart;
    }

    /** Tags that are neither a view nor the JVM's or host's (harness probe's send, receive, mq-put, ...). */
    private static List<String> callTags(HlogRun run) {
        List<String> tags = new ArrayList<>();
        for (String tag : run.measuredTotals().keySet()) {
            boolean view = false;
            for (View v : View.values()) {
                view |= v.tag().equals(tag);
            }
            if (!view && !tag.equals("hiccup") && !tag.equals("gc-pause") && !tag.startsWith("warmup-")) {
                tags.add(tag);
            }
        }
        return tags;
    }

    private static String summaryTable(HlogRun run) {
        StringBuilder b = new StringBuilder("<table id=\"summary\"><tr><th>view</th><th>count</th><th>mean</th>");
        for (double p : Percentiles.SUMMARY) {
            b.append("<th>").append(Percentiles.label(p)).append("</th>");
        }
        b.append("<th>max</th></tr>\n");
        List<String> tags = new ArrayList<>();
        for (View v : View.values()) {
            tags.add(v.tag());
        }
        tags.addAll(callTags(run));
        tags.add("hiccup");
        tags.add("gc-pause");
        for (String tag : tags) {
            Histogram h = run.measured(tag);
            if (h.getTotalCount() == 0 && !tag.equals(View.RESPONSE.tag())) {
                continue;
            }
            b.append("<tr data-view=\"").append(tag).append("\"><td>").append(tag).append("</td><td>")
                    .append(Units.count(h.getTotalCount())).append("</td><td>")
                    .append(Units.ms(h.getTotalCount() == 0 ? 0 : h.getMean())).append("</td>");
            for (double p : Percentiles.SUMMARY) {
                b.append("<td>").append(Units.ms(Percentiles.at(h, p))).append("</td>");
            }
            b.append("<td>").append(Units.ms(h.getMaxValue())).append("</td></tr>\n");
        }
        return b.append("</table>\n").toString();
    }

    /** Valid or not, and why, first: the figures below mean what they say only for a valid run. */
    static String validityBox(Reading reading) {
        Validity v = reading.validity();
        StringBuilder b = new StringBuilder("<div id=\"validity\" class=\"verdict ").append(v.valid() ? "passed" : "failed")
                .append("\">\n<h2>").append(v.word()).append("</h2>\n");
        if (v.valid()) {
            b.append("<p>The schedule was kept and nothing the run needed went unchecked.</p>\n");
        } else {
            b.append("<p>This run was not a valid test of what it asked:</p>\n<ul>");
            for (Reason r : v.reasons()) {
                b.append("<li data-code=\"").append(Html.escape(r.code())).append("\"><b>").append(Html.escape(r.code()))
                        .append(":</b> ").append(Html.escape(r.text())).append(". <i>What to change:</i> ")
                        .append(Html.escape(r.advice())).append(".</li>");
            }
            b.append("</ul>\n");
        }
        b.append("</div>\n<ul id=\"findings\" class=\"findings\">");
        for (Finding f : reading.findings()) {
            b.append("<li data-code=\"").append(Html.escape(f.code())).append("\">").append(Html.escape(f.text())).append("</li>");
        }
        return b.append("</ul>\n").toString();
    }

    /** The objectives at the top: met or not, each with its value and, for a window, the first that failed. */
    static String verdictBox(Verdict verdict) {
        if (verdict.isEmpty()) {
            return "";
        }
        StringBuilder b = new StringBuilder("<div id=\"verdict\" class=\"verdict ")
                .append(verdict.passed() ? "passed" : "failed").append("\">\n<h2>Objectives: ")
                .append(verdict.results().size() - verdict.failures()).append(" of ").append(verdict.results().size())
                .append(" met</h2>\n<table><tr><th>objective</th><th>value</th><th>limit</th><th>verdict</th>"
                        + "<th>first failing window</th></tr>\n");
        for (Result r : verdict.results()) {
            String verdictText = r.passed() ? "PASS" : "FAIL";
            b.append("<tr data-objective=\"").append(Html.escape(r.objective().text())).append("\"><td>")
                    .append(Html.escape(r.objective().text())).append("</td><td>").append(Html.escape(r.measuredText()))
                    .append(r.windows() > 0 && r.failedWindow() == null ? " at worst" : "").append("</td><td>")
                    .append(Html.escape(r.limitText())).append("</td><td class=\"").append(verdictText).append("\">")
                    .append(verdictText).append("</td><td>")
                    .append(r.failedWindow() == null ? r.windows() > 0 ? "none of " + r.windows() : ""
                            : Html.escape(r.failedWindow() + " (" + r.failedWindows() + " of " + r.windows() + " failed)"))
                    .append("</td></tr>\n");
        }
        if (verdict.invalidLine() != null) {
            b.append("<tr data-objective=\"validity\"><td>the run was a valid test</td><td>")
                    .append(Html.escape(verdict.invalid().codes())).append("</td><td>VALID</td><td class=\"FAIL\">FAIL</td><td></td></tr>\n");
        }
        return b.append("</table>\n</div>\n").toString();
    }

    /** What arrived and what did not, and the broker outage the run lived through, from its summary. */
    static String deliveryAndOutage(RunOutcome outcome) {
        StringBuilder b = new StringBuilder("<h2>Delivery</h2>\n");
        Delivery d = outcome.delivery();
        if (d == null || !d.tracked()) {
            b.append("<p class=\"what\" id=\"delivery\">Not checked").append(d == null || d.untracked() == null ? ""
                    : " (" + Html.escape(d.untracked()) + ")").append(".</p>\n");
        } else {
            b.append("<p class=\"what\">Every message carries its sender and sequence number; receivers tick them off ("
                    + Html.escape(d.setting()) + ").</p>\n<table id=\"delivery\">");
            row(b, "committed", d.committed());
            row(b, outcome.requests() ? "answered" : "received", d.received());
            row(b, "lost", d.lost());
            row(b, "duplicates", d.duplicates());
            row(b, "in doubt (sent again)", d.inDoubt());
            if (d.rolledBack() > 0) {
                row(b, "rolled back (sent again)", d.rolledBack());
            }
            b.append("</table>\n");
        }
        if (outcome.requestsLost() > 0 || outcome.unsent() > 0) {
            b.append("<table id=\"not-completed\">");
            if (outcome.requestsLost() > 0) {
                row(b, "requests given up at the reply timeout", outcome.requestsLost());
            }
            if (outcome.unsent() > 0) {
                row(b, "scheduled, never sent", outcome.unsent());
            }
            b.append("</table>\n");
        }
        Outages.Recovery o = outcome.recovery();
        if (o != null) {
            b.append("<h2>Broker outage and recovery</h2>\n<p class=\"what\">Times from the schedule's start; the"
                    + " outage is shaded on the over-time charts.</p>\n<table id=\"outage\">");
            if (o.killedAtNs() >= 0) {
                text(b, "broker killed at", seconds(o.killedAtNs()));
                text(b, "broker restarted", o.restartMillis() < 0 ? "not restarted"
                        : "in " + Units.count(o.restartMillis()) + " ms, accepting at " + seconds(o.restartedAtNs()));
            }
            if (o.outageFromNs() >= 0) {
                text(b, "client-visible outage", Units.ms(o.outageNs()) + " ms without a completion, "
                        + seconds(o.outageFromNs()) + " to " + seconds(o.outageToNs()));
            }
            if (o.caughtUpAtNs() >= 0) {
                text(b, "every sender on schedule again", seconds(o.caughtUpAtNs()));
            }
            text(b, "backlog drained", o.backlogDrainNs() < 0 ? "not when the run ended"
                    : seconds(o.drainedAtNs()) + ", " + Units.ms(o.backlogDrainNs()) + " ms after the outage");
            text(b, "reconnections", Units.count(o.reconnections()) + "; longest without a connection "
                    + Units.ms(o.longestReconnectNs()) + " ms" + (o.unfinished() ? "; still recovering at the end" : ""));
            b.append("</table>\n");
        }
        return b.toString();
    }

    private static void row(StringBuilder b, String name, long n) {
        text(b, name, Units.count(n));
    }

    private static void text(StringBuilder b, String name, String value) {
        b.append("<tr><td>").append(Html.escape(name)).append("</td><td>").append(Html.escape(value)).append("</td></tr>");
    }

    private static String seconds(long ns) {
        return String.format(Locale.ROOT, "+%.3f s", ns / 1e9);
    }

    static double[] column(List<double[]> points, int c) {
        double[] out = new double[points.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = points.get(i)[c];
        }
        return out;
    }
}
