package dev.harness.core.slo;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.HdrHistogram.Histogram;

import dev.harness.core.measure.Histograms;
import dev.harness.core.measure.View;

/**
 * Cuts the measured phase into windows of one length from its reporting intervals, in order: a
 * window closes with the interval that brings it to its length (so with 1 s intervals, per 10s
 * is ten of them). Fed by a running run or by a log. A window holds what completed in its time,
 * whatever the phase of the message (a backlog of warmup messages completing in it is what its
 * time saw, as the live lines show it).
 *
 * <p>Only whole windows are judged. What is left at the end ({@link #flush}) is not a window: less
 * than one interval (the drain after the last tick, the cut of a stop) is the last window's own
 * messages completing and goes into it; more is the measured phase's remainder, kept apart as
 * the {@link Window#whole() not whole} last entry, which the verdict names but does not judge.
 */
public final class Windows {
    /** Intervals are stamped with their real cuts, a few ms off the grid. */
    private static final double SLACK = 0.99;

    private final long windowNs;
    private final long intervalNs;
    private final double targetRate;
    private final List<Window> closed = new ArrayList<>();
    private Open open = new Open();
    /** The last whole window's own sums, for a drain that goes into it. */
    private Open last;

    /** What a window being filled has so far. */
    private static final class Open {
        final Map<String, Histogram> views = new HashMap<>();
        double fromS = Double.NaN;
        double toS;
        long completed;

        boolean isEmpty() {
            return Double.isNaN(fromS);
        }
    }

    /**
     * @param intervalNs the reporting interval: a remainder shorter than it is the last cut's
     * @param targetRate the target of the process (a shard's share) or of the set the log is of
     */
    public Windows(long windowNs, long intervalNs, double targetRate) {
        this.windowNs = windowNs;
        this.intervalNs = intervalNs;
        this.targetRate = targetRate;
    }

    public long windowNs() {
        return windowNs;
    }

    /**
     * One interval of the measured phase: its span in seconds from the run's start, its histograms
     * by view tag (of both phases: see {@link #views}) and its completions. Returns the window it
     * closed, or null.
     */
    public Window add(double startS, double endS, Map<String, Histogram> intervalViews, long intervalCompleted) {
        if (open.isEmpty()) {
            open.fromS = startS;
        }
        open.toS = endS;
        intervalViews.forEach((tag, h) -> open.views.computeIfAbsent(tag, t -> Histograms.create()).add(h));
        open.completed += intervalCompleted;
        if ((open.toS - open.fromS) * 1e9 < windowNs * SLACK) {
            return null;
        }
        Window w = window(open, true);
        closed.add(w);
        last = open;
        open = new Open();
        return w;
    }

    /**
     * Ends the cutting: a remainder shorter than an interval goes into the last whole window
     * (replaced by one that holds it), a longer one becomes the not-whole last entry; returns that
     * entry, or null.
     */
    public Window flush() {
        Open rest = open;
        open = new Open();
        if (rest.isEmpty()) {
            return null;
        }
        if (last != null && (rest.toS - rest.fromS) * 1e9 < intervalNs * SLACK) {
            rest.views.forEach((tag, h) -> last.views.computeIfAbsent(tag, t -> Histograms.create()).add(h));
            last.toS = rest.toS;
            last.completed += rest.completed;
            closed.set(closed.size() - 1, window(last, true));
            return null;
        }
        Window tail = window(rest, false);
        closed.add(tail);
        return tail;
    }

    /** The windows, whole ones in order, then the not-whole remainder when {@link #flush} left one. */
    public List<Window> closed() {
        return closed;
    }

    /**
     * An interval's histograms by view tag, messages of both phases added: what completed in it.
     *
     * @param measured a view's values of messages intended after warmup, or null
     * @param warmup a view's values of messages intended during warmup, or null
     */
    static Map<String, Histogram> views(java.util.function.Function<View, Histogram> measured,
            java.util.function.Function<View, Histogram> warmup) {
        Map<String, Histogram> views = new HashMap<>();
        for (View v : View.values()) {
            Histogram m = measured.apply(v);
            Histogram w = warmup.apply(v);
            if (m == null && w == null) {
                continue;
            }
            Histogram h = Histograms.create();
            for (Histogram part : new Histogram[] {m, w}) {
                if (part != null) {
                    h.add(part);
                }
            }
            views.put(v.tag(), h);
        }
        return views;
    }

    private Window window(Open o, boolean whole) {
        Map<Term.Figure, Double> figures = new EnumMap<>(Term.Figure.class);
        double seconds = o.toS - o.fromS;
        figures.put(Term.Figure.RATE, seconds > 0 ? o.completed / seconds : Double.NaN);
        figures.put(Term.Figure.TARGET, targetRate > 0 ? targetRate : Double.NaN);
        return new Window(o.fromS, o.toS, Figures.of(Map.copyOf(o.views), figures), whole);
    }
}
