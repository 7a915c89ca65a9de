package dev.harness.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * GC injection as users do it: the agent in the harness's own JVM (harness run --gc-inject), and
 * loaded into another running JVM (harness gc-inject --pid), here a harness broker child.
 */
@Isolated
class GcInjectIT {
    private static final long MS = 1_000_000L;
    /** The GC run's rate, msg/s, and its interval. */
    private static final int RATE = 1000;
    private static final long INTERVAL_MS = 100;

    @TempDir
    Path dir;

    @Test
    void pausesOfTheHarnessJvmShowInEveryViewTheyShould() throws Exception {
        Path json = dir.resolve("gc.json");
        Path hlog = dir.resolve("gc.hlog");
        // A small heap and a collector that compacts with the world stopped: pauses about twice a
        // second, of tens of ms on the project's 2-core machine (bench/results-agent.md) and shorter
        // on a faster one. So every threshold below is derived from this run's own pauses, never a
        // fixed number of ms; and the agent prints a line for each of 4 ms or more (report=4), so
        // that the pause of 5 ms asserted below has one, however fast the machine.
        HarnessProcess.Result r;
        try (HarnessProcess p = HarnessProcess.start(dir, List.of("-Xmx256m", "-XX:+UseSerialGC"), Map.of(), "run",
                "--gc-inject", "alloc=200,live=64,heap=0.3,prune=0.9,report=4", "--non-persistent", "--rate",
                Integer.toString(RATE), "--warmup", "2s", "--duration", "15s", "--interval", INTERVAL_MS + "ms",
                "--json", json.toString(), "--hlog", hlog.toString())) {
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
        // The run's longest GC pause (whole ms): 5 ms at least on any machine of this kind, whatever
        // its speed (several times that here).
        long longestGcNs = gc.get("longest").get(0).get("lengthNs").asLong();
        assertTrue(longestGcNs >= 5 * MS, "a pause of 5 ms or more: " + gc);
        // The run's mean GC pause: what a typical injected pause takes on this machine.
        long meanGcNs = gc.get("totalNs").asLong() / gc.get("count").asLong();
        assertTrue(r.stdout().contains("GC pauses of this JVM: "), r::toString);

        JsonNode views = s.get("views");
        long service = views.get("service").get("count").asLong();
        assertTrue(views.get("pause-corrected").get("count").asLong() > service,
                "pause-corrected fills in for the pauses: " + views);
        // Messages due during a pause wait for it, and response (from the intended time) says so:
        // of a pause in the measured phase (a warmup's pause, the longest on a loaded machine, is no sample).
        long measuredPauseNs = 0;
        for (JsonNode row : root.get("intervals")) {
            if (row.get("phase").asText().equals("measured")) {
                measuredPauseNs = Math.max(measuredPauseNs, row.get("gcPausedNs").asLong());
            }
        }
        long pauseNs = measuredPauseNs;
        assertTrue(views.get("response").get("maxNs").asLong() >= pauseNs / 2,
                () -> "an interval paused " + pauseNs / 1e6 + " ms: " + views);
        assertTrue(views.get("response").get("p99Ns").asLong() > views.get("service").get("p99Ns").asLong(),
                views::toString);

        // Throughput dips where a pause holds the sender, while the cumulative rate hardly moves.
        // A pause that spans the end of an interval delays its cut to the pause's end: that interval
        // is longer by the part after its end and has no completions in the pause, its rate short by
        // about pause / (interval + part after), at least pause / (interval + pause); the catch-up
        // completes in the next one. A pause inside one interval is mostly caught up within it (with
        // 1 s intervals the catch-up burst fills the dip within the same second). Intervals of 100 ms,
        // the shortest allowed: the chance that a pause spans an end is pause / interval, and the
        // measured phase's 30 or so pauses give a few such even on a machine whose pauses are a
        // third as long as this one's (at 200 ms, a machine twice as fast could see none).
        assertTrue(s.get("achievedRate").asDouble() > 0.97 * RATE, s::toString);
        JsonNode[] rows = new JsonNode[root.get("intervals").size()];
        for (int i = 0; i < rows.length; i++) {
            rows[i] = root.get("intervals").get(i);
        }
        // The measured intervals that have one after them, slowest first.
        List<Integer> bySpeed = new ArrayList<>();
        for (int i = 0; i + 1 < rows.length; i++) {
            if (rows[i].get("phase").asText().equals("measured")) {
                bySpeed.add(i);
            }
        }
        bySpeed.sort(java.util.Comparator.comparingDouble(i -> rows[i].get("rate").asDouble()));
        double slowest = rows[bySpeed.get(0)].get("rate").asDouble();
        // A dip of at least half a mean pause's share of an interval: a mean pause spanning an end
        // makes one of about its whole share.
        double dipBelow = RATE * (1 - 0.5 * Math.min(meanGcNs, INTERVAL_MS * MS) / (INTERVAL_MS * MS));
        assertTrue(slowest < dipBelow, "a dip below " + dipBelow + "/s (mean GC pause " + meanGcNs / 1e6
                + " ms): slowest interval " + slowest + "/s");
        // The time a slow interval's completions were missing (at most the pause that caused it), and a
        // pause of half that or more in or right after it (seen when it ends), for one of the three
        // slowest: the injected pauses make the dips, though a stall of the broker in this JVM that is
        // no pause of it (its threads starved of CPU by the injection) may make one too.
        StringBuilder seen = new StringBuilder();
        boolean explained = false;
        for (int i : bySpeed.subList(0, Math.min(3, bySpeed.size()))) {
            double rate = rows[i].get("rate").asDouble();
            long missingNs = Math.round((1 - rate / RATE) * INTERVAL_MS * MS);
            long pausedNearNs = Math.max(pauseNs(rows[i]), pauseNs(rows[i + 1]));
            explained |= pausedNearNs >= missingNs / 2;
            seen.append(String.format(java.util.Locale.ROOT, " %.1f/s missing %.1f ms, paused %.1f ms;", rate,
                    missingNs / 1e6, pausedNearNs / 1e6));
        }
        assertTrue(explained, "one of the slowest intervals had a pause in or right after it:" + seen);

        // A pause holds the hiccup meter too: its wake-up due within 10 ms (its sleep) of the pause's
        // start comes at the pause's end, so the longest pause shows as a hiccup of its length less
        // 10 ms at worst, half of it or more for a pause of 20 ms or more.
        Histogram hiccups = HlogFiles.sum(hlog, "hiccup");
        long hiccupAtLeast = Math.min(longestGcNs / 2, longestGcNs - 10 * MS);
        assertTrue(hiccups.getMaxValue() >= hiccupAtLeast, "hiccup tag: max " + hiccups.getMaxValue()
                + " against the longest GC pause " + longestGcNs);
        // The default 10 ms sleep, every 10 ms, for 17 s: about 1,700 (a 1 ms meter would have 17,000).
        assertTrue(hiccups.getTotalCount() > 1_000 && hiccups.getTotalCount() < 5_000,
                "a 10 ms sleep, every 10 ms, for 17 s: " + hiccups.getTotalCount());
    }

    @Test
    void agentLoadsIntoAnotherRunningJvmAndLeavesNoNewFileBehind() throws Exception {
        Path tmp = Files.createDirectory(dir.resolve("tmp"));
        try (BrokerProcess broker = BrokerProcess.start(dir, dir.resolve("data"))) {
            HarnessProcess.Result r = gcInject(tmp, "--pid", Long.toString(broker.process.pid()),
                    "--options", "alloc=100,live=16,heap=0.2,report=1");
            assertEquals(0, r.exitCode(), r::toString);
            // The agent's jar, once per build, in this user's private directory: nothing else.
            List<String> left = files(tmp);
            assertEquals(2, left.size(), left::toString);
            assertTrue(left.get(1).matches("harness-[^/]+/harness-agent-[0-9a-f]{16}\\.jar"), left::toString);
            assertTrue(r.stdout().contains("agent running in process " + broker.process.pid()), r::toString);
            long deadline = System.nanoTime() + 30_000 * MS;
            while (!broker.process.stderr().contains("pause of ")) {
                assertTrue(System.nanoTime() < deadline, () -> "no pause line from the broker:\n" + stderrOf(broker));
                Thread.sleep(100);
            }
            assertTrue(broker.process.stderr().contains("harness-agent: fragging at 100 MB/s"), () -> stderrOf(broker));

            HarnessProcess.Result again = gcInject(tmp, "--pid", Long.toString(broker.process.pid()));
            assertEquals(4, again.exitCode(), again::toString);
            again.assertOneLine("already runs in process " + broker.process.pid());
            assertEquals(left, files(tmp), "a second run left a new file");
        }
    }

    /** harness gc-inject with its temporary directory at {@code tmp}. */
    private HarnessProcess.Result gcInject(Path tmp, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("gc-inject"));
        command.addAll(List.of(args));
        try (HarnessProcess p = HarnessProcess.start(dir, List.of("-Xmx512m", "-Djava.io.tmpdir=" + tmp), Map.of(),
                command.toArray(String[]::new))) {
            int code = p.waitFor(60);
            return new HarnessProcess.Result(code, p.stdout(), p.stderr());
        }
    }

    /** Every file and directory under {@code tmp}, relative, sorted. */
    private static List<String> files(Path tmp) throws IOException {
        try (Stream<Path> all = Files.walk(tmp)) {
            return all.filter(p -> !p.equals(tmp)).map(p -> tmp.relativize(p).toString()).sorted().toList();
        }
    }

    @Test
    void optionsThatDoNotFitTheOtherJvmsHeapAreExit4AndLeaveItRunning() throws Exception {
        try (BrokerProcess broker = BrokerProcess.start(dir, dir.resolve("data"))) {
            // Valid options, but a live set far beyond that JVM's -Xmx512m: only the agent there can tell.
            HarnessProcess.Result r = HarnessProcess.run(dir, 60, "gc-inject", "--pid", Long.toString(broker.process.pid()),
                    "--options", "live=100000");
            assertEquals(4, r.exitCode(), r::toString);
            r.assertOneLine("did not start in process " + broker.process.pid(), "live=");
            assertTrue(broker.process.isAlive(), "the broker runs on");
            HarnessProcess.Result run = HarnessProcess.run(dir, 60, "run", "--url", broker.url(), "--non-persistent",
                    "--rate", "100", "--warmup", "0s", "--duration", "1s");
            assertEquals(0, run.exitCode(), run::toString);
        }
    }

    @Test
    void gcInjectHelpListsTheAgentsOptions() throws Exception {
        HarnessProcess.Result r = HarnessProcess.run(dir, 60, "run", "--gc-inject", "help");
        assertEquals(0, r.exitCode(), r::toString);
        assertTrue(r.stdout().contains("alloc=") && r.stdout().contains("prune=") && r.stdout().contains("log="), r::toString);
        assertFalse(r.stdout().contains("summary"), "no run");
    }

    @Test
    void badAgentOptionsAndAMissingProcessAreOneLineErrors() throws Exception {
        HarnessProcess.Result bad = HarnessProcess.run(dir, 60, "gc-inject", "--pid", "1", "--options", "alloc=lots");
        assertEquals(2, bad.exitCode(), bad::toString);
        bad.assertOneLine("--options", "alloc=lots");

        long gone = new ProcessBuilder("true").start().pid(); // exits at once; its pid names no JVM
        HarnessProcess.Result missing = HarnessProcess.run(dir, 60, "gc-inject", "--pid", Long.toString(gone));
        assertEquals(3, missing.exitCode(), missing::toString);
        missing.assertOneLine("cannot attach to process " + gone);

        HarnessProcess.Result run = HarnessProcess.run(dir, 60, "run", "--gc-inject", "prune=2", "--duration", "1s");
        assertEquals(2, run.exitCode(), run::toString);
        assertTrue(run.stderr().contains("--gc-inject") && run.stderr().contains("prune=2"), run::toString);
    }

    private static long pauseNs(JsonNode interval) {
        return Math.max(interval.get("gcPausedNs").asLong(), interval.get("hiccupMaxNs").asLong());
    }

    private static String stderrOf(BrokerProcess broker) {
        try {
            return broker.process.stderr();
        } catch (java.io.IOException e) {
            return "(unreadable)";
        }
    }

}
