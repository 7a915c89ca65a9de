package dev.harness.core.slo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.harness.core.findings.Reason;
import dev.harness.core.findings.Validity;

/** A run that was not a valid test fails every verdict on it, unless --slo-allow-invalid. */
class VerdictGateTest {
    private static final Validity BACKLOG = new Validity(List.of(new Reason(Reason.BACKLOG_AT_START, "2.9 s behind",
            "--warmup auto")));

    private static Verdict passing() {
        Figures figures = RunFigures.of(Runs.summary(Runs.views(1_000_000L), 100, 10, 1_000, 0, 0, 0,
                Runs.delivery(1_000, 0, 0, 0), null));
        Verdict v = Verdict.of(List.of(Objective.parse("response.p99 < 50ms")), side -> figures, Map.of());
        assertTrue(v.passed());
        return v;
    }

    @Test
    void objectivesMetOnARunThatWasNotValidFail() {
        Verdict gated = passing().gated(BACKLOG, false);
        assertFalse(gated.passed());
        assertEquals(0, gated.failures(), "the objectives themselves were met");
        assertTrue(gated.invalidLine().contains("NOT VALID (backlog-at-start)"), gated.invalidLine());
        assertEquals("the run was NOT VALID (backlog-at-start)", gated.failureLine());
    }

    @Test
    void allowInvalidJudgesTheObjectivesAlone() {
        Verdict allowed = passing().gated(BACKLOG, true);
        assertTrue(allowed.passed());
        assertNull(allowed.invalidLine());
    }

    @Test
    void aValidRunAndARunWithoutObjectivesAreLeftAsTheyAre() {
        Verdict v = passing();
        assertSame(v, v.gated(Validity.VALID, false));
        assertTrue(Verdict.NONE.gated(BACKLOG, false).passed(), "no objectives: no verdict to fail");
    }
}
