package dev.harness.core.slo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import dev.harness.core.measure.Histograms;
import dev.harness.core.measure.IntervalSnapshot;
import dev.harness.core.measure.Phase;
import dev.harness.core.measure.View;

/** The watch of a running run: --slo-abort and the windows of every length fed the same intervals. */
class SloWatchTest {
    private static final long MS = 1_000_000L;
    private static final long SECOND = 1_000 * MS;

    /** One measured second, index i, its responses all {@code responseNs}. */
    private static IntervalSnapshot second(int i, long responseNs) {
        Map<View, Histogram> measured = new EnumMap<>(View.class);
        for (View v : View.values()) {
            measured.put(v, Histograms.create());
        }
        for (int k = 0; k < 100; k++) {
            measured.get(View.RESPONSE).recordValue(responseNs);
        }
        return new IntervalSnapshot(new IntervalSnapshot.Span(i, i * SECOND, (i + 1) * SECOND, 0, 0, Phase.MEASURED),
                new EnumMap<>(View.class), measured, new IntervalSnapshot.Counts(100, 100, 100L * (i + 1), 0), null, null,
                null);
    }

    @Test
    void theIntervalThatAbortsTheRunStillFeedsTheOtherWindowLengths() {
        List<String> aborts = new ArrayList<>();
        SloWatch watch = new SloWatch(List.of(Objective.parse("response.p99 < 100ms per 1s"),
                Objective.parse("response.p99 < 100ms per 2s")), 100, aborts::add);
        watch.interval(second(0, MS));
        watch.interval(second(1, 900 * MS)); // breaks the 1 s objective: the run is told to stop
        watch.interval(second(2, MS)); // the run's last cut, while it stops
        assertEquals(List.of("objective 'response.p99 < 100ms per 1s' broken in the window 1s-2s"), aborts);
        // The 2 s windows hold the interval that aborted: 0 s to 2 s is slow.
        watch.finished(Runs.summary(Runs.views(MS), 100, 3, 300, 0, 0, 0, Runs.delivery(300, 0, 0, 0), null));
        Result byWatch = watch.verdict().results().get(1);
        assertFalse(byWatch.passed(), byWatch.line());
        assertEquals("0s-2s", byWatch.failedWindow().toString(), byWatch.line());
        assertEquals(2, byWatch.windows(), "0-2 s and the last second: " + byWatch.line());
    }
}
