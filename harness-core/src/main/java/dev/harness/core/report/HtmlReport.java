package dev.harness.core.report;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import org.HdrHistogram.Histogram;

import dev.harness.core.Units;
import dev.harness.core.disturbance.Stop;
import dev.harness.core.findings.Finding;
import dev.harness.core.findings.Reading;
import dev.harness.core.findings.Reason;
import dev.harness.core.findings.Validity;
import dev.harness.core.hlog.DepthFigures;
import dev.harness.core.hlog.HlogRun;
import dev.harness.core.hlog.HostFigures;
import dev.harness.core.host.Environment;
import dev.harness.core.measure.Outages;
import dev.harness.core.measure.Percentiles;
import dev.harness.core.measure.View;
import dev.harness.core.run.Delivery;
import dev.harness.core.slo.Result;
import dev.harness.core.slo.Term;
import dev.harness.core.slo.Verdict;

/**
 * One self-contained HTML file for a run (inline SVG, no scripts, nothing fetched when viewed),
 * with the .hgrm percentile files per view and a CSV of the per-interval series beside it.
 *
 * <p>The page answers first: on its first screen the verdict and validity, the rate asked
 * against the rate achieved, the headline percentiles of response and service, what was lost
 * and the longest time without a completion; then the run's reading in the console's words, the
 * charts with the run's events marked on them, and what ran where.
 */
public final class HtmlReport {
    private static final DateTimeFormatter STARTED = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss xxx (EEE)", Locale.ROOT)
            .withZone(ZoneId.systemDefault());
    /** The headline percentiles of the first screen; max beside them. */
    private static final List<Double> HEADLINE = List.of(50.0, 99.0, 99.9);
    /** Curves whose largest value is this many times the smallest median are drawn on a logarithmic scale. */
    private static final double LOG_SCALE_SPREAD = 20;
    /** The longest GC pauses listed in the events table (every one is marked on the charts). */
    private static final int GC_EVENTS_LISTED = 8;

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
     * run's objectives, its validity and findings, rates, delivery and outage; {@code outcome} may be null.
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
        List<Event> events = events(run, outcome);
        StringBuilder b = new StringBuilder();
        b.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>")
                .append(Html.escape(run.title())).append("</title>\n<style>\n").append(STYLE).append("\n</style></head><body>\n");
        b.append("<h1>").append(Html.escape(run.title())).append("</h1>\n");
        b.append(runLine(run, outcome));

        // The first screen: the answers.
        b.append(answer(run, outcome));
        if (outcome != null && outcome.reading() != null) {
            b.append(validityReasons(outcome.reading().validity()));
        }
        if (outcome != null) {
            b.append(verdictBox(outcome.verdict()));
        }
        if (outcome != null && outcome.reading() != null) {
            b.append(findings(outcome.reading()));
        }
        if (outcome != null && outcome.saturation() != null && (outcome.reading() == null || outcome.reading().findings()
                .stream().noneMatch(f -> f.code().equals(Finding.OFFERED_LOAD)))) {
            // A --json from before the findings were written: its offered-load sentence alone.
            b.append("<p id=\"saturation\" class=\"saturation\"><b>Offered load:</b> ")
                    .append(Html.escape(outcome.saturation())).append("</p>\n");
        }

        b.append("<h2>Summary (measured phase)</h2>\n<p class=\"what\">Each view's distribution over the measured"
                + " phase, in milliseconds.</p>\n");
        b.append(summaryTable(run));

        Verdict verdict = outcome == null ? Verdict.NONE : outcome.verdict();
        b.append("<h2>Latency by percentile</h2>\n<p class=\"what\">The percentile spectrum: each step to the right is one"
                + " more nine. response is measured from each message's intended send time, service from its actual send:"
                + " where the curves part, the naive view hides waiting. Objectives on these percentiles are drawn at their"
                + " limits.</p>\n");
        b.append(percentileChart("percentiles-response-service", run, List.of(View.RESPONSE.tag(), View.SERVICE.tag()),
                verdict));
        List<String> others = new ArrayList<>();
        for (View v : View.values()) {
            if (v != View.RESPONSE && v != View.SERVICE && run.measured(v.tag()).getTotalCount() > 0) {
                others.add(v.tag());
            }
        }
        others.addAll(callTags(run));
        if (!others.isEmpty()) {
            b.append("<p class=\"what\">The other views: send-lag (how late sends left) and own-lag (the part of it"
                    + " that was the harness's own), put and commit call times, ack, pause-corrected, responder; for harness"
                    + " probe, the probed application's calls by tag.</p>\n");
            b.append(percentileChart("percentiles-other", run, others, verdict));
        }

        b.append("<h2>Latency over time</h2>\n<p class=\"what\">response p50 and p99 of every completion in each"
                + " interval, and below, on a scale of its own, the max: a stall shows as a spike here and a dip in"
                + " throughput (an interval in which nothing completed has no point). The run's events are marked and"
                + " named in each chart's legend.</p>\n");
        b.append(latencyChart(run, events, verdict));
        b.append(maxChart(run, events, verdict));
        b.append("<h2>Throughput over time</h2>\n<p class=\"what\">Completions in each interval against the target rate,"
                + " with the cumulative rate beside it.</p>\n");
        b.append(throughputChart(run, events));
        if (!run.depth().isEmpty()) {
            b.append("<h2>Queue depth</h2>\n<p class=\"what\">Messages on the run's queues at the end of each interval: as"
                    + " the harness counts them (sent and preloaded, not yet completed) and, where the broker tells it, its"
                    + " own count; with 2 to 8 queues, each queue's as the harness counts it (queue 1 is the first of the"
                    + " run's). A depth that grows is a backlog the consumers are not keeping up with.</p>\n");
            b.append(depthChart(run, events));
        }
        if (!run.host().isEmpty()) {
            b.append("<h2>The host's queues</h2>\n<p class=\"what\">Runnable threads against the CPUs, the busiest disk's"
                    + " requests in flight and CPU iowait, read from /proc every interval: a queue that grows here is"
                    + " waiting the run did not cause itself.</p>\n");
            b.append(hostChart(run, events));
        }
        b.append(eventTable(events));
        if (outcome != null) {
            b.append(deliveryAndOutage(outcome));
            if (!outcome.subscriptions().isEmpty()) {
                b.append(subscriptions(outcome.subscriptions()));
            }
        }
        b.append(setup(run));
        b.append("</body></html>\n");
        return b.toString();
    }

    private static final String STYLE = "body{font-family:system-ui,sans-serif;margin:16px 24px;color:#222;max-width:1180px;"
            + "font-size:14px;-webkit-print-color-adjust:exact;print-color-adjust:exact}"
            + "h1{font-size:18px;margin:0 0 2px}h2{font-size:16px;margin:22px 0 4px}p.what{margin:2px 0 6px;color:#444}"
            + "p.run{margin:0 0 10px;color:#555;font-size:13px}p.run b{color:#222;font-weight:600}"
            + "table{border-collapse:collapse;font-size:13px}td,th{padding:2px 10px;text-align:right;"
            + "border-bottom:1px solid #ddd}th:first-child,td:first-child{text-align:left}"
            + "svg.chart{width:100%;height:auto;display:block;break-inside:avoid}"
            + ".chart .tick,.chart .legend{font-size:12px;fill:#444}.chart .axis{font-size:12px;fill:#222}"
            + ".chart .event-label,.chart .limit-label{font-size:11px;font-weight:600}"
            + ".answer{display:grid;grid-template-columns:1.25fr 1fr 1.7fr 1.25fr;gap:10px;margin:6px 0 10px}"
            + ".tile{border:1px solid #ccc;border-radius:4px;padding:6px 12px 8px;break-inside:avoid}"
            + ".tile h3{font-size:12px;font-weight:600;color:#555;margin:0 0 4px;text-transform:uppercase;letter-spacing:.04em}"
            + ".tile .big{font-size:24px;font-weight:700;line-height:1.2}.tile .sub{font-size:13px;color:#444;margin-top:3px}"
            + ".tile table{font-size:14px;width:100%}.tile td,.tile th{padding:1px 5px;border-bottom:1px solid #eee}"
            + ".tile.ok{border:2px solid #2e7d32}.tile.bad{border:2px solid #c62828}.good{color:#2e7d32}.poor{color:#c62828}"
            + "#verdict-line{font-size:15px}.tile.unknown{border:2px dashed #999}.tile.unknown .big{color:#777}"
            + ".codes{font-size:13px;color:#c62828;font-weight:600}"
            + ".verdict{border:2px solid;padding:2px 14px 8px;margin:8px 0}.verdict.passed{border-color:#2e7d32}"
            + ".verdict.failed{border-color:#c62828}.verdict h2{margin-top:6px}td.PASS{color:#2e7d32;font-weight:bold}"
            + "td.FAIL{color:#c62828;font-weight:bold}ul.reasons{margin:4px 0 8px;padding-left:20px;font-size:13px}"
            + "ul.reasons li{margin:2px 0}ul.findings{margin:4px 0;padding-left:20px;font-size:13px}ul.findings li{margin:1px 0}"
            + "ul.settings{font-size:13px;color:#444;columns:2;margin:4px 0}table.env td:first-child{color:#555;white-space:nowrap}"
            + "table.env td,table.events td,table.events th{text-align:left;vertical-align:top}"
            + "@media print{body{max-width:none;margin:8mm}h2{break-after:avoid}}";

    /** Under the title: when it ran, where, with which harness, how long it measured. */
    private static String runLine(HlogRun run, RunOutcome outcome) {
        Environment env = run.header().environment();
        List<String> parts = new ArrayList<>();
        parts.add("started <b>" + Html.escape(STARTED.format(Instant.ofEpochMilli(run.header().startMs()))) + "</b>");
        if (env != null && env.host() != null) {
            parts.add("host <b>" + Html.escape(env.host()) + "</b>");
        }
        parts.add("harness <b>" + Html.escape(env != null && env.harness() != null ? env.harness() : "version not recorded")
                + "</b>");
        if (outcome != null && outcome.rates() != null) {
            String asked = run.header().setting("warmup");
            double warmupEnd = warmupEndS(run);
            parts.add("measured <b>" + Units.seconds(outcome.rates().measuredSeconds()) + "</b>"
                    + (warmupEnd > 0 ? " after " + Units.seconds(warmupEnd) + " of warmup"
                            + (asked != null && asked.startsWith("auto") ? " (auto)" : "")
                            : asked != null ? " after " + Html.escape(asked) + " warmup" : ""));
        }
        return "<p class=\"run\" id=\"run-line\">" + String.join(" &middot; ", parts) + "</p>\n";
    }

    /** The first screen's four tiles: validity and verdict, rate, headline latencies, lost and outage. */
    static String answer(HlogRun run, RunOutcome outcome) {
        StringBuilder b = new StringBuilder("<section id=\"answer\" class=\"answer\">\n");
        b.append(validityTile(run, outcome));
        b.append(rateTile(run, outcome));
        b.append(latencyTile(run));
        b.append(lossTile(outcome));
        return b.append("</section>\n").toString();
    }

    private static String validityTile(HlogRun run, RunOutcome outcome) {
        Reading reading = outcome == null ? null : outcome.reading();
        Verdict verdict = outcome == null ? Verdict.NONE : outcome.verdict();
        boolean bad = reading != null && !reading.validity().valid() || !verdict.isEmpty() && !verdict.passed();
        StringBuilder b = new StringBuilder("<div id=\"validity\" class=\"tile ").append(reading == null && verdict.isEmpty()
                ? "unknown" : bad ? "bad" : "ok").append("\">\n<h3>Validity and verdict</h3>\n");
        if (reading == null) {
            b.append("<div class=\"big\">NOT KNOWN</div><div class=\"sub\">the hlog does not say; give harness report the"
                    + " run's --json</div>\n");
        } else {
            b.append("<div class=\"big ").append(reading.validity().valid() ? "good" : "poor").append("\" id=\"validity-word\">")
                    .append(reading.validity().word()).append("</div>\n");
            if (!reading.validity().valid()) {
                b.append("<div class=\"codes\">").append(Html.escape(reading.validity().codes())).append("</div>\n");
            } else {
                // A run without a schedule (--rate max) kept none: say what was checked, no more.
                double target = outcome.rates() != null ? outcome.rates().target() : run.targetRate();
                b.append(target > 0 ? "<div class=\"sub\">The schedule was kept and nothing the run needed went unchecked.</div>\n"
                        : "<div class=\"sub\">Unthrottled (no schedule to keep), and nothing the run needed went unchecked.</div>\n");
            }
        }
        if (!verdict.isEmpty()) {
            long met = verdict.results().size() - verdict.failures();
            b.append("<div class=\"sub\" id=\"verdict-line\">objectives <b class=\"").append(verdict.passed() ? "good\">PASSED"
                    : "poor\">FAILED").append("</b>: ").append(met).append(" of ").append(verdict.results().size()).append(" met")
                    .append(verdict.invalidLine() != null && verdict.failures() == 0 ? ", failed as the run was NOT VALID" : "")
                    .append("</div>\n");
        } else if (reading != null) {
            b.append("<div class=\"sub\">no objectives (--slo)</div>\n");
        }
        return b.append("</div>\n").toString();
    }

    private static String rateTile(HlogRun run, RunOutcome outcome) {
        RunOutcome.Rates r = outcome == null ? null : outcome.rates();
        String unit = outcome != null && outcome.requests() || "reqresp".equals(run.header().workload()) ? "round trips/s"
                : "msg/s";
        double target = r != null ? r.target() : run.targetRate();
        double achieved = r != null ? r.achieved() : achievedFromLog(run);
        StringBuilder b = new StringBuilder("<div id=\"rate\" class=\"tile\">\n<h3>Rate achieved</h3>\n");
        if (target > 0) {
            double share = achieved / target;
            b.append("<div class=\"big\">").append(Units.rate(achieved)).append(" <span class=\"sub\">of ")
                    .append(Units.rate(target)).append(' ').append(unit).append("</span></div>\n<div class=\"sub\">")
                    .append(String.format(Locale.ROOT, "%.0f %%", share * 100)).append(" of the target achieved")
                    .append(r == null ? " (from the hlog's intervals)" : ", cumulative after warmup").append("</div>\n");
        } else {
            b.append("<div class=\"big\">").append(Units.rate(achieved)).append(" <span class=\"sub\">").append(unit)
                    .append("</span></div>\n<div class=\"sub\">unthrottled (closed loop): no target, latencies from the"
                            + " actual send</div>\n");
        }
        return b.append("</div>\n").toString();
    }

    /** Completions of the measured intervals over their time: the hlog's view of the achieved rate. */
    static double achievedFromLog(HlogRun run) {
        long completed = 0;
        double from = Double.NaN;
        double to = 0;
        for (HlogRun.Interval i : run.intervals()) {
            if (!i.warmup()) {
                completed += i.completed();
                from = Double.isNaN(from) ? i.startS() : Math.min(from, i.startS());
                to = Math.max(to, i.endS());
            }
        }
        return Double.isNaN(from) || to <= from ? 0 : completed / (to - from);
    }

    /** The views the first screen gives: response and service, or for a probe's log the calls it timed. */
    static List<String> headlineTags(HlogRun run) {
        List<String> tags = new ArrayList<>();
        for (String t : List.of(View.RESPONSE.tag(), View.SERVICE.tag())) {
            if (run.measured(t).getTotalCount() > 0) {
                tags.add(t);
            }
        }
        if (tags.isEmpty()) {
            callTags(run).stream().filter(t -> run.measured(t).getTotalCount() > 0).limit(3).forEach(tags::add);
        }
        return tags.isEmpty() ? List.of(View.RESPONSE.tag()) : tags;
    }

    private static String latencyTile(HlogRun run) {
        StringBuilder b = new StringBuilder("<div id=\"headline\" class=\"tile\">\n<h3>Latency, measured phase (ms)</h3>\n"
                + "<table><tr><th>view</th>");
        for (double p : HEADLINE) {
            b.append("<th>").append(Percentiles.label(p)).append("</th>");
        }
        b.append("<th>max</th></tr>\n");
        for (String tag : headlineTags(run)) {
            Histogram h = run.measured(tag);
            b.append("<tr data-view=\"").append(Html.escape(tag)).append("\"><td>").append(Html.escape(tag)).append("</td>");
            for (double p : HEADLINE) {
                b.append("<td>").append(h.getTotalCount() == 0 ? "-" : Units.ms(Percentiles.at(h, p))).append("</td>");
            }
            b.append("<td>").append(h.getTotalCount() == 0 ? "-" : Units.ms(h.getMaxValue())).append("</td></tr>\n");
        }
        return b.append("</table>\n</div>\n").toString();
    }

    private static String lossTile(RunOutcome outcome) {
        StringBuilder b = new StringBuilder("<div id=\"loss\" class=\"tile\">\n<h3>Lost and outage</h3>\n");
        if (outcome == null) {
            return b.append("<div class=\"big\">NOT KNOWN</div><div class=\"sub\">the hlog does not carry delivery or gaps;"
                    + " give harness report the run's --json</div>\n</div>\n").toString();
        }
        Delivery d = outcome.delivery();
        if (d != null && d.tracked()) {
            b.append("<div class=\"big\" id=\"lost\">").append(Units.count(d.lost())).append(" lost</div>\n<div class=\"sub\">of ")
                    .append(Units.count(d.committed())).append(" committed; ").append(Units.count(d.duplicates()))
                    .append(" duplicates").append(d.expired() > 0 ? "; " + Units.count(d.expired())
                            + " expired (--ttl passed)" : "").append("</div>\n");
        } else {
            b.append("<div class=\"big\" id=\"lost\">lost: not checked</div>\n<div class=\"sub\">")
                    .append(Html.escape(d == null || d.untracked() == null ? "no ledger" : d.untracked())).append("</div>\n");
        }
        if (outcome.requestsLost() > 0 || outcome.unsent() > 0) {
            b.append("<div class=\"sub\">");
            if (outcome.requestsLost() > 0) {
                b.append(Units.count(outcome.requestsLost())).append(" requests given up at the reply timeout ");
            }
            if (outcome.unsent() > 0) {
                b.append(Units.count(outcome.unsent())).append(" scheduled, never sent");
            }
            b.append("</div>\n");
        }
        long[] gap = longestGap(outcome);
        b.append("<div class=\"sub\" id=\"longest-gap\">longest without a completion: <b>");
        if (gap == null) {
            b.append("none measured</b>");
        } else {
            b.append(Units.ms(gap[1])).append(" ms</b> from ").append(seconds(gap[0]));
        }
        Outages.Recovery o = outcome.recovery();
        if (o != null) {
            b.append("; broker ").append(o.killedAtNs() >= 0 ? "killed at " + seconds(o.killedAtNs()) : "lost")
                    .append(o.unfinished() ? ", still recovering at the end" : o.drainedAtNs() >= 0
                            ? ", recovered at " + seconds(o.drainedAtNs()) : "");
        }
        return b.append("</div>\n</div>\n").toString();
    }

    /** The run's longest time without a completion while one was due: {from, length} in ns, or null. */
    private static long[] longestGap(RunOutcome outcome) {
        RunOutcome.Rates r = outcome.rates();
        if (r != null && r.longestGapNs() > 0 && r.longestGapFromNs() >= 0) {
            return new long[] {r.longestGapFromNs(), r.longestGapNs()};
        }
        Outages.Recovery o = outcome.recovery();
        return o != null && o.outageFromNs() >= 0 ? new long[] {o.outageFromNs(), o.outageNs()} : null;
    }

    /** Why the run was not valid, each reason with what to change (once, as the console says it); nothing for a valid run. */
    static String validityReasons(Validity v) {
        if (v.valid()) {
            return "";
        }
        StringBuilder b = new StringBuilder("<ul id=\"reasons\" class=\"reasons\">");
        Set<String> said = new HashSet<>();
        for (Reason r : v.reasons()) {
            boolean advise = r.advice() != null && said.add(r.advice());
            b.append("<li data-code=\"").append(Html.escape(r.code())).append("\"><b>").append(Html.escape(r.code()))
                    .append(":</b> ").append(Html.escape(r.text())).append(advise ? ". <i>What to change:</i> "
                            + Html.escape(r.advice()) : "").append(".</li>");
        }
        return b.append("</ul>\n").toString();
    }

    /** The run's reading, sentence by sentence as the console prints it. */
    static String findings(Reading reading) {
        StringBuilder b = new StringBuilder("<h2>Reading</h2>\n<ul id=\"findings\" class=\"findings\">");
        for (Finding f : reading.findings()) {
            b.append("<li data-code=\"").append(Html.escape(f.code())).append("\">").append(Html.escape(f.text())).append("</li>");
        }
        return b.append("</ul>\n").toString();
    }

    private static String percentileChart(String id, HlogRun run, List<String> tags, Verdict verdict) {
        SvgChart chart = SvgChart.spectrum(id, "latency (ms)");
        double largest = 0;
        double smallestMedian = Double.MAX_VALUE;
        for (String tag : tags) {
            Histogram h = run.measured(tag);
            chart.curve(tag, h);
            if (h.getTotalCount() > 0) {
                largest = Math.max(largest, Units.toMs(h.getMaxValue()));
                smallestMedian = Math.min(smallestMedian, Math.max(1e-3, Units.toMs(h.getValueAtPercentile(50))));
            }
        }
        for (Result r : verdict.results()) {
            Term t = r.objective().term();
            if (t.side() == null && t.view() != null && tags.contains(t.view()) && t.dimension() == Term.Dimension.TIME && !Double.isNaN(r.limit())
                    && (t.statistic().equals("max") || t.statistic().startsWith("p"))) {
                double x = t.statistic().equals("max") ? SvgChart.MAX_NINES : SvgChart.nines(t.percentile());
                chart.limit(x, Units.toMs(r.limit()), r.objective().text(), r.passed());
                largest = Math.max(largest, Units.toMs(r.limit()));
            }
        }
        return chart.yLog(largest > LOG_SCALE_SPREAD * smallestMedian).render();
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

    private static String throughputChart(HlogRun run, List<Event> events) {
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
        return decorate(chart, events).render();
    }

    /**
     * The limits of the objectives on response's {@code statistics} as lines across a chart over
     * time, ending at {@code endS}: where a window's value crosses one, that window broke it.
     */
    private static void limitsOverTime(SvgChart chart, Verdict verdict, List<String> statistics, double endS) {
        for (Result r : verdict.results()) {
            Term t = r.objective().term();
            if (t.side() == null && View.RESPONSE.tag().equals(t.view()) && statistics.contains(t.statistic())
                    && !Double.isNaN(r.limit())) {
                chart.limit(endS, Units.toMs(r.limit()), r.objective().text(), r.passed());
            }
        }
    }

    /** The intervals in which something completed: one without a completion has no latency, not a latency of 0. */
    private static List<HlogRun.Interval> withCompletions(HlogRun run) {
        return overTime(run).stream().filter(i -> i.response().getTotalCount() > 0).toList();
    }

    private static String latencyChart(HlogRun run, List<Event> events, Verdict verdict) {
        List<HlogRun.Interval> intervals = withCompletions(run);
        double[] xs = new double[intervals.size()];
        double[] p50 = new double[xs.length];
        double[] p99 = new double[xs.length];
        for (int i = 0; i < xs.length; i++) {
            Histogram r = intervals.get(i).response();
            xs[i] = intervals.get(i).endS();
            p50[i] = Units.toMs(Percentiles.at(r, 50));
            p99[i] = Units.toMs(Percentiles.at(r, 99));
        }
        SvgChart chart = new SvgChart("latency-over-time", "seconds from the start", "response p50, p99 (ms)", 260)
                .line("p99", SvgChart.COLORS[0], xs, p99).line("p50", SvgChart.COLORS[1], xs, p50);
        if (xs.length > 0) {
            limitsOverTime(chart, verdict, List.of("p99", "p50"), xs[xs.length - 1]);
        }
        return decorate(chart, events).render();
    }

    /** The max on a chart of its own: beside p99 it would squash it flat, or hide it when they meet. */
    private static String maxChart(HlogRun run, List<Event> events, Verdict verdict) {
        List<HlogRun.Interval> intervals = withCompletions(run);
        double[] xs = new double[intervals.size()];
        double[] max = new double[xs.length];
        for (int i = 0; i < xs.length; i++) {
            xs[i] = intervals.get(i).endS();
            max[i] = Units.toMs(intervals.get(i).response().getMaxValue());
        }
        SvgChart chart = new SvgChart("latency-max-over-time", "seconds from the start", "response max (ms)", 220)
                .line("max", SvgChart.COLORS[3], xs, max);
        if (xs.length > 0) {
            limitsOverTime(chart, verdict, List.of("max"), xs[xs.length - 1]);
        }
        return decorate(chart, events).render();
    }

    private static String hostChart(HlogRun run, List<Event> events) {
        List<HostFigures> host = run.host();
        double[] xs = host.stream().mapToDouble(HostFigures::endS).toArray();
        SvgChart chart = new SvgChart("host", "seconds from the start", "threads, requests, %");
        chart.line("runnable threads", xs, host.stream().mapToDouble(h -> zeroIfNaN(h.runnable())).toArray());
        chart.dashed("CPUs", xs, host.stream().mapToDouble(h -> zeroIfNaN(h.cpus())).toArray());
        chart.line("disk in flight", xs, host.stream().mapToDouble(h -> zeroIfNaN(h.diskInFlight())).toArray());
        chart.line("iowait %", xs, host.stream().mapToDouble(h -> zeroIfNaN(h.iowaitPercent())).toArray());
        return decorate(chart, events).render();
    }

    /** The most queues the depth chart draws a line each for. */
    static final int MAX_QUEUE_LINES = 8;

    private static String depthChart(HlogRun run, List<Event> events) {
        SvgChart chart = new SvgChart("depth", "seconds from the start", "messages");
        // A count not known (-1: the broker did not answer, stopped or gone) is left out, never drawn as an empty queue.
        List<DepthFigures> harness = run.depth().stream().filter(d -> d.harness() >= 0).toList();
        if (!harness.isEmpty()) {
            chart.line("harness's count", harness.stream().mapToDouble(DepthFigures::endS).toArray(),
                    harness.stream().mapToDouble(DepthFigures::harness).toArray());
        }
        List<DepthFigures> broker = run.depth().stream().filter(d -> d.broker() >= 0).toList();
        if (!broker.isEmpty()) {
            chart.dashed("broker's count", broker.stream().mapToDouble(DepthFigures::endS).toArray(),
                    broker.stream().mapToDouble(DepthFigures::broker).toArray());
        }
        // Each queue apart, where there are a few: a queue whose consumer fell behind stands out of the sum.
        List<DepthFigures> perQueue = run.depth().stream().filter(d -> d.queues() != null).toList();
        int queues = perQueue.isEmpty() ? 0 : perQueue.get(0).queues().length;
        if (queues >= 2 && queues <= MAX_QUEUE_LINES && perQueue.stream().allMatch(d -> d.queues().length == queues)) {
            double[] xs = perQueue.stream().mapToDouble(DepthFigures::endS).toArray();
            for (int q = 0; q < queues; q++) {
                int i = q;
                chart.line("queue " + (q + 1), xs, perQueue.stream().mapToDouble(d -> d.queues()[i]).toArray());
            }
        }
        return decorate(chart, events).render();
    }

    private static double zeroIfNaN(double v) {
        return Double.isNaN(v) ? 0 : v;
    }

    /**
     * What happened when, in seconds from the schedule's start: a span ({@code toS} above
     * {@code atS}) is shaded on the over-time charts, an instant marked with a line.
     */
    record Event(double atS, double toS, Kind kind, String text, double longestMs) {
        Event(double atS, double toS, Kind kind, String text) {
            this(atS, toS, kind, text, 0);
        }

        boolean span() {
            return toS > atS;
        }
    }

    /** Each kind of event: how it is drawn, its words in the legend, and a label on the line for rare ones. */
    enum Kind {
        WARMUP("warmup", SvgChart.Style.fill("#000000", 0.06), "warmup", null),
        GAP("outage", SvgChart.Style.fill("#e53935", 0.22), "longest gap", null),
        OBJECTIVE_BROKEN("broken", SvgChart.Style.fill("#8e24aa", 0.14), "objective broken", null),
        GC("gc", SvgChart.Style.line("#ff7f0e", "2 2", 1.5), "GC pause", null),
        BROKER_KILLED("killed", SvgChart.Style.line("#c62828", null, 2), "broker killed", "killed"),
        BROKER_LOST("lost", SvgChart.Style.line("#c62828", "6 3", 2), "connection lost", "lost"),
        BROKER_RESTARTED("restarted", SvgChart.Style.line("#1565c0", null, 2), "broker accepting", "restarted"),
        RECONNECTED("reconnected", SvgChart.Style.line("#1565c0", "6 3", 2), "last reconnected", "reconnected"),
        ON_SCHEDULE("on-schedule", SvgChart.Style.line("#6a1b9a", "2 3", 2), "senders on schedule", "on schedule"),
        RECOVERED("recovered", SvgChart.Style.line("#2e7d32", null, 2), "backlog drained", "recovered"),
        FREEZE("freeze", SvgChart.Style.fill("#1e88e5", 0.18), "broker stopped (--freeze-at)", null),
        PAGING("paging", SvgChart.Style.fill("#f9a825", 0.16), "broker paging to disk", null);

        final String cssClass;
        final SvgChart.Style style;
        final String legend;
        final String label;

        Kind(String cssClass, SvgChart.Style style, String legend, String label) {
            this.cssClass = cssClass;
            this.style = style;
            this.legend = legend;
            this.label = label;
        }
    }

    /** The run's events: warmup, GC pauses, the longest gap, the broker's loss and recovery, objectives broken. */
    static List<Event> events(HlogRun run, RunOutcome outcome) {
        List<Event> events = new ArrayList<>();
        double warmupEnd = warmupEndS(run);
        for (HlogRun.Interval i : run.intervals()) {
            Histogram gc = i.tag("gc-pause");
            if (gc != null && gc.getTotalCount() > 0) {
                // The hlog knows a pause's interval, not its instant: the line is at the interval's middle.
                events.add(new Event((i.startS() + i.endS()) / 2, 0, Kind.GC, String.format(Locale.ROOT,
                        "%d GC pause%s of the harness JVM in %.1f .. %.1f s, longest %s ms", gc.getTotalCount(),
                        gc.getTotalCount() == 1 ? "" : "s", i.startS(), i.endS(), Units.ms(gc.getMaxValue())),
                        Units.toMs(gc.getMaxValue())));
            }
        }
        PagingSpans paging = new PagingSpans();
        run.depth().forEach(d -> paging.add(d.startS(), d.endS(), d.paging(), d.broker()));
        for (PagingSpans.Span p : paging.spans()) {
            events.add(new Event(p.fromS(), p.toS(), Kind.PAGING, "the broker paged the run's queues to disk"
                    + (p.depthAtStart() >= 0 ? " from its count " + Units.count(p.depthAtStart()) : "")
                    + ": their messages passed the memory it gives them"));
        }
        if (warmupEnd > 0) {
            events.add(new Event(0, warmupEnd, Kind.WARMUP, "warmup: messages intended before " + Units.seconds(warmupEnd)
                    + " are left out of the measured phase"));
        }
        if (outcome == null) {
            return events;
        }
        long[] gap = longestGap(outcome);
        if (gap != null) {
            events.add(new Event(gap[0] / 1e9, (gap[0] + gap[1]) / 1e9, Kind.GAP, "longest time without a completion while"
                    + " one was due: " + Units.ms(gap[1]) + " ms (what --slo's outage reads)"));
        }
        Outages.Recovery o = outcome.recovery();
        if (o != null) {
            at(events, o.killedAtNs(), Kind.BROKER_KILLED, "the harness killed the broker"
                    + (o.killedBy() == null ? "" : " (" + o.killedBy() + ")"));
            if (o.lostAtNs() >= 0 && o.lostAtNs() != o.killedAtNs()) {
                at(events, o.lostAtNs(), Kind.BROKER_LOST, "a worker lost its connection to the broker");
            }
            at(events, o.restartedAtNs(), Kind.BROKER_RESTARTED, "the broker accepted connections again"
                    + (o.restartMillis() < 0 ? "" : ", " + Units.count(o.restartMillis()) + " ms after its start"));
            at(events, o.reconnectedAtNs(), Kind.RECONNECTED, "the last worker to lose its connection had it again (" + Units.count(o.reconnections())
                    + " reconnections; longest without a connection " + Units.ms(o.longestReconnectNs()) + " ms)");
            at(events, o.caughtUpAtNs(), Kind.ON_SCHEDULE, "every sender back on its schedule");
            at(events, o.drainedAtNs(), Kind.RECOVERED, "the backlog drained: the first message due after that completed"
                    + (o.backlogDrainNs() < 0 ? "" : ", " + Units.ms(o.backlogDrainNs()) + " ms after the outage"));
        }
        for (Stop f : outcome.freezes()) {
            events.add(new Event(f.atNs() / 1e9, (f.atNs() + f.lengthNs()) / 1e9, Kind.FREEZE,
                    "the broker stopped (--freeze-at) for " + Units.ms(f.lengthNs()) + " ms, as measured where it was stopped"));
        }
        for (Result r : outcome.verdict().results()) {
            if (r.failedWindow() != null) {
                events.add(new Event(r.failedWindow().fromS(), r.failedWindow().toS(), Kind.OBJECTIVE_BROKEN,
                        r.objective().text() + " broken: " + r.measuredText() + " in its first failing window, "
                                + r.failedWindows() + " of " + r.windows() + " failed"));
            }
        }
        events.sort(Comparator.comparingDouble(Event::atS));
        return events;
    }

    /** Where the warmup's intervals end, in seconds from the start; 0 when the run had none. */
    private static double warmupEndS(HlogRun run) {
        double end = 0;
        for (HlogRun.Interval i : run.intervals()) {
            if (i.warmup()) {
                end = Math.max(end, i.endS());
            }
        }
        return end;
    }

    private static void at(List<Event> events, long ns, Kind kind, String text) {
        if (ns >= 0) {
            events.add(new Event(ns / 1e9, 0, kind, text));
        }
    }

    /** The events on an over-time chart, each kind named in its legend. */
    private static SvgChart decorate(SvgChart chart, List<Event> events) {
        for (Event e : events) {
            if (e.span()) {
                String legend = e.kind() == Kind.GAP ? "longest gap " + Units.ms((e.toS() - e.atS()) * 1e9) + " ms" : e.kind().legend;
                chart.band(e.atS(), e.toS(), e.kind().cssClass, e.kind().style, e.text(), legend);
            } else {
                chart.mark(e.atS(), e.kind().cssClass, e.kind().style, e.text(), e.kind().label, e.kind().legend);
            }
        }
        return chart;
    }

    /** The events in order, with their times; of the GC pauses the longest few. */
    private static String eventTable(List<Event> events) {
        List<Event> gc = events.stream().filter(e -> e.kind() == Kind.GC).toList();
        List<Event> listed = new ArrayList<>(events.stream().filter(e -> e.kind() != Kind.GC).toList());
        if (listed.stream().allMatch(e -> e.kind() == Kind.WARMUP) && gc.isEmpty()) {
            return "";
        }
        gc.stream().sorted(Comparator.comparingDouble(Event::longestMs).reversed()).limit(GC_EVENTS_LISTED)
                .forEach(listed::add);
        listed.sort(Comparator.comparingDouble(Event::atS));
        StringBuilder b = new StringBuilder("<h2>Events</h2>\n<p class=\"what\">What the charts mark, in seconds from the"
                + " schedule's start" + (gc.size() > GC_EVENTS_LISTED ? "; of the " + gc.size() + " intervals with GC pauses,"
                        + " the " + GC_EVENTS_LISTED + " with the longest" : "") + ".</p>\n<table id=\"events\" class=\"events\"><tr><th>at</th>"
                + "<th>until</th><th>event</th><th>what</th></tr>\n");
        for (Event e : listed) {
            b.append("<tr data-kind=\"").append(e.kind().cssClass).append("\"><td>").append(String.format(Locale.ROOT,
                    "+%.3f s", e.atS())).append("</td><td>").append(e.span() ? String.format(Locale.ROOT, "+%.3f s", e.toS())
                            : "").append("</td><td>").append(Html.escape(e.kind().legend)).append("</td><td>").append(Html.escape(e.text())).append("</td></tr>\n");
        }
        return b.append("</table>\n").toString();
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

    /** What ran where: the settings and notes of the header, and the environment the run recorded. */
    static String setup(HlogRun run) {
        StringBuilder b = new StringBuilder("<h2>The run: settings and environment</h2>\n<ul class=\"settings\">");
        for (String c : run.comments()) {
            if (!c.startsWith("harness ") && !c.startsWith("values in") && !c.startsWith(Environment.HLOG_PREFIX)) {
                b.append("<li>").append(Html.escape(c)).append("</li>");
            }
        }
        b.append("</ul>\n");
        Environment env = run.header().environment();
        if (env == null) {
            return b.append("<p class=\"what\" id=\"environment\">The log does not record its environment (a log from"
                    + " before harness recorded it, or another tool's).</p>\n").toString();
        }
        b.append("<table id=\"environment\" class=\"env\">");
        for (Map.Entry<String, String> e : env.byLabel().entrySet()) {
            b.append("<tr><td>").append(Html.escape(e.getKey())).append("</td><td>").append(Html.escape(e.getValue()))
                    .append("</td></tr>");
        }
        return b.append("</table>\n").toString();
    }

    /** The objectives: met or not, each with its value and, for a window, the first that failed. */
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
            if (d.expired() > 0) {
                row(b, "expired (time to live passed)", d.expired());
            }
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
                    + " outage is shaded and its events marked on the over-time charts.</p>\n<table id=\"outage\">");
            if (o.killedAtNs() >= 0) {
                text(b, "broker killed at", seconds(o.killedAtNs()));
                text(b, "broker restarted", o.restartMillis() < 0 ? "not restarted"
                        : "in " + Units.count(o.restartMillis()) + " ms, accepting at " + seconds(o.restartedAtNs()));
            } else if (o.lostAtNs() >= 0) {
                text(b, "connection first lost at", seconds(o.lostAtNs()));
            }
            if (o.outageFromNs() >= 0) {
                text(b, "client-visible outage", Units.ms(o.outageNs()) + " ms without a completion, "
                        + seconds(o.outageFromNs()) + " to " + seconds(o.outageToNs()));
            }
            if (o.reconnectedAtNs() >= 0) {
                text(b, "last worker connected again", seconds(o.reconnectedAtNs()));
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

    /**
     * Publish/subscribe: a row per subscription, its copies and its response; the slowest by p99
     * marked, with how far it trails the median subscription's p99 (as the console says it).
     */
    static String subscriptions(List<RunOutcome.Subscription> subs) {
        List<Long> p99s = subs.stream().filter(x -> x.count() > 0).map(RunOutcome.Subscription::p99Ns).sorted().toList();
        long median = p99s.isEmpty() ? 0 : p99s.get((p99s.size() - 1) / 2);
        RunOutcome.Subscription slowest = subs.stream().filter(x -> x.count() > 0)
                .max(java.util.Comparator.comparingLong(RunOutcome.Subscription::p99Ns)).orElse(null);
        StringBuilder b = new StringBuilder("<h2>Subscriptions</h2>\n<p class=\"what\">Each subscription's copies, and its"
                + " response over the measured phase: from the message's intended publish time to this subscription's receipt."
                + " The slowest by p99 is marked");
        if (slowest != null && median > 0) {
            b.append(String.format(java.util.Locale.ROOT, "; its p99 is %.1fx the median subscription's (%s ms)",
                    slowest.p99Ns() / (double) median, Units.ms(median)));
        }
        boolean expiring = subs.stream().anyMatch(x -> x.expired() > 0);
        b.append(".</p>\n<table id=\"subscriptions\"><tr><th>subscription</th><th>topic</th><th>received</th><th>lost</th>"
                + "<th>missed</th>" + (expiring ? "<th>expired</th>" : "") + "<th>duplicates</th><th>p50 ms</th><th>p99 ms</th>"
                + "<th>p99.9 ms</th><th>max ms</th></tr>\n");
        for (RunOutcome.Subscription x : subs) {
            boolean slow = x == slowest && subs.size() > 1;
            b.append(slow ? "<tr class=\"slowest\"><td><b>" : "<tr><td>").append(Html.escape(x.name()))
                    .append(slow ? "</b> (slowest)" : "").append("</td><td>").append(Html.escape(x.topic())).append("</td>");
            long[] counts = expiring ? new long[] {x.received(), x.lost(), x.missed(), x.expired(), x.duplicates()}
                    : new long[] {x.received(), x.lost(), x.missed(), x.duplicates()};
            for (long n : counts) {
                b.append("<td>").append(Units.count(n)).append("</td>");
            }
            for (long ns : new long[] {x.p50Ns(), x.p99Ns(), x.p999Ns(), x.maxNs()}) {
                b.append("<td>").append(x.count() == 0 ? "-" : Units.ms(ns)).append("</td>");
            }
            b.append("</tr>\n");
        }
        return b.append("</table>\n").toString();
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
}
