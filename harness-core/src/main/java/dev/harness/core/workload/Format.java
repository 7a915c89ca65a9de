package dev.harness.core.workload;

/** Settings as text, the way a user writes them. */
public final class Format {
    private Format() {
    }

    static String rate(double rate) {
        return rate == Math.rint(rate) ? Long.toString((long) rate) : Double.toString(rate);
    }

    public static String duration(long ns) {
        if (ns % 1_000_000_000L == 0) {
            long s = ns / 1_000_000_000L;
            return s % 60 == 0 && s > 0 ? (s / 60) + "m" : s + "s";
        }
        return (ns / 1_000_000L) + "ms";
    }
}
