package dev.harness.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.TreeMap;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import dev.harness.agent.probe.ProbeTotals;
import dev.harness.agent.probe.ProbeWire;

/**
 * What harness probe makes of the agent's lines: a malformed one is skipped (counted by the caller),
 * never thrown.
 */
class ProbeCommandTest {
    private final ProbeCommand command = new ProbeCommand();
    private final ProbeTotals totals = new ProbeTotals("1s");
    private final Map<String, Histogram> interval = new TreeMap<>();

    private boolean handle(String line) {
        return command.handle(ProbeWire.read(line), totals, null, 0, interval);
    }

    @Test
    void malformedLinesAreSkippedNotThrown() {
        assertFalse(handle("kind x send IllegalStateException"), "a count that is no number");
        assertFalse(handle("kind 3"), "a line cut short");
        assertFalse(handle("h ok send 12 3x4 AAAA"), "a time that is no number");
        assertFalse(handle("h ok send 1 2 bm90IGEgaGlzdG9ncmFt"), "a histogram that does not decode");
        assertFalse(handle("delivery send 1 2"), "a line cut short");
        assertFalse(handle("cost 1 2 3 y"));
        assertTrue(totals.errorKinds().isEmpty());
        assertFalse(totals.any());
    }

    @Test
    void wellFormedLinesAreCounted() {
        assertTrue(handle("kind 3 send IllegalStateException"));
        assertTrue(handle("delivery send 20 10 0"));
        assertTrue(handle("cost 5000000 1000000000 3000000 1000000"));
        assertTrue(handle("later-agent something new"), "an unknown kind of line is ignored, not malformed");
        assertEquals(Map.of("send IllegalStateException", 3L), totals.errorKinds());
        assertArrayEquals(new long[] {20, 10, 0}, totals.delivery("send"));
        assertTrue(totals.summary().contains("0.50 % of a core"), totals.summary());
    }
}
