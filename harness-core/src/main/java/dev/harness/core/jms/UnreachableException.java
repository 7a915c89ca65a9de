package dev.harness.core.jms;

/** The system under test cannot be reached at all: nothing was measured. */
public final class UnreachableException extends Exception {
    public UnreachableException(String oneLine, Throwable cause) {
        super(oneLine, cause);
    }
}
