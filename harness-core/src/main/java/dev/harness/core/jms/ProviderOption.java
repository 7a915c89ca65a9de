package dev.harness.core.jms;

/**
 * One option of a {@link ProviderKind}, as users type it: the kind declares it, the command line
 * builds it, converts what is typed, and hands the value back by {@link #name}. A default is
 * stated in the description ("Default: 1414.") and applied by the kind, which owns it.
 *
 * @param name "--mq-port"
 * @param paramLabel "PORT"; null for an {@link Value#ON_OFF} option
 * @param fallbackValue the value of the option given without one (--mq-reconnect alone means
 *        any); null when a value is required
 */
public record ProviderOption(String name, String paramLabel, String description, Value value, String fallbackValue) {
    /** What the option takes; the command line refuses what does not convert, naming the option. */
    public enum Value {
        /** Text, checked by the kind. */
        TEXT,
        /** A whole number (an int). */
        WHOLE_NUMBER,
        /** A duration as users write it (500ms, 10s, 2m), handed over in nanoseconds. */
        DURATION,
        /** On with --name, off with --no-name (so that options after a profile can turn it off again). */
        ON_OFF
    }

    public ProviderOption {
        if (name == null || !name.startsWith("--") || description == null || value == null) {
            throw new IllegalArgumentException("a provider option needs a --name, a description and a value type");
        }
        if ((value == Value.ON_OFF) != (paramLabel == null) || value == Value.ON_OFF && fallbackValue != null) {
            throw new IllegalArgumentException(name + ": an on/off option has no parameter, every other one has");
        }
    }

    public static ProviderOption text(String name, String paramLabel, String description) {
        return new ProviderOption(name, paramLabel, description, Value.TEXT, null);
    }

    public static ProviderOption wholeNumber(String name, String paramLabel, String description) {
        return new ProviderOption(name, paramLabel, description, Value.WHOLE_NUMBER, null);
    }

    public static ProviderOption duration(String name, String paramLabel, String description) {
        return new ProviderOption(name, paramLabel, description, Value.DURATION, null);
    }

    public static ProviderOption onOff(String name, String description) {
        return new ProviderOption(name, null, description, Value.ON_OFF, null);
    }

    /** This option, also given without a value, which then means {@code fallback}. */
    public ProviderOption valueOptional(String fallback) {
        return new ProviderOption(name, paramLabel, description, value, fallback);
    }
}
