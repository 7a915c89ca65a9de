import java.util.Map;
import java.util.TreeMap;

import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

/**
 * For bench/probe-attach-correction.sh: of a probe's hlog, first the longest hiccup in ms (the
 * stop the script made, as the probed JVM's hiccup meter saw it: a SIGSTOP and SIGCONT on a loaded
 * machine are not exactly PAUSE apart), then per tag given, the corrections (the
 * TAG-pause-corrected view's count less TAG's) of the interval that got the most, which holds that
 * stop, that view's longest time there (the stop as the probe's pause detector measured it, less
 * one interval between calls) in ms, and the corrections of all intervals (the machine's own
 * hiccups add theirs).
 * Usage: Corrections HLOG TAG...
 */
public final class Corrections {
    public static void main(String[] args) throws Exception {
        HistogramLogReader hiccups = new HistogramLogReader(args[0]);
        long longest = 0;
        for (EncodableHistogram h; (h = hiccups.nextIntervalHistogram()) != null;) {
            if ("hiccup".equals(h.getTag())) {
                longest = Math.max(longest, ((Histogram) h).getMaxValue());
            }
        }
        System.out.println("hiccup " + longest / 1_000_000 + " - -");
        for (int t = 1; t < args.length; t++) {
            String tag = args[t];
            Map<Long, long[]> byStart = new TreeMap<>(); // start ms: {calls, pause-corrected, its max ns}
            HistogramLogReader reader = new HistogramLogReader(args[0]);
            EncodableHistogram h;
            while ((h = reader.nextIntervalHistogram()) != null) {
                int i = tag.equals(h.getTag()) ? 0 : (tag + "-pause-corrected").equals(h.getTag()) ? 1 : -1;
                if (i >= 0) {
                    long[] c = byStart.computeIfAbsent(h.getStartTimeStamp(), k -> new long[3]);
                    c[i] += ((Histogram) h).getTotalCount();
                    if (i == 1) {
                        c[2] = Math.max(c[2], ((Histogram) h).getMaxValue());
                    }
                }
            }
            long most = 0;
            long mostMaxNs = 0;
            long all = 0;
            for (long[] c : byStart.values()) {
                if (c[1] - c[0] > most) {
                    most = c[1] - c[0];
                    mostMaxNs = c[2];
                }
                all += c[1] - c[0];
            }
            System.out.println(tag + " " + most + " " + mostMaxNs / 1_000_000 + " " + all);
        }
    }
}
