package dev.harness.core.broker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The journal's buffer timeout: the typical synchronous write of the disk, not one held up by others' I/O. */
class JournalTuningTest {
    private static final long US = 1_000L;

    @TempDir
    Path dir;

    @Test
    void aFewWritesBehindOtherProcessesSyncsDoNotSetIt() {
        // 140 writes of 100 us and 60 that waited 4 ms behind another process's sync: the mean is
        // 1.27 ms, and would hold every send of a one-sender run that long.
        long[] writes = new long[256];
        for (int i = 0; i < 200; i++) {
            writes[i] = i % 10 < 7 ? 100 * US : 4_000 * US;
        }
        assertEquals(100 * US, JournalTuning.typicalNs(writes, 200));
        assertEquals(JournalTuning.ARTEMIS_NIO_DEFAULT_NS, JournalTuning.typicalNs(writes, 0), "nothing measured");
        assertEquals(4_000 * US, JournalTuning.typicalNs(new long[] {100 * US, 4_000 * US, 4_000 * US}, 3));
    }

    @Test
    void measuresThisDiskWithinItsBounds() throws Exception {
        long ns = JournalTuning.measureBufferTimeoutNs(dir.resolve("journal"));
        assertTrue(ns >= 50 * US && ns <= JournalTuning.ARTEMIS_NIO_DEFAULT_NS, ns + " ns");
        assertTrue(Files.isDirectory(dir.resolve("journal")));
        assertEquals(0, Files.list(dir.resolve("journal")).count(), "its test file removed");
    }
}
