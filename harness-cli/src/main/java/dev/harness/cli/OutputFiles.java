package dev.harness.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import dev.harness.core.FileErrors;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/**
 * The files a command was asked to write: each checked before anything runs (a bad path is a usage
 * error, exit 2), and after the work, those that could not be written, said a line each once the
 * summary is out, then exit 6 ({@link Failure.OutputNotWritten}).
 */
final class OutputFiles {
    private final CommandSpec spec;
    private final List<String> notWritten = new ArrayList<>();

    OutputFiles(CommandSpec spec) {
        this.spec = spec;
    }

    /** Refuses a file that cannot be written, naming its option; nothing to check when it is null. */
    static void checkWritable(CommandSpec spec, String option, Path file) {
        String problem = file == null ? null : FileErrors.unwritable(file);
        if (problem != null) {
            throw new ParameterException(spec.commandLine(), option + " " + file + ": cannot write the file: " + problem);
        }
    }

    /** The file of that option was not written. */
    void failed(String option, Path file, IOException e) {
        failed(option, file, FileErrors.describe(e));
    }

    /** The file of that option was not written, for that reason. */
    void failed(String option, Path file, String why) {
        notWritten.add(option + " " + file + ": cannot write the file: " + why);
    }

    /** A file not written, said in a line of its own words. */
    void failed(String line) {
        notWritten.add(line);
    }

    boolean any() {
        return !notWritten.isEmpty();
    }

    /** Each file not written, a line on stderr: for a command that ends with another failure's code. */
    void say() {
        notWritten.forEach(line -> System.err.println(spec.qualifiedName() + ": " + line));
    }

    /** Exit 6 when a file was not written; the work itself is done and reported. */
    void throwIfAny() {
        if (any()) {
            throw new Failure.OutputNotWritten(String.join("; ", notWritten));
        }
    }
}
