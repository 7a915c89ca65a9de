package dev.harness.agent.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** The seed's table from shipped histograms: its columns, the max-grew warning, failures and empty receives apart. */
class ProbeTotalsTest {
    private static String shipped(long... ns) {
        Histogram h = Recorders.histogram();
        for (long v : ns) {
            h.recordValue(v);
        }
        return ProbeTotals.encode(h);
    }

    /** Two significant digits: 300 µs reads back as 301 µs, hence the last digit left open. */
    @Test
    void columnsAreThisIntervalsCountThenTheWholeProbesCountMaxMinAverage() {
        ProbeTotals t = new ProbeTotals("10s");
        t.add("calls", "send", shipped(100_000, 300_000));
        String first = t.table();
        assertTrue(first.contains("10s count"), first);
        assertTrue(first.matches("(?s).*\\nsend +2 +2 +30\\d +10\\d +20\\d .*"), first);
        assertFalse(first.contains("Warning"), "nothing to compare with yet: " + first);

        t.add("calls", "send", shipped(900_000));
        t.add("calls", "commit", shipped(50_000));
        String second = t.table();
        assertTrue(second.matches("(?s).*\\nsend +1 +3 +90\\d +10\\d +43\\d .*"), second);
        assertTrue(second.matches("(?s).*\\*\\* Warning \\*\\* send: increased max time\\. Previous \\(30\\d µs\\)\\. New \\(90\\d µs\\)\\..*"),
                second);
        // Rows in the order of the tags' contract, not of arrival.
        assertTrue(second.indexOf("\nsend ") < second.indexOf("\ncommit "), second);

        String third = t.table();
        assertTrue(third.matches("(?s).*\\nsend +0 +3 +90\\d .*"), third);
        assertFalse(third.contains("Warning"), third);
    }

    @Test
    void failuresAndEmptyReceivesAreCountedApart() {
        ProbeTotals t = new ProbeTotals("1s");
        t.add("calls", "receive", shipped(10_000));
        t.add("empty", "receive", shipped(1_000_000_000L, 1_000_000_000L));
        t.add("failed", "mq-put", shipped(5_000_000));
        t.errorKinds(Map.of("mq-put MQRC_HOST_NOT_AVAILABLE (2538)", 1L));
        t.add("ok", "commit", shipped(20_000)); // an agent of an earlier build: the calls that returned
        assertEquals(Map.of("receive", 1L, "commit", 1L), t.counts());
        assertEquals(2, t.emptyReceives());
        assertEquals(1, t.failedCount("mq-put"));
        String table = t.table();
        assertTrue(table.contains("receive: 2 returned no message this interval"), table);
        assertTrue(table.contains("mq-put: 1 calls failed this interval"), table);
        String summary = t.summary();
        assertTrue(summary.contains("mq-put MQRC_HOST_NOT_AVAILABLE (2538): 1"), summary);
        assertTrue(summary.contains("receive returned no message 2 times"), summary);
    }

    @Test
    void nothingSeenSaysSoAndGarbageIsRefused() {
        ProbeTotals t = new ProbeTotals("10s");
        assertEquals("", t.table());
        assertEquals("no messaging calls seen\n", t.summary());
        assertThrows(IllegalArgumentException.class, () -> t.add("calls", "send", "bm90IGEgaGlzdG9ncmFt"));
    }
}
