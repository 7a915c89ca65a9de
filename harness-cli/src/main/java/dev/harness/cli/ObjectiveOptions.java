package dev.harness.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import dev.harness.core.report.JunitReport;
import dev.harness.core.slo.Verdict;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * The objectives a command judges, and its verdict's JUnit file: --slo (repeatable),
 * --slo-allow-invalid, --junit, for run, ab and check. What an objective is judged on is each
 * command's (a run, ab's sides, a log and its JSON), and so are the words of its help: the resource
 * bundle beside this class holds them, by command.
 */
@Command(resourceBundle = "dev.harness.cli.ObjectiveOptions")
final class ObjectiveOptions {
    @Option(names = "--slo", paramLabel = "OBJECTIVE", descriptionKey = "objectives.slo")
    List<String> slo = new ArrayList<>();

    @Option(names = "--slo-allow-invalid", descriptionKey = "objectives.slo-allow-invalid")
    boolean allowInvalid;

    @Option(names = "--junit", paramLabel = "FILE", descriptionKey = "objectives.junit")
    Path junit;

    /** Before any work: the JUnit file can be written, and there is a verdict to write in it. */
    void check(CommandSpec spec) {
        OutputFiles.checkWritable(spec, "--junit", junit);
        if (junit != null && slo.isEmpty()) {
            throw new ParameterException(spec.commandLine(), "--junit: writes the verdict on the objectives; give at"
                    + " least one --slo");
        }
    }

    /** The verdict as JUnit XML in {@code file}, when one is asked; a file not written is said in {@code out}. */
    static void writeJunit(Path file, String suite, Instant start, Verdict verdict, OutputFiles out) {
        if (file == null) {
            return;
        }
        try {
            JunitReport.write(file, suite, start, verdict);
        } catch (IOException e) {
            out.failed("--junit", file, e);
        }
    }
}
