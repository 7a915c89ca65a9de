package dev.harness.core;

/** One named setting with its value as text, as the user would write it: a line of a run's header. */
public record Setting(String name, String value) {
}
