package dev.harness.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * GC injection as users do it: the agent in the harness's own JVM (harness run --gc-inject), and
 * loaded into another running JVM (harness gc-inject --pid), here a harness broker child.
 */
class GcInjectIT {
    private static final long MS = 1_000_000L;

    @TempDir
    Path dir;

    @Test
    void pausesOfTheHarnessJvmShowInEveryViewTheyShould() throws Exception {
        Path json = dir.resolve("gc.json");
        Path hlog = dir.resolve("gc.hlog");
        // A small heap and a collector that compacts with the world stopped: tens of ms, often.
        HarnessProcess.Result r;
        try (HarnessProcess p = HarnessProcess.start(dir, List.of("-Xmx256m", "-XX:+UseSerialGC"), Map.of(), "run",
                "--gc-inject", "alloc=200,live=64,heap=0.3,prune=0.9,report=20", "--non-persistent", "--rate", "1000",
                "--warmup", "2s", "--duration", "15s", "--json", json.toString(), "--hlog", hlog.toString())) {
            r = new HarnessProcess.Result(p.waitFor(180), p.stdout(), p.stderr());
        }
        assertEquals(0, r.exitCode(), r::toString);
        assertTrue(r.stderr().contains("harness-agent: fragging at 200 MB/s"), r::toString);
        assertTrue(r.stderr().matches("(?s).*pause of \\d+ ms at \\d{4}-.*"), "the agent's own pause lines");
        assertTrue(r.stdout().contains("gc pause") && r.stdout().contains("max pause"), "interval columns");

        JsonNode root = HarnessProcess.json(json);
        JsonNode s = root.get("summary");
        JsonNode gc = s.get("gcPauses");
        assertTrue(gc.get("count").asLong() > 0, gc::toString);
        long longestGcNs = gc.get("longest").get(0).get("lengthNs").asLong();
        assertTrue(longestGcNs >= 20 * MS, "a pause of tens of ms: " + gc);
        assertTrue(r.stdout().contains("GC pauses of this JVM: "), r::toString);

        JsonNode views = s.get("views");
        long service = views.get("service").get("count").asLong();
        assertTrue(views.get("pause-corrected").get("count").asLong() > service,
                "pause-corrected fills in for the pauses: " + views);
        // Messages due during a pause wait for it, and response (from the intended time) says so.
        assertTrue(views.get("response").get("maxNs").asLong() >= longestGcNs / 2, views::toString);
        assertTrue(views.get("response").get("p99Ns").asLong() > views.get("service").get("p99Ns").asLong(),
                views::toString);

        // Per second, throughput dips where a pause held the sender; cumulative hardly moves.
        JsonNode perSecond = s.get("throughputPerSecond");
        assertTrue(perSecond.get("min").asLong() < 980, perSecond::toString);
        assertTrue(s.get("achievedRate").asDouble() > 950, s::toString);
        long worstSecondGcNs = 0;
        long worst = Long.MAX_VALUE;
        for (JsonNode i : root.get("intervals")) {
            if (i.get("phase").asText().equals("measured") && i.get("endS").asDouble() - i.get("startS").asDouble() > 0.99
                    && i.get("completed").asLong() < worst) {
                worst = i.get("completed").asLong();
                worstSecondGcNs = Math.max(i.get("gcPausedNs").asLong(), i.get("hiccupMaxNs").asLong());
            }
        }
        assertTrue(worstSecondGcNs >= 20 * MS, "the slowest second had a pause in it");

        Histogram hiccups = HlogFiles.sum(hlog, "hiccup");
        assertTrue(hiccups.getMaxValue() >= 20 * MS, "hiccup tag: max " + hiccups.getMaxValue());
        assertTrue(hiccups.getTotalCount() > 10_000, "a 1 ms sleep, every ms, for 17 s: " + hiccups.getTotalCount());
    }

    @Test
    void agentLoadsIntoAnotherRunningJvm() throws Exception {
        try (BrokerProcess broker = BrokerProcess.start(dir, dir.resolve("data"))) {
            HarnessProcess.Result r = HarnessProcess.run(dir, 60, "gc-inject", "--pid", Long.toString(broker.process.pid()),
                    "--options", "alloc=100,live=16,heap=0.2,report=1");
            assertEquals(0, r.exitCode(), r::toString);
            assertTrue(r.stdout().contains("agent loaded into process " + broker.process.pid()), r::toString);
            long deadline = System.nanoTime() + 30_000 * MS;
            while (!broker.process.stderr().contains("pause of ")) {
                assertTrue(System.nanoTime() < deadline, () -> "no pause line from the broker:\n" + stderrOf(broker));
                Thread.sleep(100);
            }
            assertTrue(broker.process.stderr().contains("harness-agent: fragging at 100 MB/s"), () -> stderrOf(broker));
        }
    }

    @Test
    void badAgentOptionsAndAMissingProcessAreOneLineErrors() throws Exception {
        HarnessProcess.Result bad = HarnessProcess.run(dir, 60, "gc-inject", "--pid", "1", "--options", "alloc=lots");
        assertEquals(2, bad.exitCode(), bad::toString);
        assertOneLine(bad, "--options", "alloc=lots");

        long gone = new ProcessBuilder("true").start().pid(); // exits at once; its pid names no JVM
        HarnessProcess.Result missing = HarnessProcess.run(dir, 60, "gc-inject", "--pid", Long.toString(gone));
        assertEquals(3, missing.exitCode(), missing::toString);
        assertOneLine(missing, "cannot attach to process " + gone);

        HarnessProcess.Result run = HarnessProcess.run(dir, 60, "run", "--gc-inject", "prune=2", "--duration", "1s");
        assertEquals(2, run.exitCode(), run::toString);
        assertTrue(run.stderr().contains("--gc-inject") && run.stderr().contains("prune=2"), run::toString);
    }

    private static String stderrOf(BrokerProcess broker) {
        try {
            return broker.process.stderr();
        } catch (java.io.IOException e) {
            return "(unreadable)";
        }
    }

    private static void assertOneLine(HarnessProcess.Result r, String... mentions) {
        String err = r.stderr().strip();
        assertEquals(1, err.lines().count(), r::toString);
        for (String m : mentions) {
            assertTrue(err.contains(m), () -> "no '" + m + "' in:\n" + r);
        }
        assertFalse(err.contains("Exception") || err.contains("\tat "), r::toString);
    }
}
