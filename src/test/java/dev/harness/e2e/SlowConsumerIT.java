package dev.harness.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * --consume-delay: a drainer that takes 5 ms over each message consumes at most 200 msg/s, so at
 * 500 msg/s the queue deepens by about 300 a second; the sends keep their schedule, so the run is
 * VALID and says the consumers were the limit, by design.
 */
class SlowConsumerIT {
    @TempDir
    Path dir;

    @Test
    void aSlowConsumerGrowsTheDepthAtItsSlopeAndTheRunSaysWhy() throws Exception {
        Path json = dir.resolve("run.json");
        HarnessProcess.Result r = HarnessProcess.run(dir, 150, "run", "--rate", "500", "--consume-delay", "5ms",
                "--drainers", "1", "--non-persistent", "--warmup", "1s", "--duration", "4s", "--json", json.toString());
        assertEquals(0, r.exitCode(), r::toString);
        assertTrue(r.stdout().contains("VALID: the schedule was kept"), r::toString);
        assertTrue(r.stdout().contains("the consumers were the limit, by design: 1 drainer taking 5ms over each message"
                + " (--consume-delay), at most 200 msg/s"), r::toString);
        assertFalse(r.stdout().contains("rate-below-target"), r::toString);

        JsonNode run = HarnessProcess.json(json);
        JsonNode s = run.get("summary");
        assertEquals(2_500, s.get("totalSent").asLong());
        assertEquals(2_500, s.get("totalCompleted").asLong(), "the backlog drained after the schedule: " + r);
        // The depth the harness counts (sent less received) grows at 500 - 200 msg/s while the schedule runs.
        JsonNode intervals = run.get("intervals");
        JsonNode first = intervals.get(0);
        JsonNode last = null;
        for (JsonNode i : intervals) {
            if (i.get("endS").asDouble() <= 5.05) {
                last = i;
            }
        }
        double slope = (last.get("depth").asLong() - first.get("depth").asLong())
                / (last.get("endS").asDouble() - first.get("endS").asDouble());
        // At least 500 - 200; more where a busy host slows the drainer below its 200 msg/s.
        assertTrue(slope > 270 && slope < 400, "depth grew " + slope + " a second; expected about 300\n" + intervals);
        JsonNode sat = s.get("saturation");
        assertEquals("consumers, by design", sat.get("limit").asText(), sat::toString);
    }

    /**
     * Responders that take 10 ms over each request: two answer at most 200 round trips a second, so
     * open-mode requests at 300 a second queue up; the run is VALID and names the responders, and
     * the responder view (get to commit) holds each one's delay.
     */
    @Test
    void slowRespondersAreTheLimitByDesignInOpenMode() throws Exception {
        Path json = dir.resolve("reqresp.json");
        HarnessProcess.Result r = HarnessProcess.run(dir, 150, "run", "--workload", "reqresp", "--mode", "open",
                "--requesters", "2", "--responders", "2", "--queues", "2", "--consume-delay", "10ms", "--rate", "300",
                "--non-persistent", "--warmup", "1s", "--duration", "3s", "--json", json.toString());
        assertEquals(0, r.exitCode(), r::toString);
        assertTrue(r.stdout().contains("  responders   2; each takes 10ms over every request before it replies"
                + " (--consume-delay): at most 200 requests/s together"), r::toString);
        assertTrue(r.stdout().contains("the consumers were the limit, by design: 2 responders taking 10ms over each request"
                + " (--consume-delay), at most 200 round trips/s"), r::toString);
        JsonNode s = HarnessProcess.json(json).get("summary");
        assertEquals(1_200, s.get("delivery").get("received").asLong(), "every request answered: " + r);
        assertTrue(s.get("views").get("responder").get("p50Ns").asLong() >= 10_000_000L, s.get("views")::toString);
        assertEquals("consumers, by design", s.get("saturation").get("limit").asText(), r::toString);
    }

    @Test
    void aConsumeDelayWithoutDrainersIsRefusedInOneLine() throws Exception {
        HarnessProcess.Result r = HarnessProcess.run(dir, 60, "run", "--consume-delay", "5ms", "--drainers", "0");
        assertEquals(2, r.exitCode(), r::toString);
        assertTrue(r.stderr().contains("--consume-delay: is the drainers' time per message, and --drainers 0 runs none"),
                r::toString);
    }
}
