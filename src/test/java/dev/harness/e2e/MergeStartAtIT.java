package dev.harness.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * harness merge of two processes given one --start-at: alone, since each must be ready within
 * 100 ms of the start, and their starts are compared within 50 ms.
 */
@Isolated
class MergeStartAtIT {
    @TempDir
    Path dir;

    @Test
    void twoProcessesGivenOneStartTimeMergeIntoOneScheduleAndOneReport() throws Exception {
        Path a = dir.resolve("host-a.hlog");
        Path b = dir.resolve("host-b.hlog");
        String start = java.time.Instant.now().plusSeconds(15).truncatedTo(java.time.temporal.ChronoUnit.SECONDS).toString();
        try (HarnessProcess pa = HarnessProcess.start(dir, "run", "--cold-start", "--start-at", start, "--non-persistent", "--rate", "100",
                "--warmup", "0s", "--duration", "3s", "--hlog", a.toString());
                HarnessProcess pb = HarnessProcess.start(dir, "run", "--cold-start", "--start-at", start, "--non-persistent", "--rate", "100",
                        "--warmup", "0s", "--duration", "3s", "--hlog", b.toString())) {
            assertEquals(0, pa.waitFor(120), pa.stdout());
            assertEquals(0, pb.waitFor(120), pb.stdout());
            assertTrue(pa.stdout().contains("waiting for the start at " + start), pa.stdout());
        }
        long startA = MergeIT.startTimeMs(a);
        long startB = MergeIT.startTimeMs(b);
        assertTrue(Math.abs(startA - startB) <= 50, "one start for both: " + startA + " and " + startB);
        assertEquals(java.time.Instant.parse(start).toEpochMilli(), startA, 50.0, "the start asked for");

        Path merged = dir.resolve("m.hlog");
        HarnessProcess.Result r = HarnessProcess.run(dir, 60, "merge", a.toString(), b.toString(), "--out", merged.toString());
        assertEquals(0, r.exitCode(), r::toString);
        assertEquals(600, HlogFiles.sum(merged, "response").getTotalCount(), "100/s for 3 s, on each of two hosts");
        // Aligned, the merged log is as long as either input, each second holding both hosts' messages.
        assertTrue(r.stdout().matches("(?s).*merged 2 logs into \\S+: [34] intervals of 1s.*"), r::toString);

        Path html = dir.resolve("m.html");
        HarnessProcess.Result report = HarnessProcess.run(dir, 60, "report", merged.toString(), "--out", html.toString());
        assertEquals(0, report.exitCode(), report::toString);
        assertTrue(Files.readString(html).contains("data-series=\"target\""), "the summed target rate is drawn");
    }

}
