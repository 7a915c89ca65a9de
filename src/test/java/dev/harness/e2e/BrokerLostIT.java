package dev.harness.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The broker dies mid-run and does not come back: the workers try to reconnect for
 * --reconnect-timeout, then the run ends with exit code 4, every measurement taken so far kept.
 */
class BrokerLostIT {
    @TempDir
    Path dir;

    @Test
    void killingTheBrokerEndsTheRunWithItsMeasurementsKept() throws Exception {
        Path json = dir.resolve("run.json");
        Path hlog = dir.resolve("run.hlog");
        String out;
        String err;
        int code;
        try (BrokerProcess broker = BrokerProcess.start(dir, dir.resolve("data"));
                HarnessProcess run = HarnessProcess.start(dir, "run", "--url", broker.url(), "--rate", "300",
                        "--non-persistent", "--warmup", "1s", "--duration", "30s", "--reconnect-timeout", "2s",
                        "--json", json.toString(),
                        "--hlog", hlog.toString())) {
            run.awaitOutput("    4.0s ", 60);
            broker.process.signal("KILL");
            code = run.waitFor(60);
            out = run.stdout();
            err = run.stderr();
        }
        assertEquals(4, code, out + err);
        assertTrue(out.contains("== summary") && out.contains("FAILED:"), out);
        List<String> errLines = err.strip().lines().toList();
        assertTrue(errLines.get(errLines.size() - 1).startsWith("harness run: the broker failed during the run: "), err);

        JsonNode s = HarnessProcess.json(json).get("summary");
        // Which report of the loss comes first varies (the connection's listener, or a send on
        // the closed session), and so does Artemis's wording; a clean line naming who failed must not.
        String failure = s.get("failure").asText();
        assertTrue(failure.matches("(sender|drainer) \\d+ lost its connection and could not connect again within 2s"
                + " \\(--reconnect-timeout\\): .*") && !failure.contains("errorType=") && !failure.contains("Exception"),
                failure);
        long measured = s.get("views").get("response").get("count").asLong();
        assertTrue(measured >= 600, measured + " measured responses before the kill; expected about 900");
        assertEquals(measured, HlogFiles.sum(hlog, "response").getTotalCount(), "the hlog holds what was measured");
    }
}
