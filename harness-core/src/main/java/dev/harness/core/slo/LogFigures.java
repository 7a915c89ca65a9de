package dev.harness.core.slo;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.HdrHistogram.Histogram;

import dev.harness.core.SettingsException;
import dev.harness.core.hlog.HlogRun;
import dev.harness.core.measure.View;

/**
 * The figures of a finished run, or of several hosts' runs merged, from its hlog: the measured
 * phase's histograms, its windows, its rate and target; and from the runs' --json files what
 * only they carry (unsent, lost, late, duplicates, in-doubt, outage), summed over the files.
 * The verdict is then the same code's as harness run's.
 */
public final class LogFigures {
    /** Whole-run figures the hlog does not carry. */
    private static final Set<Term.Figure> FROM_JSON = EnumSet.of(Term.Figure.UNSENT, Term.Figure.LOST, Term.Figure.LATE,
            Term.Figure.DUPLICATES, Term.Figure.IN_DOUBT, Term.Figure.OUTAGE);

    private LogFigures() {
    }

    /**
     * The objectives, checked against this log: windows no shorter than its interval and no
     * longer than its measured phase, and a term only the JSON carries only when there is one.
     */
    public static Objectives objectives(List<String> texts, HlogRun log, List<? extends RunCounts> runs) {
        Objectives objectives = Objectives.of(texts, false, Math.round(measuredSeconds(log) * 1e9), intervalNs(log),
                "the log's interval", log.header().intervalMs() > 0);
        for (Objective o : objectives.list()) {
            for (Term t : new Term[] {o.term(), o.reference()}) {
                if (t != null && runs.isEmpty() && t.figure() != null && FROM_JSON.contains(t.figure())) {
                    throw new SettingsException("--slo '" + o.text() + "'", t.figure()
                            + ": the log does not carry it; give the run's --json");
                }
            }
        }
        return objectives;
    }

    /** The verdict on these objectives (from {@link #objectives}) over the log and the runs' JSON. */
    public static Verdict verdict(Objectives objectives, HlogRun log, List<? extends RunCounts> runs) {
        Figures whole = whole(log, runs);
        Map<Long, List<Window>> windows = new HashMap<>();
        for (Objective o : objectives.list()) {
            if (o.windowNs() > 0) {
                windows.computeIfAbsent(o.windowNs(), ns -> windows(log, ns));
            }
        }
        return Verdict.of(objectives.list(), side -> whole, windows);
    }

    /** The whole measured phase. */
    public static Figures whole(HlogRun log, List<? extends RunCounts> runs) {
        Map<String, Histogram> views = new LinkedHashMap<>();
        for (View v : View.values()) {
            Histogram h = log.measuredTotals().get(v.tag());
            if (h != null) {
                views.put(v.tag(), h);
            }
        }
        Map<Term.Figure, Double> f = new EnumMap<>(Term.Figure.class);
        Map<Term.Figure, String> unknown = new EnumMap<>(Term.Figure.class);
        f.put(Term.Figure.RATE, runs.isEmpty() ? rate(log) : RunCounts.achievedRate(runs));
        if (log.targetRate() > 0) {
            f.put(Term.Figure.TARGET, log.targetRate());
        }
        if (!runs.isEmpty()) {
            Summed summed = new Summed();
            // Runs of one start are one system: its outage is on their common timeline, not the worst run's.
            long outageNs = RunCounts.gaps(runs).longestNs();
            runs.forEach(r -> summed.add(r.unsent(), r.late(), r.requestsLost(), r.delivery(), outageNs));
            summed.into(f, unknown);
        }
        return Figures.of(views, f, unknown);
    }

    /**
     * The achieved rate as near as the log alone can give harness run's (every completion after
     * warmup over the time from warmup's end to the last completion): the measured intervals'
     * completions, the same ones the run counts, over the time from the first measured cut to the
     * end of the last interval that completed anything. The log does not know where in that
     * interval the last completion fell, so this can read a little lower than the run's; the
     * run's --json gives its own.
     */
    static double rate(HlogRun log) {
        long completed = 0;
        double fromS = Double.NaN;
        double toS = Double.NaN;
        for (HlogRun.Interval i : log.intervals()) {
            if (i.warmup()) {
                continue;
            }
            if (Double.isNaN(fromS)) {
                fromS = i.startS();
            }
            if (i.completed() > 0) {
                completed += i.completed();
                toS = i.endS();
            }
        }
        return completed > 0 && toS > fromS ? completed / (toS - fromS) : 0;
    }

    /** The measured phase cut into windows of this length, as a running run cuts them. */
    public static List<Window> windows(HlogRun log, long windowNs) {
        Windows w = new Windows(windowNs, intervalNs(log), log.targetRate());
        for (HlogRun.Interval i : log.intervals()) {
            if (i.warmup()) {
                continue;
            }
            w.add(i.startS(), i.endS(), Windows.views(v -> i.tag(v.tag()), v -> i.tag(v.warmupTag())), i.completed());
        }
        w.flush();
        return new ArrayList<>(w.closed());
    }

    /** The measured intervals' seconds: from the first measured cut to the last. */
    public static double measuredSeconds(HlogRun log) {
        double seconds = 0;
        for (HlogRun.Interval i : log.intervals()) {
            if (!i.warmup()) {
                seconds += i.endS() - i.startS();
            }
        }
        return seconds;
    }

    /** The log's nominal interval (#interval), or for a log that does not state it, its longest. */
    static long intervalNs(HlogRun log) {
        long ms = log.header().intervalMs();
        if (ms > 0) {
            return ms * 1_000_000L;
        }
        double longest = log.intervals().stream().mapToDouble(i -> i.endS() - i.startS()).max().orElse(0);
        return Math.round(longest * 1e9);
    }
}
