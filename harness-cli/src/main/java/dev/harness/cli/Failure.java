package dev.harness.cli;

/**
 * The failure kinds of the command line itself, beside those of harness-core (bad settings:
 * {@link dev.harness.core.SettingsException}; the system under test not reached or refusing the
 * login: {@link dev.harness.core.jms.UnreachableException}). {@link ExitCode#of} maps each to its
 * code; the message is the one line printed after the command's name.
 */
final class Failure {
    private Failure() {
    }

    /** The system under test failed during the run: what was measured is reported. */
    static final class DuringRun extends RuntimeException {
        DuringRun(String oneLine) {
            super(oneLine);
        }
    }

    /** The run completed and its summary was printed, but an output file could not be written. */
    static final class OutputNotWritten extends RuntimeException {
        OutputNotWritten(String oneLine) {
            super(oneLine);
        }
    }

    /** The run completed, and one or more of its objectives (--slo) were not met. */
    static final class ObjectivesFailed extends RuntimeException {
        ObjectivesFailed(String oneLine) {
            super(oneLine);
        }
    }

    /** Ctrl-C or SIGTERM: what was done is reported. */
    static final class Interrupted extends RuntimeException {
        Interrupted(String oneLine) {
            super(oneLine);
        }
    }
}
