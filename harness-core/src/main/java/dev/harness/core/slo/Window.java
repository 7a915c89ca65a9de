package dev.harness.core.slo;

/**
 * One window of the measured phase, in seconds from the run's start, and what happened in it.
 */
public record Window(double fromS, double toS, Figures figures) {
    @Override
    public String toString() {
        return String.format(java.util.Locale.ROOT, "%.0fs-%.0fs", fromS, toS);
    }
}
