package dev.harness.core.measure;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.PackedHistogram;

/** The one shape every latency histogram in the harness has, so that any two can be added. */
public final class Histograms {
    /** Values are nanoseconds; 1 ns resolution at the bottom. */
    public static final long LOWEST_NS = 1;
    /**
     * Far above any pause a run can survive: LatencyStats throws above its highest trackable
     * value (and its dispatcher thread dies), so every value is clamped to this first.
     */
    public static final long HIGHEST_NS = TimeUnit.HOURS.toNanos(24);
    public static final int DIGITS = 3;

    private Histograms() {
    }

    public static Histogram create() {
        return new Histogram(LOWEST_NS, HIGHEST_NS, DIGITS);
    }

    /**
     * A copy of its own, for a snapshot read on another thread while the original is recycled.
     * An empty one is a packed histogram (a few hundred bytes, not 300 kB): snapshots queued
     * behind a stalled writer hold only what was recorded. Copying a full one is a memory copy;
     * packing it would take milliseconds.
     */
    public static Histogram copyOf(Histogram h) {
        return h.getTotalCount() == 0 ? new PackedHistogram(LOWEST_NS, HIGHEST_NS, DIGITS) : h.copy();
    }

    public static <K extends Enum<K>> EnumMap<K, Histogram> copyOf(Map<K, Histogram> views) {
        EnumMap<K, Histogram> m = new EnumMap<>(views);
        m.replaceAll((k, h) -> copyOf(h));
        return m;
    }

    public static long clamp(long ns) {
        return ns < 0 ? 0 : Math.min(ns, HIGHEST_NS);
    }
}
