package dev.harness.core.workload;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import javax.jms.JMSException;
import javax.jms.Message;

import dev.harness.core.SettingsException;

/**
 * The application properties every message of the run carries, besides the run's own
 * ({@link MessageHeader#RUN_PROPERTY}): {@code --properties N} of mixed types (string, int, long,
 * double, boolean, in turn: prop1 .. propN), and each {@code --property NAME=VALUE} as a string.
 * A broker parses them (IBM MQ in the MQRFH2 header), so they cost it what an application's do.
 * Names and values are made before the run; setting them allocates nothing of the harness's own.
 */
public final class MessageProperties {
    public static final MessageProperties NONE = new MessageProperties(List.of(), List.of());
    /** The most --properties: more is no application's message. */
    public static final int MAX_GENERATED = 100;
    /** Words a selector reserves, which JMS forbids as property names. */
    private static final Set<String> RESERVED = Set.of("NULL", "TRUE", "FALSE", "NOT", "AND", "OR", "BETWEEN", "LIKE",
            "IN", "IS", "ESCAPE");
    private static final String[] TYPES = {"string", "int", "long", "double", "boolean"};

    private final String[] names;
    /** Per property: 0 string, 1 int, 2 long, 3 double, 4 boolean. */
    private final int[] types;
    private final String[] strings;
    private final long[] numbers;
    private final List<String> given;

    private MessageProperties(List<String> generated, List<String> given) {
        Map<String, String> values = new LinkedHashMap<>();
        List<Integer> typeList = new ArrayList<>();
        for (int i = 0; i < generated.size(); i++) {
            values.put(generated.get(i), null);
            typeList.add(i % TYPES.length);
        }
        for (String g : given) {
            int eq = g.indexOf('=');
            SettingsException.require(eq > 0, "--property", "expected NAME=VALUE, got '" + g + "'");
            String name = g.substring(0, eq).trim();
            checkName(name);
            SettingsException.require(!values.containsKey(name), "--property", name + " is given twice (or is one of"
                    + " --properties' prop1 .. propN)");
            values.put(name, g.substring(eq + 1));
            typeList.add(0);
        }
        int n = values.size();
        this.names = values.keySet().toArray(String[]::new);
        this.types = typeList.stream().mapToInt(Integer::intValue).toArray();
        this.strings = new String[n];
        this.numbers = new long[n];
        int i = 0;
        for (Map.Entry<String, String> e : values.entrySet()) {
            strings[i] = e.getValue() != null ? e.getValue() : "value of " + e.getKey();
            numbers[i] = 1_000_003L * (i + 1);
            i++;
        }
        this.given = List.copyOf(given);
    }

    /** {@code count} properties of mixed types and these NAME=VALUE ones; bad ones are one line naming the option. */
    public static MessageProperties of(int count, List<String> given) {
        SettingsException.require(count >= 0 && count <= MAX_GENERATED, "--properties", "expected 0 to " + MAX_GENERATED
                + ", got " + count);
        if (count == 0 && given.isEmpty()) {
            return NONE;
        }
        List<String> generated = new ArrayList<>();
        for (int i = 1; i <= count; i++) {
            generated.add("prop" + i);
        }
        return new MessageProperties(generated, given);
    }

    private static void checkName(String name) {
        boolean identifier = !name.isEmpty() && Character.isJavaIdentifierStart(name.charAt(0))
                && name.chars().skip(1).allMatch(Character::isJavaIdentifierPart);
        SettingsException.require(identifier, "--property", "'" + name + "' is no property name: a letter, then"
                + " letters, digits or _ (as JMS selectors need)");
        SettingsException.require(!RESERVED.contains(name.toUpperCase(Locale.ROOT)), "--property", "'" + name
                + "' is a word of the selector syntax, which JMS refuses as a property name");
        SettingsException.require(!name.startsWith("JMS"), "--property", "'" + name + "': names that begin with JMS"
                + " belong to JMS and the provider");
        SettingsException.require(!name.equals(MessageHeader.RUN_PROPERTY), "--property", "'" + name
                + "' is the run's own property");
    }

    public boolean any() {
        return names.length > 0;
    }

    /** Sets them on a message of the run. */
    void apply(Message m) throws JMSException {
        for (int i = 0; i < names.length; i++) {
            switch (types[i]) {
                case 0 -> m.setStringProperty(names[i], strings[i]);
                case 1 -> m.setIntProperty(names[i], (int) numbers[i]);
                case 2 -> m.setLongProperty(names[i], numbers[i]);
                case 3 -> m.setDoubleProperty(names[i], numbers[i] / 8.0);
                default -> m.setBooleanProperty(names[i], (i & 1) == 0);
            }
        }
    }

    /** As the run header says it. */
    public String describe() {
        if (!any()) {
            return "none";
        }
        List<String> parts = new ArrayList<>();
        int generated = names.length - given.size();
        if (generated == 1) {
            parts.add("1 (prop1: a string)");
        } else if (generated > 0) {
            List<String> types = List.of(TYPES).subList(0, Math.min(generated, TYPES.length));
            parts.add(generated + " (prop1 .. prop" + generated + ": " + String.join(", ", types)
                    + (generated > TYPES.length ? " in turn)" : ")"));
        }
        parts.addAll(given);
        return String.join(", ", parts) + " on every message the schedule sends";
    }
}
