package dev.harness.core.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/** When the broker paged, at the intervals' resolution, from each interval's end. */
class PagingSpansTest {
    @Test
    void aSpanRunsFromTheFirstPagingIntervalsStartToTheLastOnesEnd() {
        PagingSpans p = new PagingSpans();
        p.add(0, 1, 0, 100);
        assertFalse(p.began());
        p.add(1, 2, 1, 60_000);
        assertTrue(p.began(), "the interval that first saw it");
        p.add(2, 3, -1, -1); // no answer: neither ends it nor moves its end
        assertFalse(p.began());
        p.add(3, 4, 1, 40_000);
        p.add(4, 5, 0, 100);
        assertEquals(List.of(new PagingSpans.Span(1, 4, 60_000, true)), p.spans());
        assertTrue(p.line().contains("from +1.0 s (its count 60,000) to +4.0 s:"), p.line());
    }

    @Test
    void aSpanStillOpenRunsToTheLastIntervalThatSawItAndSaysSo() {
        PagingSpans p = new PagingSpans();
        p.add(0, 1, 1, -1);
        p.add(1, 2, 1, -1);
        p.add(2, 3, 0, 10);
        p.add(3, 4, 1, 70_000);
        assertEquals(List.of(new PagingSpans.Span(0, 2, -1, true), new PagingSpans.Span(3, 4, 70_000, false)), p.spans());
        assertTrue(p.line().contains("from +0.0 s to +2.0 s, and 1 time more"), p.line());
    }

    @Test
    void aBrokerThatNeverPagedOrNeverSaidHasNoLine() {
        PagingSpans quiet = new PagingSpans();
        quiet.add(0, 1, 0, 5);
        assertNull(quiet.line());
        PagingSpans untold = new PagingSpans();
        untold.add(0, 1, -1, -1);
        assertNull(untold.line());
        assertTrue(untold.spans().isEmpty());
    }
}
