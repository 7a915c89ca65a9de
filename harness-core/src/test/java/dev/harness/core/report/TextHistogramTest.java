package dev.harness.core.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import dev.harness.core.measure.Histograms;

class TextHistogramTest {
    @Test
    void everySampleIsInExactlyOneRowAndTheStallStandsApart() {
        Histogram h = Histograms.create();
        h.recordValueWithCount(300_000, 9_000);        // 0.3 ms bulk
        h.recordValueWithCount(1_900_000_000L, 1_000); // 1.9 s stall
        List<String> rows = TextHistogram.draw(h);
        assertTrue(rows.size() <= TextHistogram.MAX_ROWS, rows.size() + " rows");
        long total = 0;
        int empty = 0;
        for (String row : rows) {
            String[] cells = row.substring(row.lastIndexOf('|') + 1).trim().split("\\s+");
            long count = Long.parseLong(cells[0].replace(",", ""));
            total += count;
            empty += count == 0 ? 1 : 0;
        }
        assertEquals(10_000, total);
        assertTrue(empty > 0, "the gap between bulk and stall must be drawn");
        assertTrue(rows.get(rows.size() - 1).contains("1,000"), rows.get(rows.size() - 1));
    }

    @Test
    void oneValueIsOneRow() {
        Histogram h = Histograms.create();
        h.recordValue(1_000);
        List<String> rows = TextHistogram.draw(h);
        assertEquals(1, rows.size());
        assertTrue(rows.get(0).contains("100.000%"));
    }

    @Test
    void emptyHistogramSaysSo() {
        assertEquals(List.of("  (no samples)"), TextHistogram.draw(Histograms.create()));
    }
}
