package dev.harness.core.slo;

import java.util.Locale;

/**
 * One window of the measured phase, in seconds from the run's start, and what happened in it.
 *
 * @param whole whether it is a whole window; the measured phase's remainder after the last whole
 *     one is not, and is not judged as one
 */
public record Window(double fromS, double toS, Figures figures, boolean whole) {
    /** A whole window. */
    public Window(double fromS, double toS, Figures figures) {
        this(fromS, toS, figures, true);
    }

    public double seconds() {
        return toS - fromS;
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%.0fs-%.0fs", fromS, toS);
    }
}
