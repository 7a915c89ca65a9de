package dev.harness.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** Real put workloads on the embedded broker, over TCP, in a child process. */
class PutWorkloadIT {
    @TempDir
    Path dir;

    @ParameterizedTest(name = "persistent={0} syncpoint={1} drainers={2} senders={3} queues={4} api={5}")
    @CsvSource({
        // Each pair of persistence and syncpoint once, with drainers (the default, one) or with none.
        "true, 0, , 1, 1, javax",
        "false, 10, , 1, 1, javax",
        "true, 10, 0, 1, 1, javax",
        "false, 0, 0, 1, 1, javax",
        "false, 0, 2, 2, 3, javax",
        // The same classes relocated to jakarta.jms, in harness-jakarta.jar, with Artemis's Jakarta client.
        // Two of the five: the relocation is the same classes, and other classes run jakarta too (ApiJarsIT, PubSubIT).
        "true, 10, , 1, 1, jakarta",
        "false, 0, 2, 2, 3, jakarta",
    })
    void everySentMessageCompletesAndIsMeasured(boolean persistent, int syncpoint, Integer drainers, int senders,
            int queues, String api) throws Exception {
        Path hlog = dir.resolve("run.hlog");
        Path json = dir.resolve("run.json");
        Path events = dir.resolve("events.jsonl");
        // 100/s: a rate one blocking persistent sender holds on a slow, busy machine too (see the
        // saturation check below); at 300/s such a sender may manage only about 286/s there.
        List<String> args = new ArrayList<>(List.of("run", "--cold-start", "--rate", "100", "--warmup", "1s", "--duration", "2s",
                "--syncpoint", Integer.toString(syncpoint), "--senders", Integer.toString(senders),
                "--queues", Integer.toString(queues), "--hlog", hlog.toString(), "--json", json.toString(),
                "--events", events.toString(), "--api", api));
        args.add(persistent ? "--persistent" : "--non-persistent");
        if (drainers != null) {
            args.addAll(List.of("--drainers", drainers.toString()));
        }
        HarnessProcess.Result r = HarnessProcess.run(dir, 120, args.toArray(String[]::new));
        assertEquals(0, r.exitCode(), r::toString);
        assertTrue(r.stdout().contains("== summary"), r::toString);

        HarnessProcess.assertDrivenBy(HarnessProcess.json(json), api, "artemis-" + (api.equals("jakarta") ? "jakarta" : "jms") + "-client ");
        JsonNode s = HarnessProcess.json(json).get("summary");
        assertEquals(300, s.get("totalSent").asLong(), "100/s for 3 s");
        assertEquals(300, s.get("totalCompleted").asLong());
        assertEquals(200, s.get("measuredSent").asLong());
        assertEquals(200, s.get("measuredCompleted").asLong());
        assertEquals(0, s.get("unsent").asLong());
        JsonNode views = s.get("views");
        assertEquals(200, views.get("response").get("count").asLong());
        assertEquals(200, views.get("service").get("count").asLong());
        assertEquals(200, views.get("send-lag").get("count").asLong());
        assertEquals(200, views.get("put").get("count").asLong());
        assertEquals(syncpoint == 0 ? 0 : 20, views.get("commit").get("count").asLong(), "one commit per 10 messages");

        // The log holds the same samples, readable by HdrHistogram's own tools.
        assertEquals(200, HlogFiles.sum(hlog, "response").getTotalCount());
        assertEquals(100, HlogFiles.sum(hlog, "warmup-response").getTotalCount());
        Histogram put = HlogFiles.sum(hlog, "put");
        assertEquals(views.get("put").get("maxNs").asLong(), put.getMaxValue());
        assertHistogramLogProcessorReads(hlog, "response", 200);
        assertEventsTellTheRun(events, s);
        // On a schedule: the header says response runs from the intended time, and nothing says closed-loop.
        assertTrue(r.stdout().contains("response is measured from each message's intended send time"), r::toString);
        assertFalse(r.stdout().contains("closed-loop"), r::toString);
        assertFalse(s.get("closedLoop").asBoolean());
        if (persistent && syncpoint == 0 && drainers == null && api.equals("javax")) {
            // One blocking persistent sender holds 100/s: no saturation sentence anywhere. This class
            // shares the CPUs with another; when that starves the run, the only true blame is the host.
            JsonNode saturation = s.get("saturation");
            if (saturation.get("limit").asText().equals("host contended")) {
                assertTrue(saturation.get("sentence").asText().contains("the host was contended"), saturation::toString);
                assertTrue(r.stdout().contains("the host was contended"), r::toString);
            } else {
                assertEquals("held", saturation.get("limit").asText(), saturation::toString);
                assertTrue(saturation.get("sentence").isNull(), saturation::toString);
                assertFalse(r.stdout().contains("offered load:"), r::toString);
            }
        }
    }

    @org.junit.jupiter.api.Test
    void anUnthrottledRunSaysItsLatenciesAreClosedLoop() throws Exception {
        Path json = dir.resolve("run.json");
        HarnessProcess.Result r = HarnessProcess.run(dir, 120, "run", "--rate", "max", "--non-persistent",
                "--warmup", "0s", "--duration", "1s", "--json", json.toString());
        assertEquals(0, r.exitCode(), r::toString);
        String out = r.stdout();
        String summary = out.substring(out.indexOf("== summary"));
        String header = out.substring(0, out.indexOf("== summary"));
        // Before, the header claimed response ran from the intended time so that any stall shows.
        assertFalse(out.contains("response is measured from each message's intended send time"), out);
        assertTrue(header.contains("note: UNTHROTTLED (--rate max): there is no schedule"), header);
        assertTrue(summary.contains("these latencies are closed-loop"), summary);
        JsonNode s = HarnessProcess.json(json).get("summary");
        assertTrue(s.get("closedLoop").asBoolean());
        assertTrue(HarnessProcess.json(json).get("notes").toString().contains("closed-loop"), "the JSON's notes");
    }

    @org.junit.jupiter.api.Test
    void anOptionAfterAProfileOverridesIt() throws Exception {
        Path profile = HarnessProcess.jar().toAbsolutePath().getParent().getParent().getParent()
                .resolve("config/put-persistent-outside-syncpoint.args");
        Path json = dir.resolve("run.json");
        HarnessProcess.Result r = HarnessProcess.run(dir, 120, "run", "--cold-start", "@" + profile, "--non-persistent", "--rate", "200",
                "--warmup", "0s", "--duration", "1s", "--json", json.toString());
        assertEquals(0, r.exitCode(), r::toString);
        JsonNode settings = HarnessProcess.json(json).get("settings");
        assertEquals("non-persistent", settings.get("persistence").asText());
        assertEquals("200 msg/s", settings.get("rate").asText());
        assertEquals("outside syncpoint", settings.get("syncpoint").asText(), "the profile's other settings stay");
    }

    /**
     * The events file: one JSON object a line, started, the intervals in order (warmup, then
     * measured) whose completions add up to the summary's, and finished with the summary's figures.
     */
    private static void assertEventsTellTheRun(Path events, JsonNode summary) throws Exception {
        ObjectMapper mapper = new ObjectMapper();
        List<JsonNode> lines = new ArrayList<>();
        for (String line : Files.readAllLines(events)) {
            lines.add(mapper.readTree(line));
        }
        assertTrue(lines.size() >= 5, "started, 3 or more intervals, finished: " + lines);
        JsonNode started = lines.get(0);
        assertEquals("started", started.get("event").asText(), lines::toString);
        assertEquals("harness-events/1", started.get("schema").asText());
        assertEquals("put", started.get("workload").asText());
        List<JsonNode> intervals = lines.subList(1, lines.size() - 1);
        long completed = 0;
        boolean measured = false;
        for (int i = 0; i < intervals.size(); i++) {
            JsonNode e = intervals.get(i);
            assertEquals("interval", e.get("event").asText(), lines::toString);
            assertEquals(i, e.get("index").asInt(), "intervals in order, none missing");
            assertTrue(e.get("endS").asDouble() > e.get("startS").asDouble(), e::toString);
            String phase = e.get("phase").asText();
            assertTrue(measured ? phase.equals("measured") : phase.equals("warmup") || phase.equals("measured"), e::toString);
            measured = phase.equals("measured");
            completed += e.get("completed").asLong();
            assertEquals(completed, e.get("cumulativeCompleted").asLong(), e::toString);
        }
        assertTrue(measured, "a measured phase: " + lines);
        assertEquals(summary.get("totalCompleted").asLong(), completed, "the intervals' completions are the run's");
        JsonNode finished = lines.get(lines.size() - 1);
        assertEquals("finished", finished.get("event").asText(), lines::toString);
        assertEquals(summary.get("totalCompleted").asLong(), finished.get("totalCompleted").asLong());
        assertEquals(summary.get("totalSent").asLong(), finished.get("totalSent").asLong());
        assertEquals(summary.get("achievedRate").asDouble(), finished.get("achievedRate").asDouble(), 1e-6);
        assertTrue(finished.get("stopReason").isNull() && finished.get("failure").isNull(), finished::toString);
    }

    private void assertHistogramLogProcessorReads(Path hlog, String tag, long count) throws Exception {
        String hdrJar = Path.of(Histogram.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        Path out = dir.resolve("processed");
        Process p = new ProcessBuilder(HarnessProcess.java().toString(), "-cp", hdrJar,
                "org.HdrHistogram.HistogramLogProcessor", "-i", hlog.toString(), "-tag", tag, "-o", out.toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("processor.txt").toFile()).start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "HistogramLogProcessor hung");
        assertEquals(0, p.exitValue(), Files.readString(dir.resolve("processor.txt")));
        String hgrm = Files.readString(Path.of(out + ".hgrm"));
        assertTrue(hgrm.matches("(?s).*Total count\\s+=\\s+" + count + "\\b.*"), hgrm);
    }
}
