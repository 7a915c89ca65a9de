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
 */
public record Preloaded(long messages, int queues, long putNs, long received, long drainedNs) {
    public static final long NOT_DRAINED = Long.MIN_VALUE;

    /** Just put: nothing received yet. */
    public static Preloaded put(long messages, int queues, long putNs) {
        return new Preloaded(messages, queues, putNs, 0, NOT_DRAINED);
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
