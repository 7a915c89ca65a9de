package dev.harness.core;

/**
 * Bad input: a setting outside what the harness can run, named as the user gave it (an option
 * such as {@code --senders}) with what was expected, in one line. The settings records throw it
 * from their own checks, so that the command line does not repeat them.
 */
public class SettingsException extends IllegalArgumentException {
    private final String option;

    /** "--senders", "expected a whole number of at least 1, got 0" reads "--senders: expected ...". */
    public SettingsException(String option, String expected) {
        super(option + ": " + expected);
        this.option = option;
    }

    /** The option (or options) the message names. */
    public String option() {
        return option;
    }

    /** Throws unless {@code ok}. */
    public static void require(boolean ok, String option, String expected) {
        if (!ok) {
            throw new SettingsException(option, expected);
        }
    }

    /** A whole number of at least {@code min}. */
    public static void atLeast(String option, long value, long min) {
        require(value >= min, option, "expected a whole number of at least " + min + ", got " + value);
    }
}
