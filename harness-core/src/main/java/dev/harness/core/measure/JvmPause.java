package dev.harness.core.measure;

import java.time.Instant;

/** A pause of the harness JVM, as its pause detector saw it. */
public record JvmPause(long lengthNs, Instant end) {
}
