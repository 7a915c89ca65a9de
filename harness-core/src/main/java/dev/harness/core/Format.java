package dev.harness.core;

/** Settings as text, the way a user writes them. */
public final class Format {
    private Format() {
    }

    public static String rate(double rate) {
        return rate == Math.rint(rate) ? Long.toString((long) rate) : Double.toString(rate);
    }

    /**
     * A most a second ("at most 416 msg/s"), never rounded up: whole from 10, one decimal from 1, two
     * significant digits below (a consumer at 3 s a message: 0.33).
     */
    public static String mostRate(double rate) {
        if (rate >= 10 || rate <= 0) {
            return Units.rate(Math.floor(rate));
        }
        if (rate >= 1) {
            return Units.rate(Math.floor(rate * 10) / 10);
        }
        return new java.math.BigDecimal(rate).round(new java.math.MathContext(2, java.math.RoundingMode.FLOOR))
                .stripTrailingZeros().toPlainString();
    }

    /** "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st": for "every 2nd of 4 queues". */
    public static String ordinal(int n) {
        int tens = n % 100;
        String suffix = tens >= 11 && tens <= 13 ? "th" : switch (n % 10) {
            case 1 -> "st";
            case 2 -> "nd";
            case 3 -> "rd";
            default -> "th";
        };
        return n + suffix;
    }

    public static String duration(long ns) {
        if (ns % 1_000_000_000L == 0) {
            long s = ns / 1_000_000_000L;
            return s % 60 == 0 && s > 0 ? (s / 60) + "m" : s + "s";
        }
        return (ns / 1_000_000L) + "ms";
    }
}
