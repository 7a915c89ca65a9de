package dev.harness.core.broker;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;

/**
 * The journal's buffer timeout, much as {@code artemis create} chooses it: the time one synchronous
 * write takes on the journal's disk. Artemis's NIO default (3.3 ms) holds every persistent send
 * outside syncpoint for that long on a disk that syncs in a fraction of it. The typical write (the
 * median), where artemis create takes the mean: on a disk other processes also sync to, a few of
 * the probe's writes wait milliseconds behind theirs, and a mean of 1.9 ms from 0.1 ms writes held
 * every send of a one-sender run that long, for the whole run (bench/results-warmup.md).
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

    /** Writes timed at most: 200 ms of writes of 25 us each. */
    private static final int MAX_WRITES = 8192;

    /**
     * Median time of a 4 KiB O_DSYNC write over a filled file in {@code dir}, as the journal
     * writes, within [50 us, Artemis's default].
     */
    /** The median of the first {@code n} write times; Artemis's default when there are none. */
    static long typicalNs(long[] writeNs, int n) {
        if (n == 0) {
            return ARTEMIS_NIO_DEFAULT_NS;
        }
        long[] sorted = Arrays.copyOf(writeNs, n);
        Arrays.sort(sorted);
        return sorted[n / 2];
    }

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
                long[] writeNs = new long[MAX_WRITES];
                int writes = 0;
                long start = System.nanoTime();
                while (System.nanoTime() - start < MEASURE_NS && writes < MAX_WRITES) {
                    long before = System.nanoTime();
                    block.clear();
                    ch.write(block, ((long) writes * block.capacity()) % FILE_BYTES);
                    writeNs[writes++] = System.nanoTime() - before;
                }
                return Math.max(MIN_NS, Math.min(ARTEMIS_NIO_DEFAULT_NS, typicalNs(writeNs, writes)));
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
