package dev.harness.core.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.harness.core.disturbance.Stop;

/** The catch-up rate from a run's completions, worked out by hand. */
class CatchUpTest {
    private static final long MS = 1_000_000L;
    private static final long S = 1_000 * MS;

    /**
     * 1,000 msg/s, intervals of 200 ms, 5 in flight as a rule; a 2 s stop from 4 s to 6 s, its
     * 2,000 messages worked off by the interval that ends at 7.0 s: D is 1 s, C = 1,000 + 2,000 / 1.
     */
    @Test
    void theBacklogWorkedOffByAnIntervalsEndGivesTheSlowestRate() {
        List<CatchUp.Point> points = new ArrayList<>();
        for (int i = 1; i <= 60; i++) {
            double end = i * 0.2;
            long due = (long) Math.floor(1000 * end + 1e-9) + 1;
            long behind = end <= 4.0 ? 5 : end <= 6.0 ? due - 4001 : end < 7.0 - 1e-9 ? 800 : 5;
            points.add(new CatchUp.Point(end, due - behind));
        }
        double c = CatchUp.slowest(1000, 1.0, List.of(Stop.exactly(4 * S, 2 * S)), points);
        assertEquals(3000, c, 1e-6);
        StallTruth truth = StallTruth.of(1000, 1 * S, 10 * S, List.of(Stop.exactly(4 * S, 2 * S)));
        assertEquals(1900 * MS, truth.valueAt(99), 1); // at once: 2 - 0.01 x 10
        assertEquals(1933.333 * MS, truth.catchingUpAt(c).valueAt(99), 0.001 * MS); // 2 - 0.1 x (1 - 1/3)
    }

    @Test
    void noStopsNoCatchUp() {
        assertEquals(Double.POSITIVE_INFINITY, CatchUp.slowest(1000, 1.0, List.of(), List.of(new CatchUp.Point(1, 1000))));
    }
}
