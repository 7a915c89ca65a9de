package dev.harness.core.slo;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.HdrHistogram.Histogram;

import dev.harness.core.measure.Histograms;

/**
 * Cuts the measured phase into windows of one length from its reporting intervals, in order: a
 * window closes with the interval that brings it to its length (so with 1 s intervals, per 10s
 * is ten of them). Fed by a running run or by a log; the last, shorter window comes from
 * {@link #flush}, when it holds anything.
 */
public final class Windows {
    private final long windowNs;
    private final double targetRate;
    private final List<Window> closed = new ArrayList<>();
    private Map<String, Histogram> views = new HashMap<>();
    private double fromS = Double.NaN;
    private double toS;
    private long completed;

    public Windows(long windowNs, double targetRate) {
        this.windowNs = windowNs;
        this.targetRate = targetRate;
    }

    public long windowNs() {
        return windowNs;
    }

    /**
     * One interval of the measured phase: its span in seconds from the run's start, its measured
     * histograms by tag and its completions. Returns the window it closed, or null.
     */
    public Window add(double startS, double endS, Map<String, Histogram> intervalViews, long intervalCompleted) {
        if (Double.isNaN(fromS)) {
            fromS = startS;
        }
        toS = endS;
        intervalViews.forEach((tag, h) -> views.computeIfAbsent(tag, t -> Histograms.create()).add(h));
        completed += intervalCompleted;
        // A little slack: intervals are stamped with their real cuts, a few ms off the grid.
        return (toS - fromS) * 1e9 >= windowNs * 0.99 ? close() : null;
    }

    /** The last window, shorter than the others, if it holds anything; null otherwise. */
    public Window flush() {
        return Double.isNaN(fromS) || (completed == 0 && views.values().stream().allMatch(h -> h.getTotalCount() == 0))
                ? null : close();
    }

    public List<Window> closed() {
        return closed;
    }

    private Window close() {
        Map<Term.Figure, Double> figures = new EnumMap<>(Term.Figure.class);
        double seconds = toS - fromS;
        figures.put(Term.Figure.RATE, seconds > 0 ? completed / seconds : Double.NaN);
        figures.put(Term.Figure.TARGET, targetRate > 0 ? targetRate : Double.NaN);
        Window w = new Window(fromS, toS, Figures.of(views, figures));
        closed.add(w);
        views = new HashMap<>();
        fromS = Double.NaN;
        completed = 0;
        return w;
    }
}
