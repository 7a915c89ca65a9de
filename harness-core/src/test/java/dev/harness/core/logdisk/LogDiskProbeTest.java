package dev.harness.core.logdisk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.harness.core.run.RunControl;

/** Small files and short runs on a temporary directory: the counting and the durability. */
class LogDiskProbeTest {
    private static final long MS = 1_000_000L;

    @TempDir
    Path dir;

    private final List<WatchedChannel> channels = new ArrayList<>();
    private final List<Set<OpenOption>> openOptions = new ArrayList<>();

    private LogDiskProbe probe(LogDiskSettings s) {
        return new LogDiskProbe(s, new RunControl(), (path, options) -> {
            openOptions.add(options);
            WatchedChannel ch = new WatchedChannel(FileChannel.open(path, options));
            channels.add(ch);
            return ch;
        });
    }

    @Test
    void countsAndBytesAddUpAndTheFilesAreLaidOutFirstAndRemovedAfter() throws IOException {
        LogDiskSettings s = new LogDiskSettings(dir, "t-", List.of(4096, 16384), 4, 256 * 1024, 300 * MS, 2,
                SyncMode.DSYNC, false);
        LogDiskProbe p = probe(s);
        p.layOut();
        for (int i = 0; i < 4; i++) {
            assertEquals(256 * 1024, Files.size(s.file(i)), "file " + i + " filled before the test");
        }
        List<BlockSizeResult> results = p.run(new LogDiskProbe.Listener() { });
        assertEquals(2, results.size());
        for (BlockSizeResult r : results) {
            assertTrue(r.writes() > 0);
            assertEquals(r.writes(), r.latency().getTotalCount());
            assertEquals(r.writes() * r.blockSize(), r.bytes());
            assertTrue(r.slowestWrite() >= 1 && r.slowestWrite() <= r.writes());
            assertTrue(r.fastestWrite() >= 1 && r.fastestWrite() <= r.writes());
        }
        long writes = results.stream().mapToLong(BlockSizeResult::writes).sum();
        long recorded = channels.stream().mapToLong(c -> c.writePositions.size()).sum();
        assertTrue(recorded >= writes, recorded + " writes issued for " + writes + " counted");
        // Files never grow: the layout holds every write.
        for (int i = 0; i < 4; i++) {
            assertEquals(256 * 1024, Files.size(s.file(i)));
        }
        p.removeFiles();
        try (Stream<Path> left = Files.list(dir)) {
            assertEquals(0, left.count(), "files left behind");
        }
    }

    @Test
    void dsyncOpensEveryFileWithODsync() throws IOException {
        LogDiskSettings s = new LogDiskSettings(dir, "t-", List.of(4096), 3, 64 * 1024, 100 * MS, 1, SyncMode.DSYNC, false);
        LogDiskProbe p = probe(s);
        p.layOut();
        p.run(new LogDiskProbe.Listener() { });
        assertEquals(3, openOptions.size());
        openOptions.forEach(o -> assertTrue(o.contains(StandardOpenOption.DSYNC), o.toString()));
        p.removeFiles();
    }

    @Test
    void fdatasyncForcesTheDataAfterEveryWrite() throws IOException {
        LogDiskSettings s = new LogDiskSettings(dir, "t-", List.of(8192), 2, 64 * 1024, 100 * MS, 1,
                SyncMode.FDATASYNC, false);
        LogDiskProbe p = probe(s);
        p.layOut();
        BlockSizeResult r = p.run(new LogDiskProbe.Listener() { }).get(0);
        openOptions.forEach(o -> assertTrue(!o.contains(StandardOpenOption.DSYNC), o.toString()));
        long forces = channels.stream().mapToLong(c -> c.forces).sum();
        assertEquals(r.writes(), forces, "one fdatasync per write");
        p.removeFiles();
    }

    @Test
    void writesGoSequentiallyFileAfterFile() throws IOException {
        LogDiskSettings s = new LogDiskSettings(dir, "t-", List.of(16384), 2, 64 * 1024, 150 * MS, 1,
                SyncMode.FDATASYNC, false);
        LogDiskProbe p = probe(s);
        p.layOut();
        p.run(new LogDiskProbe.Listener() { });
        List<Long> first = channels.get(0).writePositions;
        assertTrue(first.size() >= 4, "writes " + first.size());
        for (int i = 0; i < 4; i++) {
            assertEquals(i * 16384L, first.get(i), "write " + i + " of the first file");
        }
        if (first.size() > 4) {
            // A full file (4 blocks of 16 KiB in 64 KiB) moves the writer to the next one.
            assertEquals(0L, channels.get(1).writePositions.get(0));
        }
        p.removeFiles();
    }

    @Test
    void problemsAreFoundBeforeAnythingIsCreated() throws IOException {
        assertNotNull(LogDiskProbe.problem(settings(dir.resolve("missing"), 4096, 1024 * 1024)));
        assertTrue(LogDiskProbe.problem(settings(dir, 128 * 1024, 64 * 1024)).contains("--bsize"));
        assertTrue(LogDiskProbe.problem(settings(dir, 4096, 1L << 50)).contains("free"));
        Files.createFile(dir.resolve("t-0"));
        assertTrue(LogDiskProbe.problem(settings(dir, 4096, 1024 * 1024)).contains("already exists"));
        Files.delete(dir.resolve("t-0"));
        assertNull(LogDiskProbe.problem(settings(dir, 4096, 1024 * 1024)));
        try (Stream<Path> left = Files.list(dir)) {
            assertEquals(0, left.count());
        }
    }

    private static LogDiskSettings settings(Path dir, int blockSize, long fileSize) {
        return new LogDiskSettings(dir, "t-", List.of(blockSize), 2, fileSize, 100 * MS, 1, SyncMode.DSYNC, false);
    }
}
