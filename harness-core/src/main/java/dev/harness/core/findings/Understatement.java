package dev.harness.core.findings;

import java.util.Locale;

import org.HdrHistogram.Histogram;

import dev.harness.core.Units;
import dev.harness.core.measure.Percentiles;

/** The one plain sentence on how far the naive service time understates the response time. */
public final class Understatement {
    /** Below this ratio the two views agree well enough that nothing needs saying. */
    static final double WORTH_SAYING = 1.5;

    private Understatement() {
    }

    /** The sentence, or null when service does not understate response at p99 or p99.9. */
    public static String sentence(Histogram service, Histogram response) {
        if (service.getTotalCount() == 0 || response.getTotalCount() == 0) {
            return null;
        }
        long s99 = Percentiles.at(service, 99), r99 = Percentiles.at(response, 99);
        long s999 = Percentiles.at(service, 99.9), r999 = Percentiles.at(response, 99.9);
        if (r99 < WORTH_SAYING * Math.max(1, s99) && r999 < WORTH_SAYING * Math.max(1, s999)) {
            return null;
        }
        return String.format(Locale.ROOT,
                "service understates response: p99 %s ms against %s ms (%s), p99.9 %s ms against %s ms (%s);"
                        + " the naive view hides time messages spent waiting to be sent.",
                Units.ms(s99), Units.ms(r99), times(r99, s99), Units.ms(s999), Units.ms(r999), times(r999, s999));
    }

    private static String times(long response, long service) {
        return String.format(Locale.ROOT, "%,.1fx", (double) response / Math.max(1, service));
    }
}
