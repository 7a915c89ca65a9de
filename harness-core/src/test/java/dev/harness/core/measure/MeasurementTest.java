package dev.harness.core.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import dev.harness.core.schedule.Schedule;

class MeasurementTest {
    private static final long S = 1_000_000_000L;

    @Test
    void intervalsCountCompletionsAndTotalsAddUp() {
        long start = System.nanoTime();
        Schedule schedule = new Schedule(start, 10, 4 * S);
        try (Measurement m = new Measurement(schedule, 2 * S, 60)) {
            // A warmup message completing late, after warmup, and a measured one.
            m.recorder().record(View.RESPONSE, start + S, 10);
            m.recorder().record(View.PUT, start + S, 10);
            IntervalSnapshot first = m.takeInterval(start + 2 * S);
            assertEquals(Phase.WARMUP, first.phase());
            assertEquals(1, first.completed());

            m.recorder().record(View.RESPONSE, start + S, 3 * S);
            m.recorder().record(View.RESPONSE, start + 3 * S, 20);
            m.recorder().record(View.PUT, start + 3 * S, 20);
            IntervalSnapshot second = m.takeInterval(start + 4 * S);
            assertEquals(Phase.MEASURED, second.phase());
            assertEquals(2, second.completed());
            assertEquals(3, second.cumulativeCompleted());
            assertEquals(1, second.measured().get(View.RESPONSE).getTotalCount());
            assertEquals(1, second.warmup().get(View.RESPONSE).getTotalCount());
            assertEquals(1.0, second.rate(), 1e-9); // 2 completions in 2 s
            assertFalse(second.maxGrew(), "the first measured interval sets the maximum");

            m.recorder().record(View.RESPONSE, start + 3 * S, 5_000);
            IntervalSnapshot third = m.takeInterval(start + 5 * S);
            assertTrue(third.maxGrew());

            Measurement.MeasuredTotals t = m.totals();
            assertEquals(2, t.measured().get(View.RESPONSE).getTotalCount());
            assertEquals(2, t.warmup().get(View.RESPONSE).getTotalCount());
            assertEquals(3, t.completedAfterWarmup(), "late warmup completions count toward throughput");
            assertEquals(3.0, t.measuredSeconds(), 1e-9);
        }
    }
}
