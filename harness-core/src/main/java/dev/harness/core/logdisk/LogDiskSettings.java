package dev.harness.core.logdisk;

import java.nio.file.Path;
import java.util.List;

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

    public LogDiskSettings {
        blockSizes = List.copyOf(blockSizes);
        if (blockSizes.isEmpty() || files < 1 || fileSize < 1 || durationNs <= 0 || threads < 1 || threads > files) {
            throw new IllegalArgumentException("invalid log disk settings");
        }
    }

    Path file(int index) {
        return dir.resolve(filePrefix + index);
    }
}
