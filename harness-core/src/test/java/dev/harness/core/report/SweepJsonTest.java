package dev.harness.core.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.harness.core.SettingsException;
import dev.harness.core.study.SweepResult;
import dev.harness.core.study.SweepStep;

class SweepJsonTest {
    @TempDir
    Path dir;

    static SweepResult sweep(String label) {
        SweepStep.Latency a = new SweepStep.Latency(2500, 1_000_000, 4_000_000, 6_000_000, 9_000_000);
        SweepStep.Latency b = new SweepStep.Latency(2400, 900_000, 2_000_000, 3_000_000, 4_000_000);
        SweepStep.Latency slow = new SweepStep.Latency(7000, 900_000_000, 2_000_000_000L, 2_500_000_000L, 2_600_000_000L);
        return new SweepResult(label, "--persistent --duration 10s", "embedded Artemis", "msg/s", "2026-12-07T04:00:00Z",
                "vm, 2 CPUs", null, 50_000_000L, List.of(new SweepStep(250, 249.5, List.of(), a, b, 120_000, 0.25, null, null, "h/step-01-250.hlog"),
                        new SweepStep(1000, 998, List.of(), a, b, 200_000, 0.2, "CPU run queue, 5 runnable (1.5x)", null, null),
                        new SweepStep(4000, 1700, List.of("generator-saturated: 1 sender can offer 1,700 msg/s"), slow, b,
                                800_000_000, 0.3, null, "could not keep up", null)),
                "stopped after 1 step NOT VALID", false);
    }

    /** Three steps of a closed loop over requester counts: the third past the knee, at 2x and more its p99. */
    static SweepResult requesters() {
        SweepStep.Latency a = new SweepStep.Latency(2500, 1_000_000, 4_000_000, 6_000_000, 9_000_000);
        SweepStep.Latency slow = new SweepStep.Latency(2500, 3_000_000, 9_000_000, 12_000_000, 20_000_000);
        return new SweepResult("closed", "--workload reqresp", "embedded Artemis", "round trips/s", "2026-12-07T11:50:00Z",
                "vm, 2 CPUs", null, null, List.of(new SweepStep(1, 480, List.of(), a, a, 7_000, 2.7, null, null, null),
                        new SweepStep(4, 1650, List.of(), a, a, 3_000, 0.9, null, null, null),
                        new SweepStep(8, 1700, List.of(), slow, slow, 2_000, 0.6, null, null, null)),
                null, false, SweepResult.BY_REQUESTERS);
    }

    @Test
    void aSweepOfRequesterCountsSaysSoAndAnOlderFileSweptRates() throws Exception {
        Path file = dir.resolve("r.json");
        SweepJson.write(file, requesters());
        assertEquals(requesters(), SweepJson.read("--compare", file));
        JsonNode written = new ObjectMapper().readTree(file.toFile());
        assertEquals("requesters", written.path("sweptBy").asText());
        assertEquals("harness-sweep/2", written.path("schema").asText(), "an older harness refuses it, not misreads it");
        assertTrue(SweepJson.is(file));
        Path older = dir.resolve("older.json");
        SweepJson.write(older, sweep("before"));
        Files.writeString(older, Files.readString(older).replace("\"sweptBy\": \"rate\",", ""));
        assertFalse(Files.readString(older).contains("sweptBy"), "the field taken out");
        assertEquals(SweepResult.BY_RATE, SweepJson.read("--compare", older).sweptBy());
        Files.writeString(older, Files.readString(older).replace("\"unit\"", "\"sweptBy\": \"sizes\", \"unit\""));
        assertTrue(assertThrows(SettingsException.class, () -> SweepJson.read("--compare", older)).getMessage()
                .contains("sweptBy: expected rate or requesters, got 'sizes'"));
    }

    /** A sweep of steps run as shard sets: the count travels, and a file from before --shards ran each step in one process. */
    @Test
    void aShardedSweepSaysSoAndAnOlderFileRanEachStepInOneProcess() throws Exception {
        SweepResult one = sweep("sharded");
        SweepResult sharded = new SweepResult(one.label(), one.options() + " --shards 4", one.target(), one.unit(), one.started(),
                one.machine(), null, one.maxP99Ns(), one.steps(), one.ended(), false, SweepResult.BY_RATE, 4);
        Path file = dir.resolve("sharded.json");
        SweepJson.write(file, sharded);
        assertEquals(sharded, SweepJson.read("--compare", file));
        assertEquals(4, new ObjectMapper().readTree(file.toFile()).path("shards").asInt());
        assertTrue(SweepReport.table(sharded).contains("CPU: the 4 shards' processes' over each measured phase, per message"
                + " (a broker's not included)"), SweepReport.table(sharded));
        Files.writeString(file, Files.readString(file).replace("\"shards\": 4,", ""));
        assertFalse(Files.readString(file).contains("shards\""), "the field taken out");
        assertEquals(1, SweepJson.read("--compare", file).shards());
        assertTrue(SweepReport.table(SweepJson.read("--compare", file)).contains("CPU: this process's over each measured"
                + " phase, per message (an embedded broker's included)"));
        Files.writeString(file, Files.readString(file).replace("\"unit\"", "\"shards\": 0, \"unit\""));
        assertTrue(assertThrows(SettingsException.class, () -> SweepJson.read("--compare", file)).getMessage()
                .contains("shards: expected 1 or more, got 0"));
    }

    @Test
    void whatIsWrittenIsReadBack() throws Exception {
        SweepResult r = sweep("before");
        Path file = dir.resolve("s.json");
        SweepJson.write(file, r);
        assertEquals(r, SweepJson.read("--compare", file));
        assertTrue(SweepJson.is(file));
        JsonNode root = new ObjectMapper().readTree(file.toFile());
        assertEquals(1000, root.path("knee").path("target").asDouble(), "the knee, named for scripts");
        assertEquals(50_000_000, root.path("maxP99Ns").asLong());
        assertFalse(root.path("steps").get(2).path("valid").asBoolean());
        assertEquals(4_000_000, root.path("steps").get(0).path("response").path("p99").asLong());
    }

    @Test
    void notASweepsJsonIsOneLine() throws Exception {
        Path run = Files.writeString(dir.resolve("run.json"), "{\"schema\": \"harness-run/1\"}");
        assertEquals("--compare " + run + ": expected the --json of a harness sweep (schema harness-sweep/1)",
                assertThrows(SettingsException.class, () -> SweepJson.read("--compare", run)).getMessage());
        Path text = Files.writeString(dir.resolve("t.json"), "no json");
        assertTrue(assertThrows(SettingsException.class, () -> SweepJson.read("--compare", text)).getMessage()
                .startsWith("--compare " + text + ": not JSON"));
        assertFalse(SweepJson.is(text));
        assertTrue(assertThrows(SettingsException.class, () -> SweepJson.read("--compare", dir.resolve("none.json")))
                .getMessage().contains("cannot read"));
    }
}
