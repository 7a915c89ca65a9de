package dev.harness.core.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import dev.harness.core.schedule.ScheduleBounds;

/** --warmup auto's boundary, exactly: three kept intervals in a row, the next tick, the minimum and the maximum. */
class AutoWarmupTest {
    private static final long S = 1_000_000_000L;
    private static final long MS = 1_000_000L;
    private static final long START = 7 * S;
    /** 500 msg/s, one sender: the bound is the 100 ms floor. */
    private static final long BOUND = ScheduleBounds.lagBoundNs(500, 1);

    private static AutoWarmup auto() {
        return new AutoWarmup(START, S, 2 * S, 120 * S, BOUND, true);
    }

    /** Feeds interval i (ending at START + (i+1) s, cut 1 ms late) as kept or not; the boundary, or -1. */
    private static long interval(AutoWarmup a, int i, boolean kept) {
        return a.afterInterval(kept ? 20 * MS : 400 * MS, 500, kept ? 500 : 310, 500, START + (i + 1) * S + MS);
    }

    @Test
    void threeKeptIntervalsInARowEndItAtTheNextTick() {
        AutoWarmup a = auto();
        assertEquals(-1, interval(a, 0, false), "the start-up");
        assertEquals(-1, interval(a, 1, true));
        assertEquals(-1, interval(a, 2, true));
        assertEquals(START + 5 * S, interval(a, 3, true), "kept 1-4 s, decided at the 4 s cut: measured from 5 s");
        assertTrue(a.steady());
        assertEquals(START + 5 * S, a.boundaryNs());
        assertEquals(-1, interval(a, 4, false), "decided once");
        assertEquals(START + 5 * S, a.boundaryNs());
    }

    @Test
    void anIntervalThatSlipsStartsTheCountAgain() {
        AutoWarmup a = auto();
        interval(a, 0, true);
        interval(a, 1, true);
        assertEquals(-1, interval(a, 2, false));
        assertEquals(-1, interval(a, 3, true));
        assertEquals(-1, interval(a, 4, true));
        assertEquals(START + 7 * S, interval(a, 5, true));
    }

    @Test
    void notBeforeTheMinimum() {
        // Intervals of 200 ms: three are 0.6 s, the minimum 2 s holds the boundary there.
        AutoWarmup a = new AutoWarmup(START, 200 * MS, 2 * S, 120 * S, BOUND, true);
        assertEquals(-1, a.afterInterval(10 * MS, 100, 100, 100, START + 200 * MS));
        assertEquals(-1, a.afterInterval(10 * MS, 100, 100, 100, START + 400 * MS));
        assertEquals(START + 2 * S, a.afterInterval(10 * MS, 100, 100, 100, START + 600 * MS));
        // A minimum off the grid rounds up to the next tick.
        AutoWarmup b = new AutoWarmup(START, 300 * MS, 2 * S, 120 * S, BOUND, true);
        for (int i = 1; i < 3; i++) {
            assertEquals(-1, b.afterInterval(10 * MS, 150, 150, 150, START + i * 300 * MS));
        }
        assertEquals(START + 2_100 * MS, b.afterInterval(10 * MS, 150, 150, 150, START + 900 * MS));
    }

    @Test
    void theBoundaryIsATickStillToCome() {
        AutoWarmup a = auto();
        interval(a, 0, true);
        interval(a, 1, true);
        // The third cut came 980 ms late (a stall): 4.98 s is too close to the 5 s tick to publish in time.
        assertEquals(START + 6 * S, a.afterInterval(20 * MS, 500, 500, 500, START + 4_980 * MS));
        AutoWarmup b = auto();
        interval(b, 0, true);
        interval(b, 1, true);
        assertEquals(START + 5 * S, b.afterInterval(20 * MS, 500, 500, 500, START + 4_950 * MS), "50 ms ahead is enough");
    }

    @Test
    void givesUpAtTheMaximum() {
        AutoWarmup a = new AutoWarmup(START, S, 2 * S, 5 * S, BOUND, true);
        for (int i = 0; i < 5; i++) {
            assertEquals(-1, interval(a, i, i != 2));
        }
        assertFalse(a.steady());
        assertEquals(START + 5 * S, a.boundaryNs(), "the maximum stands");
        // Steady only in the last interval before the maximum: the boundary is at it.
        AutoWarmup b = new AutoWarmup(START, S, 2 * S, 5 * S, BOUND, true);
        interval(b, 0, false);
        interval(b, 1, true);
        interval(b, 2, true);
        assertEquals(START + 5 * S, interval(b, 3, true), "the next tick is the maximum's");
        assertTrue(b.steady(), "steady all the same");
    }

    @Test
    void whatKeepsTheSchedule() {
        AutoWarmup a = auto();
        assertTrue(a.keeps(BOUND, 500, 500, 500), "a p99 at the bound");
        assertFalse(a.keeps(BOUND + 1, 500, 500, 500), "a p99 past the bound");
        assertTrue(a.keeps(10 * MS, 500, 475, 500), "95 % of the messages due");
        assertFalse(a.keeps(10 * MS, 500, 474, 500), "less");
        assertTrue(a.keeps(10 * MS, 500, 525, 500), "105 %");
        assertFalse(a.keeps(10 * MS, 500, 526, 500), "more: a catch-up");
        assertTrue(a.keeps(10 * MS, 3, 2, 3), "at 3 msg/s one message either side of a cut is no shortfall");
        assertFalse(a.keeps(10 * MS, 3, 1, 3));
        assertFalse(a.keeps(0, 0, 0, 500), "nothing sent while messages were due: a stall");
        assertTrue(a.keeps(0, 0, 0, 0), "nothing due, nothing sent");
        AutoWarmup unthrottled = new AutoWarmup(START, S, 2 * S, 120 * S, ScheduleBounds.lagBoundNs(0, 1), false);
        assertTrue(unthrottled.keeps(0, 7_000, 6_500, 0), "no target to hold");
    }

    @Test
    void refusesNonsense() {
        assertThrows(IllegalArgumentException.class, () -> new AutoWarmup(0, 0, S, 2 * S, BOUND, true));
        assertThrows(IllegalArgumentException.class, () -> new AutoWarmup(0, S, 3 * S, 2 * S, BOUND, true));
    }
}
