package dev.harness.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import dev.harness.core.FileErrors;
import dev.harness.core.logdisk.LogDiskSettings;
import dev.harness.core.logdisk.LogDiskProbe;
import dev.harness.core.logdisk.SyncMode;
import dev.harness.core.report.LogDiskReport;
import dev.harness.core.run.RunControl;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** MQLDT's test, better: can this filesystem keep up with a persistent-messaging log? */
@Command(name = "logdisk", mixinStandardHelpOptions = true, sortOptions = false, usageHelpAutoWidth = true,
        defaultValueProvider = Defaults.class,
        description = {"Tests whether a filesystem keeps up with a persistent-messaging log, as MQLDT does.",
            "Lays out files like a queue manager's recovery log, fills them, then writes each block size",
            "sequentially, file after file, each write durable before the next, and reports bytes/s and write latency."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:the test completed", "2:bad option, unusable directory, too little space, or a write failed",
            "6:the test completed and its results were printed, but --json or --hlog could not be written",
            "130:interrupted with Ctrl-C (what was measured is reported)",
            "143:terminated with SIGTERM (as Ctrl-C)"})
final class LogdiskCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--dir", required = true, paramLabel = "DIR", description = "Directory on the filesystem to test.")
    Path dir;

    @Option(names = "--bsize", split = ",", paramLabel = "SIZE",
            description = "Write sizes, tested in turn. Default: ${DEFAULT-VALUE}.")
    List<String> blockSizes;

    @Option(names = "--files", description = "Number of files. Default: ${DEFAULT-VALUE}.")
    int files;

    @Option(names = "--file-size", converter = Values.LongSize.class, paramLabel = "SIZE",
            description = "Size of each file. Default: ${DEFAULT-VALUE}.")
    long fileSize;

    @Option(names = "--duration", converter = Values.Duration.class, paramLabel = "DURATION",
            description = "How long each block size is tested. Default: ${DEFAULT-VALUE}.")
    long durationNs;

    @Option(names = "--threads",
            description = "Concurrent writers, each on its own files, to see how the device scales. Default: ${DEFAULT-VALUE}.")
    int threads;

    @Option(names = "--sync", paramLabel = "dsync|fdatasync", converter = Values.SyncChoice.class,
            description = "dsync: files opened with O_DSYNC; fdatasync: write, then fdatasync. Default: ${DEFAULT-VALUE}.")
    SyncMode sync;

    @Option(names = "--file-prefix", paramLabel = "P", description = "Test file names. Default: ${DEFAULT-VALUE}.")
    String filePrefix;

    @Option(names = "--json", paramLabel = "FILE", description = "Write the results as JSON.")
    Path json;

    @Option(names = "--hlog", paramLabel = "FILE", description = "Write an HdrHistogram log of write latencies (ns), tag write-<bsize>.")
    Path hlog;

    @Option(names = "--keep", description = "Leave the test files in place.")
    boolean keep;

    @Override
    public Integer call() {
        LogDiskSettings settings = settings();
        String problem = LogDiskProbe.problem(settings);
        if (problem != null) {
            throw usage(problem);
        }
        OutputFiles.checkWritable(spec, "--json", json);
        OutputFiles.checkWritable(spec, "--hlog", hlog);
        RunControl control = new RunControl();
        LogDiskProbe test = new LogDiskProbe(settings, control);
        LogDiskReport report;
        try {
            report = new LogDiskReport(System.out, settings, hlog);
        } catch (IOException e) {
            throw usage("--hlog " + hlog + ": cannot write the file: " + FileErrors.describe(e));
        }
        try (InterruptGuard guard = new InterruptGuard(() -> control.requestStop(RunControl.INTERRUPTED)); report) {
            report.header();
            System.out.printf(Locale.ROOT, "creating and filling %d files of %,d bytes ...%n", settings.files(), settings.fileSize());
            try {
                test.layOut();
                test.run(report);
            } catch (IOException e) {
                throw usage("--dir " + dir + ": write failed: " + FileErrors.describe(e));
            } finally {
                if (!keep) {
                    test.removeFiles();
                } else {
                    System.out.println("kept the test files in " + dir);
                }
            }
            if (control.failure() != null) {
                throw usage("--dir " + dir + ": " + control.failure());
            }
            if (json != null) {
                try {
                    report.writeJson(json, control.stopReason());
                } catch (IOException e) {
                    OutputFiles notWritten = new OutputFiles(spec);
                    notWritten.failed("--json", json, e);
                    notWritten.throwIfAny();
                }
            }
            return ExitCode.OK;
        }
    }

    /** The settings check themselves, naming the option that is wrong. */
    private LogDiskSettings settings() {
        List<Integer> sizes = new ArrayList<>();
        for (String b : blockSizes) {
            try {
                sizes.add(Values.sizeBytes(b));
            } catch (RuntimeException e) {
                throw usage("--bsize: " + e.getMessage());
            }
        }
        return new LogDiskSettings(dir.toAbsolutePath(), filePrefix, sizes, files, fileSize, durationNs, threads, sync, keep);
    }

    private ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
