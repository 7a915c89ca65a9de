package dev.harness.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * --preload: a run that starts on a deep queue of its own. The schedule's messages queue behind the
 * backlog, so the first of them waits at least until the backlog is drained, and response says so;
 * the depth falls from the backlog to nothing; every preloaded message is counted in delivery.
 * Counts and orderings, not timings, so it runs beside other classes.
 */
class PreloadIT {
    @TempDir
    Path dir;

    @Test
    void theScheduleQueuesBehindTheBacklogAndResponseTheDepthAndTheDrainSaySo() throws Exception {
        Path json = dir.resolve("run.json");
        Path hlog = dir.resolve("run.hlog");
        Path html = dir.resolve("run.html");
        // A drainer that takes 1 ms a message works the backlog off at 1,000 - 500 msg/s: about 6 s,
        // whatever the machine. In flight: one blocking sender at 500 persistent msg/s is near its
        // round trip's limit here, and falls behind while the broker works the backlog off.
        HarnessProcess.Result r = HarnessProcess.run(dir, 180, "run", "--preload", "3000", "--consume-delay", "1ms", "--rate",
                "500", "--duration", "8s", "--max-in-flight", "16", "--json", json.toString(), "--hlog", hlog.toString(),
                "--report", html.toString());
        assertEquals(0, r.exitCode(), r::toString);
        String out = r.stdout();
        assertTrue(out.startsWith("preloading 3,000 persistent messages of the run's own on DEV.QUEUE.1 ..."), out);
        assertTrue(out.contains("\n  warmup       0s\n"), "the backlog is what is measured: " + out);
        assertTrue(out.matches("(?s).*\\n  preloaded    3,000 messages on 1 queue in [0-9.]+ (m?s) \\([0-9,]+ msg/s\\), before"
                + " message 0 was due; the broker holds them in memory \\(no paging\\)\\n.*"), out);
        assertTrue(out.matches("(?s).*\\npreload: 3,000 messages on 1 queue, put in .* before the schedule; drained at \\+[0-9.]+ s,"
                + " the schedule's messages queued behind it until then \\(response\\)\\n.*"), out);
        assertTrue(out.contains("   depth   resp p50"), "the depth column: " + out);

        JsonNode run = HarnessProcess.json(json);
        JsonNode s = run.get("summary");
        JsonNode p = s.get("preload");
        assertEquals(3_000, p.get("messages").asLong(), p::toString);
        assertEquals(3_000, p.get("received").asLong(), p::toString);
        long drainedNs = p.get("drainedNs").asLong();
        assertTrue(drainedNs > 0, p::toString);
        // Message 0, due at the schedule's start, sat behind every preloaded message on the one queue.
        assertTrue(s.get("views").get("response").get("maxNs").asLong() >= drainedNs,
                "response max against the drain's end " + drainedNs + ": " + s.get("views").get("response"));
        JsonNode d = s.get("delivery");
        assertEquals(7_000, d.get("committed").asLong(), "the preload and 500/s for 8 s: " + d);
        assertEquals(7_000, d.get("received").asLong(), d::toString);
        assertEquals(0, d.get("lost").asLong(), d::toString);
        assertEquals(0, d.get("duplicates").asLong(), d::toString);
        // Completions count the schedule's messages only: the catch-up behind the backlog is what was asked.
        assertEquals(4_000, s.get("totalCompleted").asLong(), r::toString);
        List<String> reasons = new ArrayList<>();
        run.get("validity").get("reasons").forEach(x -> reasons.add(x.get("code").asText()));
        assertFalse(reasons.contains("backlog-at-start") || reasons.contains("rate-above-target"), reasons::toString);

        // The depth: at the first cut about 3,000 + 500 - 1,000 (the drainers start a little before message 0),
        // nothing left at the last; the broker's count beside it.
        JsonNode intervals = run.get("intervals");
        assertTrue(intervals.get(0).get("depth").asLong() >= 2_000, intervals.get(0)::toString);
        assertTrue(intervals.get(0).get("brokerDepth").asLong() > 0, intervals.get(0)::toString);
        assertEquals(0, intervals.get(intervals.size() - 1).get("depth").asLong(), intervals::toString);
        // One queue: its own depth is the run's, as the harness counts it, and the broker's beside it.
        assertTrue(intervals.get(0).get("queueDepths").get(0).asLong() >= 2_000, intervals.get(0)::toString);
        assertEquals(0, intervals.get(intervals.size() - 1).get("queueDepths").get(0).asLong(), intervals::toString);
        assertEquals(1, intervals.get(0).get("brokerQueueDepths").size(), intervals.get(0)::toString);
        List<String> depthLines = Files.readAllLines(hlog).stream().filter(l -> l.startsWith("#depth ")).toList();
        assertEquals(intervals.size(), depthLines.size(), "one #depth line an interval");
        assertTrue(depthLines.get(0).matches("#depth 0\\.000 [0-9.]+ harness=\\d+ broker=\\d+ paging=0 queues=\\d+"),
                depthLines::toString);
        assertTrue(Files.readString(html).contains("<h2>Queue depth</h2>"), "the report draws the depth");
    }

    /**
     * A backlog past the broker's memory (a broker child given 1 MiB) is paged to disk, and the run
     * says so: in the header, each interval's figures, the summary and the report. 2,000 messages of
     * 2 KiB are some 4.6 MiB with the broker's overhead; a drainer that takes 1 ms a message leaves
     * more than 1 MiB of them at the first cut, whatever the machine.
     */
    @Test
    void aBacklogPastTheBrokersMemoryIsPagedAndTheRunSaysWhen() throws Exception {
        Path json = dir.resolve("paged.json");
        Path hlog = dir.resolve("paged.hlog");
        Path html = dir.resolve("paged.html");
        try (BrokerProcess broker = BrokerProcess.start(dir, dir.resolve("data"), "--global-max-size", "1MiB")) {
            String started = broker.process.stdout();
            assertTrue(started.contains("paging past 1 MiB"), started);
            HarnessProcess.Result r = HarnessProcess.run(dir, 120, "run", "--cold-start", "--url", broker.url(), "--preload",
                    "2000", "--size", "2KiB", "--non-persistent", "--consume-delay", "1ms", "--rate", "100", "--duration", "3s",
                    "--queue-prefix", "PAGED.", "--json", json.toString(), "--hlog", hlog.toString(), "--report", html.toString());
            assertEquals(0, r.exitCode(), r::toString);
            String out = r.stdout();
            assertTrue(out.contains("before message 0 was due; the broker paged them to disk past the memory it gives them"),
                    out);
            assertTrue(out.matches("(?s).*\\nbroker paging: the broker paged the run's queues to disk from \\+0\\.0 s \\(its"
                    + " count [0-9,]+\\) to .*"), out);
            JsonNode run = HarnessProcess.json(json);
            assertEquals(1, run.get("summary").get("preload").get("pagedAfterPut").asInt(), run.get("summary")::toString);
            JsonNode first = run.get("intervals").get(0);
            assertEquals(1, first.get("brokerPaging").asInt(), first::toString);
            assertTrue(Files.readAllLines(hlog).stream().anyMatch(l -> l.startsWith("#depth 0.000 ") && l.contains(" paging=1 ")),
                    "the hlog carries it");
            assertTrue(Files.readString(html).contains("broker paging to disk"), "the report shades it");
        }
    }

    @Test
    void aSizeIsThatMuchOfTheRunsMessages() throws Exception {
        Path json = dir.resolve("size.json");
        HarnessProcess.Result r = HarnessProcess.run(dir, 120, "run", "--preload", "1MiB", "--size", "1KiB", "--queues", "2",
                "--non-persistent", "--rate", "100", "--duration", "2s", "--json", json.toString());
        assertEquals(0, r.exitCode(), r::toString);
        JsonNode p = HarnessProcess.json(json).get("summary").get("preload");
        assertEquals(2_048, p.get("messages").asLong(), "1,024 of 1 KiB on each of 2 queues: " + p);
        assertEquals(2, p.get("queues").asInt());
        assertEquals(2_048, p.get("received").asLong(), p::toString);
    }

    @Test
    void badValuesAreOneLineAndExitTwo() throws Exception {
        String[][] bad = {
            {"run", "--preload", "100", "--drainers", "0", "--duration", "1s"},
            {"run", "--preload", "100", "--workload", "reqresp", "--duration", "1s"},
            {"run", "--preload", "100", "--workload", "pubsub", "--duration", "1s"},
            {"run", "--preload", "lots", "--duration", "1s"},
        };
        String[] expected = {
            "--preload: is a backlog for the drainers to work off, and --drainers 0 runs none",
            "--preload: applies to --workload put only",
            "--preload: applies to --workload put only",
            "expected a number of messages such as 20000, or a size such as 64MiB, got 'lots'",
        };
        for (int i = 0; i < bad.length; i++) {
            HarnessProcess.Result r = HarnessProcess.run(dir, 60, bad[i]);
            assertEquals(2, r.exitCode(), r::toString);
            assertTrue(r.stderr().contains(expected[i]), r::toString);
            assertEquals(1, r.stderr().strip().lines().count(), "one line: " + r);
        }
    }
}
