package dev.harness.core.slo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import dev.harness.core.measure.Histograms;

class VerdictTest {
    private static final long MS = 1_000_000L;

    /** 100 responses: 1 .. 100 ms. */
    private static Histogram oneToHundredMs() {
        Histogram h = Histograms.create();
        for (int i = 1; i <= 100; i++) {
            h.recordValue(i * MS);
        }
        return h;
    }

    private static Figures run(Histogram response, double rate, double target, double lost) {
        return Figures.of(Map.of("response", response), Map.of(Term.Figure.RATE, rate, Term.Figure.TARGET, target,
                Term.Figure.LOST, lost));
    }

    private static Verdict judge(Figures f, String... objectives) {
        return Verdict.of(List.of(objectives).stream().map(Objective::parse).toList(), side -> f, Map.of());
    }

    @Test
    void wholeRunObjectivesCompareTheirValue() {
        Figures f = run(oneToHundredMs(), 980, 1000, 0);
        Verdict v = judge(f, "response.p99 < 100ms", "response.p50 <= 51ms", "response.max < 100ms", "response.count == 100",
                "rate >= 0.98 * target", "rate > 0.99 * target", "lost == 0");
        List<Boolean> passed = v.results().stream().map(Result::passed).toList();
        assertEquals(List.of(true, true, false, true, true, false, true), passed);
        Result p99 = v.results().get(0);
        assertEquals(99 * MS, p99.measured(), 0.001 * 99 * MS, "HdrHistogram's value, within its precision");
        assertEquals(980, v.results().get(4).limit(), 1e-9, "0.98 x the target");
        assertFalse(v.passed());
        assertEquals(2, v.failures());
        assertTrue(v.results().get(2).line().startsWith("FAIL  response.max < 100ms: 100"), v.results().get(2).line());
    }

    @Test
    void nothingToMeasureNeverPasses() {
        Figures f = Figures.of(Map.of("response", oneToHundredMs()), Map.of());
        Verdict v = judge(f, "commit.p99 < 1s", "commit.count == 0", "lost == 0", "rate >= 0.5 * target");
        assertFalse(v.results().get(0).passed());
        assertEquals("no commit samples", v.results().get(0).measuredText());
        assertTrue(v.results().get(1).passed(), "a count of nothing is 0");
        assertFalse(v.results().get(2).passed());
        assertEquals("lost not known here", v.results().get(2).measuredText());
        assertFalse(v.results().get(3).passed());
    }

    @Test
    void aWindowedObjectiveNamesTheFirstWindowThatFailedAndCountsThem() {
        long second = 1_000_000_000L;
        Windows w = new Windows(2 * second, 100);
        List<Window> closed = new java.util.ArrayList<>();
        for (int i = 0; i < 7; i++) {
            Histogram h = Histograms.create();
            h.recordValue((i == 3 || i == 5 ? 900 : 10) * MS); // intervals 3 and 5 are slow
            Window c = w.add(i, i + 1, Map.of("response", h, "lost", i == 5 ? Runs.values(MS, MS) : Runs.values()), 100);
            if (c != null) {
                closed.add(c);
            }
        }
        assertNull(w.add(7, 7.5, Map.of(), 0), "half a window stays open");
        Window last = w.flush();
        assertEquals(List.of(closed.get(0), closed.get(1), closed.get(2), last), w.closed());
        assertEquals(2.0, closed.get(1).fromS());
        assertEquals(4.0, closed.get(1).toS(), "intervals 2 and 3 make the second window");
        assertEquals(100, closed.get(0).figures().figure(Term.Figure.RATE), 1e-9, "200 completions in 2 s");

        Objective p99 = Objective.parse("response.p99 < 100ms per 2s");
        Objective lost = Objective.parse("lost.count == 0 per 2s");
        Objective fast = Objective.parse("response.max < 1s per 2s");
        Verdict v = Verdict.of(List.of(p99, lost, fast), side -> null, Map.of(2 * second, w.closed()));
        Result r = v.results().get(0);
        assertFalse(r.passed());
        assertEquals(closed.get(1), r.failedWindow(), "the first slow interval's window");
        assertEquals(2, r.failedWindows());
        assertEquals(4, r.windows());
        assertEquals(closed.get(2), v.results().get(1).failedWindow(), "2 lost in interval 5");
        Result ok = v.results().get(2);
        assertTrue(ok.passed());
        assertEquals(900 * MS, ok.measured(), 0.001 * 900 * MS, "the worst window's value");
    }
}
