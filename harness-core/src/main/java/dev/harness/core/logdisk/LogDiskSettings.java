package dev.harness.core.logdisk;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import dev.harness.core.SettingsException;

/**
 * One log-disk test: files laid out like a queue manager's recovery log, then sequential
 * durable writes of each block size in turn.
 *
 * @param dir where the files go
 * @param filePrefix file names are prefix + index
 * @param blockSizes write sizes, tested one after another
 * @param files how many files
 * @param fileSize bytes per file
 * @param durationNs how long each block size is tested
 * @param threads concurrent writers, each on its own files
 * @param sync how each write is made durable
 * @param keep leave the files in place at the end
 */
public record LogDiskSettings(Path dir, String filePrefix, List<Integer> blockSizes, int files, long fileSize,
        long durationNs, int threads, SyncMode sync, boolean keep) {

    /** MQLDT's usual sizes: a small log write, a middling one, a large one. */
    public static final List<String> DEFAULT_BLOCK_SIZES = List.of("4K", "16K", "128K");
    public static final int DEFAULT_FILES = 24;
    public static final long DEFAULT_FILE_SIZE = 64L * 1024 * 1024;
    public static final long DEFAULT_DURATION_NS = TimeUnit.SECONDS.toNanos(20);
    public static final int DEFAULT_THREADS = 1;
    public static final SyncMode DEFAULT_SYNC = SyncMode.DSYNC;
    public static final String DEFAULT_FILE_PREFIX = "harness-logdisk-";

    public LogDiskSettings {
        blockSizes = List.copyOf(blockSizes);
        SettingsException.require(!blockSizes.isEmpty() && blockSizes.stream().allMatch(b -> b >= 1), "--bsize",
                "expected sizes of at least 1 byte, got " + blockSizes);
        SettingsException.atLeast("--files", files, 1);
        SettingsException.require(fileSize >= 1, "--file-size", "expected at least 1 byte");
        SettingsException.require(durationNs > 0, "--duration", "expected a positive duration such as 20s");
        SettingsException.require(threads >= 1 && threads <= files, "--threads",
                "expected 1 to --files (" + files + "), got " + threads);
        SettingsException.require(filePrefix != null && !filePrefix.isBlank(), "--file-prefix", "expected a non-empty prefix");
        SettingsException.require(sync != null, "--sync", "expected dsync or fdatasync");
    }

    Path file(int index) {
        return dir.resolve(filePrefix + index);
    }
}
