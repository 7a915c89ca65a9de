package dev.harness.cli;

import dev.harness.core.SettingsException;
import dev.harness.core.jms.LoginRefusedException;
import dev.harness.core.jms.UnreachableException;
import picocli.CommandLine.IExitCodeExceptionMapper;
import picocli.CommandLine.ParameterException;

/**
 * Exit codes scripts can rely on (docs/reference/exit-codes.md), and the one map from the harness's
 * failure kinds to them. A command returns {@link #OK} or throws one of the kinds; no command
 * picks a code of its own.
 */
final class ExitCode {
    static final int OK = 0;
    /** A bug in the harness: something a user cannot fix by changing options. */
    static final int INTERNAL = 1;
    /** Bad input: an option value or a file. */
    static final int USAGE = 2;
    /**
     * The system under test cannot be reached, or was reached and refused the login: nothing was
     * measured either way, and the message says which. One code for both, as before the two were
     * told apart, so that scripts written against 3 keep working.
     */
    static final int UNREACHABLE = 3;
    /** The system under test failed during the run: what was measured is kept and reported. */
    static final int FAILED_DURING_RUN = 4;
    /** The run completed and an objective (--slo) was not met; a run that did not complete keeps its own code. */
    static final int OBJECTIVES_FAILED = 5;
    /** The run completed and its summary was printed, but an output file could not be written. */
    static final int OUTPUT_NOT_WRITTEN = 6;
    /**
     * Ctrl-C (SIGINT): what was measured is reported. The JVM exits with 128 + SIGINT's 2 whatever
     * the command returns, so this is also the code of a command that stops at once.
     */
    static final int INTERRUPTED = 130;
    /**
     * SIGTERM (kill, docker stop, Kubernetes ending a pod): handled as Ctrl-C is, what was measured
     * is reported, but the JVM exits with 128 + SIGTERM's 15. No command returns it; the signal
     * decides it.
     */
    static final int TERMINATED = 143;

    /** Every code above, for the tests that hold each command's list of codes to them. */
    static final java.util.List<Integer> ALL = java.util.List.of(OK, INTERNAL, USAGE, UNREACHABLE, FAILED_DURING_RUN,
            OBJECTIVES_FAILED, OUTPUT_NOT_WRITTEN, INTERRUPTED, TERMINATED);

    private ExitCode() {
    }

    /** The one map: failure kind to exit code. */
    static int of(Throwable failure) {
        if (failure instanceof ParameterException || failure instanceof SettingsException) {
            return USAGE;
        }
        if (failure instanceof LoginRefusedException) {
            return UNREACHABLE;
        }
        if (failure instanceof UnreachableException) {
            return UNREACHABLE;
        }
        if (failure instanceof Failure.DuringRun) {
            return FAILED_DURING_RUN;
        }
        if (failure instanceof Failure.ObjectivesFailed) {
            return OBJECTIVES_FAILED;
        }
        if (failure instanceof Failure.OutputNotWritten) {
            return OUTPUT_NOT_WRITTEN;
        }
        if (failure instanceof Failure.Interrupted) {
            return INTERRUPTED;
        }
        return INTERNAL;
    }

    /** {@link #of} for picocli, set on every command by {@link Harness#commandLine}. */
    static final IExitCodeExceptionMapper MAPPER = ExitCode::of;
}
