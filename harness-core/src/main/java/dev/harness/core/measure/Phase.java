package dev.harness.core.measure;

/** A message belongs to the warmup or the measured phase by its intended send time. */
public enum Phase {
    WARMUP, MEASURED
}
