package dev.harness.core.measure;

import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * Wait-free recording of the per-message views from any number of sender and drainer threads,
 * one HdrHistogram {@link Recorder} per view and phase. {@link #record} allocates nothing.
 * The pause-corrected view is not here: it has its own recorder, {@link PauseCorrectedStats}.
 * Nor is {@code lost}: {@link Measurement} records timed-out requests in a recorder of their own.
 */
public final class LatencyRecorder {
    private final Recorder[] warmup = new Recorder[View.values().length];
    private final Recorder[] measured = new Recorder[View.values().length];
    /** What each recorder last handed out; handed back to it next time, so nothing is copied. */
    private final Histogram[] lastWarmup = new Histogram[View.values().length];
    private final Histogram[] lastMeasured = new Histogram[View.values().length];
    /** Volatile: --warmup auto moves it while workers record (a plain load on x86, nothing more). */
    private volatile long warmupEndNs;

    /** @param warmupEndNs messages intended before this {@code System.nanoTime()} are warmup */
    public LatencyRecorder(long warmupEndNs) {
        // pause-corrected is PauseCorrectedStats', lost is filled in by Measurement at each cut.
        this(warmupEndNs, EnumSet.complementOf(EnumSet.of(View.PAUSE_CORRECTED, View.LOST)));
    }

    /** Recording only {@code views}; the others are never recorded here. */
    LatencyRecorder(long warmupEndNs, Set<View> views) {
        this.warmupEndNs = warmupEndNs;
        for (View v : views) {
            warmup[v.ordinal()] = new Recorder(Histograms.LOWEST_NS, Histograms.HIGHEST_NS, Histograms.DIGITS);
            measured[v.ordinal()] = new Recorder(Histograms.LOWEST_NS, Histograms.HIGHEST_NS, Histograms.DIGITS);
        }
    }

    /**
     * Moves the end of warmup: before any worker records, or (--warmup auto) to a time still to
     * come, before which no message intended at or after it can have been recorded.
     */
    void warmupEndsAt(long warmupEndNs) {
        this.warmupEndNs = warmupEndNs;
    }

    /** Records one value of {@code view} for a message intended at {@code intendedNs}. */
    public void record(View view, long intendedNs, long valueNs) {
        Recorder[] phase = intendedNs < warmupEndNs ? warmup : measured;
        phase[view.ordinal()].recordValue(Histograms.clamp(valueNs));
    }

    /**
     * Puts into {@code into}, for every view it holds but {@code pause-corrected}, a histogram
     * of what was recorded since the last call. The histograms are the recorders' own, swapped
     * rather than copied, and valid until the next call. Only the interval thread calls this.
     */
    public void takeInterval(Phase phase, Map<View, Histogram> into) {
        Recorder[] recorders = phase == Phase.WARMUP ? warmup : measured;
        Histogram[] last = phase == Phase.WARMUP ? lastWarmup : lastMeasured;
        for (Map.Entry<View, Histogram> e : into.entrySet()) {
            int v = e.getKey().ordinal();
            if (recorders[v] != null) {
                last[v] = recorders[v].getIntervalHistogram(last[v]);
                e.setValue(last[v]);
            }
        }
    }

    public static EnumMap<View, Histogram> newViewMap() {
        EnumMap<View, Histogram> m = new EnumMap<>(View.class);
        for (View v : View.values()) {
            m.put(v, Histograms.create());
        }
        return m;
    }
}
