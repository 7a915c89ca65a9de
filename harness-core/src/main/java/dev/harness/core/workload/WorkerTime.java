package dev.harness.core.workload;

import java.util.function.LongSupplier;

import dev.harness.core.run.SenderLoad;

/**
 * What a sending worker (sender, requester) did with its time over the measured phase, for the
 * saturation sentence: from its first message after warmup to the end of its sending, how long it
 * waited for the schedule, and how many sends returned meanwhile. A run that ends in its warmup is
 * judged on the whole run. Written by the worker's thread only; read once it is done.
 */
final class WorkerTime {
    /** The measurement's end of warmup, read until it has passed: --warmup auto moves it during the run. */
    private LongSupplier warmupEndNs;
    private long startNs;
    private long endNs;
    private long pacedNs;
    private boolean measuring;
    /** At the first message after warmup: the figures so far, subtracted at the end. */
    private long markNs;
    private long pacedAtMark;
    private long fullAtMark;
    private long sendsAtMark;

    /** The worker starts; messages intended from the end of warmup {@code warmupEndNs} gives on are measured. */
    void start(long nowNs, LongSupplier warmupEndNs) {
        this.startNs = nowNs;
        this.warmupEndNs = warmupEndNs;
    }

    /**
     * Before a message's wait for its time: the first one at or after the end of warmup begins the
     * measured phase. {@code fullNs} and {@code sends} are the worker's totals so far.
     */
    void beforeWait(long nowNs, long fullNs, long sends) {
        if (!measuring && nowNs - warmupEndNs.getAsLong() >= 0) {
            measuring = true;
            markNs = nowNs;
            pacedAtMark = pacedNs;
            fullAtMark = fullNs;
            sendsAtMark = sends;
        }
    }

    /** Time spent waiting for a message to be due. */
    void paced(long ns) {
        pacedNs += ns;
    }

    void end(long nowNs) {
        this.endNs = nowNs;
    }

    /**
     * @param fullNs the worker's total wait with its in-flight window full
     * @param sends its sends that returned, in all
     * @param waitsForReplies closed mode: its busy time includes waiting for each reply
     */
    SenderLoad load(long fullNs, int maxInFlight, long sends, boolean waitsForReplies) {
        if (!measuring) {
            return new SenderLoad(1, endNs - startNs, pacedNs, fullNs, maxInFlight, sends, waitsForReplies);
        }
        return new SenderLoad(1, endNs - markNs, pacedNs - pacedAtMark, fullNs - fullAtMark, maxInFlight,
                sends - sendsAtMark, waitsForReplies);
    }
}
