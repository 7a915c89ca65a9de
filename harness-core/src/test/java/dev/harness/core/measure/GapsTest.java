package dev.harness.core.measure;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.harness.core.schedule.Schedule;

/** A run's spans without a completion, kept for a set of runs' common timeline, and that timeline. */
class GapsTest {
    private static final long MS = 1_000_000L;

    @Test
    void theMeterKeepsTheLongestSpansAndSaysBelowWhatItMayHaveDroppedSome() {
        ThroughputMeter meter = new ThroughputMeter(60);
        meter.startAt(0);
        meter.measureGapsFrom(0);
        meter.follow(new Schedule(0, 1000, 60_000 * MS));
        // 2,000 spans of 2 ms to 4 s, the longer ones late; each completion's message due when the span began.
        long now = 0;
        for (int i = 0; i < 2_000; i++) {
            long span = (2 + i * 2L) * MS;
            meter.completion(now + span, now);
            now += span;
        }
        Gaps g = meter.gaps(0);
        assertEquals(ThroughputMeter.KEPT_GAPS, g.size());
        assertEquals((2 + (2_000 - ThroughputMeter.KEPT_GAPS) * 2L) * MS, g.toNs()[0] - g.idleFromNs()[0],
                "the shortest kept: the 1,024 longest");
        assertEquals(g.toNs()[0] - g.idleFromNs()[0], g.floorNs(), "every span longer than that is listed");
        for (int i = 1; i < g.size(); i++) {
            assertTrue(g.idleFromNs()[i] >= g.toNs()[i - 1], "in order, apart");
        }
        assertEquals(meter.longestGapNs(), g.longestNs());
        assertEquals(4_000 * MS, g.longestNs());
    }

    @Test
    void aSetsGapIsWhereNoRunCompletedWhileOneOfThemHadAMessageDue() {
        // Run a: nothing completed from 1.0 s to 3.0 s, a message due from 1.5 s. Run b, started
        // 100 ms later: nothing from 1.9 s to 2.5 s of its own time (2.0 s to 2.6 s of a's), nothing due.
        Gaps a = new Gaps(MS, 1_500 * MS, 1_500 * MS, new long[] {1_000 * MS}, new long[] {1_500 * MS}, new long[] {3_000 * MS});
        Gaps b = new Gaps(MS, -1, 0, new long[] {1_900 * MS}, new long[] {2_500 * MS}, new long[] {2_500 * MS});
        Gaps set = Gaps.common(List.of(a, b), new long[] {0, 100 * MS});
        assertArrayEquals(new long[] {2_000 * MS}, set.idleFromNs());
        assertArrayEquals(new long[] {2_000 * MS}, set.fromNs(), "a's message was due all that time");
        assertArrayEquals(new long[] {2_600 * MS}, set.toNs(), "b's completion ended it");
        assertEquals(600 * MS, set.longestNs());
        assertEquals(2_000 * MS, set.longestFromNs());
        // Where the runs' spans do not meet, the set had no gap longer than their floors: it says the floor, never less.
        Gaps c = new Gaps(20 * MS, 0, 30 * MS, new long[] {5_000 * MS}, new long[] {5_000 * MS}, new long[] {5_030 * MS});
        assertEquals(20 * MS, Gaps.common(List.of(a, c), new long[] {0, 0}).longestNs());
        assertEquals(a, Gaps.common(List.of(a), new long[] {0}), "one run: its own");
    }
}
