package dev.harness.e2e;

import java.io.FileNotFoundException;
import java.nio.file.Path;

import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

/** Reads an hlog back with HdrHistogram's own reader: one tag, all intervals added. */
final class HlogFiles {
    private HlogFiles() {
    }

    static Histogram sum(Path hlog, String tag) throws FileNotFoundException {
        return sumEndingAfter(hlog, tag, Long.MIN_VALUE);
    }

    /** The intervals of one tag that end after {@code epochMs}, added. */
    static Histogram sumEndingAfter(Path hlog, String tag, long epochMs) throws FileNotFoundException {
        HistogramLogReader reader = new HistogramLogReader(hlog.toFile());
        Histogram sum = null;
        EncodableHistogram h;
        while ((h = reader.nextIntervalHistogram()) != null) {
            if (tag.equals(h.getTag()) && h.getEndTimeStamp() > epochMs) {
                if (sum == null) {
                    sum = ((Histogram) h).copy();
                } else {
                    sum.add((Histogram) h);
                }
            }
        }
        reader.close();
        if (sum == null) {
            throw new AssertionError("no interval tagged " + tag + " in " + hlog);
        }
        return sum;
    }
}
