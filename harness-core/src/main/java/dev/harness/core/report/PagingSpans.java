package dev.harness.core.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import dev.harness.core.Units;

/**
 * When the broker paged the run's queues to disk, at the intervals' resolution, from their depth
 * figures in order: a span runs from the start of the first interval whose end saw it paging to the
 * end of the last one that did, before one saw it not paging. An interval that does not say (-1)
 * neither starts nor ends a span.
 */
final class PagingSpans {
    /**
     * @param fromS the start of the first interval that saw it paging, seconds from the start
     * @param toS the end of the last one
     * @param depthAtStart the broker's count when paging was first seen; -1 if it gave none
     * @param ended whether a later interval saw it stop
     */
    record Span(double fromS, double toS, long depthAtStart, boolean ended) {
    }

    private final List<Span> spans = new ArrayList<>();
    private double fromS = Double.NaN;
    private double toS;
    private long depthAtStart;
    private boolean began;

    /** One interval's figures, in order: at its end the broker paged (1), did not (0), or did not say (-1). */
    void add(double startS, double endS, int paging, long brokerDepth) {
        began = false;
        if (paging == 1) {
            if (Double.isNaN(fromS)) {
                fromS = startS;
                depthAtStart = brokerDepth;
                began = true;
            }
            toS = endS;
        } else if (paging == 0 && !Double.isNaN(fromS)) {
            spans.add(new Span(fromS, toS, depthAtStart, true));
            fromS = Double.NaN;
        }
    }

    /** Whether the last interval added began a span. */
    boolean began() {
        return began;
    }

    /** Every span so far, one still open running to the last interval that saw it paging. */
    List<Span> spans() {
        List<Span> all = new ArrayList<>(spans);
        if (!Double.isNaN(fromS)) {
            all.add(new Span(fromS, toS, depthAtStart, false));
        }
        return all;
    }

    /** The summary's line; null when the broker never paged (or never said). */
    String line() {
        List<Span> all = spans();
        if (all.isEmpty()) {
            return null;
        }
        Span first = all.get(0);
        return String.format(Locale.ROOT, "broker paging: the broker paged the run's queues to disk from +%.1f s%s to"
                + " +%.1f s%s%s: their messages passed the memory it gives them, and it kept the rest in page files",
                first.fromS(), first.depthAtStart() >= 0 ? " (its count " + Units.count(first.depthAtStart()) + ")" : "",
                first.toS(), first.ended() || all.size() > 1 ? "" : " (still paging at the last interval)",
                all.size() == 1 ? "" : String.format(Locale.ROOT, ", and %d time%s more", all.size() - 1,
                        all.size() == 2 ? "" : "s"));
    }
}
