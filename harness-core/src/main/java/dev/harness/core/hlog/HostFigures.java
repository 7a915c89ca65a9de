package dev.harness.core.hlog;

import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * One interval's host figures, carried in the hlog as a comment line after the interval's
 * histograms ({@code #host 1.000 2.000 runnable=9 cpus=2 iowait=12.0 diskInFlight=4}), which
 * HdrHistogram's tools skip. NaN where /proc lacked a figure; such a figure is left off the line.
 *
 * @param startS the interval's start, seconds from the log's start
 * @param endS its end
 */
public record HostFigures(double startS, double endS, double runnable, double cpus, double iowaitPercent,
        double diskInFlight) {
    /** The word that starts the comment. */
    static final String PREFIX = "host ";

    /** The comment's text, without {@code #}. */
    String line() {
        StringBuilder c = new StringBuilder(String.format(Locale.ROOT, "%s%.3f %.3f", PREFIX, startS, endS));
        if (!Double.isNaN(runnable)) {
            c.append(" runnable=").append((long) runnable);
        }
        if (!Double.isNaN(cpus)) {
            c.append(" cpus=").append((long) cpus);
        }
        if (!Double.isNaN(iowaitPercent)) {
            c.append(String.format(Locale.ROOT, " iowait=%.1f", iowaitPercent));
        }
        if (!Double.isNaN(diskInFlight)) {
            c.append(" diskInFlight=").append((long) diskInFlight);
        }
        return c.toString();
    }

    /** The figures of a comment's text (without {@code #}) that starts with {@code host }; null if it does not parse. */
    static HostFigures parse(String comment) {
        String[] parts = comment.split(" ");
        if (parts.length < 3) {
            return null;
        }
        try {
            Map<String, Double> f = new TreeMap<>();
            for (int i = 3; i < parts.length; i++) {
                int eq = parts[i].indexOf('=');
                if (eq > 0) {
                    f.put(parts[i].substring(0, eq), Double.parseDouble(parts[i].substring(eq + 1)));
                }
            }
            return new HostFigures(Double.parseDouble(parts[1]), Double.parseDouble(parts[2]),
                    f.getOrDefault("runnable", Double.NaN), f.getOrDefault("cpus", Double.NaN),
                    f.getOrDefault("iowait", Double.NaN), f.getOrDefault("diskInFlight", Double.NaN));
        } catch (NumberFormatException e) {
            return null; // a hand-edited or foreign comment: no host figures for that interval
        }
    }
}
