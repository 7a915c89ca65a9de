package dev.harness.core.report;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.harness.core.hlog.HlogHeader;
import dev.harness.core.hlog.HlogReader;
import dev.harness.core.hlog.HlogWriter;
import dev.harness.core.measure.Histograms;
import dev.harness.core.measure.Outages;
import dev.harness.core.run.Delivery;
import dev.harness.core.run.Stop;
import dev.harness.core.slo.Objective;
import dev.harness.core.slo.Result;
import dev.harness.core.slo.Verdict;
import dev.harness.core.slo.Window;

/** What the report shows beyond the hlog: the verdict box on top, the delivery and the outage. */
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
                + " each can offer about 1,250 msg/s: busy 99 % of the time. Add --senders or --max-in-flight.";
        String html = HtmlReport.render(log(), new RunOutcome(Verdict.NONE, Delivery.notTracked("no drainers", true, 0),
                false, 0, 0, null, sentence));
        int p = html.indexOf("<p id=\"saturation\" class=\"saturation\"><b>Offered load:</b> " + sentence + "</p>");
        assertTrue(p > 0 && p < html.indexOf("Latency by percentile"), html);
    }

    @Test
    void theBrokersStopsAreShadedOnTheChartsOverTime() throws Exception {
        RunOutcome outcome = new RunOutcome(Verdict.NONE, Delivery.notTracked("no drainers", true, 0), false, 0, 0, null, null,
                null, List.of(new Stop(1_200_000_000L, 500_000_000L, 1_000_000L)));
        String html = HtmlReport.render(log(), outcome);
        assertTrue(html.contains("<rect class=\"freeze\"") && html.contains("<title>broker stopped (--freeze-at) for 500.0 ms"),
                html);
        assertFalse(HtmlReport.render(log()).contains("class=\"freeze\""));
    }
}
