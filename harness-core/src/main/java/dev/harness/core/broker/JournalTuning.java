package dev.harness.core.broker;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.TimeUnit;

/**
 * The journal's buffer timeout, as {@code artemis create} chooses it: the time one synchronous
 * write takes on the journal's disk. Artemis's NIO default (3.3 ms) holds every persistent send
 * outside syncpoint for that long on a disk that syncs in a fraction of it.
 */
public final class JournalTuning {
    private static final long MEASURE_NS = TimeUnit.MILLISECONDS.toNanos(200);
    private static final long MIN_NS = TimeUnit.MICROSECONDS.toNanos(50);
    /** Artemis fills its journal files before use; writes that extend a file also sync its size. */
    private static final int FILE_BYTES = 1 << 20;
    /** Artemis's own NIO default, used when the disk is slower still or cannot be measured. */
    public static final long ARTEMIS_NIO_DEFAULT_NS = 3_333_333L;

    private JournalTuning() {
    }

    /**
     * Average time of a 4 KiB O_DSYNC write over a filled file in {@code dir}, as the journal
     * writes, within [50 us, Artemis's default].
     */
    public static long measureBufferTimeoutNs(Path dir) {
        Path file = dir.resolve("harness-sync-test");
        ByteBuffer block = ByteBuffer.allocateDirect(4096);
        try {
            Files.createDirectories(dir);
            try (FileChannel fill = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
                for (long p = 0; p < FILE_BYTES; p += block.capacity()) {
                    block.clear();
                    fill.write(block, p);
                }
                fill.force(true);
            }
            try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE, StandardOpenOption.DSYNC)) {
                long start = System.nanoTime();
                long writes = 0;
                while (System.nanoTime() - start < MEASURE_NS) {
                    block.clear();
                    ch.write(block, (writes * block.capacity()) % FILE_BYTES);
                    writes++;
                }
                long average = (System.nanoTime() - start) / Math.max(1, writes);
                return Math.max(MIN_NS, Math.min(ARTEMIS_NIO_DEFAULT_NS, average));
            }
        } catch (IOException e) {
            return ARTEMIS_NIO_DEFAULT_NS;
        } finally {
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                // A 1 MiB file left in the broker's data directory; harmless.
            }
        }
    }
}
