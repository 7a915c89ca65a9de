package dev.harness.core.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.harness.core.disturbance.Stop;
import dev.harness.core.findings.Finding;
import dev.harness.core.findings.Reason;
import dev.harness.core.findings.Validity;
import dev.harness.core.measure.Histograms;

/** verify's table, JSON and page, from a result with a scenario that passed, one that failed and one not run. */
class VerifyReportTest {
    private static final long MS = 1_000_000L;
    private static final long S = 1_000 * MS;

    private static VerifyResult result() {
        Stop stop = new Stop(5 * S, 2 * S, 1 * MS);
        StallTruth truth = StallTruth.of(1000, 1 * S, 10 * S, List.of(stop));
        Histogram response = Histograms.create();
        response.recordValue(1905 * MS);
        Histogram service = Histograms.create();
        service.recordValue(1 * MS);
        ScenarioResult passed = new ScenarioResult("broker-frozen", "broker frozen 2 s at 1,000 msg/s", 1000, List.of(stop),
                Validity.VALID, List.of(new Row("p99", Row.Unit.NS, 1900 * MS, 1898 * MS, 1901 * MS, 1905 * MS, "response",
                        3.1 * MS, false)), null, List.of(), new ScenarioResult.Spectrum(response, service, truth));
        ScenarioResult failed = new ScenarioResult("ten-stops", "ten 100 ms stops of the broker at 1,000 msg/s", 1000,
                List.of(stop), new Validity(List.of(new Reason(Reason.SCHEDULE_BEHIND, "half the sends were late", "slower"))),
                List.of(new Row("p99", Row.Unit.NS, 90 * MS, 89 * MS, 91 * MS, 150 * MS, "response", 95 * MS, false)), null,
                List.of(new Finding(Finding.JVM_PAUSES, "pauses of this JVM: 53 detected"), new Finding(Finding.DELIVERY, "x")),
                new ScenarioResult.Spectrum(response, service, truth));
        ScenarioResult notRun = ScenarioResult.notRun("in-flight", "broker frozen 2 s, 16 sends in flight", "no way to stop it");
        ScenarioResult contendedFirst = new ScenarioResult("harness-stopped", "harness JVM stopped 2 s at 1,000 msg/s", 1000,
                List.of(stop), new Validity(List.of(new Reason(Reason.HOST_CONTENDED, "the run queue reached 32", "quiet"))),
                passed.rows(), null, List.of(), new ScenarioResult.Spectrum(response, service, truth));
        ScenarioResult twice = new ScenarioResult("harness-stopped", "harness JVM stopped 2 s at 1,000 msg/s", 1000,
                List.of(stop), Validity.VALID, passed.rows(), null, List.of(), new ScenarioResult.Spectrum(response, service,
                        truth)).ranTwice(contendedFirst);
        return new VerifyResult("the broker", false, List.of("put: 1,000 msg/s held"), List.of(passed, failed, notRun, twice));
    }

    @Test
    void theTableSaysEachRowsVerdictAndWhyAFailedOneFailed() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        VerifyReport.console(new PrintStream(bytes, true, StandardCharsets.UTF_8), result());
        String out = bytes.toString(StandardCharsets.UTF_8);
        assertTrue(out.matches("(?s).*1 broker frozen 2 s at 1,000 msg/s +p99 \\(ms\\) +1,898..1,901 +1,905 +3.100 +PASS.*"), out);
        assertTrue(out.contains("FAIL p99: response 150.0 ms is more than 5 % over the most the truth can be, 91.0 ms"), out);
        assertTrue(out.contains("NOT VALID: schedule-behind: half the sends were late"), out);
        assertTrue(out.contains("the run's pauses of this JVM: 53 detected"), out);
        assertFalse(out.contains("the run's x"), "only what else held the run up");
        assertTrue(out.contains("not run: no way to stop it"), out);
        assertTrue(out.contains("    run twice: the first run was NOT VALID (host-contended), other processes contending the"
                + " host; this is the second run"), out);
        assertTrue(out.contains("FAIL: 2 of 3 scenarios run PASS, 1 FAIL; 1 NOT RUN"), out);
    }

    @Test
    void theJsonHasEveryRowWithItsBoundsAndTheVerdicts() throws Exception {
        JsonNode j = new ObjectMapper().readTree(VerifyReport.json(result()));
        assertEquals(VerifyReport.SCHEMA, j.get("schema").asText());
        assertFalse(j.get("passed").asBoolean());
        JsonNode first = j.get("scenarios").get(0);
        assertEquals("PASS", first.get("verdict").asText());
        assertEquals(2 * S, first.get("stops").get(0).get("lengthNs").asLong());
        JsonNode row = first.get("rows").get(0);
        assertEquals(1898 * MS, row.get("least").asLong());
        assertEquals(1905 * MS, row.get("measured").asLong());
        assertTrue(row.get("passed").asBoolean());
        assertEquals("FAIL", j.get("scenarios").get(1).get("verdict").asText());
        assertEquals("jvm-pauses", j.get("scenarios").get(1).get("runFindings").get(0).get("code").asText());
        assertEquals("NOT RUN", j.get("scenarios").get(2).get("verdict").asText());
        assertEquals("no way to stop it", j.get("scenarios").get(2).get("notRun").asText());
        assertTrue(first.get("firstRunNotValid").isNull(), "run once");
        assertEquals("host-contended", j.get("scenarios").get(3).get("firstRunNotValid").asText());
    }

    /** The reference page names every field the JSON has, so that a field added is a field documented. */
    @Test
    void theReferencePageNamesEveryFieldOfTheJson() throws Exception {
        String page = Files.readString(Path.of("..", "docs", "reference", "verify-json.md"), StandardCharsets.UTF_8);
        assertTrue(page.contains(VerifyReport.SCHEMA), "the page names its schema");
        Set<String> keys = new TreeSet<>();
        collectKeys(new ObjectMapper().readTree(VerifyReport.json(result())), keys);
        List<String> missing = keys.stream().filter(k -> !page.contains("\"" + k + "\":")).toList();
        assertEquals(List.of(), missing, "fields of harness-verify/1 that docs/reference/verify-json.md does not show");
    }

    private static void collectKeys(JsonNode node, Set<String> keys) {
        if (node.isObject()) {
            node.fields().forEachRemaining(e -> {
                keys.add(e.getKey());
                collectKeys(e.getValue(), keys);
            });
        } else if (node.isArray()) {
            node.elements().forEachRemaining(e -> collectKeys(e, keys));
        }
    }

    @Test
    void thePageDrawsEachScenariosSpectrumWithItsTruth() {
        String html = VerifyReport.html(result());
        assertTrue(html.contains("<svg id=\"spectrum-broker-frozen\""), html);
        assertTrue(html.contains("data-series=\"truth\""), html);
        assertTrue(html.contains("data-series=\"service\""), html);
        assertFalse(html.contains("spectrum-in-flight"), "nothing to draw for a scenario not run");
        assertTrue(html.contains("<td class=\"FAIL\""), html);
        assertTrue(html.contains("run twice: the first run was NOT VALID (host-contended)"), html);
    }

    @Test
    void aRunThatWasNoValidTestIsNotValidNotAFailedViewAndNoPass() {
        Stop stop = new Stop(5 * S, 2 * S, 1 * MS);
        ScenarioResult contended = new ScenarioResult("reqresp-closed", "request/response (closed) frozen 2 s", 1000,
                List.of(stop), new Validity(List.of(new Reason(Reason.HOST_CONTENDED, "the run queue reached 32", "a quiet host"))),
                List.of(new Row("p99", Row.Unit.NS, 1900 * MS, 1898 * MS, 1901 * MS, 1905 * MS, "response", 3.1 * MS, false)),
                null, List.of(), null);
        VerifyResult r = new VerifyResult("the broker", true, List.of(), List.of(contended));
        assertEquals("NOT VALID", contended.verdict());
        assertFalse(r.passed(), "a run that was no valid test passes nothing");
        assertEquals("NOT VALID", r.word());
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        VerifyReport.console(new PrintStream(bytes, true, StandardCharsets.UTF_8), r);
        String out = bytes.toString(StandardCharsets.UTF_8);
        assertTrue(out.contains("NOT VALID: 0 of 1 scenarios run PASS, 1 NOT VALID"), out);
        assertTrue(out.contains("NOT VALID: host-contended: the run queue reached 32"), out);
        assertEquals("FAIL", result().word(), "a figure outside its truth fails, whatever else was not valid");
    }
}
