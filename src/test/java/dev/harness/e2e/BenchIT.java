package dev.harness.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.jupiter.api.io.TempDir;

/** The benchmark runs end to end and prints its table; the numbers themselves are not asserted. */
@Isolated
class BenchIT {
    @TempDir
    Path dir;

    /** Without --out the table is printed and nothing is written (it appended to bench/results-put.md where it ran). */
    @Test
    void benchPrintsOneRowPerConfigurationAndWritesNothingUnasked() throws Exception {
        HarnessProcess.Result r = HarnessProcess.run(dir, 300, "bench", "--warmup", "500ms", "--trial", "1s",
                "--steps", "1");
        assertEquals(0, r.exitCode(), r::toString);
        String md = r.stdout();
        assertTrue(md.contains("| non-persistent |"), md);
        assertTrue(md.contains("| persistent, outside syncpoint |"), md);
        assertTrue(md.contains("| persistent, syncpoint 10 |"), md);
        assertTrue(md.contains(Runtime.getRuntime().availableProcessors() + " CPUs"), md);
        assertFalse(md.contains("appended to"), md);
        assertFalse(Files.exists(dir.resolve("bench")), "no bench/results-put.md where it ran");
    }

    @Test
    void outAppendsTheTable() throws Exception {
        Path out = dir.resolve("bench.md");
        Files.writeString(out, "# earlier results\n");
        HarnessProcess.Result r = HarnessProcess.run(dir, 300, "bench", "--workload", "reqresp", "--requesters", "1",
                "--warmup", "500ms", "--trial", "1s", "--steps", "1", "--out", out.toString());
        assertEquals(0, r.exitCode(), r::toString);
        String md = Files.readString(out);
        assertTrue(md.startsWith("# earlier results\n") && md.contains("| 1 requesters |"), md);
        assertTrue(r.stdout().contains("| 1 requesters |") && r.stdout().contains("appended to " + out), r::toString);
    }
}
