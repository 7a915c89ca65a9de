package dev.harness.core.verify;

import java.util.List;

import dev.harness.core.disturbance.Stop;

/**
 * How slowly a run worked off the backlog of its stops, from its completions alone (its JSON's
 * intervals, no latency view): the rate C of {@link StallTruth#catchingUpAt}. A stop of length P
 * at R msg/s leaves R P messages due and not done at its end E; they are worked off, while new
 * ones keep coming at R, by the first interval end at which the messages due but not completed are
 * back to what they were before the stop (what the system has in flight anyway: twice the median
 * over the measured intervals before it, and one). That took D, and
 * C = R + R P / D. An interval's resolution bounds D from above, so C is the slowest the catch-up
 * can have been: the most the truth can be.
 */
public final class CatchUp {
    /**
     * An interval's end and the run's completions by then.
     *
     * @param endS seconds from the schedule's start
     * @param cumulativeCompleted every completion from the start to then, warmup included
     */
    public record Point(double endS, long cumulativeCompleted) {
    }

    private CatchUp() {
    }

    /**
     * The slowest catch-up of these stops, msg/s: for each, from its end to the end of the interval
     * by which it was worked off (the run's last when never); infinite when there are no stops.
     *
     * @param rate the schedule's rate, msg/s
     * @param measuredFromS where the measured phase begins, seconds from the schedule's start: the
     *     warmup's slow start is no measure of what is usually in flight
     * @param points every interval of the run, in order
     */
    public static double slowest(double rate, double measuredFromS, List<Stop> stops, List<Point> points) {
        double slowest = Double.POSITIVE_INFINITY;
        for (Stop s : stops) {
            double beganS = s.atNs() / 1e9;
            double endS = (s.atNs() + s.lengthNs()) / 1e9;
            double usual = usualBehind(rate, measuredFromS, beganS, points);
            double doneS = Double.NaN;
            for (Point p : points) {
                if (p.endS() > endS) {
                    doneS = p.endS();
                    if (due(rate, p.endS()) - p.cumulativeCompleted() <= 2 * usual + 1) {
                        break;
                    }
                }
            }
            if (!Double.isNaN(doneS)) {
                slowest = Math.min(slowest, rate + rate * (s.lengthNs() / 1e9) / (doneS - endS));
            }
        }
        return slowest;
    }

    /** The median of the messages due and not completed at the measured interval ends before {@code beforeS}. */
    private static double usualBehind(double rate, double fromS, double beforeS, List<Point> points) {
        double[] behind = points.stream().filter(p -> p.endS() > fromS && p.endS() < beforeS)
                .mapToDouble(p -> Math.max(0, due(rate, p.endS()) - p.cumulativeCompleted())).sorted().toArray();
        return behind.length == 0 ? 0 : behind[behind.length / 2];
    }

    /** Messages due from the schedule's start to {@code s} seconds: one at 0, then one every 1 / R. */
    private static double due(double rate, double s) {
        return Math.floor(rate * s) + 1;
    }
}
