package dev.harness.core.verify;

import java.util.List;

import dev.harness.core.disturbance.Stop;

/**
 * What a run's {@code response} must show when the system stopped, worked out from the schedule
 * and the stops' real lengths alone: the analytic truth {@code harness verify} and the end-to-end
 * tests hold the views against.
 *
 * <p>A fixed schedule of R messages per second; a stop of length P beginning at s. A message due
 * at s + t during the stop cannot complete before the stop ends, so it waits P - t: the R P
 * messages due in the stop wait evenly between 0 and P. If the backlog clears at once, R (P - x)
 * of them wait more than x, the longest waits P, and for a measured phase of T seconds holding
 * N = R T messages, the value at quantile q is where R (P - x) = (1 - q) N, i.e. P - (1 - q) T for
 * q above 1 - P / T. Several stops add their counts.
 *
 * <p>A backlog really clears at the rate the system can catch up, C: the k-th message of the
 * backlog is sent k / C after the stop's end, so the message due at s + t waits P - t (1 - R / C),
 * for t up to P / (1 - R / C), messages due after the stop included. Then R (P - x) / (1 - R / C)
 * wait more than x; the longest still waits P. With C infinite this is the instant case above.
 *
 * <p>Only messages due in the measured phase count: a stop that began in the warmup counts from
 * the warmup's end. Stops are taken to lie further apart than their backlogs take to clear (the
 * waits of overlapping backlogs would add up, and the truth would understate them). Waits are the
 * time the stop adds; the latency a message has anyway (its service time) comes on top.
 */
public final class StallTruth {
    private final double rate;
    private final long fromNs;
    private final long toNs;
    private final List<Stop> stops;
    private final double catchUpRate;

    private StallTruth(double rate, long fromNs, long toNs, List<Stop> stops, double catchUpRate) {
        if (!(rate > 0) || Double.isInfinite(rate)) {
            throw new IllegalArgumentException("a stall's truth needs a fixed rate above 0, got " + rate);
        }
        if (toNs < fromNs) {
            throw new IllegalArgumentException("the measured phase ends before it begins: " + fromNs + " to " + toNs);
        }
        this.rate = rate;
        this.fromNs = fromNs;
        this.toNs = toNs;
        this.stops = List.copyOf(stops);
        this.catchUpRate = catchUpRate;
    }

    /**
     * The truth for a run at {@code rate} messages per second whose measured phase runs from
     * {@code warmupNs} to {@code warmupNs + measuredNs} after the schedule's start, with these stops
     * (their {@link Stop#lengthNs}), the backlog clearing at once.
     */
    public static StallTruth of(double rate, long warmupNs, long measuredNs, List<Stop> stops) {
        return new StallTruth(rate, warmupNs, warmupNs + measuredNs, stops, Double.POSITIVE_INFINITY);
    }

    /** The truth with no measured phase to bound it: every message the stops delay counts. */
    public static StallTruth unbounded(double rate, List<Stop> stops) {
        return new StallTruth(rate, Long.MIN_VALUE / 4, Long.MAX_VALUE / 4, stops, Double.POSITIVE_INFINITY);
    }

    /**
     * The same truth with the backlog clearing at {@code messagesPerSecond}; infinite for at once.
     * At or below the rate a backlog never clears, and the truth is undefined.
     */
    public StallTruth catchingUpAt(double messagesPerSecond) {
        if (!(messagesPerSecond > rate)) {
            throw new IllegalArgumentException("a backlog clears only above the rate, " + rate + " msg/s; got "
                    + messagesPerSecond);
        }
        return new StallTruth(rate, fromNs, toNs, stops, messagesPerSecond);
    }

    /**
     * The least the truth can be: each stop as short as its uncertainty allows, and {@code lessNs}
     * shorter still (one interval of the schedule: the first message due in a stop may come up to an
     * interval after it began).
     */
    public StallTruth shortest(long lessNs) {
        return new StallTruth(rate, fromNs, toNs, stops.stream().map(s -> s.lasting(s.shortestNs() - lessNs)).toList(),
                catchUpRate);
    }

    /** The most the truth can be: each stop as long as its uncertainty allows. */
    public StallTruth longest() {
        return new StallTruth(rate, fromNs, toNs, stops.stream().map(s -> s.lasting(s.longestNs())).toList(), catchUpRate);
    }

    /** The schedule's interval between messages, in ns. */
    public long intervalNs() {
        return Math.round(1e9 / rate);
    }

    public double rate() {
        return rate;
    }

    public List<Stop> stops() {
        return stops;
    }

    /** Messages due in the measured phase: N = R T. */
    public double samples() {
        return rate * (toNs - fromNs) / 1e9;
    }

    /** The share of the rate a backlog's clearing leaves: 1 - R / C (1 when it clears at once). */
    private double slope() {
        return 1 - rate / catchUpRate;
    }

    /** Messages due in the measured phase that the stops made wait more than {@code xNs}. */
    public double countAbove(long xNs) {
        double k = slope();
        double count = 0;
        for (Stop s : stops) {
            if (s.lengthNs() <= xNs) {
                continue;
            }
            // Offsets t from the stop's start whose message waits more than x: P - k t > x.
            double from = Math.max(0, fromNs - s.atNs());
            double to = Math.min((s.lengthNs() - xNs) / k, (double) toNs - s.atNs());
            if (to > from) {
                count += rate * (to - from) / 1e9;
            }
        }
        return count;
    }

    /** Messages due in the measured phase that the stops made wait at all. */
    public double delayed() {
        return countAbove(0);
    }

    /** The longest wait of a message due in the measured phase: the longest stop, unless it began before the phase. */
    public long max() {
        double k = slope();
        long max = 0;
        for (Stop s : stops) {
            double t = Math.max(0, fromNs - s.atNs()); // the first offset due in the phase
            if (s.atNs() + t <= toNs) {
                max = Math.max(max, (long) Math.max(0, s.lengthNs() - k * t));
            }
        }
        return max;
    }

    /**
     * The wait at {@code percentile} (99.9 for p99.9) of the measured phase's messages: x such that
     * (1 - q) N of them wait more. 0 when the stops delay fewer messages than that: the percentile
     * lies among the undelayed, which the stops do not set.
     */
    public long valueAt(double percentile) {
        if (!(percentile > 0 && percentile < 100)) {
            throw new IllegalArgumentException("a percentile between 0 and 100, got " + percentile);
        }
        double above = (1 - percentile / 100) * samples();
        if (delayed() <= above) {
            return 0;
        }
        // countAbove falls steadily from delayed() at 0 to 0 at the longest stop: halve the range.
        long low = 0;
        long high = stops.stream().mapToLong(Stop::lengthNs).max().orElse(0);
        while (high - low > 1) {
            long mid = low + (high - low) / 2;
            if (countAbove(mid) > above) {
                low = mid;
            } else {
                high = mid;
            }
        }
        return high;
    }

    /**
     * The samples LatencyStats' correction adds for pauses of the harness's own JVM: one for each
     * message the schedule had due in them, R P per pause.
     */
    public double pauseCorrections() {
        double count = 0;
        for (Stop s : stops) {
            double from = Math.max(s.atNs(), fromNs);
            double to = Math.min(s.atNs() + s.lengthNs(), (double) toNs);
            if (to > from) {
                count += rate * (to - from) / 1e9;
            }
        }
        return count;
    }
}
