package dev.harness.core.measure;

import java.util.List;

import org.HdrHistogram.Histogram;

/** The percentiles every table of the harness shows, in one place. */
public final class Percentiles {
    public static final List<Double> SUMMARY = List.of(50.0, 90.0, 99.0, 99.9, 99.99);

    private Percentiles() {
    }

    /** "p50", "p99.9", "p99.99" */
    public static String label(double p) {
        return p == Math.rint(p) ? "p" + (long) p : "p" + p;
    }

    /** JSON-friendly key: "p50", "p99_9" */
    public static String key(double p) {
        return label(p).replace('.', '_');
    }

    /** The value at p, or 0 for an empty histogram. */
    public static long at(Histogram h, double p) {
        return h.getTotalCount() == 0 ? 0 : h.getValueAtPercentile(p);
    }
}
