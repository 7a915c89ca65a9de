package dev.harness.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;

import dev.harness.core.FileErrors;
import dev.harness.core.SettingsException;
import dev.harness.core.TempFiles;
import dev.harness.core.jms.Api;
import dev.harness.core.jms.UnreachableException;
import dev.harness.core.jms.artemis.ArtemisDiagnosis;
import dev.harness.core.verify.VerifyReport;
import dev.harness.core.verify.RunLauncher;
import dev.harness.core.verify.VerifyResult;
import dev.harness.core.verify.VerifyStudy;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

@Command(name = "verify", mixinStandardHelpOptions = true, sortOptions = false, usageHelpAutoWidth = true,
        description = {
            "Proves the harness's latency on this machine and broker: runs harness run child processes, each with a"
                    + " disturbance of known length (the broker frozen with SIGSTOP, the harness's own JVM stopped, GC"
                    + " pauses), and holds response, pause-corrected and the GC figures against the truth those lengths"
                    + " give, with service beside them. A figure passes when it is never under its truth and at most 5 %%"
                    + " over it; each run must be VALID.",
            "First finds a rate the system holds (an undisturbed run at --rate, then half, ...) and says which.",
            "Without --url or --provider, a harness broker child of verify's own is the broker. A broker given by --url"
                    + " is frozen through --broker-pid, or --freeze-cmd and --thaw-cmd; without them its freeze scenarios"
                    + " are not run, and say so. The runs are non-persistent."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:every scenario run passed",
            "2:bad option value",
            "3:cannot reach the broker, or it refused the login",
            "5:a figure failed, a scenario's run was NOT VALID, or no scenario could be run",
            "6:the table was printed, but --json or --report could not be written",
            "130:interrupted with Ctrl-C"})
final class VerifyCommand implements Callable<Integer>, UsesApi {
    /** verify's own options, which its runs never get. */
    private static final Set<String> OWN = Set.of("--quick", "--rate", "--broker-pid", "--freeze-cmd", "--thaw-cmd", "--json",
            "--report", "--dir", "--help", "--version", "-h", "-V");

    @Spec
    CommandSpec spec;

    @Option(names = "--quick", description = "The one-minute set: the broker frozen 2 s, and the harness's own JVM stopped"
            + " 2 s, at one rate.")
    boolean quick;

    @Option(names = "--rate", converter = Values.Rate.class, paramLabel = "N",
            description = "The rate to try first, msg/s; where the system does not hold it, half of it, and so on."
                    + " Default: ${DEFAULT-VALUE}.", defaultValue = "1000")
    double rate;

    @Mixin
    FreezeTargetOptions freezeTarget;

    @Option(names = "--json", paramLabel = "FILE", description = "Write every scenario's rows as JSON (harness-verify/1).")
    Path json;

    @Option(names = "--report", paramLabel = "FILE.html",
            description = "Write one HTML page: the table, and each scenario's percentile spectrum with its truth drawn in.")
    Path report;

    @Option(names = "--dir", paramLabel = "DIR",
            description = "Keep the runs' files here (each run's JSON, hlog, events and console). Default: a temporary"
                    + " directory, removed at the end.")
    Path dir;

    @Mixin
    ProviderOptions target;

    private volatile boolean interrupted;
    /** The study under way, which Ctrl-C stops. */
    private volatile VerifyStudy studying;

    @Override
    public Api api() {
        return target.api();
    }

    @Override
    public Integer call() throws Exception {
        if (rate == 0) {
            throw usage("--rate: expected messages per second: verify's truths need a fixed schedule, not max");
        }
        OutputFiles.checkWritable(spec, "--json", json);
        OutputFiles.checkWritable(spec, "--report", report);
        List<String> provider = providerArgs();
        boolean ownBroker = target.kind().ownBroker();
        target.refuseOtherKindsOptions();
        if (ownBroker && freezeTarget.given() != null) {
            throw usage(freezeTarget.given() + ": applies to a broker given by --url; without it verify freezes a harness"
                    + " broker child of its own");
        }
        freezeTarget.check();
        Path work = runsDirectory();
        // Closed in reverse order: the broker and the files first, then the guard lets an interrupted JVM exit.
        try (InterruptGuard guard = new InterruptGuard(this::interrupt);
                Cleanup cleanup = new Cleanup(dir == null ? work : null)) {
            List<String> base = new ArrayList<>(provider);
            List<String> freeze;
            String where;
            if (ownBroker) {
                cleanup.brokerData = Files.createTempDirectory("harness-verify-broker-");
                try {
                    cleanup.broker = new ChildBroker(cleanup.brokerData, ChildBroker.freePort(), "auto").start();
                } catch (IOException | ChildBroker.StartFailure | RuntimeException e) {
                    throw new UnreachableException("cannot start the harness broker child: " + ArtemisDiagnosis.oneLine(e), e);
                }
                ChildBroker broker = cleanup.broker;
                base = new ArrayList<>(List.of("--url", broker.url()));
                freeze = List.of("--broker-pid", Long.toString(broker.process().pid()));
                where = "a harness broker child (embedded Artemis) at " + broker.url() + ", process " + broker.process().pid();
            } else {
                freeze = freezeTarget.runArgs();
                where = String.join(" ", provider);
            }
            System.out.println("harness verify: " + (quick ? "the quick set" : "every scenario") + " against " + where
                    + "; the runs' files in " + work);
            VerifyStudy study = new VerifyStudy(quick, rate, base, freeze, new RunLauncher() {
                @Override
                public RunLauncher.Launched launch(String name, List<String> jvmOptions, List<String> args) throws IOException {
                    return VerifyCommand.this.launch(work, name, jvmOptions, args);
                }

                @Override
                public Path file(String name) {
                    return work.resolve(name);
                }
            }, System.out::println);
            studying = study;
            if (interrupted) {
                study.interrupt(); // Ctrl-C while verify's broker started
            }
            VerifyResult result = study.run(where);
            if (result == null) {
                throw new Failure.Interrupted("interrupted: no verdict");
            }
            VerifyReport.console(System.out, result);
            OutputFiles notWritten = new OutputFiles(spec);
            if (json != null) {
                try {
                    VerifyReport.writeJson(json, result);
                } catch (IOException e) {
                    notWritten.failed("--json", json, e);
                }
            }
            if (report != null) {
                try {
                    VerifyReport.writeHtml(report, result);
                    System.out.println("report: " + report);
                } catch (IOException e) {
                    notWritten.failed("--report", report, e);
                }
            }
            if (!result.passed()) {
                notWritten.say();
                throw new Failure.ObjectivesFailed(result.line());
            }
            notWritten.throwIfAny();
            return ExitCode.OK;
        }
    }

    /** verify's own broker child and the directories it made, removed at the end whatever happens. */
    private static final class Cleanup implements AutoCloseable {
        private final Path work;
        ChildBroker broker;
        Path brokerData;

        /** @param work the runs' directory to remove, or null to keep it (--dir) */
        Cleanup(Path work) {
            this.work = work;
        }

        @Override
        public void close() {
            if (broker != null) {
                broker.close();
            }
            TempFiles.deleteQuietly(brokerData);
            TempFiles.deleteQuietly(work);
        }
    }

    /** Where the runs' files go; absolute: the runs start in it, and are given their files' paths. */
    private Path runsDirectory() {
        try {
            return (dir != null ? Files.createDirectories(dir) : Files.createTempDirectory("harness-verify-")).toAbsolutePath();
        } catch (IOException e) {
            throw usage((dir != null ? "--dir " + dir : "the temporary directory") + ": cannot create the directory: "
                    + FileErrors.describe(e));
        }
    }

    /** Ctrl-C: the run under way stops (it lets a broker it froze go on), and no verdict is given. */
    private void interrupt() {
        interrupted = true;
        VerifyStudy study = studying;
        if (study != null) {
            study.interrupt();
        }
    }

    /**
     * Starts a run whose options harness run's own code has checked first (as ab's and k8s's are),
     * so a bad one is a usage error here, not a failed child.
     */
    private RunLauncher.Launched launch(Path dir, String name, List<String> jvmOptions, List<String> args)
            throws IOException {
        try {
            RunPlan.parse(args);
        } catch (ParameterException | SettingsException e) {
            throw usage("the options of the run " + name + " (" + String.join(" ", args) + "): " + e.getMessage());
        }
        System.out.println("  " + name + ": harness run " + String.join(" ", args));
        return VerifyChild.start(dir, name, jvmOptions, args);
    }

    /**
     * The options that name the broker and how to reach it (--url, --provider and each kind's,
     * the credentials, --api), as given: every run of verify's gets them.
     */
    private List<String> providerArgs() {
        List<String> args = new ArrayList<>();
        for (OptionSpec o : spec.commandLine().getParseResult().matchedOptions()) {
            if (OWN.contains(o.longestName())) {
                continue;
            }
            if (o.arity().max() == 0) {
                Object value = o.getValue();
                if (Boolean.TRUE.equals(value)) {
                    args.add(o.longestName());
                } else if (Boolean.FALSE.equals(value) && o.negatable()) {
                    args.add("--no-" + o.longestName().substring(2));
                }
                continue;
            }
            for (String v : o.originalStringValues()) {
                args.add(o.longestName());
                args.add(v);
            }
        }
        return args;
    }

    private ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
