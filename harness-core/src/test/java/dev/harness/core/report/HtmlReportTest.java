package dev.harness.core.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.harness.core.Setting;
import dev.harness.core.Units;
import dev.harness.core.WorkloadKind;
import dev.harness.core.disturbance.Stop;
import dev.harness.core.findings.Finding;
import dev.harness.core.findings.Reading;
import dev.harness.core.findings.Reason;
import dev.harness.core.findings.Validity;
import dev.harness.core.hlog.HlogHeader;
import dev.harness.core.hlog.HlogReader;
import dev.harness.core.hlog.HlogRun;
import dev.harness.core.hlog.HlogWriter;
import dev.harness.core.host.Environment;
import dev.harness.core.measure.Histograms;
import dev.harness.core.measure.Outages;
import dev.harness.core.run.Delivery;
import dev.harness.core.run.RunHeader;
import dev.harness.core.slo.Objective;
import dev.harness.core.slo.Result;
import dev.harness.core.slo.Verdict;
import dev.harness.core.slo.Window;

/**
 * What the report shows: the answers on its first screen, the findings in the console's words, the
 * environment, the spectrum with the objectives' limits, and the events on the charts over time.
 */
class HtmlReportTest {
    private static final long MS = 1_000_000L;

    @TempDir
    Path dir;

    private HlogRun log() throws Exception {
        Path file = dir.resolve("run.hlog");
        try (HlogWriter w = HlogWriter.create(file)) {
            w.header(HlogHeader.builder(1_795_260_764_147L).comment("harness put against test").setting("rate", "100 msg/s")
                    .setting("interval", "1s").build());
            w.interval(0, 1, "warmup-response", values(MS));
            w.interval(0, 1, HlogReader.WARMUP_MARK, values());
            w.interval(1, 2, "response", values(MS, 2 * MS));
            w.interval(2, 3, "response", values(3 * MS));
        }
        return HlogRun.read(file);
    }

    /** A run's log as harness run writes it: response and service apart, a GC pause, the environment. */
    private HlogRun fullLog() throws Exception {
        Path file = dir.resolve("full.hlog");
        Environment env = new Environment("bench-7", "Debian GNU/Linux 12 (bookworm)", "Linux 6.1.0-28-amd64 amd64",
                "16 available to the JVM, AMD EPYC 7B13", "performance", "62.8 GiB", "never",
                "OpenJDK 64-Bit Server VM 17.0.15+6 (Debian)", "-Xmx2g -XX:+AlwaysPreTouch", "G1 Young Generation, G1 Old Generation",
                "max 2.0 GiB", "0.9.1", "embedded Artemis 2.44.0 at tcp://127.0.0.1:40123", "artemis-jms-client 2.44.0");
        RunHeader header = new RunHeader(WorkloadKind.PUT, "embedded Artemis 2.44.0 at tcp://127.0.0.1:40123",
                List.of(new Setting("rate", "100 msg/s"), new Setting("warmup", "1s"),
                        new Setting("interval", "1s")), List.of(), Instant.ofEpochMilli(1_795_260_764_147L), env);
        try (HlogWriter w = HlogWriter.create(file)) {
            w.header(HlogReporter.header(header));
            w.interval(0, 1, "warmup-response", values(MS));
            w.interval(0, 1, HlogReader.WARMUP_MARK, values());
            long[] response = new long[100];
            long[] service = new long[100];
            for (int i = 0; i < 100; i++) {
                response[i] = (i + 1) * MS; // 1 .. 100 ms
                service[i] = 10_000 + i * 100; // 10 .. 20 us
            }
            w.interval(1, 2, "response", values(response));
            w.interval(1, 2, "service", values(service));
            w.interval(1, 2, "gc-pause", values(7 * MS));
            w.interval(2, 3, "response", values(3 * MS));
            w.interval(2, 3, "service", values(20_000));
        }
        return HlogRun.read(file);
    }

    private static RunOutcome fullOutcome(Verdict verdict) {
        Reading reading = new Reading(new Validity(List.of(new Reason(Reason.BACKLOG_AT_START, "the measured phase began 2.3 s"
                + " behind its schedule", "measure from the steady state: --warmup auto, or a longer --warmup"))),
                List.of(new Finding(Finding.UNDERSTATEMENT, "service understates response: p99 <20 us> against 99 ms"),
                        new Finding(Finding.OUTAGE, "longest time without a completion while one was due: 400.0 ms, from"
                                + " +1.100 s (what --slo's outage reads)")));
        return new RunOutcome(verdict, new Delivery(true, null, true, 10, 1_000, 997, 3, 2, 0, 5, 0, 0, 0), false, 0, 0,
                new Outages.Recovery(1_000 * MS, 1_900 * MS, 850, 1_100 * MS, 1_500 * MS, 2_600 * MS, 2_700 * MS, 2, 1_200 * MS,
                        "sender 0", false, "SIGKILL", "process start to accepting connections", -1, null, 1_000 * MS, 2_200 * MS),
                null, reading, new RunOutcome.Rates(100, 93.5, 2, 1_100 * MS, 400 * MS));
    }

    /** --ttl: the loss tile and the delivery table say how many expired, apart from the lost. */
    @Test
    void expiredMessagesAreShownApartFromTheLost() throws Exception {
        RunOutcome full = fullOutcome(Verdict.NONE);
        RunOutcome expiring = new RunOutcome(Verdict.NONE, new Delivery(true, null, true, 0, 1_000, 700, 300, 0, 0, 0, 0, 0,
                0).expiring(), false, 0, 0, null, null, full.reading(), full.rates());
        String html = HtmlReport.render(fullLog(), expiring);
        String loss = between(html, "id=\"loss\"", "</div>\n</div>");
        assertTrue(loss.contains("0 lost") && loss.contains("; 300 expired (--ttl passed)"), loss);
        String delivery = between(html, "id=\"delivery\"", "</table>");
        assertTrue(delivery.contains("expired (time to live passed)") && delivery.contains("300"), delivery);
        assertFalse(HtmlReport.render(fullLog(), full).contains("expired"), "no --ttl, no expired");
    }

    @Test
    void theFirstScreenAnswersInOrderValidityRateLatencyLossThenReasonsVerdictAndFindings() throws Exception {
        Verdict verdict = new Verdict(List.of(new Result(Objective.parse("response.p99 < 50ms"), 99 * MS, 50 * MS, false,
                null, 0, 0)));
        String html = HtmlReport.render(fullLog(), fullOutcome(verdict));
        List<String> order = List.of("id=\"run-line\"", "id=\"validity\"", "id=\"rate\"", "id=\"headline\"", "id=\"loss\"",
                "id=\"reasons\"", "id=\"verdict\"", "id=\"findings\"", "id=\"summary\"", "id=\"percentiles-response-service\"",
                "id=\"latency-over-time\"", "id=\"latency-max-over-time\"", "id=\"throughput\"", "id=\"events\"",
                "id=\"delivery\"", "id=\"environment\"");
        int at = -1;
        for (String id : order) {
            int next = html.indexOf(id);
            assertTrue(next > at, () -> id + " after what comes before it, in " + order);
            at = next;
        }
        String run = between(html, "id=\"run-line\"", "</p>");
        String day = DateTimeFormatter.ISO_LOCAL_DATE.withZone(ZoneId.systemDefault()).format(Instant.ofEpochMilli(1_795_260_764_147L));
        assertTrue(run.contains("started <b>" + day + " "), run);
        assertTrue(run.contains("host <b>bench-7</b>") && run.contains("harness <b>0.9.1</b>")
                && run.contains("measured <b>2.0s</b> after 1.0s of warmup"), run);
        String validity = between(html, "id=\"validity\"", "</div>\n</div>");
        assertTrue(html.contains("<div id=\"validity\" class=\"tile bad\">"), validity);
        assertTrue(validity.contains("NOT VALID") && validity.contains("backlog-at-start")
                && validity.contains("objectives <b class=\"poor\">FAILED</b>: 0 of 1 met"), validity);
        String rate = between(html, "id=\"rate\"", "</div>\n</div>");
        assertTrue(rate.contains("93.5 <span class=\"sub\">of 100 msg/s</span>") && rate.contains("94 % of the target"), rate);
        String headline = between(html, "id=\"headline\"", "</table>");
        // response: 1 .. 100 ms measured (the warmup's 1 ms left out) and one of 3 ms.
        Histogram response = fullLog().measured("response");
        assertTrue(headline.contains("<tr data-view=\"response\"><td>response</td><td>" + Units.ms(response.getValueAtPercentile(50))
                + "</td><td>" + Units.ms(response.getValueAtPercentile(99)) + "</td><td>"
                + Units.ms(response.getValueAtPercentile(99.9)) + "</td><td>" + Units.ms(response.getMaxValue()) + "</td></tr>"),
                headline);
        assertTrue(headline.contains("<tr data-view=\"service\">"), headline);
        String loss = between(html, "id=\"loss\"", "</div>\n</div>");
        assertTrue(loss.contains("3 lost") && loss.contains("of 1,000 committed"), loss);
        assertTrue(loss.contains("longest without a completion: <b>400.0 ms</b> from +1.100 s"), loss);
        assertTrue(loss.contains("broker killed at +1.000 s, recovered at +2.700 s"), loss);
    }

    @Test
    void theFindingsAreTheConsolesSentencesAndTheReasonsSayWhatToChange() throws Exception {
        RunOutcome outcome = fullOutcome(Verdict.NONE);
        String html = HtmlReport.render(fullLog(), outcome);
        for (Finding f : outcome.reading().findings()) {
            assertTrue(html.contains("<li data-code=\"" + f.code() + "\">" + Html.escape(f.text()) + "</li>"), f.text());
        }
        assertTrue(html.contains("<li data-code=\"backlog-at-start\"><b>backlog-at-start:</b> the measured phase began 2.3 s"
                + " behind its schedule. <i>What to change:</i> measure from the steady state: --warmup auto, or a longer"
                + " --warmup.</li>"), html);
        assertTrue(html.contains("no objectives (--slo)"), "the tile says there was no verdict");
        String twice = HtmlReport.validityReasons(new Validity(List.of(
                new Reason(Reason.SCHEDULE_BEHIND, "half the sends lagged", "stop what else runs on this host"),
                new Reason(Reason.HOST_CONTENDED, "the run queue reached 26", "stop what else runs on this host"))));
        assertEquals(1, twice.split("What to change", -1).length - 1, "a remedy is said once, as on the console: " + twice);
        assertTrue(twice.contains("<b>host-contended:</b> the run queue reached 26.</li>"), twice);
    }

    @Test
    void theEnvironmentFromTheHlogHeaderIsATableAndNotASetting() throws Exception {
        String html = HtmlReport.render(fullLog());
        String env = between(html, "<table id=\"environment\" class=\"env\">", "</table>");
        assertTrue(env.startsWith("<tr><td>host</td><td>bench-7</td></tr><tr><td>os</td><td>Debian GNU/Linux 12 (bookworm)"), env);
        for (String row : List.of("<td>kernel</td><td>Linux 6.1.0-28-amd64 amd64</td>", "<td>cpu governor</td><td>performance</td>",
                "<td>jvm args</td><td>-Xmx2g -XX:+AlwaysPreTouch</td>", "<td>gc</td><td>G1 Young Generation, G1 Old Generation</td>",
                "<td>harness</td><td>0.9.1</td>", "<td>client</td><td>artemis-jms-client 2.44.0</td>")) {
            assertTrue(env.contains(row), row);
        }
        String settings = between(html, "<ul class=\"settings\">", "</ul>");
        assertTrue(settings.contains("<li>rate: 100 msg/s</li>") && !settings.contains("environment"), settings);
        String plain = HtmlReport.render(log());
        assertTrue(plain.contains("id=\"environment\">The log does not record its environment"), "an older log says so");
        assertTrue(plain.contains("harness <b>version not recorded</b>"), plain);
    }

    @Test
    void theSpectrumIsLogarithmicInOneOverOneMinusPWithTheObjectivesLimitsOnIt() throws Exception {
        assertEquals(0, SvgChart.nines(0), 1e-12);
        assertEquals(2, SvgChart.nines(99), 1e-9);
        assertEquals(3, SvgChart.nines(99.9), 1e-9);
        assertEquals(SvgChart.MAX_NINES, SvgChart.nines(100), 1e-12, "the max at the right end");
        Verdict verdict = new Verdict(List.of(
                new Result(Objective.parse("response.p99 < 2ms"), 99 * MS, 2 * MS, false, null, 0, 0),
                new Result(Objective.parse("service.p99.9 < 50ms"), 0.02 * MS, 50 * MS, true, null, 0, 0),
                new Result(Objective.parse("response.max < 1s"), 100 * MS, 1_000 * MS, true, null, 0, 0),
                new Result(Objective.parse("lost == 0"), 3, 0, false, null, 0, 0),
                new Result(Objective.parse("response.count > 10"), 101, 10, true, null, 0, 0)));
        String html = HtmlReport.render(fullLog(), fullOutcome(verdict));
        String spectrum = between(html, "<svg id=\"percentiles-response-service\"", "</svg>");
        for (String tick : List.of("0%", "90%", "99%", "99.9%", "99.99%", "99.999%", "99.9999%")) {
            assertTrue(spectrum.contains("text-anchor=\"middle\">" + tick + "</text>"), tick);
        }
        assertTrue(spectrum.contains("percentile (logarithmic in 1/(1-p)"), "the axis says what it is");
        // response (ms) over service (us): two orders of magnitude, drawn on a log scale.
        assertTrue(spectrum.contains("data-y-scale=\"log\""), "a logarithmic latency axis");
        assertTrue(spectrum.contains("<g class=\"limit\" data-objective=\"response.p99 &lt; 2ms\" data-x=\"2\" data-y=\"2\">"
                + "<line x1=\"70\""), spectrum);
        assertTrue(between(spectrum, "data-objective=\"response.p99 &lt; 2ms\"", "</g>").contains("stroke=\"#c62828\""),
                "not met: red");
        assertTrue(between(spectrum, "data-objective=\"service.p99.9 &lt; 50ms\" data-x=\"3\" data-y=\"50\"", "</g>")
                .contains("stroke=\"#2e7d32\""), "met: green");
        assertTrue(spectrum.contains("data-objective=\"response.max &lt; 1s\" data-x=\"6\" data-y=\"1000\""), "max at the end");
        assertFalse(spectrum.contains("lost == 0") || spectrum.contains("response.count"), "only time objectives on percentiles");
        assertTrue(spectrum.contains(">objective's limit</text>"), "the legend names the limit lines");
    }

    @Test
    void p99AndMaxOverTimeAreChartsOfTheirOwn() throws Exception {
        String html = HtmlReport.render(fullLog(), fullOutcome(Verdict.NONE));
        String latency = between(html, "<svg id=\"latency-over-time\"", "</svg>");
        String max = between(html, "<svg id=\"latency-max-over-time\"", "</svg>");
        assertTrue(latency.contains("data-series=\"p99\"") && latency.contains("data-series=\"p50\""), latency);
        assertFalse(latency.contains("data-series=\"max\""), "max would squash p99");
        assertTrue(max.contains("data-series=\"max\"") && !max.contains("data-series=\"p99\""), max);

        // An objective on response's p99 or max is drawn across the chart of its statistic.
        Verdict verdict = new Verdict(List.of(new Result(Objective.parse("response.p99 < 50ms per 1s"), 99 * MS, 50 * MS, false,
                new Window(1, 2, null), 1, 2), new Result(Objective.parse("response.max < 1s"), 100 * MS, 1_000 * MS, true, null,
                0, 0)));
        String judged = HtmlReport.render(fullLog(), fullOutcome(verdict));
        assertTrue(between(judged, "<svg id=\"latency-over-time\"", "</svg>").contains(
                "<g class=\"limit\" data-objective=\"response.p99 &lt; 50ms per 1s\" data-x=\"3\" data-y=\"50\">"), judged);
        assertTrue(between(judged, "<svg id=\"latency-max-over-time\"", "</svg>").contains(
                "data-objective=\"response.max &lt; 1s\""), judged);
        assertFalse(between(judged, "<svg id=\"latency-over-time\"", "</svg>").contains("response.max"), "max on its own chart");
    }

    @Test
    void theEventsAreMarkedOnEveryChartOverTimeWithALegendInWords() throws Exception {
        Verdict verdict = new Verdict(List.of(new Result(Objective.parse("response.p99 < 50ms per 1s"), 99 * MS, 50 * MS,
                false, new Window(1, 2, null), 1, 2)));
        String html = HtmlReport.render(fullLog(), fullOutcome(verdict));
        for (String id : List.of("latency-over-time", "latency-max-over-time", "throughput")) {
            String chart = between(html, "<svg id=\"" + id + "\"", "</svg>");
            // Every kind of event named in the legend as text, which a print or a screenshot keeps.
            for (String legend : List.of("warmup", "GC pause", "longest gap 400.0 ms", "objective broken", "broker killed",
                    "broker accepting", "last reconnected", "senders on schedule", "backlog drained")) {
                assertTrue(chart.contains(">" + legend + "</text>"),
                        () -> id + ": no legend " + legend);
            }
            for (String label : List.of(">killed</text>", ">restarted</text>", ">reconnected</text>", ">on schedule</text>",
                    ">recovered</text>")) {
                assertTrue(chart.contains(label), () -> id + ": no label " + label);
            }
            assertTrue(chart.contains("<line class=\"gc\""), "the GC pause marked");
            assertTrue(chart.contains("<rect class=\"outage\""), "the longest gap shaded");
            assertTrue(chart.contains("<rect class=\"broken\""), "the objective's failing window shaded");
        }
        String events = between(html, "<table id=\"events\"", "</table>");
        int killed = events.indexOf("broker killed");
        assertTrue(killed > 0 && killed < events.indexOf("broker accepting") && events.indexOf("broker accepting")
                < events.indexOf("last reconnected"), events);
        assertTrue(events.contains("<td>+1.500 s</td><td></td><td>GC pause</td><td>1 GC pause of the harness JVM in 1.0 .. 2.0 s,"
                + " longest 7.000 ms</td>"), events);
        assertTrue(events.contains("response.p99 &lt; 50ms per 1s broken"), events);
    }

    @Test
    void fromAnHlogAloneTheFirstScreenSaysWhatItCannotKnow() throws Exception {
        String html = HtmlReport.render(fullLog());
        String validity = between(html, "id=\"validity\"", "</div>\n</div>");
        assertTrue(validity.contains("NOT KNOWN") && validity.contains("--json"), validity);
        String rate = between(html, "id=\"rate\"", "</div>\n</div>");
        // 101 completions in the measured 2 s.
        assertTrue(rate.contains("50.5 <span class=\"sub\">of 100 msg/s</span>") && rate.contains("from the hlog"), rate);
        assertTrue(between(html, "id=\"loss\"", "</div>\n</div>").contains("NOT KNOWN"));
        assertFalse(html.contains("id=\"findings\""), "no reading without the run's summary");
    }

    private static String between(String text, String from, String to) {
        int i = text.indexOf(from);
        assertTrue(i >= 0, () -> "no " + from);
        int j = text.indexOf(to, i + from.length());
        assertTrue(j >= 0, () -> "no " + to + " after " + from);
        return text.substring(i + from.length(), j);
    }

    private static Histogram values(long... ns) {
        Histogram h = Histograms.create();
        for (long v : ns) {
            h.recordValue(v);
        }
        return h;
    }

    @Test
    void aRunWithObjectivesHasItsVerdictOnTopAndItsDeliveryAndOutageBelow() throws Exception {
        Verdict verdict = new Verdict(List.of(
                new Result(Objective.parse("response.p99 < 50ms"), 3 * MS, 50 * MS, true, null, 0, 0),
                new Result(Objective.parse("response.p99 < 2ms per 1s"), 3 * MS, 2 * MS, false, new Window(2, 3, null), 1, 2)));
        RunOutcome outcome = new RunOutcome(verdict, new Delivery(true, null, true, 10, 1_000, 997, 3, 2, 0, 5, 0, 0, 0),
                false, 0, 0, new Outages.Recovery(1_000 * MS, 1_900 * MS, 850, 1_100 * MS, 2_400 * MS, 2_600 * MS, 2_700 * MS,
                        2, 1_200 * MS, "sender 0", false, "SIGKILL", "process start to accepting connections", -1, null));
        String html = HtmlReport.render(log(), outcome);
        int box = html.indexOf("<div id=\"verdict\" class=\"verdict failed\">");
        assertTrue(box > 0 && box < html.indexOf("Latency by percentile"), "the verdict box on top");
        assertTrue(html.contains("Objectives: 1 of 2 met"), html);
        assertTrue(html.contains("<td>response.p99 &lt; 2ms per 1s</td><td>3.000 ms</td><td>2.000 ms</td>"), html);
        assertTrue(html.contains("<td class=\"FAIL\">FAIL</td><td>2s-3s (1 of 2 failed)</td>"), html);
        assertTrue(html.contains("<td class=\"PASS\">PASS</td>"), html);
        assertTrue(html.contains("<table id=\"delivery\"><tr><td>committed</td><td>1,000</td></tr><tr><td>received</td>"
                + "<td>997</td></tr><tr><td>lost</td><td>3</td></tr><tr><td>duplicates</td><td>2</td></tr>"
                + "<tr><td>in doubt (sent again)</td><td>5</td></tr>"), html);
        assertTrue(html.contains("<table id=\"outage\">") && html.contains("client-visible outage"), html);
        assertTrue(html.contains("class=\"outage\""), "the outage shaded on the over-time charts");
    }

    @Test
    void withoutObjectivesOrOutcomeThereIsNoBox() throws Exception {
        HlogRun log = log();
        String plain = HtmlReport.render(log);
        assertFalse(plain.contains("id=\"verdict\"") || plain.contains("id=\"delivery\""));
        String noObjectives = HtmlReport.render(log, new RunOutcome(Verdict.NONE, Delivery.notTracked("no drainers", true, 0),
                false, 0, 0, null));
        assertFalse(noObjectives.contains("id=\"verdict\""));
        assertTrue(noObjectives.contains("<p class=\"what\" id=\"delivery\">Not checked (no drainers).</p>"), noObjectives);
        assertFalse(noObjectives.contains("id=\"outage\""));
        assertFalse(noObjectives.contains("id=\"saturation\""), "a kept schedule says nothing on the offered load");
    }

    @Test
    void theOfferedLoadSentenceIsUnderTheTitle() throws Exception {
        String sentence = "the schedule asked 2,000 msg/s and 1,136 were achieved: 1 sender with blocking sends of 0.80 ms"
                + " each can offer about 1,250 msg/s: busy 99 % of the time: add --senders or --max-in-flight.";
        String html = HtmlReport.render(log(), new RunOutcome(Verdict.NONE, Delivery.notTracked("no drainers", true, 0),
                false, 0, 0, null, sentence));
        int p = html.indexOf("<p id=\"saturation\" class=\"saturation\"><b>Offered load:</b> " + sentence + "</p>");
        assertTrue(p > 0 && p < html.indexOf("Latency by percentile"), html);
    }

    @Test
    void theBrokersStopsAreShadedOnTheChartsOverTime() throws Exception {
        RunOutcome outcome = new RunOutcome(Verdict.NONE, Delivery.notTracked("no drainers", true, 0), false, 0, 0, null, null,
                null, null, List.of(new Stop(1_200_000_000L, 500_000_000L, 1_000_000L)));
        String html = HtmlReport.render(log(), outcome);
        assertTrue(html.contains("<rect class=\"freeze\"") && html.contains("<title>the broker stopped (--freeze-at) for 500.0 ms"),
                html);
        assertFalse(HtmlReport.render(log()).contains("class=\"freeze\""));
    }

    @Test
    void eachSubscriptionHasARowAndTheSlowestIsMarkedAgainstTheMedian() throws Exception {
        List<RunOutcome.Subscription> subs = List.of(
                new RunOutcome.Subscription("dev/harness/1", "harness-1-t1-s1", 1_000, 0, 0, 0, 900, MS, 4 * MS, 5 * MS, 6 * MS),
                new RunOutcome.Subscription("dev/harness/1", "harness-1-t1-s2", 1_000, 0, 0, 0, 900, MS, 12 * MS, 15 * MS, 20 * MS),
                new RunOutcome.Subscription("dev/harness/2", "harness-1-t2-s1", 990, 10, 0, 0, 890, MS, 3 * MS, 4 * MS, 5 * MS));
        RunOutcome outcome = new RunOutcome(Verdict.NONE, new Delivery(true, null, true, 0, 3_000, 2_990, 10, 0, 0, 0, 0, 0, 0),
                false, 0, 0, null, null, null, null, List.of(), subs);
        String html = HtmlReport.render(log(), outcome);
        assertTrue(html.contains("<h2>Subscriptions</h2>"), html);
        assertTrue(html.contains("its p99 is 3.0x the median subscription's (4.000 ms)"), html);
        assertTrue(html.contains("<tr class=\"slowest\"><td><b>harness-1-t1-s2</b> (slowest)</td><td>dev/harness/1</td>"), html);
        assertTrue(html.contains("<td>harness-1-t2-s1</td><td>dev/harness/2</td><td>990</td><td>10</td>"), html);
        assertFalse(HtmlReport.render(log(), fullOutcome(Verdict.NONE)).contains("<h2>Subscriptions</h2>"), "none for puts");
    }
}
