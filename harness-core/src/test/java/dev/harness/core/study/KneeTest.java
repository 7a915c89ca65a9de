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
        assertEquals(2, Knee.of(List.of(step(100, 4, true), step(200, 5, true), step(400, 8, true), step(800, 9, true))));
    }

    @Test
    void aNotValidStepIsNeverTheKneeNorTheBaseline() {
        assertEquals(1, Knee.of(List.of(step(100, 4, true), step(200, 5, true), step(400, 6, false))));
        // The lightest VALID step is the baseline: the NOT VALID first one (1 ms) is not.
        assertEquals(2, Knee.of(List.of(step(50, 1, false), step(100, 4, true), step(200, 7, true))));
    }

    @Test
    void aValidStepBeyondTheBoundAfterOneWithinDoesNotMoveTheKnee() {
        assertEquals(1, Knee.of(List.of(step(100, 4, true), step(200, 7, true), step(400, 20, true))));
    }

    @Test
    void noValidStepNoKnee() {
        assertEquals(-1, Knee.of(List.of(step(100, 4, false), step(200, 5, false))));
        assertEquals(-1, Knee.of(List.of()));
    }
}
