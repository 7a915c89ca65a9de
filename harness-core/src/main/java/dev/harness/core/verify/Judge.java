package dev.harness.core.verify;

import java.util.ArrayList;
import java.util.List;

import org.HdrHistogram.Histogram;

import dev.harness.core.measure.Percentiles;

/**
 * The figures of a run held against the truth: the rows of a {@link ScenarioResult}. Every figure
 * here is read from the run's own outputs (its hlog's histograms, its JSON's counts), never from
 * the harness's memory, so a view that is wrong on disk fails here.
 */
public final class Judge {
    private static final long MS = 1_000_000L;

    private Judge() {
    }

    /**
     * {@code response} at these percentiles, and its max when asked, against the stall's truth;
     * {@code service} beside it. A percentile the stops do not reach (too few messages delayed) is
     * no row. The least is the truth with the backlogs cleared at once; the most, with them cleared
     * at {@code slowestCatchUp} ({@link CatchUp}), which only the percentiles below the max feel.
     */
    public static List<Row> stall(StallTruth truth, double slowestCatchUp, Histogram response, Histogram service,
            List<Double> percentiles, boolean max) {
        return stall(truth, slowestCatchUp, response, "response", service, percentiles, max);
    }

    /**
     * As above for any view measured from the intended time: {@code fanout}, the last copy of each
     * message, holds the same truth when every subscription resumes with the broker.
     */
    public static List<Row> stall(StallTruth truth, double slowestCatchUp, Histogram measured, String view,
            Histogram service, List<Double> percentiles, boolean max) {
        Histogram response = measured;
        StallTruth least = truth.shortest(truth.intervalNs());
        StallTruth most = slowestCatchUp > truth.rate() && !Double.isInfinite(slowestCatchUp)
                ? truth.longest().catchingUpAt(slowestCatchUp) : truth.longest();
        List<Row> rows = new ArrayList<>();
        for (double p : percentiles) {
            long t = truth.valueAt(p);
            if (t > 0) {
                rows.add(new Row(Percentiles.label(p), Row.Unit.NS, t, least.valueAt(p), most.valueAt(p),
                        Percentiles.at(response, p), view, Percentiles.at(service, p), false));
            }
        }
        if (max) {
            rows.add(new Row("max", Row.Unit.NS, truth.max(), least.max(), most.max(), response.getMaxValue(), view,
                    service.getMaxValue(), false));
        }
        return rows;
    }

    /**
     * The samples pause-corrected added for a stop of the harness's own JVM, against one per
     * message due in it (R P). Its detector sees a pause to within its voters' loop at either end
     * (its own threads' and the hiccup meter's), and LatencyStats' correction starts one interval
     * in, so the least is for the stop that much shorter.
     *
     * @param added the samples it added around the stop (pause-corrected's count less put's)
     * @param resolutionNs the longest loop of the detector's voters: the longer of --pause-resolution
     *     and --hiccup-resolution
     */
    public static Row pauseCorrections(StallTruth truth, long added, long resolutionNs) {
        // A count is whole: a least of 1,990.2 is met by 1,990 samples (CI failed a run on that fraction).
        return new Row("pause-corrected added", Row.Unit.COUNT, truth.pauseCorrections(),
                Math.floor(truth.shortest(2 * resolutionNs + truth.intervalNs()).pauseCorrections()),
                Math.ceil(truth.longest().pauseCorrections()), added,
                "pause-corrected", Double.NaN, false);
    }

    /**
     * The GC pauses the harness reported against the JVM's own log over the same measured phase:
     * how many, their time and the longest; the JVM's beans give whole milliseconds, so each pause
     * may be a millisecond either way, and a pause at either end of the phase may fall on its
     * other side. Then {@code response} at least the truth of those pauses at p99 and max: every
     * message due in a pause waits for its end, and whatever else the system did only adds.
     *
     * @param logged the log's pauses that ended in the measured phase
     * @param count the harness's GC pauses in the measured phase
     * @param totalNs their total
     * @param longestNs the longest of them
     * @param truth the stall truth of the logged pauses, at the run's rate
     */
    public static List<Row> gc(List<GcLog.Pause> logged, long count, long totalNs, long longestNs, StallTruth truth,
            Histogram response, Histogram service) {
        long n = logged.size();
        long total = logged.stream().mapToLong(GcLog.Pause::lengthNs).sum();
        long longest = logged.stream().mapToLong(GcLog.Pause::lengthNs).max().orElse(0);
        List<Row> rows = new ArrayList<>();
        rows.add(new Row("GC pauses", Row.Unit.COUNT, n, Math.max(0, n - 1), n + 1, count, "gc-pauses", Double.NaN, false));
        rows.add(new Row("GC pause time", Row.Unit.NS, total, Math.max(0, total - n * MS), total + n * MS, totalNs,
                "gc-pauses", Double.NaN, false));
        rows.add(new Row("longest GC pause", Row.Unit.NS, longest, Math.max(0, longest - MS), longest + MS, longestNs,
                "gc-pauses", Double.NaN, false));
        StallTruth least = truth.shortest(truth.intervalNs());
        long p99 = truth.valueAt(99);
        if (p99 > 0) {
            rows.add(new Row("p99", Row.Unit.NS, p99, least.valueAt(99), p99, Percentiles.at(response, 99), "response",
                    Percentiles.at(service, 99), true));
        }
        rows.add(new Row("max", Row.Unit.NS, truth.max(), least.max(), truth.max(), response.getMaxValue(), "response",
                service.getMaxValue(), true));
        return rows;
    }
}
