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
        Windows w = new Windows(2 * second, second, 100);
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
        assertFalse(last.whole(), "6 s to 7.5 s is more than an interval and less than a window: no window");
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
        assertEquals(3, r.windows(), "interval 6 and the half after it are not judged");
        assertEquals(last, r.tail());
        assertTrue(r.line().endsWith("the first of 2 failing windows of 3; the last 1.5 s, less than a window, not judged"),
                r.line());
        assertEquals(closed.get(2), v.results().get(1).failedWindow(), "2 lost in interval 5");
        Result ok = v.results().get(2);
        assertTrue(ok.passed());
        assertEquals(900 * MS, ok.measured(), 0.001 * 900 * MS, "the worst window's value");
    }

    /** Intervals of 1 s from 1 s on, each with these completions and responses of this many ms. */
    private static Windows seconds(long windowNs, double targetRate, long[] completed, long[] responseMs) {
        Windows w = new Windows(windowNs, 1_000_000_000L, targetRate);
        for (int i = 0; i < completed.length; i++) {
            Histogram h = Histograms.create();
            for (int k = 0; k < completed[i]; k++) {
                h.recordValue(responseMs[i] * MS);
            }
            w.add(1 + i, 2 + i, completed[i] == 0 ? Map.of() : Map.of("response", h), completed[i]);
        }
        return w;
    }

    @Test
    void theDrainAfterTheLastTickGoesIntoTheLastWindowAndIsNoWindowOfItsOwn() {
        long second = 1_000_000_000L;
        Windows w = seconds(second, 100, new long[] {100, 100}, new long[] {5, 5});
        // The run's last cut: 185 ms after the last tick, 51 messages of the last second completing, slowly.
        Histogram drain = Histograms.create();
        for (int k = 0; k < 51; k++) {
            drain.recordValue(300 * MS);
        }
        w.add(3, 3.185, Map.of("response", drain), 51);
        assertNull(w.flush(), "less than an interval: the last window's own messages");
        assertEquals(2, w.closed().size());
        Window last = w.closed().get(1);
        assertTrue(last.whole());
        assertEquals(3.185, last.toS(), 1e-9);
        assertEquals(151, last.figures().view("response").getTotalCount(), "the drain's completions are the last window's");
        assertEquals(151 / 1.185, last.figures().figure(Term.Figure.RATE), 1e-9);

        // As a window of its own, the drain read as 276 msg/s.
        Verdict v = Verdict.of(List.of(Objective.parse("rate <= 2 * target per 1s"),
                Objective.parse("response.max < 100ms per 1s")), side -> null, Map.of(second, w.closed()));
        Result rate = v.results().get(0);
        assertTrue(rate.passed(), rate.line());
        assertEquals(2, rate.windows(), rate.line());
        Result slow = v.results().get(1);
        assertFalse(slow.passed(), "the drain's slow messages are judged, in the last window: " + slow.line());
        assertEquals("2s-3s", slow.failedWindow().toString());
    }

    @Test
    void onlyTheLastCutGoesIntoTheLastWindowNotWholeIntervalsAfterIt() {
        long second = 1_000_000_000L;
        // A loaded host: the first measured cut came 1.2 s late, then the intervals ran on the grid.
        Windows w = new Windows(2 * second, second, 50);
        w.add(1.0, 3.2, Map.of(), 110);
        w.add(3.2, 4.0, Map.of(), 40);
        w.add(4.0, 5.0, Map.of(), 50);
        w.add(5.0, 5.09, Map.of(), 30);
        Window rest = w.flush();
        assertFalse(rest.whole(), "3.2 s to 5.09 s is two intervals and a cut: not judged, and not a 4 s window");
        assertEquals(List.of(1.0, 3.2), w.closed().stream().map(Window::fromS).toList());
        assertEquals(3.2, w.closed().get(0).toS(), 1e-9);
    }

    @Test
    void aWindowWithNothingInItNeitherPassesNorFails() {
        long second = 1_000_000_000L;
        Windows w = seconds(second, 100, new long[] {0, 100, 100}, new long[] {0, 10, 20});
        w.flush();
        Verdict v = Verdict.of(List.of(Objective.parse("response.p99 < 50ms per 1s"),
                Objective.parse("rate >= 0.9 * target per 1s"), Objective.parse("commit.p99 < 50ms per 1s")), side -> null, Map.of(second, w.closed()));
        Result p99 = v.results().get(0);
        assertTrue(p99.passed(), p99.line());
        assertEquals(1, p99.emptyWindows());
        assertEquals(3, p99.windows());
        assertEquals(20 * MS, p99.measured(), 0.001 * 20 * MS);
        assertTrue(p99.line().endsWith(": 20.0 ms at worst, over 2 of 3 windows (1 with no response samples)"), p99.line());
        Result rate = v.results().get(1);
        assertFalse(rate.passed(), "a second without a completion has a rate, 0: " + rate.line());
        assertEquals("1s-2s", rate.failedWindow().toString());
        Result commit = v.results().get(2);
        assertFalse(commit.passed(), "nothing judged in any window never passes");
        assertEquals("FAIL  commit.p99 < 50ms per 1s: no commit samples in any of 3 windows", commit.line());
    }

    @Test
    void aMeasuredPhaseWithoutAWholeWindowHasNothingJudged() {
        long second = 1_000_000_000L;
        Windows w = seconds(10 * second, 100, new long[] {100, 100, 100}, new long[] {5, 5, 5});
        Window rest = w.flush();
        assertFalse(rest.whole());
        Result r = Verdict.of(List.of(Objective.parse("response.p99 < 50ms per 10s")), side -> null,
                Map.of(10 * second, w.closed())).results().get(0);
        assertFalse(r.passed());
        assertEquals("FAIL  response.p99 < 50ms per 10s: no whole window of 10s; the last 3.0 s, less than a window, not judged",
                r.line());
    }
}
