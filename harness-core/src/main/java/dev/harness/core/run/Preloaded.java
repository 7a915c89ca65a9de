package dev.harness.core.run;

/**
 * {@code --preload}: the run's own messages put on its queues before the schedule started, with
 * its consumers not yet taking, so the schedule's messages queue behind them.
 *
 * @param messages put and committed, all queues together
 * @param queues the queues they went to, the same number on each
 * @param putNs how long putting them took
 * @param received of them, received by the run's consumers (each once)
 * @param drainedNs when the last of them was received, from the schedule's start; {@link #NOT_DRAINED} before then
 * @param pagedAfterPut whether the broker paged any of the queues to disk once they were put (1),
 *     none (0), or did not say (-1): a backlog past its memory is read from page files
 */
public record Preloaded(long messages, int queues, long putNs, long received, long drainedNs, int pagedAfterPut) {
    public static final long NOT_DRAINED = Long.MIN_VALUE;

    /** The broker's paging not told. */
    public Preloaded(long messages, int queues, long putNs, long received, long drainedNs) {
        this(messages, queues, putNs, received, drainedNs, -1);
    }

    /** Just put: nothing received yet. */
    public static Preloaded put(long messages, int queues, long putNs, int pagedAfterPut) {
        return new Preloaded(messages, queues, putNs, 0, NOT_DRAINED, pagedAfterPut);
    }

    public boolean drained() {
        return drainedNs != NOT_DRAINED;
    }

    /** Messages a second while they were put; 0 when the put took no time to speak of. */
    public double putRate() {
        return putNs <= 0 ? 0 : messages * 1e9 / putNs;
    }

    /** Whether the backlog was gone before the measured phase began at {@code warmupEndNs} from the schedule's start. */
    public boolean drainedBefore(long warmupEndNs) {
        return drained() && drainedNs <= warmupEndNs;
    }
}
