package dev.harness.core.hlog;

import java.nio.file.Path;

/** An hlog that cannot be used: missing, unreadable, no HdrHistogram log, or unfit to merge. One line naming it. */
public final class BadHlogException extends Exception {
    private static final long serialVersionUID = 1L;
    private final transient Path file;
    private final String problem;

    public BadHlogException(Path file, String problem, Throwable cause) {
        super(file + ": " + problem, cause);
        this.file = file;
        this.problem = problem;
    }

    public BadHlogException(Path file, String problem) {
        this(file, problem, null);
    }

    /** The file, as it was given. */
    public Path file() {
        return file;
    }

    /** What is wrong with it, without the file name. */
    public String problem() {
        return problem;
    }
}
