package dev.harness.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.jupiter.api.io.TempDir;

/** The benchmark runs end to end and writes its table; the numbers themselves are not asserted. */
@Isolated
class BenchIT {
    @TempDir
    Path dir;

    @Test
    void benchWritesOneRowPerConfiguration() throws Exception {
        Path out = dir.resolve("bench.md");
        HarnessProcess.Result r = HarnessProcess.run(dir, 300, "bench", "--warmup", "500ms", "--trial", "1s",
                "--steps", "1", "--out", out.toString());
        assertEquals(0, r.exitCode(), r::toString);
        String md = Files.readString(out);
        assertTrue(md.contains("| non-persistent |"), md);
        assertTrue(md.contains("| persistent, outside syncpoint |"), md);
        assertTrue(md.contains("| persistent, syncpoint 10 |"), md);
        assertTrue(md.contains(Runtime.getRuntime().availableProcessors() + " CPUs"), md);
    }
}
