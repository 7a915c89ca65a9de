package dev.harness.core.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import dev.harness.core.schedule.Schedule;

/**
 * What LatencyStats is told of a pause: only the part in which sends were due, and never enough
 * to add more samples than messages were due. LatencyStats adds floor(length / interval) - 1
 * samples for what it is told; the arithmetic is pinned here exactly.
 */
class DuePauseTest {
    private static final long MS = 1_000_000L;
    private static final long S = 1_000 * MS;

    /** Messages 0..9,999 due every millisecond from 10 s. */
    private final Schedule schedule = new Schedule(10 * S, 1000, 10 * S);

    private static long added(DuePause p) {
        return p == null ? 0 : p.lengthNs() / p.intervalNs() - 1;
    }

    @Test
    void aPauseBeforeTheScheduleStartsCorrectsNothing() {
        assertNull(DuePause.of(schedule, 2 * S, 9 * S), "a --start-at still ahead: nothing due");
        assertNull(DuePause.of(schedule, 2 * S, 10 * S), "ends just as message 0 becomes due");
    }

    @Test
    void aPauseAfterTheLastMessageCorrectsNothing() {
        assertNull(DuePause.of(schedule, 2 * S, 25 * S), "the drain: every message was due before");
        assertNull(DuePause.of(schedule, S / 2, 20 * S + S / 2));
    }

    @Test
    void aPauseAmongSendsIsCorrectedAtTheScheduleIntervalForEveryMessageDue() {
        DuePause p = DuePause.of(schedule, 2 * S, 13 * S);
        // Messages 1,000 .. 2,999 were due in [11 s, 13 s): the first waited the whole 2 s.
        assertEquals(MS, p.intervalNs());
        assertEquals(2 * S + MS, p.lengthNs(), "the first value LatencyStats adds is that first wait, 2 s");
        assertEquals(2_000, added(p));
        assertEquals(schedule.dueBetween(11 * S, 13 * S), added(p));
    }

    @Test
    void aPauseOverlappingTheStartCountsFromTheFirstMessage() {
        DuePause p = DuePause.of(schedule, 2 * S, 10 * S + S / 2); // 9.5 s to 10.5 s: messages 0..499
        assertEquals(S / 2 + MS, p.lengthNs());
        assertEquals(500, added(p));
    }

    @Test
    void aPauseOverlappingTheEndAddsNoMoreThanTheMessagesDueInIt() {
        DuePause p = DuePause.of(schedule, 2 * S, 21 * S); // 19 s to 21 s: messages 9,000..9,999
        assertEquals(1_000, schedule.dueBetween(19 * S, 21 * S));
        assertTrue(added(p) <= 1_000, "added " + added(p));
        assertTrue(added(p) >= 999, "the wait of the messages due still counts: added " + added(p));
        assertEquals(2 * S, p.lengthNs() - p.intervalNs(), "the first due waited until the pause's end");
    }

    @Test
    void aShortPauseBetweenTwoSendsCorrectsNothing() {
        assertNull(DuePause.of(schedule, MS / 2, 11 * S + MS - 1), "between messages 1,000 and 1,001");
        // Message 1,000 waited 0.25 ms: less than one interval, which LatencyStats never corrects.
        DuePause p = DuePause.of(schedule, MS / 2, 11 * S + MS / 4);
        assertEquals(MS / 4 + MS, p.lengthNs());
        assertEquals(0, added(p));
    }

    @Test
    void anUnthrottledRunIsCorrectedWhileItSendsWithTheLibrarysEstimate() {
        Schedule max = new Schedule(10 * S, 0, 10 * S);
        assertNull(DuePause.of(max, S, 10 * S), "before the start");
        assertNull(DuePause.of(max, S, 21 * S), "after the end");
        DuePause p = DuePause.of(max, 2 * S, 11 * S);
        assertEquals(S, p.lengthNs(), "from the start to the pause's end");
        assertEquals(0, p.intervalNs(), "LatencyStats' own estimate of the send interval stands");
    }
}
