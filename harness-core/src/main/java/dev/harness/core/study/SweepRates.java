package dev.harness.core.study;

import java.util.List;

import dev.harness.core.Format;
import dev.harness.core.SettingsException;

/**
 * The target rates of a sweep's steps: listed by the user, or a geometric series from a rate to a
 * rate, or one around a measured capacity. Always increasing: a sweep goes from light load to past
 * its knee.
 */
public final class SweepRates {
    /** With {@code --to max}: the lightest step is this share of the capacity measured... */
    public static final double FROM_CAPACITY = 0.1;
    /** ...and the heaviest this share of it, a little past it, so the knee lies inside the sweep. */
    public static final double PAST_CAPACITY = 1.1;
    /** A sweep's steps at most: each is a whole run. */
    public static final int MAX_STEPS = 50;

    private SweepRates() {
    }

    /** The rates as given ({@code --rates}): each above the last. */
    public static double[] listed(List<Double> rates) {
        SettingsException.require(!rates.isEmpty(), "--rates", "expected at least one rate");
        SettingsException.require(rates.size() <= MAX_STEPS, "--rates", "expected at most " + MAX_STEPS + " rates, got " + rates.size());
        double[] r = new double[rates.size()];
        for (int i = 0; i < r.length; i++) {
            r[i] = rates.get(i);
            SettingsException.require(r[i] > 0, "--rates", "expected rates above 0 messages per second ('max' is --to max), got "
                    + text(r[i]));
            if (i > 0 && r[i] <= r[i - 1]) {
                throw new SettingsException("--rates", "expected increasing rates, from light load up; " + text(r[i])
                        + " follows " + text(r[i - 1]));
            }
        }
        return r;
    }

    /** {@code steps} rates from {@code from} to {@code to}, each the same factor above the last, whole where above 10. */
    public static double[] geometric(double from, double to, int steps) {
        SettingsException.require(from > 0, "--from", "expected a rate above 0, got " + text(from));
        SettingsException.require(steps >= 2 && steps <= MAX_STEPS, "--steps", "expected 2 to " + MAX_STEPS + " steps, got " + steps);
        if (to <= from) {
            throw new SettingsException("--to", "expected a rate above --from " + text(from) + ", got " + text(to));
        }
        double factor = Math.pow(to / from, 1.0 / (steps - 1));
        double[] r = new double[steps];
        for (int i = 0; i < steps; i++) {
            r[i] = i == steps - 1 ? to : from * Math.pow(factor, i);
            if (r[i] >= 10) {
                r[i] = Math.round(r[i]);
            }
        }
        for (int i = 1; i < steps; i++) {
            if (r[i] <= r[i - 1]) {
                throw new SettingsException("--steps", steps + " steps from " + text(from) + " to " + text(to)
                        + " round to equal rates; give fewer steps or a wider range");
            }
        }
        return r;
    }

    /** {@code --to max}: from {@value #FROM_CAPACITY} of the capacity (or {@code from}, when given) to {@value #PAST_CAPACITY} of it. */
    public static double[] aroundCapacity(double capacity, Double from, int steps) {
        double to = Math.floor(capacity * PAST_CAPACITY);
        double lightest = from != null ? from : Math.max(1, Math.floor(capacity * FROM_CAPACITY));
        if (to <= lightest) {
            throw new SettingsException("--from", text(lightest) + " is not below " + text(to) + ", " + Math.round(
                    PAST_CAPACITY * 100) + " % of the capacity measured (" + text(capacity) + "/s)");
        }
        return geometric(lightest, to, steps);
    }

    private static String text(double rate) {
        return Format.rate(rate);
    }
}
