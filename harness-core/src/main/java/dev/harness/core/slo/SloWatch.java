package dev.harness.core.slo;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import org.HdrHistogram.Histogram;

import dev.harness.core.findings.Reading;
import dev.harness.core.findings.ReadingListener;
import dev.harness.core.measure.IntervalSnapshot;
import dev.harness.core.measure.Phase;
import dev.harness.core.run.RunSummary;
import dev.harness.core.run.Workload;

/**
 * Judges a run's objectives as it goes: windowed ones at each window's end (so that
 * {@code --slo-abort} can stop the run at the first broken window), all of them at the end. A
 * listener like the reporters, registered before them so that they can print its verdict.
 */
public final class SloWatch implements ReadingListener {
    private final List<Objective> objectives;
    private final Map<Long, Windows> windows = new LinkedHashMap<>();
    private final Consumer<String> abort;
    private volatile Verdict verdict = Verdict.NONE;
    private boolean aborted;
    private boolean allowInvalid;

    /**
     * Windows are judged against this process's target: on a shard, its share of the schedule, as
     * the whole run's terms are.
     *
     * @param intervalNs the reporting interval (--interval), of which windows are whole numbers
     * @param abort called once, on the listeners' thread, with a line naming the objective a window
     *     broke; null to let the run go on
     */
    public SloWatch(List<Objective> objectives, Workload work, long intervalNs, Consumer<String> abort) {
        this(objectives, work.targetRate(), intervalNs, abort);
    }

    SloWatch(List<Objective> objectives, double targetRate, long intervalNs, Consumer<String> abort) {
        this.objectives = List.copyOf(objectives);
        this.abort = abort;
        for (Objective o : objectives) {
            if (o.windowNs() > 0) {
                windows.computeIfAbsent(o.windowNs(), ns -> new Windows(ns, intervalNs, targetRate));
            }
        }
    }

    /** {@code --slo-allow-invalid}: judge the objectives of a run that was not valid as if it were. */
    public SloWatch allowInvalid(boolean allow) {
        this.allowInvalid = allow;
        return this;
    }

    @Override
    public void interval(IntervalSnapshot s) {
        if (windows.isEmpty() || s.span().phase() != Phase.MEASURED) {
            return;
        }
        // What completed in the interval, messages of warmup too: a backlog of them is what the window saw.
        Map<String, Histogram> views = Windows.views(s.measured()::get, s.warmup()::get);
        double startS = s.span().startNs() / 1e9;
        double endS = s.span().endNs() / 1e9;
        // Every window length gets the interval, the one that aborts the run too: the verdict of
        // the others is on the same intervals.
        for (Windows w : windows.values()) {
            Window closed = w.add(startS, endS, views, s.counts().completed());
            if (closed != null && abort != null && !aborted) {
                for (Objective o : objectives) {
                    if (o.windowNs() == w.windowNs() && Verdict.breaks(o, closed)) {
                        aborted = true;
                        abort.accept("objective '" + o.text() + "' broken in the window " + closed);
                        break;
                    }
                }
            }
        }
    }

    @Override
    public void finished(RunSummary summary, Reading reading) {
        Map<Long, List<Window>> cut = new HashMap<>();
        windows.forEach((ns, w) -> {
            w.flush();
            cut.put(ns, new ArrayList<>(w.closed()));
        });
        Figures whole = RunFigures.of(summary);
        verdict = Verdict.of(objectives, side -> whole, cut).gated(reading.validity(), allowInvalid);
    }

    /** The verdict, once the run has finished; empty before. */
    public Verdict verdict() {
        return verdict;
    }
}
