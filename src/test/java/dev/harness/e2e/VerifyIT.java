package dev.harness.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * harness verify as a user runs it: real harness run children, the broker frozen with SIGSTOP and
 * the harness's own JVM stopped, every figure held against the truth of the stops' measured
 * lengths. Its truths are judged within 5 %, so it runs alone. (A view broken on purpose failing
 * its row is JudgeTest's: an hlog on disk fed to the same checker.)
 */
@Isolated
class VerifyIT {
    @TempDir
    Path dir;

    @Test
    void theQuickSetPassesAgainstItsOwnBrokerChildWithTheTableTheJsonAndThePage() throws Exception {
        Path json = dir.resolve("verify.json");
        Path report = dir.resolve("verify.html");
        HarnessProcess.Result r = HarnessProcess.run(dir, 180, "verify", "--quick", "--json", json.toString(), "--report",
                report.toString(), "--dir", dir.resolve("runs").toString());
        assertEquals(0, r.exitCode(), r::toString);
        assertTrue(r.stdout().contains("PASS: 2 of 2 scenarios run PASS"), r::toString);
        assertTrue(r.stdout().matches("(?s).*1 broker frozen 2 s at [0-9,]+ msg/s +p99 \\(ms\\).*"), r::toString);

        JsonNode v = HarnessProcess.json(json);
        assertTrue(v.get("passed").asBoolean(), v::toString);
        List<String> ids = List.of(v.get("scenarios").get(0).get("id").asText(), v.get("scenarios").get(1).get("id").asText());
        assertEquals(List.of("broker-frozen", "harness-stopped"), ids);
        for (JsonNode s : v.get("scenarios")) {
            assertEquals("PASS", s.get("verdict").asText(), s::toString);
            assertTrue(s.get("validity").get("valid").asBoolean(), s::toString);
            // The stop as measured where it was made: about 2 s, known to within a fraction of it.
            JsonNode stop = s.get("stops").get(0);
            assertTrue(Math.abs(stop.get("lengthNs").asLong() - 2_000_000_000L) < 200_000_000L, stop::toString);
            assertTrue(stop.get("uncertaintyNs").asLong() < 100_000_000L, stop::toString);
            for (JsonNode row : s.get("rows")) {
                assertTrue(row.get("measured").asDouble() >= row.get("least").asDouble(), row::toString);
            }
        }
        // The naive view beside it: service's p99 misses the stop that response's p99 shows.
        JsonNode p99 = v.get("scenarios").get(0).get("rows").get(0);
        assertEquals("p99", p99.get("figure").asText());
        assertTrue(p99.get("service").asDouble() < p99.get("measured").asDouble() / 5, p99::toString);
        // The child runs' own files were kept where asked.
        assertTrue(Files.exists(dir.resolve("runs/broker-frozen.json")));
        String html = Files.readString(report);
        assertTrue(html.contains("id=\"spectrum-broker-frozen\"") && html.contains("data-series=\"truth\""));
    }

    @Test
    void aBrokerGivenByUrlWithNoWayToFreezeItRunsWhatItCanAndSaysWhyNotTheRest() throws Exception {
        Path json = dir.resolve("verify.json");
        try (BrokerProcess broker = BrokerProcess.start(dir, dir.resolve("broker-data"))) {
            HarnessProcess.Result r = HarnessProcess.run(dir, 180, "verify", "--quick", "--url", broker.url(), "--json",
                    json.toString());
            assertEquals(0, r.exitCode(), r::toString);
            assertTrue(r.stdout().contains("against --url " + broker.url()), r::toString);
            JsonNode v = HarnessProcess.json(json);
            JsonNode frozen = v.get("scenarios").get(0);
            assertEquals("NOT RUN", frozen.get("verdict").asText());
            assertTrue(frozen.get("notRun").asText().contains("give --broker-pid"), frozen::toString);
            assertEquals("PASS", v.get("scenarios").get(1).get("verdict").asText(), v::toString);
            assertTrue(broker.process.isAlive(), "the broker was left as it was");
        }
    }
}
