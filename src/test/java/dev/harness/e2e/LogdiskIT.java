package dev.harness.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import com.fasterxml.jackson.databind.JsonNode;

/** harness logdisk on a temp directory: what MQLDT reports, the JSON and hlog, and clean errors. */
class LogdiskIT {
    @TempDir
    Path dir;

    @TempDir
    Path results;

    @Test
    void reportsEachBlockSizeAndLeavesNoFilesBehind() throws Exception {
        Path json = results.resolve("ld.json");
        Path hlog = results.resolve("ld.hlog");
        HarnessProcess.Result r = HarnessProcess.run(results, 120, "logdisk", "--dir", dir.toString(),
                "--bsize", "4K,16K", "--files", "4", "--file-size", "1M", "--duration", "1s", "--threads", "2",
                "--sync", "fdatasync", "--json", json.toString(), "--hlog", hlog.toString());
        assertEquals(0, r.exitCode(), r::toString);
        assertTrue(r.stdout().contains("Total writes to files"), r::toString);
        assertTrue(r.stdout().contains("Avg latency of write (ns)"), r::toString);
        JsonNode results = HarnessProcess.json(json).get("results");
        assertEquals(2, results.size());
        for (JsonNode b : results) {
            long writes = b.get("writes").asLong();
            assertTrue(writes > 0, b.toString());
            assertEquals(writes * b.get("blockSize").asLong(), b.get("bytes").asLong());
            long perSecond = 0;
            for (JsonNode s : b.get("perSecondBytes")) {
                perSecond += s.asLong();
            }
            assertTrue(perSecond <= b.get("bytes").asLong());
        }
        Histogram h4k = HlogFiles.sum(hlog, "write-4K");
        assertEquals(results.get(0).get("writes").asLong(), h4k.getTotalCount());
        try (Stream<Path> left = Files.list(dir)) {
            assertEquals(0, left.count(), "test files left behind");
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = ';', value = {
        "missing directory; --dir; MISSING; --bsize; 4K",
        "block size above file size; --dir; DIR; --bsize; 2M",
        "zero duration; --dir; DIR; --duration; 0s",
        "too little space; --dir; DIR; --file-size; 4000000G",
    })
    void badInputGetsOneLineExit2AndNothingLeftBehind(String name, String o1, String v1, String o2, String v2)
            throws Exception {
        String d = v1.equals("MISSING") ? dir.resolve("missing").toString() : dir.toString();
        HarnessProcess.Result r = HarnessProcess.run(results, 60, "logdisk", o1, d, "--files", "2",
                "--file-size", "1M", "--duration", "1s", o2, v2);
        assertEquals(2, r.exitCode(), r::toString);
        assertEquals(1, r.stderr().strip().lines().count(), r::toString);
        assertFalse(r.stderr().contains("Exception"), r::toString);
        try (Stream<Path> left = Files.list(dir)) {
            assertEquals(0, left.count(), "files left behind");
        }
    }
}
