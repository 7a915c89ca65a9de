package dev.harness.core.slo;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.harness.core.SettingsException;
import dev.harness.core.Sizes;
import dev.harness.core.slo.Term.Dimension;

/**
 * One service-level objective, as the user wrote it: {@code response.p99 < 50ms},
 * {@code lost == 0}, {@code rate >= 0.98 * target}, {@code B.response.p99 <= 1.1 * A.response.p99},
 * and with a window, {@code response.p99 < 50ms per 10s} (it must hold in every 10 s of the
 * measured phase, not only over the whole of it).
 *
 * @param text the objective as written, trimmed
 * @param term what is measured
 * @param comparison how it must compare
 * @param limit the number it is compared with (ns for a time), or the factor of {@code reference}
 * @param reference the term the limit is a multiple of, or null for a plain limit
 * @param windowNs the window it must hold in, or 0 for the whole measured phase
 */
public record Objective(String text, Term term, Comparison comparison, double limit, Term reference, long windowNs) {
    /** The comparisons an objective may make. */
    public enum Comparison {
        LT("<"), LE("<="), GT(">"), GE(">="), EQ("==");

        final String symbol;

        Comparison(String symbol) {
            this.symbol = symbol;
        }

        boolean holds(double measured, double limit) {
            return switch (this) {
                case LT -> measured < limit;
                case LE -> measured <= limit;
                case GT -> measured > limit;
                case GE -> measured >= limit;
                case EQ -> measured == limit;
            };
        }

        static Comparison of(String symbol) {
            for (Comparison c : values()) {
                if (c.symbol.equals(symbol)) {
                    return c;
                }
            }
            throw new IllegalArgumentException(symbol);
        }

        @Override
        public String toString() {
            return symbol;
        }
    }

    private static final Pattern SHAPE = Pattern.compile("(.+?)\\s*(<=|>=|==|<|>)\\s*(.+?)(?:\\s+per\\s+(\\S+))?");
    private static final Pattern NUMBER = Pattern.compile("(\\d+(?:\\.\\d+)?(?:[eE][+-]?\\d+)?)\\s*([a-zA-Zµ/]+)?");
    private static final Pattern MULTIPLE = Pattern.compile("(?:(\\d+(?:\\.\\d+)?)\\s*\\*\\s*)?([A-Za-z][\\w.-]*)");
    private static final String OPTION = "--slo";

    /**
     * Parses an objective; a bad one is a {@link SettingsException} naming it and what was expected,
     * in one line.
     */
    public static Objective parse(String text) {
        String t = text == null ? "" : text.strip();
        String where = OPTION + " '" + t + "'";
        Matcher m = SHAPE.matcher(t);
        if (!m.matches()) {
            throw new SettingsException(where, "expected TERM OP LIMIT [per DURATION], e.g. 'response.p99 < 50ms',"
                    + " 'lost == 0', 'rate >= 0.98 * target', with OP one of <, <=, >, >=, ==");
        }
        try {
            Term term = Term.parse(m.group(1));
            Comparison comparison = Comparison.of(m.group(2));
            long windowNs = m.group(4) == null ? 0 : window(m.group(4));
            String right = m.group(3).strip();
            Matcher number = NUMBER.matcher(right);
            if (number.matches()) {
                double limit = limit(term, Double.parseDouble(number.group(1)), number.group(2));
                return check(new Objective(t, term, comparison, limit, null, windowNs));
            }
            Matcher multiple = MULTIPLE.matcher(right);
            if (multiple.matches()) {
                Term reference = Term.parse(multiple.group(2));
                if (reference.dimension() != term.dimension()) {
                    throw new IllegalArgumentException(term + " is " + article(term.dimension()) + " but " + reference + " is "
                            + article(reference.dimension()));
                }
                double factor = multiple.group(1) == null ? 1 : Double.parseDouble(multiple.group(1));
                return check(new Objective(t, term, comparison, factor, reference, windowNs));
            }
            throw new IllegalArgumentException("expected a limit after " + comparison + ": a number (with a unit for a time,"
                    + " 50ms) or N * TERM, got '" + right + "'");
        } catch (IllegalArgumentException e) {
            throw e instanceof SettingsException s ? s : new SettingsException(where, e.getMessage());
        }
    }

    private static Objective check(Objective o) {
        if (o.windowNs > 0) {
            for (Term t : new Term[] {o.term, o.reference}) {
                if (t != null && !t.perWindow()) {
                    throw new IllegalArgumentException(t + " is counted over the whole run, not per window;"
                            + " per window: the views (lost.count: requests given up), rate, target");
                }
            }
        }
        return o;
    }

    /**
     * The limit in the term's unit (ns for a time): a time needs its unit; a count takes none or a
     * size multiplier as --size does (2KiB is 2,048); a rate none or /s.
     */
    private static double limit(Term term, double n, String unit) {
        if (term.dimension() == Dimension.TIME) {
            if (unit == null) {
                throw new IllegalArgumentException(term + " is a time: give the limit with its unit, e.g. "
                        + (long) n + "ms or " + (long) n + "s");
            }
            Double ns = nanos(unit);
            if (ns == null) {
                throw new IllegalArgumentException(term + " is a time: expected a unit of ns, us, ms, s, m or h, got '" + unit + "'"
                        + (Sizes.multiplier(unit) > 0 ? ", a size" : ""));
            }
            return n * ns;
        }
        if (unit != null && term.dimension() == Dimension.COUNT) {
            long bytes = Sizes.multiplier(unit);
            if (bytes == 0) {
                throw new IllegalArgumentException(term + " is a count: expected a plain number or one with a size unit (2KiB),"
                        + " got the unit '" + unit + "'" + (nanos(unit) != null ? ", a time" : ""));
            }
            return n * bytes;
        }
        if (unit != null && !(term.dimension() == Dimension.RATE && (unit.equals("/s") || unit.equals("msg/s")))) {
            throw new IllegalArgumentException(term + " is " + article(term.dimension()) + ": expected a plain number,"
                    + " got the unit '" + unit + "'");
        }
        return n;
    }

    private static long window(String text) {
        Matcher m = NUMBER.matcher(text);
        Double ns = m.matches() && m.group(2) != null ? nanos(m.group(2)) : null;
        if (ns == null || Double.parseDouble(m.group(1)) <= 0) {
            throw new IllegalArgumentException("per: expected a window such as 10s or 1m, got '" + text + "'");
        }
        return Math.round(Double.parseDouble(m.group(1)) * ns);
    }

    private static Double nanos(String unit) {
        return switch (unit.toLowerCase(Locale.ROOT)) {
            case "ns" -> 1.0;
            case "us", "µs" -> 1e3;
            case "ms" -> 1e6;
            case "s" -> 1e9;
            case "m", "min" -> 60e9;
            case "h" -> 3600e9;
            default -> null;
        };
    }

    private static String article(Dimension d) {
        return switch (d) {
            case TIME -> "a time";
            case COUNT -> "a count";
            case RATE -> "a rate";
        };
    }

    /** Whether the objective names a side of harness ab (A. or B.). */
    public boolean sided() {
        return term.side() != null || (reference != null && reference.side() != null);
    }

    @Override
    public String toString() {
        return text;
    }
}
