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
    /**
     * When the worker was last free to send: its start, or the end of the last wait or call that was
     * not the harness's own. Its bookkeeping after that (recording, the next intended time, the
     * pacer's wake-up) is its own, and so is a pause of its JVM meanwhile.
     */
    private long freeNs;

    /** The worker starts; messages intended from the end of warmup {@code warmupEndNs} gives on are measured. */
    void start(long nowNs, LongSupplier warmupEndNs) {
        this.startNs = nowNs;
        this.freeNs = nowNs;
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

    /**
     * A wait or call that was not the harness's own ended at {@code nowNs}: a send or commit returned,
     * a slot of the in-flight window came free, a reply came, a reconnect ended. Earlier times change
     * nothing.
     */
    void freed(long nowNs) {
        if (nowNs - freeNs > 0) {
            freeNs = nowNs;
        }
    }

    /**
     * The {@code own-lag} of a send started at {@code sendNs}: how late it was beyond both its
     * intended time and the moment the worker was free to make it.
     */
    long ownLagNs(long intendedNs, long sendNs) {
        return sendNs - (freeNs - intendedNs > 0 ? freeNs : intendedNs);
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
