package dev.harness.core.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import dev.harness.core.host.HostSample;
import dev.harness.core.schedule.ScheduleBounds;

class ScheduleKeepingTest {
    private static final long MS = 1_000_000L;
    private static final long BOUND = 100 * MS;

    /** A 1 s interval whose sends (of either phase) lagged by these amounts. */
    private static IntervalSnapshot interval(int index, Phase phase, long warmupLagNs, int warmupSends, long lagNs, int sends) {
        return interval(index, phase, warmupLagNs, warmupSends, lagNs, sends, null);
    }

    private static IntervalSnapshot interval(int index, Phase phase, long warmupLagNs, int warmupSends, long lagNs, int sends,
            HostSample host) {
        Map<View, Histogram> warmup = new EnumMap<>(View.class);
        Map<View, Histogram> measured = new EnumMap<>(View.class);
        for (View v : View.values()) {
            warmup.put(v, Histograms.create());
            measured.put(v, Histograms.create());
        }
        warmup.get(View.SEND_LAG).recordValueWithCount(Math.max(1, warmupLagNs), Math.max(1, warmupSends));
        if (warmupSends == 0) {
            warmup.get(View.SEND_LAG).reset();
        }
        if (sends > 0) {
            measured.get(View.SEND_LAG).recordValueWithCount(Math.max(1, lagNs), sends);
        }
        long start = index * 1_000 * MS;
        return new IntervalSnapshot(new IntervalSnapshot.Span(index, start, start + 1_000 * MS, 0, 1_000, phase), warmup,
                measured, new IntervalSnapshot.Counts(sends, sends + warmupSends, 0, 0), new IntervalSnapshot.RunMax(0, false),
                new IntervalSnapshot.Jvm(Histograms.create(), new GcPauses.Interval(0, 0, Histograms.create())), host);
    }

    /** A host of 2 CPUs, 8 threads runnable, its CPUs busy this much (user and system). */
    private static HostSample busy(double userPercent, double systemPercent) {
        return new HostSample(0, 1, 2, 8, 0, userPercent, systemPercent, 0, 0, 100 - userPercent - systemPercent, List.of(),
                0, 0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, 0, 0);
    }

    @Test
    void theHarnesssOwnChildProcessesAreNoPartOfTheHostsBusyFigure() {
        ScheduleKeeping k = new ScheduleKeeping(BOUND, 1_000, 10_000 * MS);
        k.add(interval(0, Phase.MEASURED, 0, 0, MS, 1_000, busy(60, 20)));
        k.add(interval(1, Phase.MEASURED, 0, 0, MS, 1_000, busy(70, 30)));
        assertEquals(90, k.totals(0).hostBusyPercent(), 1e-9);
        // Its broker child used 35 % of the CPUs: what others used is the rest.
        assertEquals(55, k.totals(0, 35).hostBusyPercent(), 1e-9);
        assertEquals(0, k.totals(0, 120).hostBusyPercent(), 1e-9, "never below nothing");
        // The run queue is still the host's, its children's threads in it.
        assertEquals(8, k.totals(0, 35).worstRunnable());
        assertEquals(2, k.totals(0, 35).contendedIntervals());
    }

    @Test
    void theWarmupsBacklogSentInTheFirstMeasuredIntervalIsABacklogAtTheStart() {
        ScheduleKeeping k = new ScheduleKeeping(BOUND, 1_000, 10_000 * MS);
        k.add(interval(0, Phase.WARMUP, 5 * MS, 1_000, 0, 0)); // warmup intervals do not count
        // The first measured second sends 2,000 warmup messages 1.5 s late, and 500 of its own 1 s late.
        k.add(interval(1, Phase.MEASURED, 1_500 * MS, 2_000, 1_000 * MS, 500));
        k.add(interval(2, Phase.MEASURED, 0, 0, MS, 1_000));
        ScheduleKeeping.Totals t = k.totals(0);
        assertTrue(t.firstMeasuredLagNs() > BOUND, "median of both phases' sends: " + t.firstMeasuredLagNs());
        assertEquals(2, t.measuredIntervals());
        assertEquals(1, t.behindIntervals());
        assertTrue(t.worstLagNs() >= 1_500 * MS);
    }

    @Test
    void anIntervalWithNoSendsWhileSomeWereDueIsBehindAndTheFirstLagIsReadFromTheFirstSends() {
        ScheduleKeeping k = new ScheduleKeeping(BOUND, 1_000, 10_000 * MS);
        k.add(interval(0, Phase.MEASURED, 0, 0, 0, 0)); // a broker that blocked every send
        k.add(interval(1, Phase.MEASURED, 0, 0, 900 * MS, 2_000));
        ScheduleKeeping.Totals t = k.totals(0);
        assertEquals(2, t.behindIntervals());
        assertEquals(900 * MS, t.firstMeasuredLagNs(), 900 * MS / 100.0);
    }

    @Test
    void aSlowScheduleWithNothingDueInAnIntervalIsNotBehind() {
        ScheduleKeeping k = new ScheduleKeeping(ScheduleBounds.lagBoundNs(1, 1), 1, 10_000 * MS);
        k.add(interval(0, Phase.MEASURED, 0, 0, 0, 0));
        assertEquals(0, k.totals(0).behindIntervals());
        assertFalse(k.totals(0).behindOften());
        assertEquals(-1, k.totals(0).firstMeasuredLagNs(), "nothing was sent: no lag to read");
    }

    @Test
    void theDrainAfterTheSchedulesEndHasNothingDueAndIsNotBehind() {
        ScheduleKeeping k = new ScheduleKeeping(BOUND, 1_000, 2_000 * MS);
        k.add(interval(1, Phase.MEASURED, 0, 0, MS, 1_000));
        k.add(interval(2, Phase.MEASURED, 0, 0, 0, 0)); // 2 s to 3 s: the schedule ended at 2 s
        assertEquals(0, k.totals(0).behindIntervals());
    }
}
