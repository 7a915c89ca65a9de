package dev.harness.core.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The interval timeline, exactly: whole intervals from the start, the warmup's end, late cuts. */
class TicksTest {
    private static final long S = 1_000_000_000L;

    @Test
    void wholeIntervalsFromTheStartWithTheWarmupsEndBetween() {
        Ticks t = new Ticks(10 * S, S, 11 * S + S / 2); // a 1.5 s warmup
        assertEquals(11 * S, t.after(10 * S));
        assertEquals(11 * S + S / 2, t.after(11 * S), "the warmup's end cuts an interval of its own");
        assertEquals(12 * S, t.after(11 * S + S / 2));
        assertEquals(13 * S, t.after(12 * S));
        assertEquals(1_000 * S + 10 * S, t.after(1_000 * S + 10 * S - 1), "computed from the start, no drift");
    }

    @Test
    void aLateCutStandsForTheTicksItMissed() {
        Ticks t = new Ticks(0, S, 0);
        assertEquals(4 * S, t.afterCut(S, 3 * S + S / 10), "due at 1 s, cut at 3.1 s: next at 4 s");
        assertEquals(2 * S, t.afterCut(S, S), "on time");
        assertEquals(2 * S, t.afterCut(S, S + 5), "a little late");
    }

    @Test
    void noWarmupAndTimesBeforeTheStart() {
        Ticks t = new Ticks(5 * S, 2 * S, 5 * S);
        assertEquals(7 * S, t.after(5 * S));
        assertEquals(5 * S, t.after(0), "before the start: the start");
        assertEquals(7 * S, t.after(6 * S));
    }
}
