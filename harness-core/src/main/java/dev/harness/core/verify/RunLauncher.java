package dev.harness.core.verify;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** What starts verify's harness runs: the CLI runs each in a JVM of its own, with its files in one directory. */
public interface RunLauncher {
    /** Starts a harness run of these options, its JVM given these options. */
    Launched launch(String name, List<String> jvmOptions, List<String> args) throws IOException;

    /** Where a file the run's JVM writes beside its own (a GC log) goes. */
    Path file(String name);

    /** How a run ended: its exit code, -1 when it did not end in time (it was then stopped). */
    record Exit(int code, Kind kind) {
        public enum Kind {
            /** It ran to its end. */
            OK,
            /** It could not reach the broker: no other run will. */
            UNREACHABLE,
            /** It refused its options: verify's own mistake, or the user's broker options. */
            REFUSED,
            /** It failed, or it did not end. */
            FAILED
        }
    }

    /** A run under way. */
    interface Launched extends AutoCloseable {
        String name();

        long pid();

        /** Waits for the run's end, at most so long; a run that did not end is stopped. */
        Exit await(long boundNs) throws InterruptedException;

        /** Waits, bounded, until the run has cut the interval ending {@code seconds} after its schedule's start. */
        boolean awaitInterval(double seconds, long boundNs) throws IOException, InterruptedException;

        /** Its last line: the failure it said, or its last output. */
        String lastLine();

        /** Its JSON and hlog, once it ended. */
        RunFiles files() throws IOException;

        /** Stops it as Ctrl-C would. */
        @Override
        void close();
    }
}
