package dev.harness.core.study;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

class KneeTest {
    static SweepStep step(double target, long p99Ms, boolean valid) {
        SweepStep.Latency l = new SweepStep.Latency(100, p99Ms * 500_000, p99Ms * 1_000_000, p99Ms * 2_000_000,
                p99Ms * 3_000_000);
        return new SweepStep(target, target, valid ? List.of() : List.of("schedule-behind: behind"), l, l, 0, 0.1, null,
                null, null);
    }

    @Test
    void theHighestValidStepWithinTwiceTheLightestP99() {
        // 4 ms at the lightest: 8 ms is still within 2x, 9 ms is not.
        assertEquals(2, Knee.of(List.of(step(100, 4, true), step(200, 5, true), step(400, 8, true), step(800, 9, true)), null));
    }

    @Test
    void aNotValidStepIsNeverTheKneeNorTheBaseline() {
        assertEquals(1, Knee.of(List.of(step(100, 4, true), step(200, 5, true), step(400, 6, false)), null));
        // The lightest VALID step is the baseline: the NOT VALID first one (1 ms) is not.
        assertEquals(2, Knee.of(List.of(step(50, 1, false), step(100, 4, true), step(200, 7, true)), null));
    }

    @Test
    void theRunOfStepsEndsAtTheFirstPastTheBendWhateverComesAfter() {
        // 4 ms, 20 ms, NOT VALID, 7 ms: the curve bent at the second step; a lucky fourth is past it.
        assertEquals(0, Knee.of(List.of(step(100, 4, true), step(200, 20, true), step(400, 5, false), step(800, 7, true)),
                null));
        assertEquals(1, Knee.of(List.of(step(100, 4, true), step(200, 5, true), step(400, 5, false), step(800, 7, true)),
                null));
    }

    @Test
    void aStepOverTheP99BoundEndsTheRunAndIsNoBaseline() {
        List<SweepStep> steps = List.of(step(100, 4, true), step(200, 5, true), step(400, 6, true));
        assertEquals(2, Knee.of(steps, null));
        assertEquals(1, Knee.of(steps, 5_500_000L), "6 ms breaks a 5.5 ms bound");
        assertEquals(-1, Knee.of(steps, 3_000_000L), "every step over it: no knee");
        assertEquals(-1, Knee.baseline(steps, 3_000_000L));
    }

    @Test
    void aValidStepBeyondTheBoundAfterOneWithinDoesNotMoveTheKnee() {
        assertEquals(1, Knee.of(List.of(step(100, 4, true), step(200, 7, true), step(400, 20, true)), null));
    }

    @Test
    void noValidStepNoKnee() {
        assertEquals(-1, Knee.of(List.of(step(100, 4, false), step(200, 5, false)), null));
        assertEquals(-1, Knee.of(List.of(), null));
    }
}
