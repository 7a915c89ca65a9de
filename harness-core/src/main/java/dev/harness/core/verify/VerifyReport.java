package dev.harness.core.verify;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import dev.harness.core.JsonWriter;
import dev.harness.core.Units;
import dev.harness.core.disturbance.Stop;
import dev.harness.core.findings.Reason;
import dev.harness.core.report.Html;
import dev.harness.core.report.SvgChart;

/** harness verify's outputs: the console table, the JSON (harness-verify/1) and the one-page HTML report. */
public final class VerifyReport {
    public static final String SCHEMA = "harness-verify/1";
    private static final String FORMAT = "%-44s %-24s %19s %10s %10s  %s%n";

    private VerifyReport() {
    }

    /** The table: a line per figure, the scenario's name on its first; reasons under the scenario. */
    public static void console(PrintStream out, VerifyResult r) {
        out.println();
        out.println("== harness verify: " + (r.quick() ? "the quick set" : "every scenario") + " against " + r.target() + " ==");
        r.rates().forEach(line -> out.println("rate: " + line));
        out.println();
        out.printf(Locale.ROOT, FORMAT, "scenario", "figure", "truth", "response", "service", "verdict");
        int n = 0;
        for (ScenarioResult s : r.scenarios()) {
            n++;
            String name = n + " " + s.title();
            if (!s.ran()) {
                out.printf(Locale.ROOT, FORMAT, name, "-", "-", "-", "-", "NOT RUN");
                out.println("    not run: " + s.notRun());
                continue;
            }
            for (Row row : s.rows()) {
                out.printf(Locale.ROOT, FORMAT, name, row.label() + (row.atLeast() ? " at least" : ""), row.truthCell(),
                        row.cell(row.measured()), row.cell(row.service()),
                        row.passed() ? "PASS" : "FAIL");
                name = "";
            }
            out.println("    stops: " + stops(s.stops()) + (s.rate() > 0 ? "; " + Units.rate(s.rate()) + " msg/s" : ""));
            if (s.ranTwiceLine() != null) {
                out.println("    " + s.ranTwiceLine());
            }
            for (Row row : s.rows()) {
                if (!row.passed()) {
                    out.println("    FAIL " + row.figure() + ": " + row.why());
                }
            }
            for (Reason reason : s.validity().reasons()) {
                out.println("    NOT VALID: " + reason.code() + ": " + reason.text());
            }
            if (s.failed()) {
                s.context().forEach(f -> out.println("    the run's " + f.text()));
            }
        }
        out.println();
        out.println(r.word() + ": " + r.line() + " (truth: from the least to the most the stops' measured"
                + " lengths allow; a figure passes when it is never under the least and at most 5 % over the most)");
        out.flush();
    }

    /** "+6.001 s for 2,002 ms (within 1.9 ms)", for up to ten stops. */
    static String stops(List<Stop> stops) {
        if (stops.isEmpty()) {
            return "none";
        }
        List<String> each = new ArrayList<>();
        for (Stop s : stops.subList(0, Math.min(10, stops.size()))) {
            each.add(String.format(Locale.ROOT, "+%.3f s for %s ms", s.atNs() / 1e9, Units.ms(s.lengthNs()))
                    + (s.uncertaintyNs() > 0 ? " (within " + Units.ms(s.uncertaintyNs()) + " ms)" : ""));
        }
        return (stops.size() > 1 ? stops.size() + ": " : "") + String.join(", ", each) + (stops.size() > 10 ? ", ..." : "");
    }

    /** The result as JSON: every row's truth, its least and most, the figure measured and the verdict. */
    public static String json(VerifyResult r) {
        JsonWriter j = new JsonWriter().beginObject().field("schema", SCHEMA).field("target", r.target())
                .field("quick", r.quick()).field("passed", r.passed()).field("tolerance", Row.TOLERANCE);
        j.name("rates").beginArray();
        r.rates().forEach(j::value);
        j.endArray();
        j.name("scenarios").beginArray();
        for (ScenarioResult s : r.scenarios()) {
            j.beginObject().field("id", s.id()).field("title", s.title()).field("verdict", s.verdict())
                    .field("notRun", s.notRun()).field("rate", s.rate()).field("firstRunNotValid", s.firstRunNotValid());
            j.name("stops").beginArray();
            for (Stop stop : s.stops()) {
                j.beginObject().field("atNs", stop.atNs()).field("lengthNs", stop.lengthNs())
                        .field("uncertaintyNs", stop.uncertaintyNs()).endObject();
            }
            j.endArray();
            j.name("validity").beginObject().field("valid", s.validity().valid());
            j.name("reasons").beginArray();
            for (Reason reason : s.validity().reasons()) {
                j.beginObject().field("code", reason.code()).field("text", reason.text()).endObject();
            }
            j.endArray().endObject();
            j.name("runFindings").beginArray();
            s.context().forEach(f -> j.beginObject().field("code", f.code()).field("text", f.text()).endObject());
            j.endArray();
            j.name("rows").beginArray();
            for (Row row : s.rows()) {
                j.beginObject().field("figure", row.figure()).field("unit", row.unit() == Row.Unit.NS ? "ns" : "count")
                        .field("view", row.view()).field("truth", row.truth()).field("least", row.least())
                        .field("most", row.most()).field("measured", row.measured());
                if (Double.isNaN(row.service())) {
                    j.field("service", (String) null);
                } else {
                    j.field("service", row.service());
                }
                j.field("atLeast", row.atLeast()).field("passed", row.passed()).field("why", row.why()).endObject();
            }
            j.endArray().endObject();
        }
        j.endArray().endObject();
        return j.toString();
    }

    public static void writeJson(Path file, VerifyResult r) throws IOException {
        Files.writeString(file, json(r) + "\n", StandardCharsets.UTF_8);
    }

    /** One page: the table, then each scenario's percentile spectrum, response and service, with its truth drawn in. */
    public static String html(VerifyResult r) {
        StringBuilder b = new StringBuilder();
        b.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>harness verify</title>\n<style>\n")
                .append("body{font-family:system-ui,sans-serif;margin:24px;color:#222;max-width:1000px}")
                .append("h1{font-size:20px}h2{font-size:16px;margin-top:28px}p.what{margin:4px 0 8px;color:#444}")
                .append("table{border-collapse:collapse;font-size:13px}td,th{padding:3px 10px;text-align:right;")
                .append("border-bottom:1px solid #ddd}th:first-child,td:first-child,th:nth-child(2),td:nth-child(2)")
                .append("{text-align:left}.chart .grid{stroke:#e5e5e5}.chart .tick,.chart .legend{font-size:11px;fill:#444}")
                .append(".chart .axis{font-size:12px;fill:#222}td.PASS{color:#2e7d32;font-weight:bold}")
                .append("td.FAIL{color:#c62828;font-weight:bold}\n</style></head><body>\n");
        b.append("<h1>harness verify against ").append(Html.escape(r.target())).append("</h1>\n");
        b.append("<p id=\"verdict\" class=\"").append(r.passed() ? "PASS" : "FAIL").append("\"><b>")
                .append(r.word()).append("</b>: ").append(Html.escape(r.line()))
                .append(". A figure passes when it is never under its truth and at most 5 % over it.</p>\n<ul>");
        r.rates().forEach(line -> b.append("<li>rate: ").append(Html.escape(line)).append("</li>"));
        b.append("</ul>\n<table id=\"rows\"><tr><th>scenario</th><th>figure</th><th>truth</th><th>response</th>")
                .append("<th>service</th><th>verdict</th></tr>\n");
        int n = 0;
        for (ScenarioResult s : r.scenarios()) {
            n++;
            String name = Html.escape(n + " " + s.title());
            if (!s.ran()) {
                b.append("<tr><td>").append(name).append("</td><td colspan=\"4\">").append(Html.escape(s.notRun()))
                        .append("</td><td>NOT RUN</td></tr>\n");
                continue;
            }
            for (Row row : s.rows()) {
                String verdict = row.passed() ? "PASS" : "FAIL";
                b.append("<tr><td>").append(name).append("</td><td>").append(Html.escape(row.label()))
                        .append(row.atLeast() ? " at least" : "").append("</td><td>").append(row.truthCell())
                        .append("</td><td>").append(row.cell(row.measured())).append("</td><td>")
                        .append(row.cell(row.service())).append("</td><td class=\"").append(verdict).append("\"")
                        .append(row.why() == null ? "" : " title=\"" + Html.escape(row.why()) + "\"").append(">")
                        .append(verdict).append("</td></tr>\n");
                name = "";
            }
        }
        b.append("</table>\n");
        n = 0;
        for (ScenarioResult s : r.scenarios()) {
            n++;
            if (s.spectrum() == null) {
                continue;
            }
            b.append("<h2 id=\"").append(Html.escape(s.id())).append("\">").append(n).append(" ")
                    .append(Html.escape(s.title())).append(": ").append(s.verdict()).append("</h2>\n<p class=\"what\">stops: ")
                    .append(Html.escape(stops(s.stops()))).append(". The dashed line is the truth the stops' measured lengths"
                    + " give: no message due in a stop completes before it ends.</p>\n");
            if (s.ranTwiceLine() != null) {
                b.append("<p class=\"what\">").append(Html.escape(s.ranTwiceLine())).append(".</p>\n");
            }
            if (s.failed()) {
                s.context().forEach(f -> b.append("<p class=\"what\">The run's ").append(Html.escape(f.text())).append("</p>\n"));
            }
            for (Reason reason : s.validity().reasons()) {
                b.append("<p class=\"what\">NOT VALID: ").append(Html.escape(reason.code() + ": " + reason.text()))
                        .append("</p>\n");
            }
            // A fan-out scenario's spectrum is its fanout view's; every other scenario's is response's.
            String view = s.rows().stream().map(Row::view).filter("fanout"::equals).findFirst().orElse("response");
            SvgChart chart = SvgChart.spectrum("spectrum-" + s.id(), "latency (ms)")
                    .curve(view, s.spectrum().response()).curve("service", s.spectrum().service());
            if (s.spectrum().truth() != null) {
                List<double[]> truth = truth(s.spectrum().truth());
                chart.dashed("truth", column(truth, 0), column(truth, 1));
            }
            b.append(chart.render());
        }
        b.append("</body></html>\n");
        return b.toString();
    }

    public static void writeHtml(Path file, VerifyResult r) throws IOException {
        Files.writeString(file, html(r), StandardCharsets.UTF_8);
    }

    /** The truth on the percentile axis: from the first percentile the stops reach to 99.9999 %. */
    static List<double[]> truth(StallTruth truth) {
        List<double[]> points = new ArrayList<>();
        for (int i = 0; i <= 60; i++) {
            double nines = SvgChart.MAX_NINES * i / 60;
            double percentile = 100 * (1 - Math.pow(10, -nines));
            long ns = percentile <= 0 ? 0 : percentile >= 100 ? truth.max() : truth.valueAt(percentile);
            points.add(new double[] {nines, Units.toMs(ns)});
        }
        return points;
    }

    private static double[] column(List<double[]> points, int c) {
        double[] out = new double[points.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = points.get(i)[c];
        }
        return out;
    }
}
