package dev.harness.core.run;

/**
 * The timeline intervals are cut on: every {@code interval} from the start, plus the end of
 * warmup, so that no interval holds both phases. Computed from the start each time, never by
 * adding, so it does not drift. A cut that comes late (this JVM stalled) stands for the ticks it
 * missed: the next tick is the first after the cut.
 */
public final class Ticks {
    private final long startNs;
    private final long intervalNs;
    private final long warmupEndNs;

    /** @param warmupEndNs the end of warmup; at or before the start when there is none */
    public Ticks(long startNs, long intervalNs, long warmupEndNs) {
        if (intervalNs <= 0) {
            throw new IllegalArgumentException("interval must be positive: " + intervalNs);
        }
        this.startNs = startNs;
        this.intervalNs = intervalNs;
        this.warmupEndNs = warmupEndNs;
    }

    /** The first tick after {@code afterNs}: a whole number of intervals from the start, or the warmup's end. */
    public long after(long afterNs) {
        long n = Math.max(0, Math.floorDiv(afterNs - startNs, intervalNs) + 1);
        long tick = startNs + n * intervalNs;
        return warmupEndNs - afterNs > 0 && warmupEndNs - tick < 0 ? warmupEndNs : tick;
    }

    /** The tick after a cut that was due at {@code dueNs} and happened at {@code cutNs} (never before it). */
    public long afterCut(long dueNs, long cutNs) {
        return after(Math.max(dueNs, cutNs));
    }
}
