package dev.harness.core.measure;

import java.util.concurrent.TimeUnit;

import org.HdrHistogram.Histogram;

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

    public static long clamp(long ns) {
        return ns < 0 ? 0 : Math.min(ns, HIGHEST_NS);
    }
}
