package dev.harness.core.jms;

import java.util.HashMap;
import java.util.Map;

/**
 * The values given for a kind's options, by option name, as the command line converted them
 * (see {@link ProviderOption.Value}); an option not given has none, and the kind applies its default.
 */
public final class ProviderValues {
    public static final ProviderValues NONE = new ProviderValues(Map.of());

    private final Map<String, Object> values = new HashMap<>();

    /** @param values by option name ("--mq-port"); a null value is an option not given */
    public ProviderValues(Map<String, ?> values) {
        values.forEach((name, value) -> {
            if (value != null) {
                this.values.put(name, value);
            }
        });
    }

    public boolean given(String option) {
        return values.containsKey(option);
    }

    /** A {@link ProviderOption.Value#TEXT} option's value, or null. */
    public String text(String option) {
        return (String) values.get(option);
    }

    /** A {@link ProviderOption.Value#WHOLE_NUMBER} option's value, or null. */
    public Integer wholeNumber(String option) {
        return (Integer) values.get(option);
    }

    /** A {@link ProviderOption.Value#DURATION} option's value in nanoseconds, or null. */
    public Long durationNs(String option) {
        return (Long) values.get(option);
    }

    /** An {@link ProviderOption.Value#ON_OFF} option's value, or null when neither form was given. */
    public Boolean onOff(String option) {
        return (Boolean) values.get(option);
    }
}
