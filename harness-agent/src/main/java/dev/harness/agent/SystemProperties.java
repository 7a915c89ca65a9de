package dev.harness.agent;

/**
 * The agents' only way to the probed JVM's system properties: a SecurityManager there may forbid
 * them, and agent code never throws into the application (a probe's end runs on its shutdown
 * hook's thread).
 */
public final class SystemProperties {
    private SystemProperties() {
    }

    /** Sets {@code key}; returns whether it could. Never throws. */
    public static boolean set(String key, String value) {
        try {
            System.setProperty(key, value);
            return true;
        } catch (Throwable e) {
            return false; // forbidden: the agent runs on without its status
        }
    }

    /** {@code key}'s value, or {@code otherwise} when unset or unreadable. Never throws. */
    public static String get(String key, String otherwise) {
        try {
            String v = System.getProperty(key);
            return v == null ? otherwise : v;
        } catch (Throwable e) {
            return otherwise;
        }
    }
}
