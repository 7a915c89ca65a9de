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
 * A run that was not a valid test of what it asked says so everywhere (console, JSON, events,
 * JUnit) and fails every verdict on it: harness run's, and harness check's from its files. Each
 * run here has objectives it would meet if validity were not judged, so a false PASS shows as exit 0.
 */
class ValidityIT {
    @TempDir
    Path dir;

    private static List<String> codes(JsonNode run) {
        List<String> codes = new ArrayList<>();
        run.get("validity").get("reasons").forEach(r -> codes.add(r.get("code").asText()));
        return codes;
    }

    /**
     * A broker frozen across the end of the warmup: the measured phase begins with a backlog, and
     * catches up the warmup's messages in it, completing more than its rate asked (completions are
     * counted by when they happen, so only a backlog carried over the warmup's end lifts the rate
     * above the target: one due in the measured phase is caught up in it).
     */
    @Test
    void aBacklogAtTheStartFailsTheRunsVerdictAndChecksToo() throws Exception {
        Path json = dir.resolve("run.json");
        Path hlog = dir.resolve("run.hlog");
        Path events = dir.resolve("events.jsonl");
        Path junit = dir.resolve("junit.xml");
        String out;
        int code;
        try (BrokerProcess broker = BrokerProcess.start(dir, dir.resolve("broker-data"))) {
            try (HarnessProcess run = HarnessProcess.start(dir, "run", "--url", broker.url(), "--rate", "1000",
                    "--non-persistent", "--warmup", "3s", "--duration", "4s", "--slo", "response.p99 < 60s",
                    "--json", json.toString(), "--hlog", hlog.toString(), "--events", events.toString(),
                    "--junit", junit.toString())) {
                run.awaitInterval(2, 60); // 2 s into the 3 s warmup
                StallTruth.Freeze.of(broker.process, 2_000); // until 1 s into the measured phase
                code = run.waitFor(120);
                out = run.stdout() + run.stderr();
            }
        }
        assertEquals(5, code, out);
        assertTrue(out.contains("NOT VALID: this run was not a valid test"), out);
        assertTrue(out.contains("backlog-at-start: the measured phase began"), out);
        assertTrue(out.contains("rate-above-target: "), out);
        assertTrue(out.contains("completions caught up a backlog, which is no success"), out);
        assertTrue(out.contains("PASS  response.p99 < 60s"), "the objective itself held: " + out);
        assertTrue(out.contains("FAIL  the run was NOT VALID (backlog-at-start"), out);
        assertTrue(out.contains("<< fell behind the schedule by up to"), "the live lines said it: " + out);
        JsonNode run = HarnessProcess.json(json);
        assertFalse(run.get("validity").get("valid").asBoolean(), run.get("validity").toString());
        assertTrue(codes(run).contains("backlog-at-start"), run.get("validity").toString());
        assertTrue(codes(run).contains("rate-above-target"), run.get("validity").toString());
        assertTrue(run.get("summary").get("achievedRate").asDouble() > 1050, run.get("summary").toString());
        assertFalse(run.get("verdict").get("passed").asBoolean());
        assertTrue(run.get("verdict").get("failedAsNotValid").asBoolean());
        assertTrue(Files.readString(events).contains("\"validity\":{\"valid\":false,\"reasons\":[{\"code\":\"backlog-at-start\""),
                Files.readString(events));
        assertTrue(Files.readString(junit).contains("classname=\"harness.validity\""), Files.readString(junit));

        // harness check reads the run's validity from its JSON: the same files fail its verdict, unless allowed.
        HarnessProcess.Result check = HarnessProcess.run(dir, 60, "check", hlog.toString(), "--json", json.toString(),
                "--slo", "response.p99 < 60s");
        assertEquals(5, check.exitCode(), check.toString());
        assertTrue(check.stdout().contains("validity: NOT VALID: backlog-at-start"), check.toString());
        HarnessProcess.Result allowed = HarnessProcess.run(dir, 60, "check", hlog.toString(), "--json", json.toString(),
                "--slo", "response.p99 < 60s", "--slo-allow-invalid");
        assertEquals(0, allowed.exitCode(), allowed.toString());
        // Without its JSON, the hlog's send-lag tells the backlog all the same, and says what it cannot tell.
        HarnessProcess.Result logOnly = HarnessProcess.run(dir, 60, "check", hlog.toString(), "--slo", "response.p99 < 60s");
        assertEquals(5, logOnly.exitCode(), logOnly.toString());
        assertTrue(logOnly.stdout().contains("validity, as far as the hlog's send-lag tells (the schedule kept; rate-below-target,"),
                logOnly.toString());
        assertTrue(logOnly.stdout().contains(" need the run's --json): NOT VALID: backlog-at-start: the measured phase began"),
                logOnly.toString());
        assertTrue(logOnly.stdout().contains("FAIL  the run was NOT VALID (backlog-at-start"), logOnly.toString());
    }

    /** Delivery nobody checked cannot pass an objective on it. */
    @Test
    void anObjectiveOnDeliveryThatNothingCheckedFails() throws Exception {
        Path json = dir.resolve("undrained.json");
        HarnessProcess.Result r = HarnessProcess.run(dir, 120, "run", "--cold-start", "--rate", "200", "--warmup", "1s", "--duration",
                "2s", "--drainers", "0", "--slo", "lost == 0", "--json", json.toString());
        assertEquals(5, r.exitCode(), r.toString());
        assertTrue(codes(HarnessProcess.json(json)).contains("delivery-unchecked"), r.toString());
        assertTrue(r.stdout().contains("delivery-unchecked: an objective reads delivery"), r.toString());
    }

    /**
     * One closed-mode requester cannot offer 500,000 round trips/s, on any machine (at 50,000 a fast
     * one might come close): the harness was the limit, and says so; and --warmup auto never saw
     * that schedule kept, so it measured from its longest, unsteady (the intervals of 500 ms give
     * it four in which three in a row could have been kept). The rate costs nothing: the schedule
     * computes each request's time, the ledger follows the requests out (one, closed), and the
     * requester sends the next as soon as its reply is in, at 50,000 as at 500,000.
     */
    @Test
    void aScheduleTheHarnessCouldNotOfferIsNotValid() throws Exception {
        Path json = dir.resolve("closed.json");
        HarnessProcess.Result r = HarnessProcess.run(dir, 120, "run", "--cold-start", "--workload", "reqresp", "--requesters", "1",
                "--mode", "closed", "--non-persistent", "--rate", "500000", "--warmup", "auto:2s", "--interval", "500ms",
                "--duration", "3s",
                // The schedule cannot be kept: sending stops a drain timeout after its end, which is at
                // least a reply timeout for reqresp (30 s by default): short, so is this run.
                "--drain-timeout", "2s", "--reply-timeout", "1s", "--slo", "response.p99 < 60s", "--json", json.toString());
        assertEquals(5, r.exitCode(), r.toString());
        List<String> codes = codes(HarnessProcess.json(json));
        assertTrue(codes.contains("generator-saturated"), codes + "\n" + r);
        assertTrue(r.stdout().contains("what to change: add --requesters, or use --mode open"), r.toString());
        assertTrue(codes.contains("warmup-unsteady"), codes + "\n" + r);
        assertTrue(r.stdout().contains("  - warmup-unsteady: --warmup auto did not see the schedule kept"), r.toString());
        assertTrue(r.stdout().matches("(?s).*FAIL  the run was NOT VALID \\([^)]*warmup-unsteady.*"), r.toString());
    }
}
