package dev.harness.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

import com.fasterxml.jackson.databind.JsonNode;

/** The host sampler under a real load: CPU burners on both cores make the run queue rise. */
@Isolated // it compares the host's run queue before and with its burners: a class beside it moves the baseline
class HostQueuesIT {
    private static final int BURNERS = 4;

    @TempDir
    Path dir;

    @Test
    void cpuBurnersShowInTheRunQueueSeries() throws Exception {
        Path json = dir.resolve("run.json");
        List<Process> burners = new ArrayList<>();
        int exit;
        String stdout;
        try (HarnessProcess p = HarnessProcess.start(dir, "run", "--non-persistent", "--rate", "200", "--warmup", "2s",
                "--duration", "8s", "--json", json.toString(), "--events", dir.resolve("events.jsonl").toString())) {
            p.awaitInterval(4, 60);
            for (int i = 0; i < BURNERS; i++) {
                // Bounded: each burner ends itself after 20 s, and is killed below in any case.
                burners.add(new ProcessBuilder("timeout", "20", "sh", "-c", "while :; do :; done").start());
            }
            exit = p.waitFor(120);
            stdout = p.stdout();
        } finally {
            // timeout's child, the loop itself, first: killing timeout alone would orphan it.
            for (Process b : burners) {
                b.descendants().forEach(ProcessHandle::destroyForcibly);
                b.destroyForcibly();
            }
        }
        assertEquals(0, exit, stdout);

        double before = 0;
        int beforeCount = 0;
        double during = 0;
        int duringCount = 0;
        int cpus = 0;
        for (JsonNode i : HarnessProcess.json(json).get("intervals")) {
            JsonNode host = i.get("host");
            cpus = host.get("cpus").asInt();
            double start = i.get("startS").asDouble();
            if (start >= 1.0 && i.get("endS").asDouble() < 4.5) { // cut a little after the 4 s tick
                before += host.get("procsRunning").asInt();
                beforeCount++;
            } else if (start >= 5.0) {
                during += host.get("procsRunning").asInt();
                duringCount++;
            }
        }
        assertTrue(beforeCount >= 2 && duringCount >= 3, "intervals before " + beforeCount + ", during " + duringCount);
        before /= beforeCount;
        during /= duringCount;
        // procs_running is read at one instant per interval: the burners alone keep it at 4 or more.
        assertTrue(during >= BURNERS, "runnable threads with " + BURNERS + " burners: " + during);
        assertTrue(during > before, "runnable threads: " + before + " before the burners, " + during + " with them, on "
                + cpus + " CPUs");
        assertTrue(during > cpus, "a queue: more runnable threads than CPUs");
        JsonNode summary = HarnessProcess.json(json).get("summary").get("host");
        assertTrue(summary.get("longestQueue").asText().contains("CPU run queue"), summary::toString);
        assertTrue(stdout.contains("host: longest queue: CPU run queue"), stdout);
    }
}
