package dev.harness.core.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

import dev.harness.core.Units;

/**
 * A latency histogram drawn in text: geometric buckets from the smallest to the largest value,
 * empty buckets kept, because the gap between the bulk and a stall's bump is the point.
 */
public final class TextHistogram {
    static final int MAX_ROWS = 24;
    static final int BAR_WIDTH = 40;

    private TextHistogram() {
    }

    public static List<String> draw(Histogram h) {
        List<String> lines = new ArrayList<>();
        if (h.getTotalCount() == 0) {
            lines.add("  (no samples)");
            return lines;
        }
        long base = Long.highestOneBit(Math.max(1, h.getMinValue()));
        long max = Math.max(base, h.getMaxValue());
        int span = 64 - Long.numberOfLeadingZeros(max / base); // doublings from base to max, + 1
        int shift = 1;
        while ((span + shift - 1) / shift > MAX_ROWS) {
            shift++;
        }
        int rows = (span + shift - 1) / shift;
        long[] counts = new long[rows];
        for (HistogramIterationValue v : h.recordedValues()) {
            long value = Math.max(base, v.getValueIteratedTo());
            int doublings = 63 - Long.numberOfLeadingZeros(value / base);
            counts[Math.min(rows - 1, doublings / shift)] += v.getCountAddedInThisIterationStep();
        }
        long biggest = 0;
        for (long c : counts) {
            biggest = Math.max(biggest, c);
        }
        for (int r = 0; r < rows; r++) {
            long upper = base << Math.min(62, (long) (r + 1) * shift);
            int width = (int) Math.round((double) BAR_WIDTH * counts[r] / biggest);
            if (width == 0 && counts[r] > 0) {
                width = 1;
            }
            double pct = 100.0 * counts[r] / h.getTotalCount();
            lines.add(String.format(Locale.ROOT, "  < %9s ms |%-" + BAR_WIDTH + "s| %11s %7.3f%%",
                    Units.ms(upper), "#".repeat(width), Units.count(counts[r]), pct));
        }
        return lines;
    }
}
