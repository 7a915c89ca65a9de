package dev.harness.core;

import java.util.Locale;

/**
 * Latencies in milliseconds with enough digits to be read, and counts with separators. Every
 * figure is recorded in nanoseconds; the one conversion to milliseconds is here.
 */
public final class Units {
    private Units() {
    }

    /** Nanoseconds as (fractional) milliseconds. */
    public static double toMs(double ns) {
        return ns / 1e6;
    }

    public static String ms(double ns) {
        double ms = toMs(ns);
        if (ms < 10) {
            return String.format(Locale.ROOT, "%.3f", ms);
        }
        if (ms < 1000) {
            return String.format(Locale.ROOT, "%.1f", ms);
        }
        return String.format(Locale.ROOT, "%,.0f", ms);
    }

    public static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    /** A rate a second: whole from 100, one decimal from 1, two significant digits below (a consumer at 3 s a message takes 0.33). */
    public static String rate(double perSecond) {
        if (perSecond > 0 && perSecond < 0.995) {
            return new java.math.BigDecimal(perSecond).round(new java.math.MathContext(2)).stripTrailingZeros().toPlainString();
        }
        return String.format(Locale.ROOT, perSecond >= 100 ? "%,.0f" : "%,.1f", perSecond);
    }

    public static String seconds(double s) {
        return String.format(Locale.ROOT, "%.1fs", s);
    }

    /** A duration in ns as a reading says it: "1.8 s" from a second, "450.0 ms" below. */
    public static String duration(long ns) {
        return ns >= 1_000_000_000L ? String.format(Locale.ROOT, "%.1f s", ns / 1e9) : ms(ns) + " ms";
    }

    /** Bytes as mebibytes, whole: "64 MiB". */
    public static String mib(double bytes) {
        return String.format(Locale.ROOT, "%,.0f MiB", bytes / (1 << 20));
    }
}
