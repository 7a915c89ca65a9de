package dev.harness.core.report;

import java.util.Locale;

/** Latencies in milliseconds with enough digits to be read, and counts with separators. */
final class Units {
    private Units() {
    }

    static String ms(double ns) {
        double ms = ns / 1e6;
        if (ms < 10) {
            return String.format(Locale.ROOT, "%.3f", ms);
        }
        if (ms < 1000) {
            return String.format(Locale.ROOT, "%.1f", ms);
        }
        return String.format(Locale.ROOT, "%,.0f", ms);
    }

    static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    static String rate(double perSecond) {
        return String.format(Locale.ROOT, perSecond >= 100 ? "%,.0f" : "%,.1f", perSecond);
    }

    static String seconds(double s) {
        return String.format(Locale.ROOT, "%.1fs", s);
    }
}
