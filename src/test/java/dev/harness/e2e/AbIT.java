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

/** harness ab on the embedded broker: seed 000's experiment, syncpoint 10 against outside syncpoint. */
class AbIT {
    @TempDir
    Path dir;

    @Test
    void persistentPutsInSyncpointBeatPutsOutsideIt() throws Exception {
        Path html = dir.resolve("ab.html");
        HarnessProcess.Result r = HarnessProcess.run(dir, 300, "ab", "--a", "--syncpoint 10", "--b", "--syncpoint 0",
                "--rounds", "2", "--persistent", "--rate", "max", "--warmup", "1s", "--duration", "3s",
                "--report", html.toString());
        assertEquals(0, r.exitCode(), r::toString);
        String out = r.stdout();
        for (String expected : new String[] {"round 1, A (--syncpoint 10)", "round 1, B (--syncpoint 0)",
            "round 2, A (--syncpoint 10)", "round 2, B (--syncpoint 0)", "B/A", "larger than the spread?",
            // --rate max: no schedule, so the latency rows must not pass for intended-time response.
            "closed-loop p99 ms", "A and B: UNTHROTTLED (--rate max)"}) {
            assertTrue(out.contains(expected), () -> "no '" + expected + "' in\n" + out);
        }
        assertTrue(out.indexOf("round 1, A") < out.indexOf("round 1, B") && out.indexOf("round 1, B") < out.indexOf("round 2, A"),
                "alternating rounds");
        Matcher row = Pattern.compile("throughput msg/s\\s+([0-9,]+)\\s+([0-9,.]+)\\s+([0-9.]+)").matcher(out);
        assertTrue(row.find(), out);
        double a = Double.parseDouble(row.group(1).replace(",", ""));
        double b = Double.parseDouble(row.group(2).replace(",", ""));
        assertEquals(b / a, Double.parseDouble(row.group(3)), 0.011, "the ratio printed is B/A");
        // Syncpoint 10 beats outside syncpoint: outside it each persistent put waits for a forced
        // log write and a round trip of its own; in syncpoint ten puts share those of one commit.
        // By how much depends on what a sync costs on this disk (the seed found about 3x here; a
        // faster disk narrows it), so only the order is asserted, not a ratio.
        assertTrue(a > b, "syncpoint 10 at " + a + " msg/s against outside syncpoint at " + b);

        String page = Files.readString(html);
        assertTrue(page.contains("id=\"ab-percentiles\""), "the comparison chart");
        assertTrue(page.contains("data-series=\"A\"") && page.contains("data-series=\"B\""), "both curves on one chart");
        assertTrue(page.contains("id=\"ab-table\""), "the table");
        assertTrue(page.contains("closed-loop") && !page.contains("measured from the intended send time"), page);
    }

    @Test
    void ctrlCTabulatesTheWholePairsDone() throws Exception {
        Path html = dir.resolve("ab.html");
        Path events = dir.resolve("ab-events.jsonl");
        try (HarnessProcess p = HarnessProcess.start(dir, "ab", "--a", "--syncpoint 10", "--b", "--syncpoint 0",
                "--rounds", "5", "--non-persistent", "--rate", "200", "--warmup", "0s", "--duration", "2s",
                "--report", html.toString(), "--events", events.toString())) {
            p.awaitEvent("round 1 of side B", e -> e.path("event").asText().equals("round") && e.path("round").asInt() == 1
                    && e.path("side").asText().equals("B"), 120);
            Thread.sleep(500); // into round 2 of A
            p.signal("INT");
            assertEquals(130, p.waitFor(60), p.stdout());
            String out = p.stdout();
            assertTrue(out.contains("interrupted: 1 whole pair(s) of rounds of 5 compared"), out);
            assertTrue(out.contains("throughput msg/s"), "the table of what was done: " + out);
            assertTrue(Files.exists(html), "and its HTML");
        }
    }

    @Test
    void aRatioGateBetweenTheSidesFailsWhenImpossibleAndPassesWhenGenerous() throws Exception {
        // Syncpoint 10 at 200 msg/s: a message reaches the drainer at its commit, every 50 ms, so
        // half wait 20 ms and more; outside syncpoint a non-persistent put is received at once.
        // The median gate holds one way only: with the sides swapped it would fail. The gate's
        // arithmetic is the subject, not the rounds' validity (ValidityIT): a side that a loaded CI
        // host made NOT VALID would fail every objective, so --slo-allow-invalid.
        Path junit = dir.resolve("gate.xml");
        HarnessProcess.Result r = HarnessProcess.run(dir, 180, "ab", "--a", "--syncpoint 10", "--b", "--syncpoint 0",
                "--rounds", "1", "--non-persistent", "--rate", "200", "--warmup", "1s", "--duration", "2s",
                "--report", dir.resolve("gate.html").toString(), "--junit", junit.toString(),
                "--slo", "B.response.p99 <= 0.000001 * A.response.p99", "--slo", "B.response.p99 <= 1000 * A.response.p99",
                "--slo", "A.lost == 0", "--slo", "B.response.p50 <= 0.5 * A.response.p50",
                "--slo", "A.response.p50 <= 0.5 * B.response.p50", "--slo-allow-invalid");
        assertEquals(5, r.exitCode(), r::toString);
        r.assertOneLine("harness ab: 2 of 5 objectives not met");
        String out = r.stdout();
        assertTrue(out.indexOf("larger than the spread?") < out.indexOf("objectives: 3 of 5 met"), "after the table: " + out);
        assertTrue(out.contains("  FAIL  B.response.p99 <= 0.000001 * A.response.p99: "), out);
        assertTrue(out.contains("  PASS  B.response.p99 <= 1000 * A.response.p99: "), out);
        assertTrue(out.contains("  PASS  A.lost == 0: 0"), out);
        assertTrue(out.contains("  PASS  B.response.p50 <= 0.5 * A.response.p50: "), out);
        assertTrue(out.contains("  FAIL  A.response.p50 <= 0.5 * B.response.p50: "), out);
        assertTrue(Files.readString(junit).contains("failures=\"2\""), "the gate as JUnit XML");

        // Without --report, nothing is written where ab runs (it wrote ab.html there).
        HarnessProcess.Result met = HarnessProcess.run(dir, 180, "ab", "--a", "--syncpoint 10", "--b", "--syncpoint 0",
                "--rounds", "1", "--persistent", "--rate", "200", "--warmup", "0s", "--duration", "1s",
                "--slo", "B.response.p99 <= 1000 * A.response.p99", "--slo-allow-invalid");
        assertEquals(0, met.exitCode(), met::toString);
        assertTrue(met.stdout().contains("objectives: 1 of 1 met"), met::toString);
        assertTrue(met.stdout().contains("1 round each"), met::toString);
        assertFalse(met.stdout().contains("comparison: "), met::toString);
        assertFalse(Files.exists(dir.resolve("ab.html")), "no file asked for, none written");
    }

    @Test
    void badSideOptionsAreAUsageError() throws Exception {
        HarnessProcess.Result r = HarnessProcess.run(dir, 120, "ab", "--a", "--syncpoint ten", "--b", "--syncpoint 0",
                "--rounds", "1", "--duration", "1s", "--report", dir.resolve("ab.html").toString());
        assertEquals(2, r.exitCode(), r::toString);
        assertEquals(1, r.stderr().strip().lines().count(), r::toString);
        assertTrue(r.stderr().contains("--a") && r.stderr().contains("--syncpoint"), r::toString);
        assertTrue(r.stdout().isEmpty(), "no round ran");
    }

    @Test
    void aSideCannotTakeAFileOfItsOwn() throws Exception {
        // The rounds run in ab's process and give ab their summaries: a round's hlog would be
        // written by nobody, so it is refused rather than ignored.
        HarnessProcess.Result r = HarnessProcess.run(dir, 120, "ab", "--a", "--syncpoint 1 --hlog a.hlog", "--b",
                "--syncpoint 0", "--rounds", "1", "--duration", "1s", "--report", dir.resolve("ab.html").toString());
        assertEquals(2, r.exitCode(), r::toString);
        r.assertOneLine("--a", "--hlog");
        assertTrue(r.stdout().isEmpty(), "no round ran");
    }
}
