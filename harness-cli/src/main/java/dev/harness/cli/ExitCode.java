package dev.harness.cli;

/** Exit codes scripts can rely on. */
final class ExitCode {
    static final int OK = 0;
    /** A bug in the harness: something a user cannot fix by changing options. */
    static final int INTERNAL = 1;
    /** Bad input: an option value or a file. */
    static final int USAGE = 2;
    /** The system under test cannot be reached: nothing was measured. */
    static final int UNREACHABLE = 3;
    /** The system under test failed during the run: what was measured is kept and reported. */
    static final int FAILED_DURING_RUN = 4;
    /** Ctrl-C or SIGTERM: what was measured is reported (the JVM exits with 128 + SIGINT's 2). */
    static final int INTERRUPTED = 130;

    private ExitCode() {
    }
}
