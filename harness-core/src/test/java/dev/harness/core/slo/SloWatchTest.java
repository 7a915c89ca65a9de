package dev.harness.core.slo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import dev.harness.core.measure.Histograms;
import dev.harness.core.measure.IntervalSnapshot;
import dev.harness.core.measure.Phase;
import dev.harness.core.measure.View;
import dev.harness.core.schedule.Shard;
import dev.harness.core.schedule.Warmup;
import dev.harness.core.workload.PutSettings;
import dev.harness.core.workload.PutWorkload;
import dev.harness.core.workload.SizeMix;

/** The watch of a running run: --slo-abort and the windows of every length fed the same intervals. */
class SloWatchTest {
    private static final long MS = 1_000_000L;
    private static final long SECOND = 1_000 * MS;

    /** One measured second, index i, its responses all {@code responseNs}. */
    private static IntervalSnapshot second(int i, long responseNs) {
        Map<View, Histogram> measured = new EnumMap<>(View.class);
        for (View v : View.values()) {
            measured.put(v, Histograms.create());
        }
        for (int k = 0; k < 100; k++) {
            measured.get(View.RESPONSE).recordValue(responseNs);
        }
        return new IntervalSnapshot(new IntervalSnapshot.Span(i, i * SECOND, (i + 1) * SECOND, 0, 0, Phase.MEASURED),
                new EnumMap<>(View.class), measured, new IntervalSnapshot.Counts(100, 100, 100L * (i + 1), 0), null, null,
                null);
    }

    @Test
    void theIntervalThatAbortsTheRunStillFeedsTheOtherWindowLengths() {
        List<String> aborts = new ArrayList<>();
        SloWatch watch = new SloWatch(List.of(Objective.parse("response.p99 < 100ms per 1s"),
                Objective.parse("response.p99 < 100ms per 2s")), 100, SECOND, aborts::add);
        watch.interval(second(0, MS));
        watch.interval(second(1, 900 * MS)); // breaks the 1 s objective: the run is told to stop
        watch.interval(second(2, MS)); // the run's last cut, while it stops
        assertEquals(List.of("objective 'response.p99 < 100ms per 1s' broken in the window 1s-2s"), aborts);
        // The 2 s windows hold the interval that aborted: 0 s to 2 s is slow.
        watch.finished(Runs.summary(Runs.views(MS), 100, 3, 300, 0, 0, 0, Runs.delivery(300, 0, 0, 0), null));
        Result byWatch = watch.verdict().results().get(1);
        assertFalse(byWatch.passed(), byWatch.line());
        assertEquals("0s-2s", byWatch.failedWindow().toString(), byWatch.line());
        assertEquals(1, byWatch.windows(), "0-2 s; the last second is no window: " + byWatch.line());
        assertEquals("2s-3s", byWatch.tail().toString(), byWatch.line());
    }

    /** One measured second, index i, whose completions are all messages of the warmup, each {@code responseNs}. */
    private static IntervalSnapshot backlog(int i, long responseNs) {
        Map<View, Histogram> warmup = new EnumMap<>(View.class);
        Map<View, Histogram> measured = new EnumMap<>(View.class);
        for (View v : View.values()) {
            warmup.put(v, Histograms.create());
            measured.put(v, Histograms.create());
        }
        for (int k = 0; k < 100; k++) {
            warmup.get(View.RESPONSE).recordValue(responseNs);
        }
        return new IntervalSnapshot(new IntervalSnapshot.Span(i, i * SECOND, (i + 1) * SECOND, 0, 0, Phase.MEASURED),
                warmup, measured, new IntervalSnapshot.Counts(100, 100, 100L * (i + 1), 0), null, null, null);
    }

    @Test
    void aWindowJudgesWhatCompletedInItABacklogOfWarmupMessagesToo() {
        // 3,000 msg/s asked of a harness that offers about 100: the measured phase begins seconds
        // behind, and its first seconds complete only warmup's messages, 2 to 3 s late.
        List<String> aborts = new ArrayList<>();
        SloWatch watch = new SloWatch(List.of(Objective.parse("response.p99 < 100ms per 2s")), 3000, SECOND,
                aborts::add);
        watch.interval(backlog(1, 1_965 * MS));
        watch.interval(backlog(2, 2_905 * MS));
        assertEquals(List.of("objective 'response.p99 < 100ms per 2s' broken in the window 1s-3s"), aborts);
        watch.finished(Runs.summary(Runs.views(), 3000, 2, 200, 0, 0, 0, Runs.delivery(200, 0, 0, 0), null));
        Result r = watch.verdict().results().get(0);
        assertFalse(r.passed());
        assertEquals(2_905 * MS, r.measured(), 0.001 * 2_905 * MS, "the window's p99, as its live lines showed it: " + r.line());
        assertEquals(0, r.emptyWindows(), r.line());
    }

    @Test
    void aWindowWithNothingCompletedInItDoesNotAbortTheRun() {
        List<String> aborts = new ArrayList<>();
        SloWatch watch = new SloWatch(List.of(Objective.parse("response.p99 < 100ms per 1s")), 100, SECOND, aborts::add);
        Map<View, Histogram> none = new EnumMap<>(View.class);
        watch.interval(new IntervalSnapshot(new IntervalSnapshot.Span(1, SECOND, 2 * SECOND, 0, 0, Phase.MEASURED),
                none, none, new IntervalSnapshot.Counts(0, 0, 0, 0), null, null, null));
        watch.interval(second(2, MS));
        assertEquals(List.of(), aborts, "nothing to judge breaks nothing");
        watch.finished(Runs.summary(Runs.views(MS), 100, 2, 100, 0, 0, 0, Runs.delivery(100, 0, 0, 0), null));
        Result r = watch.verdict().results().get(0);
        assertTrue(r.passed(), r.line());
        assertEquals(1, r.emptyWindows(), r.line());
    }

    /** One measured second of shard work: {@code completed} completions of 1 ms. */
    private static IntervalSnapshot completing(int i, int completed) {
        Map<View, Histogram> measured = new EnumMap<>(View.class);
        measured.put(View.RESPONSE, Histograms.create());
        for (int k = 0; k < completed; k++) {
            measured.get(View.RESPONSE).recordValue(MS);
        }
        return new IntervalSnapshot(new IntervalSnapshot.Span(i, i * SECOND, (i + 1) * SECOND, 0, 0, Phase.MEASURED),
                new EnumMap<>(View.class), measured, new IntervalSnapshot.Counts(completed, completed, 0, 0), null, null, null);
    }

    @Test
    void aShardsWindowsAreJudgedAgainstItsShareOfTheScheduleAsItsWholeRunIs() {
        // Shard 0 of 2 of 100 msg/s: its part is 50 msg/s, and it keeps it.
        PutWorkload shard = new PutWorkload(new PutSettings(100, 1, Warmup.fixed(SECOND), 4 * SECOND, SizeMix.of(64), false, 0, 2, "Q.", 1, SECOND,
                new Shard(0, 2)));
        assertEquals(50.0, shard.targetRate(), 1e-9);
        List<String> aborts = new ArrayList<>();
        Objective perWindow = Objective.parse("rate >= 0.9 * target per 2s");
        SloWatch watch = new SloWatch(List.of(perWindow, Objective.parse("rate >= 0.9 * target")), shard, SECOND,
                aborts::add);
        for (int i = 1; i <= 4; i++) {
            watch.interval(completing(i, 50));
        }
        assertEquals(List.of(), aborts, "no window of the shard's own 50 msg/s breaks it");
        // The run's summary has the shard's share as its target, as the runner makes it.
        watch.finished(Runs.summary(Runs.views(MS), shard.targetRate(), 4, 200, 0, 0, 0, Runs.delivery(200, 0, 0, 0), null));
        Result windows = watch.verdict().results().get(0);
        Result whole = watch.verdict().results().get(1);
        assertTrue(windows.passed(), windows.line());
        assertEquals(45.0, windows.limit(), 1e-9, windows.line());
        assertTrue(whole.passed(), whole.line());
        assertEquals(whole.limit(), windows.limit(), 1e-9, "the window and the whole run hold the shard to one target");
    }
}
