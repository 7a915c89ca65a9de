package dev.harness.core.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.harness.core.findings.Reason;
import dev.harness.core.findings.Validity;

/** When verify runs a scenario a second time: a neighbour's burst, never a figure outside its truth. */
class ScenarioResultTest {
    private static final long MS = 1_000_000L;
    private static final Row HELD = new Row("p99", Row.Unit.NS, 1900 * MS, 1898 * MS, 1901 * MS, 1905 * MS, "response",
            3 * MS, false);
    private static final Row UNDER = new Row("p99", Row.Unit.NS, 1900 * MS, 1898 * MS, 1901 * MS, 4 * MS, "response",
            3 * MS, false);
    private static final Validity CONTENDED = new Validity(List.of(
            new Reason(Reason.SCHEDULE_BEHIND, "half the sends were late", "slower"),
            new Reason(Reason.HOST_CONTENDED, "the run queue reached 32", "a quiet host")));
    private static final Validity BEHIND = new Validity(List.of(
            new Reason(Reason.SCHEDULE_BEHIND, "half the sends were late", "slower")));

    private static ScenarioResult result(Validity validity, Row row) {
        return new ScenarioResult("broker-frozen", "broker frozen 2 s at 1,000 msg/s", 1000, List.of(), validity,
                List.of(row), null, List.of(), null);
    }

    @Test
    void aRunTheHostsOtherProcessesContendedIsWorthAnotherWhenEveryFigureHeld() {
        assertTrue(result(CONTENDED, HELD).contendedByOthers());
        assertEquals("NOT VALID", result(CONTENDED, HELD).verdict());
    }

    @Test
    void aFigureOutsideItsTruthIsNeverRunAgain() {
        assertFalse(result(CONTENDED, UNDER).contendedByOthers(), "a second run could hide a broken view");
        assertEquals("FAIL", result(CONTENDED, UNDER).verdict());
    }

    @Test
    void aRunNotValidForItsOwnReasonsIsNotRunAgain() {
        assertFalse(result(BEHIND, HELD).contendedByOthers());
        assertFalse(result(Validity.VALID, HELD).contendedByOthers());
        assertFalse(ScenarioResult.notRun("gc-pauses", "GC pauses", "no rate held").contendedByOthers());
    }

    @Test
    void theSecondRunSaysItWasRunTwiceAndItsVerdictStands() {
        ScenarioResult again = result(Validity.VALID, HELD).ranTwice(result(CONTENDED, HELD));
        assertEquals("broker frozen 2 s at 1,000 msg/s", again.title(), "the title is the scenario's");
        assertEquals("schedule-behind, host-contended", again.firstRunNotValid());
        assertEquals("run twice: the first run was NOT VALID (schedule-behind, host-contended), other processes contending"
                + " the host; this is the second run", again.ranTwiceLine());
        assertEquals("PASS", again.verdict());
        assertNull(result(Validity.VALID, HELD).ranTwiceLine(), "a scenario run once says nothing of it");
        ScenarioResult notRun = ScenarioResult.notRun("gc-pauses", "GC pauses", "the run did not end");
        assertSame(notRun, notRun.ranTwice(result(CONTENDED, HELD)), "a second run that could not run says why, as it is");
    }
}
