package dev.harness.core.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.harness.core.host.Environment;

/** A run's --json read back for harness report: what the HTML report shows beyond the hlog. */
class RunJsonTest {
    @TempDir
    Path dir;

    private static final String SUMMARY = "\"summary\": {\"targetRate\": 500, \"achievedRate\": 480.5, \"measuredSeconds\": 10.0,"
            + " \"longestGapFromNs\": 3000000000, \"longestGapNs\": 250000000,"
            + " \"delivery\": {\"tracked\": true, \"persistent\": true, \"committed\": 5000, \"received\": 4988,"
            + " \"expired\": 12},"
            + " \"recovery\": %s}";

    private Path file(String name, String body) throws Exception {
        return Files.writeString(dir.resolve(name), "{\"schema\": \"harness-run/1\", \"workload\": \"put\", " + body + "}");
    }

    @Test
    void theEnvironmentRatesAndTheBrokersLossAndReturnAreReadBack() throws Exception {
        Path json = file("run.json", "\"environment\": {\"host\": \"bench-7\", \"kernel\": \"Linux 6.1.0 amd64\", \"jvmArgs\":"
                + " \"-Xmx2g\", \"harness\": \"0.9.1\"}, " + String.format(SUMMARY, "{\"brokerKilledAtNs\": -1,"
                        + " \"outageFromNs\": 3000000000, \"outageToNs\": 3250000000, \"brokerLostAtNs\": 2990000000,"
                        + " \"reconnectedAtNs\": 3100000000, \"reconnections\": 2}"));
        RunJson run = RunJson.read("--json", json);
        Environment env = run.header().environment();
        assertEquals("bench-7", env.host());
        assertEquals("-Xmx2g", env.jvmArgs());
        assertEquals("0.9.1", env.harness());
        assertNull(env.gc(), "not in the file");
        assertEquals(2_990_000_000L, run.recovery().lostAtNs());
        assertEquals(3_100_000_000L, run.recovery().reconnectedAtNs());
        RunOutcome.Rates rates = run.outcome().rates();
        assertEquals(500, rates.target());
        assertEquals(480.5, rates.achieved());
        assertEquals(3_000_000_000L, rates.longestGapFromNs());
        assertEquals(250_000_000L, rates.longestGapNs());
        assertEquals(12, run.delivery().expired(), "--ttl's expired messages");
        assertEquals(4988, run.delivery().received());
    }

    @Test
    void eachSubscriptionIsReadBackForTheReport() throws Exception {
        String summary = "\"summary\": {\"delivery\": {\"tracked\": true}, \"subscriptions\": {\"kind\": \"durable\","
                + " \"each\": [{\"topic\": \"dev/harness/1\", \"name\": \"harness-1-t1-s1\", \"received\": 900, \"lost\": 3,"
                + " \"missed\": 0, \"duplicates\": 1, \"response\": {\"count\": 800, \"p50Ns\": 1000, \"p99Ns\": 5000,"
                + " \"p99_9Ns\": 7000, \"maxNs\": 9000}}]}}";
        RunJson run = RunJson.read("--json", file("pubsub.json", summary));
        assertEquals(List.of(new RunOutcome.Subscription("dev/harness/1", "harness-1-t1-s1", 900, 3, 0, 1, 800, 1_000, 5_000,
                7_000, 9_000)), run.outcome().subscriptions());
        assertEquals(List.of(), RunJson.read("--json", file("put.json", String.format(SUMMARY, "null"))).outcome().subscriptions());
    }

    @Test
    void aFileFromBeforeThemHasNoEnvironmentAndNoLossTimes() throws Exception {
        RunJson run = RunJson.read("--json", file("old.json", String.format(SUMMARY, "{\"brokerKilledAtNs\": 1000}")));
        assertNull(run.header().environment());
        assertEquals(1_000, run.recovery().killedAtNs());
        assertEquals(-1, run.recovery().lostAtNs());
        assertEquals(-1, run.recovery().reconnectedAtNs());
    }

    @Test
    void aVerdictTheRunFailedAsNotValidFailsWhenReadBack() throws Exception {
        String slo = "\"slo\": [{\"objective\": \"response.p99 < 50ms\", \"passed\": true, \"value\": 1000000, \"limit\": 50000000}],"
                + " \"validity\": {\"valid\": false, \"reasons\": [{\"code\": \"backlog-at-start\", \"text\": \"2.3 s behind\","
                + " \"advice\": \"--warmup auto\"}]}, ";
        RunJson gated = RunJson.read("--json", file("gated.json", slo + "\"verdict\": {\"passed\": false, \"objectivesFailed\": 0,"
                + " \"failedAsNotValid\": true}, " + String.format(SUMMARY, "null")));
        assertFalse(gated.verdict().passed(), "as the run judged it");
        assertEquals(0, gated.verdict().failures(), "its objectives themselves were met");
        assertTrue(gated.verdict().invalidLine().contains("backlog-at-start"), gated.verdict().invalidLine());
        RunJson allowed = RunJson.read("--json", file("allowed.json", slo + "\"verdict\": {\"passed\": true, \"objectivesFailed\": 0,"
                + " \"failedAsNotValid\": false}, " + String.format(SUMMARY, "null")));
        assertTrue(allowed.verdict().passed(), "--slo-allow-invalid judged the objectives alone");
    }
}
