package dev.harness.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;

/** Ctrl-C keeps every measurement: logs flushed, summary printed, broker directory removed. */
class InterruptIT {
    @TempDir
    Path dir;

    @Test
    void ctrlCEndsTheRunWithASummaryAndFlushedLogs() throws Exception {
        Path json = dir.resolve("run.json");
        Path hlog = dir.resolve("run.hlog");
        String out;
        int code;
        JsonNode before;
        try (HarnessProcess p = HarnessProcess.start(dir, "run", "--rate", "200", "--warmup", "1s",
                "--duration", "60s", "--json", json.toString(), "--hlog", hlog.toString(),
                "--events", dir.resolve("events.jsonl").toString(), "--slo", "response.max < 1us")) {
            before = p.awaitInterval(3, 60);
            p.signal("INT");
            code = p.waitFor(60);
            out = p.stdout();
        }
        // Interrupted, with an objective not met: still 130, a gate never hides a broken run.
        assertEquals(130, code, out);
        assertTrue(out.contains("FAIL  response.max < 1us"), out);
        assertTrue(out.contains("stopped early: interrupted"), out);
        assertTrue(out.contains("response distribution"), out);

        JsonNode s = HarnessProcess.json(json).get("summary");
        assertEquals("interrupted", s.get("stopReason").asText());
        long sent = s.get("totalSent").asLong();
        // Every message counted complete before the interrupt (by the interval event waited for)
        // is in the summary. (Not a count from the rate: a loaded machine starts the run behind its
        // schedule.)
        long completedBefore = before.get("cumulativeCompleted").asLong();
        assertTrue(completedBefore > 0 && sent >= completedBefore && sent < 2_000,
                sent + " sent; " + completedBefore + " complete at " + before.get("endS") + " s, and at most 200/s\n" + out);
        assertEquals(sent, s.get("totalCompleted").asLong(), "messages in flight are drained before the summary");
        assertEquals(s.get("views").get("response").get("count").asLong(),
                HlogFiles.sum(hlog, "response").getTotalCount(), "the hlog holds every measured sample");

        Matcher journal = Pattern.compile("journal is in (\\S+), removed at exit").matcher(out);
        assertTrue(journal.find(), out);
        assertFalse(Files.exists(Path.of(journal.group(1))), "embedded broker data left behind: " + journal.group(1));
    }

    /** SIGTERM (kill, docker stop, a pod ended) is handled as Ctrl-C, and the exit code is 143 (README, "Exit codes"). */
    @Test
    void sigtermEndsTheRunWithASummaryAndExitCode143() throws Exception {
        Path json = dir.resolve("term.json");
        String out;
        int code;
        try (HarnessProcess p = HarnessProcess.start(dir, "run", "--rate", "200", "--warmup", "1s", "--duration", "60s",
                "--json", json.toString(), "--events", dir.resolve("term-events.jsonl").toString())) {
            p.awaitInterval(2, 60);
            p.signal("TERM");
            code = p.waitFor(60);
            out = p.stdout();
        }
        assertEquals(143, code, out);
        assertTrue(out.contains("stopped early: interrupted") && out.contains("response distribution"), out);
        assertEquals("interrupted", HarnessProcess.json(json).get("summary").get("stopReason").asText());
    }
}
