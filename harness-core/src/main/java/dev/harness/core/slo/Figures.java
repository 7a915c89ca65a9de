package dev.harness.core.slo;

import java.util.Map;

import org.HdrHistogram.Histogram;

import dev.harness.core.measure.Percentiles;

/**
 * Where objectives read their values: a finished run, one window of it, or a log with its JSON.
 * The same objective gives the same value from a run and from its log, merged or not.
 */
public interface Figures {
    /** A view's values in ns (tag as in the hlog: response, service ...), or null when the source has none. */
    Histogram view(String tag);

    /** A figure of the run; NaN when the source does not know it. */
    double figure(Term.Figure figure);

    /** The term's value (ns for a time); NaN when there is nothing to measure it on (no samples). */
    default double value(Term term) {
        if (term.figure() != null) {
            return figure(term.figure());
        }
        Histogram h = view(term.view());
        if (term.statistic().equals("count")) {
            return h == null ? 0 : h.getTotalCount();
        }
        if (h == null || h.getTotalCount() == 0) {
            return Double.NaN;
        }
        return switch (term.statistic()) {
            case "mean" -> h.getMean();
            case "max" -> h.getMaxValue();
            default -> Percentiles.at(h, term.percentile());
        };
    }

    /** Why the term is not known here, when the source can say ("delivery not checked (--drainers 0)"); null otherwise. */
    default String unknown(Term term) {
        return null;
    }

    /** Figures from histograms by tag and a map of run figures (absent ones unknown). */
    static Figures of(Map<String, Histogram> views, Map<Term.Figure, Double> figures) {
        return of(views, figures, Map.of());
    }

    /** As {@link #of(Map, Map)}, with why some figures are not known. */
    static Figures of(Map<String, Histogram> views, Map<Term.Figure, Double> figures, Map<Term.Figure, String> unknown) {
        return new Figures() {
            @Override
            public String unknown(Term term) {
                return term.figure() == null ? null : unknown.get(term.figure());
            }

            @Override
            public Histogram view(String tag) {
                return views.get(tag);
            }

            @Override
            public double figure(Term.Figure figure) {
                return figures.getOrDefault(figure, Double.NaN);
            }
        };
    }
}
