package dev.harness.core.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import dev.harness.core.measure.Histograms;

/** harness respond's lines: figures as every table of the harness writes them, none where there was nothing to time. */
class RespondRunTest {
    private static final long MS = 1_000_000L;

    @Test
    void anIntervalWithoutAnswersHasNoLatencies() {
        String line = RespondRun.intervalLine(5.0, 0, Histograms.create());
        assertEquals("    5.0s          0            -            -            -", line);
        assertFalse(line.contains("0.000"), line);
        assertEquals("answered 0 requests", RespondRun.summaryLine(0, Histograms.create(), 0));
    }

    @Test
    void anIntervalWithAnswersHasItsPercentiles() {
        Histogram h = Histograms.create();
        for (int i = 1; i <= 1_200; i++) {
            h.recordValue(2 * MS);
        }
        h.recordValue(1_500 * MS);
        // As HdrHistogram keeps them (3 significant digits).
        assertEquals("   10.0s      1,201        2.001        2.001        1,501", RespondRun.intervalLine(10.0, 1_201, h));
        assertEquals("answered 1,201 requests; get-to-commit p50 2.001 ms, p99 2.001 ms, max 1,501 ms; 3 requests could not be"
                + " answered (no reply-to, or a temporary queue gone with its requester) and were dropped", RespondRun.summaryLine(1_201, h, 3));
    }
}
