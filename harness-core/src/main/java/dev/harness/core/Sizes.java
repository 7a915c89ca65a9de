package dev.harness.core;

import java.util.Locale;

/**
 * The size units users type, one rule for every option that takes them (--size, --slo limits):
 * b, and k, m, g with or without b or ib, case-insensitive, all binary (2KiB = 2KB = 2k = 2,048),
 * as queue managers count message sizes.
 */
public final class Sizes {
    private Sizes() {
    }

    /** What one of {@code unit} is in bytes, or 0 when it is no size unit. */
    public static long multiplier(String unit) {
        return switch (unit.toLowerCase(Locale.ROOT)) {
            case "b" -> 1;
            case "k", "kb", "kib" -> 1024;
            case "m", "mb", "mib" -> 1024 * 1024;
            case "g", "gb", "gib" -> 1024 * 1024 * 1024;
            default -> 0;
        };
    }
}
