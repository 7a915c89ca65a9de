package dev.harness.core.slo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import dev.harness.core.SettingsException;

class ObjectiveTest {
    @Test
    void aPercentileWithAUnit() {
        Objective o = Objective.parse("  response.p99 < 50ms ");
        assertEquals("response.p99 < 50ms", o.text());
        assertEquals("response", o.term().view());
        assertEquals(99.0, o.term().percentile());
        assertEquals(Objective.Comparison.LT, o.comparison());
        assertEquals(50_000_000, o.limit());
        assertNull(o.reference());
        assertEquals(0, o.windowNs());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = ';', value = {
        "response.p99.9 <= 1.5s; response; p99.9; 1.5e9",
        "service.max < 250us; service; max; 250e3",
        "send-lag.mean < 2ms; send-lag; mean; 2e6",
        "pause-corrected.p99.99 < 1m; pause-corrected; p99.99; 60e9",
        "commit.count >= 60; commit; count; 60",
    })
    void viewsStatisticsAndUnits(String text, String view, String statistic, double limit) {
        Objective o = Objective.parse(text);
        assertEquals(view, o.term().view());
        assertEquals(statistic, o.term().statistic());
        assertEquals(limit, o.limit(), 1e-6);
    }

    @Test
    void figuresMultiplesAndWindows() {
        Objective lost = Objective.parse("lost == 0");
        assertEquals(Term.Figure.LOST, lost.term().figure());
        assertEquals(Objective.Comparison.EQ, lost.comparison());

        Objective rate = Objective.parse("rate >= 0.98 * target");
        assertEquals(Term.Figure.RATE, rate.term().figure());
        assertEquals(Term.Figure.TARGET, rate.reference().figure());
        assertEquals(0.98, rate.limit());

        Objective window = Objective.parse("response.p99 < 50ms per 10s");
        assertEquals(10_000_000_000L, window.windowNs());
        assertEquals(50_000_000, window.limit());

        Objective ab = Objective.parse("B.response.p99 <= 1.1 * A.response.p99");
        assertEquals(Term.Side.B, ab.term().side());
        assertEquals(Term.Side.A, ab.reference().side());
        assertTrue(ab.sided());
        assertEquals("outage", Objective.parse("outage < 5s").term().toString());
        // A count takes the size units of --size, all binary: 2KiB = 2KB = 2k = 2,048.
        assertEquals(2_048, Objective.parse("response.count >= 2KiB").limit());
        assertEquals(2_048, Objective.parse("response.count >= 2kb").limit());
        assertEquals(1.5 * 1024 * 1024, Objective.parse("unsent < 1.5MiB").limit());
        // On a count, m is a size (as for --size), not minutes.
        assertEquals(3 * 1024 * 1024, Objective.parse("lost <= 3m").limit());
        assertEquals(Term.Figure.IN_DOUBT, Objective.parse("in-doubt == 0").term().figure());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = ';', value = {
        "response.p99 < 50; is a time: give the limit with its unit",
        "respons.p99 < 50ms; unknown view 'respons'",
        "response.p101 < 5ms; unknown statistic 'p101'",
        "response.median < 5ms; unknown statistic 'median'",
        "speed > 3; unknown term 'speed'",
        "lost == 0ms; lost is a count: expected a plain number or one with a size unit (2KiB), got the unit 'ms', a time",
        "response.p99 < 2KiB; response.p99 is a time: expected a unit of ns, us, ms, s, m or h, got 'KiB', a size",
        "rate > 2KiB; rate is a rate: expected a plain number, got the unit 'KiB'",
        "response.p99 50ms; expected TERM OP LIMIT",
        "response.p99 < 50ms per; expected a limit after <",
        "response.p99 < 50ms per soon; per: expected a window",
        "outage < 1s per 10s; outage is counted over the whole run, not per window",
        "lost == 0 per 10s; lost is counted over the whole run, not per window; per window: the views (lost.count",
        "rate >= 0.98 * response.p99; rate is a rate but response.p99 is a time",
    })
    void badObjectivesSayWhatIsWrongInOneLine(String text, String expected) {
        SettingsException e = assertThrows(SettingsException.class, () -> Objective.parse(text));
        assertTrue(e.getMessage().startsWith("--slo '" + text + "': "), e.getMessage());
        assertTrue(e.getMessage().contains(expected), e.getMessage());
        assertEquals(1, e.getMessage().lines().count());
    }

    @Test
    void runObjectivesAreCheckedAgainstTheRun() {
        long second = 1_000_000_000L;
        assertEquals(2, Objectives.of(java.util.List.of("lost == 0", "response.p99 < 5ms per 10s"), true, 30 * second, second)
                .list().size());
        assertMessage(() -> Objectives.of(java.util.List.of("response.p99 < 5ms per 1m"), false, 30 * second, second),
                "longer than the measured phase");
        assertMessage(() -> Objectives.of(java.util.List.of("response.p99 < 5ms per 500ms"), false, 30 * second, second),
                "shorter than the reporting interval");
        assertMessage(() -> Objectives.of(java.util.List.of("A.rate > 5"), false, 30 * second, second), "sides of harness ab");
        // Windows are cut from whole intervals: per 10s with 3 s intervals would be judged on 12 s.
        SettingsException e = assertThrows(SettingsException.class, () -> Objectives.of(
                java.util.List.of("rate >= 0.9 * target per 10s"), false, 30 * second, 3 * second));
        assertEquals("--slo 'rate >= 0.9 * target per 10s': the window must be a whole number of --interval (3s)",
                e.getMessage());
        assertEquals(1, Objectives.of(java.util.List.of("rate >= 0.9 * target per 9s"), false, 30 * second, 3 * second)
                .list().size());
        assertEquals(1, Objectives.of(java.util.List.of("response.p99 < 5ms per 1500ms"), false, 30 * second, 500_000_000L)
                .list().size());
        assertMessage(() -> Objectives.of(java.util.List.of("lost == 0"), true, 30 * second, second), "--slo-abort");
        assertMessage(() -> Objectives.ofSides(java.util.List.of("B.rate > 5 per 10s")), "no 'per' window");
    }

    private static void assertMessage(org.junit.jupiter.api.function.Executable e, String expected) {
        SettingsException x = assertThrows(SettingsException.class, e);
        assertTrue(x.getMessage().contains(expected), x.getMessage());
    }
}
