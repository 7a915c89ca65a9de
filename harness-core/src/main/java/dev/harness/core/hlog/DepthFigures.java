package dev.harness.core.hlog;

import java.util.Locale;

/**
 * One interval's queue depth at its end, carried in the hlog as a comment line after the
 * interval's histograms ({@code #depth 1.000 2.000 harness=10761 broker=10700 paging=1}), which
 * HdrHistogram's tools skip: the harness's count (sent and preloaded, less completed), the broker's
 * own where it tells one, and whether the broker paged any of the queues to disk. -1 where a
 * figure is not known; such a figure is left off the line.
 *
 * @param startS the interval's start, seconds from the log's start
 * @param endS its end
 * @param paging 1 when the broker paged any of the run's queues to disk at the interval's end, 0
 *     when none, -1 when it did not say
 * @param queues each queue's depth as the harness counts it, in the run's order ({@code queues=10,12}); null when not counted
 */
public record DepthFigures(double startS, double endS, long harness, long broker, int paging, long[] queues) {
    /** Without the broker's paging (not told). */
    public DepthFigures(double startS, double endS, long harness, long broker) {
        this(startS, endS, harness, broker, -1, null);
    }

    /** Without each queue's depth. */
    public DepthFigures(double startS, double endS, long harness, long broker, int paging) {
        this(startS, endS, harness, broker, paging, null);
    }

    /** A record's equality on its figures, each queue's among them. */
    @Override
    public boolean equals(Object o) {
        return o instanceof DepthFigures d && d.startS == startS && d.endS == endS && d.harness == harness
                && d.broker == broker && d.paging == paging && java.util.Arrays.equals(d.queues, queues);
    }

    @Override
    public int hashCode() {
        return java.util.Objects.hash(startS, endS, harness, broker, paging, java.util.Arrays.hashCode(queues));
    }

    /** The word that starts the comment. */
    static final String PREFIX = "depth ";

    /** The comment's text, without {@code #}. */
    String line() {
        StringBuilder c = new StringBuilder(String.format(Locale.ROOT, "%s%.3f %.3f", PREFIX, startS, endS));
        if (harness >= 0) {
            c.append(" harness=").append(harness);
        }
        if (broker >= 0) {
            c.append(" broker=").append(broker);
        }
        if (paging >= 0) {
            c.append(" paging=").append(paging);
        }
        if (queues != null) {
            c.append(" queues=");
            for (int q = 0; q < queues.length; q++) {
                c.append(q == 0 ? "" : ",").append(queues[q]);
            }
        }
        return c.toString();
    }

    /** The figures of a comment's text (without {@code #}) that starts with {@code depth }; null if it does not parse. */
    static DepthFigures parse(String comment) {
        String[] parts = comment.split(" ");
        if (parts.length < 3) {
            return null;
        }
        try {
            long harness = -1;
            long broker = -1;
            int paging = -1;
            long[] queues = null;
            for (int i = 3; i < parts.length; i++) {
                if (parts[i].startsWith("harness=")) {
                    harness = Long.parseLong(parts[i].substring("harness=".length()));
                } else if (parts[i].startsWith("broker=")) {
                    broker = Long.parseLong(parts[i].substring("broker=".length()));
                } else if (parts[i].startsWith("paging=")) {
                    paging = Integer.parseInt(parts[i].substring("paging=".length())) > 0 ? 1 : 0;
                } else if (parts[i].startsWith("queues=")) {
                    String[] each = parts[i].substring("queues=".length()).split(",");
                    queues = new long[each.length];
                    for (int q = 0; q < each.length; q++) {
                        queues[q] = Long.parseLong(each[q]);
                    }
                }
            }
            return new DepthFigures(Double.parseDouble(parts[1]), Double.parseDouble(parts[2]), harness, broker, paging, queues);
        } catch (NumberFormatException e) {
            return null; // a hand-edited or foreign comment: no depth for that interval
        }
    }
}
