package dev.harness.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A NOT VALID run for each reason ValidityIT does not already cause: its code in the JSON, the
 * console's NOT VALID line and reason, and exit 5 with an objective it would otherwise meet.
 * Other reasons may come with the one caused (a shared host is often contended), so each test
 * asserts its own reason is there, not that it is alone. Short runs: CI's budget.
 */
@Isolated // it loads every CPU on purpose and times a start to the tens of milliseconds: nothing else may run beside it
class ValidityReasonsIT {
    /** Every run here has this objective, met by all of them: only validity fails their verdict. */
    private static final String MET = "response.p99 < 60s";

    @TempDir
    Path dir;

    private static List<String> codes(Path json) throws IOException {
        List<String> codes = new ArrayList<>();
        HarnessProcess.json(json).get("validity").get("reasons").forEach(r -> codes.add(r.get("code").asText()));
        return codes;
    }

    /** Exit 5 on an objective met, the reason in the JSON and on the console, the verdict naming it. */
    private static void assertNotValidFor(String code, int exit, String out, Path json) throws IOException {
        assertEquals(5, exit, out);
        assertTrue(codes(json).contains(code), codes(json) + "\n" + out);
        assertFalse(HarnessProcess.json(json).get("validity").get("valid").asBoolean());
        assertTrue(out.contains("NOT VALID: this run was not a valid test of what it asked"), out);
        assertTrue(out.contains("  - " + code + ": "), out);
        assertTrue(out.contains("PASS  " + MET), "the objective itself held: " + out);
        assertTrue(out.matches("(?s).*FAIL  the run was NOT VALID \\([^)]*" + code + ".*"), out);
    }

    /**
     * The broker killed half a second before the schedule ends (at 4 s), and kept down for 4 s:
     * sending stops a drain timeout (1 s) after the schedule's end, at 5 s, with the broker still
     * down (its restart due at 7.5 s; a stopped run starts none), so the run ends while it is
     * recovering on any machine. Restarted at once, a fast machine's broker could be back, and the
     * backlog through, before 5 s.
     */
    @Test
    void aRunThatEndsWhileTheBrokerIsStillComingBackIsNotValid() throws Exception {
        Path json = dir.resolve("killed.json");
        HarnessProcess.Result r = HarnessProcess.run(dir, 120, "run", "--rate", "500", "--non-persistent", "--warmup", "1s",
                "--duration", "3s", "--kill-broker-at", "3500ms", "--restart-after", "4s", "--drain-timeout", "1s",
                "--slo", MET, "--json", json.toString());
        assertNotValidFor("recovery-unfinished", r.exitCode(), r.stdout(), json);
        assertTrue(r.stdout().contains("STILL RECOVERING when the run ended"), r.toString());
        assertTrue(HarnessProcess.json(json).get("summary").get("recovery").get("unfinished").asBoolean(), r.toString());
    }

    /**
     * Busy processes, several per CPU, for the run's measured phase (started with the schedule,
     * after the warm-up burst, which runs on a quiet host): the host's run queue is long
     * and other processes take most of its CPUs. The run asks 200,000 msg/s, beyond any machine's
     * reach, so that its schedule slips whatever the machine's speed (at 5,000 a machine twice as
     * fast kept it beside the busy processes, and read VALID): the reason is then judged from the
     * host alone, its run queue (3x the CPUs or more in a fifth of the measured intervals) and the
     * other processes' share of the CPUs (a quarter or more), which eight busy processes per CPU
     * make on any machine. Which limit the offered load names may differ (the host, or the harness's
     * own sender or CPU when it could not have offered such a rate on any host): with the schedule
     * slipped, a contended host is a reason whoever else limited it (Reading.validity), so the test
     * asserts the reason and the host line, not the limit. Eight per CPU: with five, a clean-clone
     * CI once had the harness take 21 % of the CPUs.
     */
    @Test
    void aHostBusyWithOtherProcessesIsNotValid() throws Exception {
        Path json = dir.resolve("contended.json");
        List<Process> busy = new ArrayList<>();
        int exit;
        String out;
        // No warmup: a message is measured by its intended time, and a sender this far behind would
        // still be sending the warmup's when sending stops (a drain timeout, 1 s, after the
        // schedule's end, well within the busy processes' 20 s), leaving nothing measured and the
        // objective unknown (not met). Without one, its first messages are measured.
        try (HarnessProcess p = HarnessProcess.start(dir, "run", "--rate", "200000", "--non-persistent", "--warmup", "0s",
                "--duration", "3s", "--drain-timeout", "1s", "--slo", MET, "--json", json.toString(),
                "--events", dir.resolve("busy.jsonl").toString())) {
            p.awaitEvent("started", 60); // the schedule's start: the burst before it runs on a quiet host
            for (int i = 0; i < 8 * Runtime.getRuntime().availableProcessors(); i++) {
                // Bounded: each ends itself after 20 s, and is killed below in any case.
                busy.add(new ProcessBuilder("timeout", "20", "yes").redirectOutput(ProcessBuilder.Redirect.DISCARD).start());
            }
            exit = p.waitFor(120);
            out = p.stdout();
        } finally {
            // timeout's child first: killing timeout alone would orphan it.
            for (Process b : busy) {
                b.descendants().forEach(ProcessHandle::destroyForcibly);
                b.destroyForcibly();
            }
        }
        assertNotValidFor("host-contended", exit, out, json);
        assertTrue(out.contains("host: longest queue: CPU run queue") && out.contains("; CONTENDED: "), out);
    }

    /**
     * A run frozen across its --start-at (SIGSTOP before the wait ends, SIGCONT just after the
     * start) starts its schedule late, but less than the 100 ms beyond which it refuses (exit 2,
     * which ShardIT and CliErrorsIT cover): it runs, as a shard out of step with its set, and is
     * NOT VALID. The signals come from a shell already running, so that its timing is not that of
     * starting a process on a loaded machine.
     */
    @Test
    void aRunThatStartsLateForItsStartAtIsNotValid() throws Exception {
        Path json = dir.resolve("late.json");
        Instant start = Instant.now().plusSeconds(10).truncatedTo(ChronoUnit.SECONDS);
        int exit;
        String out;
        try (HarnessProcess p = HarnessProcess.start(dir, "run", "--rate", "200", "--non-persistent", "--warmup", "1s",
                "--duration", "2s", "--start-at", start.toString(), "--slo", MET, "--json", json.toString())) {
            Process signals = new ProcessBuilder("sh", "-c", "read x; kill -STOP $1; read x; kill -CONT $1", "sh",
                    Long.toString(p.pid())).redirectErrorStream(true).start();
            try (OutputStream to = signals.getOutputStream()) {
                awaitWarmupBurstEnd(p, start.minusMillis(1_300));
                sleepUntil(start.minusMillis(1_300)); // the run waits, parked, until 1 s before the start
                to.write("stop\n".getBytes(StandardCharsets.US_ASCII));
                to.flush();
                sleepUntil(start.plusMillis(20));
                to.write("cont\n".getBytes(StandardCharsets.US_ASCII));
                to.flush();
            } finally {
                if (!signals.waitFor(10, TimeUnit.SECONDS)) {
                    signals.destroyForcibly();
                }
                p.signal("CONT"); // never leave it stopped
            }
            exit = p.waitFor(120);
            out = p.stdout() + p.stderr();
        }
        assertNotValidFor("shard-late", exit, out, json);
        assertTrue(out.matches("(?s).*note: this run was ready \\d+ ms after its --start-at.*"), out);
    }

    /**
     * Waits until the run's warm-up burst, before its --start-at, has ended: its sender threads
     * came and went (the run's own start only at the start). Fails if that is later than {@code by}.
     */
    private static void awaitWarmupBurstEnd(HarnessProcess p, Instant by) throws Exception {
        boolean seen = false;
        while (Instant.now().isBefore(by)) {
            boolean sending = senders(p.pid());
            if (seen && !sending) {
                return;
            }
            seen |= sending;
            Thread.sleep(10);
        }
        throw new AssertionError("the warm-up burst did not end before " + by + ":\n" + p.stdout() + p.stderr());
    }

    /** Whether the process has a thread named harness-sender-N (Linux: /proc/PID/task/T/comm). */
    private static boolean senders(long pid) throws IOException {
        try (Stream<Path> tasks = Files.list(Path.of("/proc", Long.toString(pid), "task"))) {
            return tasks.anyMatch(t -> {
                try {
                    return Files.readString(t.resolve("comm")).startsWith("harness-sender");
                } catch (IOException gone) {
                    return false; // a thread that ended while listed
                }
            });
        }
    }

    private static void sleepUntil(Instant t) throws InterruptedException {
        long ms = t.toEpochMilli() - System.currentTimeMillis();
        if (ms > 0) {
            Thread.sleep(ms);
        }
    }
}
