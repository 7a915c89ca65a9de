package dev.harness.core.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import dev.harness.core.schedule.Schedule;

class MeasurementTest {
    private static final long S = 1_000_000_000L;

    @Test
    void intervalsCountCompletionsAndTotalsAddUp() {
        long start = System.nanoTime();
        Schedule schedule = new Schedule(start, 10, 4 * S);
        try (Measurement m = Measurement.start(2 * S, 60, new PauseCorrectedStats(null, schedule.intervalNs()))) {
            m.begin(schedule);
            // A warmup message completing in warmup, one completing late after warmup, a measured one.
            complete(m, start + S, start + S + 10);
            IntervalSnapshot first = m.takeInterval(start + 2 * S);
            assertEquals(Phase.WARMUP, first.span().phase());
            assertEquals(1, first.counts().completed());

            complete(m, start + S, start + 3 * S);
            complete(m, start + 3 * S, start + 3 * S + 20);
            IntervalSnapshot second = m.takeInterval(start + 4 * S);
            assertEquals(Phase.MEASURED, second.span().phase());
            assertEquals(2, second.counts().completed());
            assertEquals(3, second.counts().cumulativeCompleted());
            assertEquals(1, second.measured().get(View.RESPONSE).getTotalCount());
            assertEquals(1, second.warmup().get(View.RESPONSE).getTotalCount());
            assertEquals(1.0, second.rate(), 1e-9); // 2 completions in 2 s
            assertFalse(second.runMax().grew(), "the first measured interval sets the maximum");

            complete(m, start + 3 * S, start + 3500 * 1_000_000L);
            IntervalSnapshot third = m.takeInterval(start + 5 * S);
            assertTrue(third.runMax().grew());

            Measurement.MeasuredTotals t = m.totals();
            assertEquals(2, t.measured().get(View.RESPONSE).getTotalCount());
            assertEquals(2, t.warmup().get(View.RESPONSE).getTotalCount());
            assertEquals(3, t.completedAfterWarmup(), "late warmup completions count toward throughput");
            // The last cut was at 5 s, the last completion at 3.5 s: the phase ends at the latter.
            assertEquals(1.5, t.measuredSeconds(), 1e-6);
        }
    }

    @Test
    void aLostRequestIsInResponseAndServiceAtItsTimeoutButIsNoCompletion() {
        long start = System.nanoTime();
        Schedule schedule = new Schedule(start, 10, 4 * S);
        try (Measurement m = Measurement.start(S, 60, new PauseCorrectedStats(null, schedule.intervalNs()))) {
            m.begin(schedule);
            complete(m, start + 2 * S, start + 2 * S + 10);
            // Sent 5 ms late, given up 1 s after its send.
            m.lost(start + 2 * S, S + 5_000_000L, S);
            m.lost(start + S / 2, S, S); // a warmup message
            IntervalSnapshot i = m.takeInterval(start + 3 * S);
            assertEquals(1, i.counts().completed(), "a lost request is no completion");
            assertEquals(2, i.counts().lost());
            assertEquals(2, i.measured().get(View.RESPONSE).getTotalCount());
            assertEquals(1, i.measured().get(View.SERVICE).getTotalCount(), "complete() records no service");
            assertEquals(1, i.measured().get(View.LOST).getTotalCount());
            assertEquals(1, i.warmup().get(View.LOST).getTotalCount());
            assertEquals(S + 5_000_000L, i.measured().get(View.RESPONSE).getMaxValue(), S / 1000);
            assertEquals(S, i.measured().get(View.SERVICE).getMaxValue(), S / 1000);

            IntervalSnapshot next = m.takeInterval(start + 4 * S);
            assertEquals(0, next.measured().get(View.LOST).getTotalCount(), "each lost request in one interval");
            Measurement.MeasuredTotals t = m.totals();
            assertEquals(1, t.measured().get(View.LOST).getTotalCount());
            assertEquals(2, t.measured().get(View.RESPONSE).getTotalCount());
            assertEquals(2, t.lost());
        }
    }

    @Test
    void pauseCorrectedGoesToThePhaseOfTheInterval() {
        long start = System.nanoTime();
        Schedule schedule = new Schedule(start, 1000, 4 * S);
        // No live pause detector: a real hiccup of this JVM would rightly add corrections.
        try (Measurement m = Measurement.start(S, 60, new PauseCorrectedStats(null, schedule.intervalNs()))) {
            m.begin(schedule);
            m.pauseCorrected().record(1_000);
            IntervalSnapshot warm = m.takeInterval(start + S);
            assertEquals(1, warm.warmup().get(View.PAUSE_CORRECTED).getTotalCount());
            assertEquals(0, warm.measured().get(View.PAUSE_CORRECTED).getTotalCount());
            m.pauseCorrected().record(1_000);
            m.pauseCorrected().record(1_000);
            IntervalSnapshot measured = m.takeInterval(start + 2 * S);
            assertEquals(2, measured.measured().get(View.PAUSE_CORRECTED).getTotalCount());
            assertEquals(0, measured.warmup().get(View.PAUSE_CORRECTED).getTotalCount(), "recycled histogram reset");
        }
    }

    @Test
    void aLateCutIsStampedWithItsRealTimeAndItsRateUsesTheRealLength() {
        long start = System.nanoTime();
        Schedule schedule = new Schedule(start, 10, 4 * S);
        try (Measurement m = Measurement.start(S, 60, new PauseCorrectedStats(null, schedule.intervalNs()))) {
            m.begin(schedule);
            // The warmup's tick (1 s) is cut half a second late: 3 completions in 1.5 real seconds.
            for (int i = 0; i < 3; i++) {
                complete(m, start + i * 100_000_000L, start + i * 100_000_000L + 10);
            }
            IntervalSnapshot late = m.takeInterval(start + S, start + 1500 * 1_000_000L);
            assertEquals(Phase.WARMUP, late.span().phase(), "the phase is the due tick's");
            assertEquals(0, late.span().startNs());
            assertEquals(1500 * 1_000_000L, late.span().endNs());
            assertEquals(m.startEpochMs() + 1500, late.span().endEpochMs());
            assertEquals(2.0, late.rate(), 1e-9);

            // The next interval starts where the late cut really was, not at the tick.
            complete(m, start + 1600 * 1_000_000L, start + 1600 * 1_000_000L + 10);
            IntervalSnapshot next = m.takeInterval(start + 2 * S, start + 2 * S);
            assertEquals(Phase.MEASURED, next.span().phase());
            assertEquals(1500 * 1_000_000L, next.span().startNs());
            assertEquals(2.0, next.rate(), 1e-9); // 1 completion in 0.5 s
        }
    }

    @Test
    void aSnapshotKeepsItsDataAfterLaterCuts() {
        long start = System.nanoTime();
        Schedule schedule = new Schedule(start, 10, 4 * S);
        try (Measurement m = Measurement.start(0, 60, new PauseCorrectedStats(null, schedule.intervalNs()))) {
            m.begin(schedule);
            complete(m, start, start + 10);
            complete(m, start, start + 20);
            IntervalSnapshot first = m.takeInterval(start + S);
            // Later cuts reuse the recorders' histograms; a snapshot handed to a writer thread
            // must not see them emptied or refilled.
            complete(m, start + S, start + S + 30);
            m.takeInterval(start + 2 * S);
            m.takeInterval(start + 3 * S);
            assertEquals(2, first.measured().get(View.RESPONSE).getTotalCount());
            assertEquals(2, first.measured().get(View.PUT).getTotalCount());
        }
    }

    private static void complete(Measurement m, long intendedNs, long completedNs) {
        m.recorder().record(View.RESPONSE, intendedNs, completedNs - intendedNs);
        m.recorder().record(View.PUT, intendedNs, 10);
        m.meter().completed(completedNs, 1);
    }
}
