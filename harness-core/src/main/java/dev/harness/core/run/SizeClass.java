package dev.harness.core.run;

import java.util.List;

import org.HdrHistogram.Histogram;

/**
 * One size of a --size mix over the measured phase: its share of the schedule, and the response
 * of its messages that completed.
 *
 * @param bytes the size, header included
 * @param percent its share of the messages the schedule holds
 * @param response the measured phase's responses of messages of this size
 */
public record SizeClass(int bytes, double percent, Histogram response) {
    /** The mean size of the measured phase's completed messages: each size by how many of it completed; NaN for none. */
    public static double meanBytes(List<SizeClass> sizes) {
        long count = 0;
        double bytes = 0;
        for (SizeClass s : sizes) {
            count += s.response().getTotalCount();
            bytes += (double) s.bytes() * s.response().getTotalCount();
        }
        return count == 0 ? Double.NaN : bytes / count;
    }
}
