package dev.harness.core.logdisk;

import org.HdrHistogram.Histogram;

/**
 * What one block size achieved, in MQLDT's terms and beyond.
 *
 * @param blockSize bytes per write
 * @param writes total writes
 * @param bytes total bytes written
 * @param seconds how long the writes ran
 * @param perSecondBytes bytes written in each whole second
 * @param latency every write's latency, in nanoseconds
 * @param slowestWrite index (1-based, in order of completion) of the slowest write
 * @param fastestWrite index of the fastest write
 */
public record BlockSizeResult(int blockSize, long writes, long bytes, double seconds, long[] perSecondBytes,
        Histogram latency, long slowestWrite, long fastestWrite) {

    /** Average bytes per second over the whole test of this block size. */
    public double averageBytesPerSecond() {
        return seconds > 0 ? bytes / seconds : 0;
    }

    public long maxBytesPerSecond() {
        long max = 0;
        for (long b : perSecondBytes) {
            max = Math.max(max, b);
        }
        return max;
    }

    public long minBytesPerSecond() {
        if (perSecondBytes.length == 0) {
            return 0;
        }
        long min = Long.MAX_VALUE;
        for (long b : perSecondBytes) {
            min = Math.min(min, b);
        }
        return min;
    }
}
