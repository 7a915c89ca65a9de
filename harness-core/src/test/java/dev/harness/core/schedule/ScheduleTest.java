package dev.harness.core.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ScheduleTest {
    private static final long S = 1_000_000_000L;

    @Test
    void wholeNumberRatesNeverDrift() {
        Schedule s = new Schedule(0, 3, 1000 * S);
        // 3 msg/s: message 3n is due exactly n seconds in, however far along.
        assertEquals(1_000_000_000L * 3_333_333_333L, s.intendedNs(3 * 3_333_333_333L));
        assertEquals(333_333_333L, s.intendedNs(1));
        assertEquals(666_666_666L, s.intendedNs(2));
    }

    @Test
    void shortenedWhenTheWarmupsEndIsKnown() {
        // --warmup auto: made for the longest warmup, then ended at the boundary plus the duration.
        Schedule s = new Schedule(10 * S, 1000, 125 * S, new Shard(1, 2));
        s.endAt(10 * S + 4 * S + 3 * S);
        assertEquals(17 * S, s.endNs());
        assertEquals(7_000, s.wholeTotal(), "7 s at 1000/s");
        assertEquals(3_500, s.total(), "the shard's half");
        assertEquals(500, s.dueBetween(16 * S, 20 * S), "none after the new end");
        assertEquals(3_500, s.firstDueAtOrAfter(18 * S));
        assertThrows(IllegalArgumentException.class, () -> s.endAt(18 * S), "never longer");
        assertThrows(IllegalArgumentException.class, () -> s.endAt(10 * S), "never before its start");
        Schedule unthrottled = new Schedule(0, 0, 60 * S);
        unthrottled.endAt(5 * S);
        assertEquals(5 * S, unthrottled.endNs());
        assertEquals(Long.MAX_VALUE, unthrottled.total());
    }

    @Test
    void countsTheMessagesDueInAWindow() {
        Schedule s = new Schedule(10 * S, 1000, 2 * S); // messages 0..1999 at 10.000 s, 10.001 s, ...
        assertEquals(0, s.dueBetween(0, 10 * S), "before the start");
        assertEquals(1, s.dueBetween(10 * S, 10 * S + 1), "message 0, due at the window's start");
        assertEquals(0, s.dueBetween(10 * S + 1, 10 * S + 1_000_000L), "between messages 0 and 1");
        assertEquals(500, s.dueBetween(10 * S + S / 2, 11 * S));
        assertEquals(1_000, s.dueBetween(9 * S, 11 * S), "from before the start");
        assertEquals(10, s.dueBetween(12 * S - 10_000_000L, 20 * S), "the last ten, then the end");
        assertEquals(0, s.dueBetween(12 * S, 20 * S), "after the last message");
        assertEquals(0, s.dueBetween(11 * S, 11 * S), "an empty window");
        assertEquals(1_000, s.firstDueAtOrAfter(11 * S));
        assertEquals(1_001, s.firstDueAtOrAfter(11 * S + 1));
        assertEquals(0, s.firstDueAtOrAfter(0));
        assertEquals(2_000, s.firstDueAtOrAfter(13 * S), "none: the total");
        assertEquals(3, new Schedule(0, 7.3, 10 * S).dueBetween(S, S + 411_000_000L), "1 s to 1.411 s at 7.3/s");
        assertEquals(0, new Schedule(0, 0, S).dueBetween(0, S), "unthrottled has no numbered messages");
    }

    @Test
    void holdsExactlyTheMessagesDueBeforeItsEnd() {
        assertEquals(2_500, new Schedule(0, 1000, 2_500_000_000L).total());
        assertEquals(2_501, new Schedule(0, 1000, 2_500_000_001L).total());
        assertEquals(1, new Schedule(0, 0.5, S).total());
        assertEquals(2, new Schedule(0, 0.5, 2 * S + 1).total());
        Schedule odd = new Schedule(123, 7.3, 10 * S);
        long last = odd.total() - 1;
        assertTrue(odd.intendedNs(last) < odd.endNs());
        assertTrue(odd.intendedNs(last + 1) >= odd.endNs());
    }

    @Test
    void sendersInterleaveOnOneSchedule() {
        Schedule s = new Schedule(1_000, 4, 10 * S);
        // Two senders: sender 0 owns even messages, sender 1 odd; together every 250 ms.
        for (long k = 0; k < 20; k++) {
            assertEquals(1_000 + k * 250_000_000L, s.intendedNs(k));
        }
        assertEquals(250_000_000L, s.intervalNs());
    }

    @Test
    void fractionalRatesStayWithinANanosecondOverAnHour() {
        Schedule s = new Schedule(0, 1234.5, 3600 * S);
        long k = 1234_5L * 360; // exactly 3600 s in
        assertEquals(3600 * S, s.intendedNs(k), 1);
    }

    @Test
    void unthrottledHasNoIntervalAndEndsByTime() {
        Schedule s = new Schedule(0, 0, 5 * S);
        assertTrue(s.unthrottled());
        assertEquals(0, s.intervalNs());
        assertEquals(Long.MAX_VALUE, s.total());
        assertEquals(5 * S, s.endNs());
    }

    @Test
    void rejectsNonsense() {
        assertThrows(IllegalArgumentException.class, () -> new Schedule(0, -1, S));
        assertThrows(IllegalArgumentException.class, () -> new Schedule(0, Double.NaN, S));
        assertThrows(IllegalArgumentException.class, () -> new Schedule(0, 10, 0));
    }

    @Test
    void shardsTogetherAreTheWholeScheduleInterleaved() {
        for (double rate : new double[] {1000, 7.3}) {
            Schedule whole = new Schedule(5 * S, rate, 3 * S + 123);
            int n = 3;
            java.util.List<Long> times = new java.util.ArrayList<>();
            long total = 0;
            for (int i = 0; i < n; i++) {
                Schedule shard = new Schedule(5 * S, rate, 3 * S + 123, new Shard(i, n));
                total += shard.total();
                for (long t = 0; t < shard.total(); t++) {
                    assertEquals(whole.intendedNs(i + n * t), shard.intendedNs(t), "message t of shard i is the whole's i + n t");
                    Shard s = new Shard(i, n);
                    assertEquals(t, s.localOf(s.globalIndex(t)), "its own number back");
                    assertEquals(-1, new Shard((i + 1) % n, n).localOf(s.globalIndex(t)), "another shard's");
                    times.add(shard.intendedNs(t));
                }
            }
            assertEquals(whole.total(), total, "nothing doubled or missing at " + rate + "/s");
            java.util.Collections.sort(times);
            for (long k = 0; k < whole.total(); k++) {
                assertEquals(whole.intendedNs(k), times.get((int) k));
            }
            for (long[] window : new long[][] {{0, 6 * S}, {5 * S + 1, 6 * S + S / 3}, {7 * S, 9 * S}, {6 * S, 6 * S}}) {
                long due = 0;
                long first = 0;
                for (int i = 0; i < n; i++) {
                    Schedule shard = new Schedule(5 * S, rate, 3 * S + 123, new Shard(i, n));
                    due += shard.dueBetween(window[0], window[1]);
                    first += shard.firstDueAtOrAfter(window[0]);
                }
                assertEquals(whole.dueBetween(window[0], window[1]), due, "due in a window, summed over shards");
                assertEquals(whole.firstDueAtOrAfter(window[0]), first, "each shard's count of messages before the time");
            }
        }
    }

    @Test
    void aShardIsNamedIOfNOrTakenFromTheIndexedJob() {
        assertEquals(new Shard(2, 4), Shard.parse("2/4", java.util.Map.of()));
        assertEquals(Shard.WHOLE, Shard.parse(null, java.util.Map.of()));
        assertEquals(new Shard(3, 8), Shard.parse("auto/8", java.util.Map.of(Shard.INDEX_VARIABLE, "3")));
        for (String bad : new String[] {"4/4", "1", "-1/4", "a/b", "1/0", "auto/8"}) {
            dev.harness.core.SettingsException e = org.junit.jupiter.api.Assertions.assertThrows(
                    dev.harness.core.SettingsException.class, () -> Shard.parse(bad, java.util.Map.of()));
            assertTrue(e.getMessage().startsWith("--shard: "), e.getMessage());
        }
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> new Schedule(0, 0, S, new Shard(0, 2)), "an unthrottled run has no schedule to split");
    }
}
