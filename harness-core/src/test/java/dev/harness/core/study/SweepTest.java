package dev.harness.core.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Test;

class SweepTest {
    private final List<Double> launched = new ArrayList<>();
    private final List<Integer> told = new ArrayList<>();

    /** Steps VALID up to 1000/s, NOT VALID above; p99 4 ms below 500/s, 60 ms from it. */
    private SweepStep launch(double rate) {
        launched.add(rate);
        return KneeTest.step(rate, rate < 500 ? 4 : 60, rate <= 1000);
    }

    @Test
    void everyRateRunsInOrderWhenAllAreValid() throws Exception {
        Sweep.Swept s = new Sweep(2, null, this::launch, () -> false).run(new double[] {100, 200, 400}, (i, of, st) -> told.add(i));
        assertEquals(List.of(100.0, 200.0, 400.0), launched);
        assertEquals(List.of(0, 1, 2), told);
        assertEquals(3, s.steps().size());
        assertNull(s.ended());
    }

    @Test
    void itStopsOnceSoManyStepsFailed() throws Exception {
        Sweep.Swept s = new Sweep(2, null, this::launch, () -> false).run(new double[] {500, 1000, 2000, 4000, 8000, 16000},
                (i, of, st) -> { });
        assertEquals(List.of(500.0, 1000.0, 2000.0, 4000.0), launched, "two NOT VALID steps, then no more");
        assertTrue(s.ended().contains("2 steps NOT VALID"), s.ended());
        assertFalse(s.interrupted());
    }

    @Test
    void aStepOverTheP99BoundCountsAsFailed() throws Exception {
        Sweep.Swept s = new Sweep(1, 50_000_000L, this::launch, () -> false).run(new double[] {100, 500, 1000},
                (i, of, st) -> { });
        assertEquals(List.of(100.0, 500.0), launched, "60 ms at 500/s breaks 50 ms");
        assertTrue(s.ended().contains("--max-p99"), s.ended());
    }

    @Test
    void aFailedLastStepEndsTheSweepAsAnyLastStep() throws Exception {
        assertNull(new Sweep(1, null, this::launch, () -> false).run(new double[] {100, 2000}, (i, of, st) -> { }).ended());
    }

    @Test
    void aLaterStepThatFailsEndsTheSweepWithTheStepsBeforeIt() throws Exception {
        IllegalStateException lost = new IllegalStateException("the broker failed");
        Sweep.Swept s = new Sweep(2, null, rate -> {
            if (rate >= 400) {
                throw lost;
            }
            return launch(rate);
        }, () -> false).run(new double[] {100, 200, 400, 800}, (i, of, st) -> { });
        assertEquals(2, s.steps().size());
        assertEquals(lost, s.failure());
        assertTrue(s.ended().contains("the broker failed"), s.ended());
        Exception first = org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class,
                () -> new Sweep(2, null, rate -> {
                    throw lost;
                }, () -> false).run(new double[] {100, 200}, (i, of, st) -> { }));
        assertEquals(lost, first, "nothing measured: the failure itself");
    }

    @Test
    void interruptedTheStepUnderWayIsLeftOut() throws Exception {
        AtomicBoolean stop = new AtomicBoolean();
        Sweep.Swept s = new Sweep(2, null, rate -> {
            SweepStep step = launch(rate);
            stop.set(rate >= 200); // Ctrl-C during the second step
            return step;
        }, stop::get).run(new double[] {100, 200, 400}, (i, of, st) -> { });
        assertEquals(1, s.steps().size());
        assertEquals(100, s.steps().get(0).target());
        assertTrue(s.interrupted());
        assertEquals(List.of(100.0, 200.0), launched);
    }

    /** A step that ends in an exception because it was interrupted (its shards stopped) is an interruption, not a failure. */
    @Test
    void aStepThatThrowsWhenInterruptedIsAnInterruption() throws Exception {
        AtomicBoolean stop = new AtomicBoolean();
        Sweep.Launcher launcher = rate -> {
            if (rate >= 200) {
                stop.set(true);
                throw new IllegalStateException("interrupted during a step");
            }
            return launch(rate);
        };
        Sweep.Swept s = new Sweep(2, null, launcher, stop::get).run(new double[] {100, 200, 400}, (i, of, st) -> { });
        assertEquals(1, s.steps().size());
        assertTrue(s.interrupted());
        assertNull(s.failure());
        stop.set(false);
        Sweep.Swept none = new Sweep(2, null, launcher, stop::get).run(new double[] {200, 400}, (i, of, st) -> { });
        assertTrue(none.interrupted() && none.steps().isEmpty(), "even the first step: nothing done, and said so");
    }
}
