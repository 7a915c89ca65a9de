package dev.harness.agent;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * Where the agent's start line and pause lines go: standard error, or a file they are appended to.
 * Each line is flushed as it is written, so a line is on disk when a pause has just been seen,
 * and a host that dies does not take buffered lines with it.
 */
final class AgentLog {
    private final PrintStream out;
    private final String where;

    AgentLog(PrintStream out, String where) {
        this.out = out;
        this.where = where;
    }

    /**
     * The standard error stream as it is now: taken once, so a host that later redirects
     * System.err (into its logging, say) does not swallow the pause lines.
     */
    static AgentLog stderr() {
        return new AgentLog(System.err, "stderr");
    }

    /**
     * Opens {@code path} for appending (appending, so several runs or JVMs can share one file).
     *
     * @throws IllegalArgumentException with a one-line message naming the option when the file
     *         cannot be opened for writing
     */
    static AgentLog append(String path) {
        try {
            PrintStream out = new PrintStream(new FileOutputStream(path, true), true, StandardCharsets.UTF_8);
            return new AgentLog(out, path);
        } catch (IOException | SecurityException e) {
            String reason = String.valueOf(e.getMessage());
            if (reason.startsWith(path + " (") && reason.endsWith(")")) {
                reason = reason.substring(path.length() + 2, reason.length() - 1); // "path (No such file...)"
            }
            throw new IllegalArgumentException("log=" + path + ": expected a writable file path, but it cannot be"
                    + " opened for appending (" + reason + ")");
        }
    }

    /** The log the options ask for: the file named by {@code log}, else standard error. */
    static AgentLog of(AgentOptions options) {
        return options.log() == null ? stderr() : append(options.log());
    }

    /** Writes one line; PrintStream serializes concurrent writers, so lines never interleave. */
    void line(String line) {
        out.println(line);
    }

    /** Closes a log file; standard error stays the host's. */
    void close() {
        if (out != System.err) {
            out.close();
        }
    }

    /** "stderr" or the file path, for the start line. */
    String where() {
        return where;
    }
}
