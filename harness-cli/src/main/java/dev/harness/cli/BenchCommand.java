package dev.harness.cli;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.DoubleFunction;

import dev.harness.core.FileErrors;
import dev.harness.core.SettingsException;
import dev.harness.core.WorkloadKind;
import dev.harness.core.jms.Api;
import dev.harness.core.jms.Provider;
import dev.harness.core.jms.UnreachableException;
import dev.harness.core.measure.View;
import dev.harness.core.report.BenchTable;
import dev.harness.core.report.BenchTable.Ran;
import dev.harness.core.run.RunControl;
import dev.harness.core.run.RunSummary;
import dev.harness.core.run.Runner;
import dev.harness.core.run.RunnerSettings;
import dev.harness.core.run.Workload;
import dev.harness.core.schedule.Shard;
import dev.harness.core.schedule.Warmup;
import dev.harness.core.study.CapacitySearch;
import dev.harness.core.workload.PutSettings;
import dev.harness.core.workload.PutWorkload;
import dev.harness.core.workload.ReqRespSettings;
import dev.harness.core.workload.ReqRespWorkload;
import dev.harness.core.workload.SizeMix;
import dev.harness.core.workload.WorkloadSettings;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The highest sustainable rate of puts, per configuration. Unthrottled first, to find the
 * capacity; then fixed rates from there downwards until one is sustained: the harness keeps its
 * schedule (achieved rate within 2 % of target) and no backlog builds (response p99 within a
 * bound). Results are printed as a Markdown table with date and machine, and appended to a file
 * only when --out names one.
 */
@Command(name = "bench", mixinStandardHelpOptions = true, sortOptions = false, usageHelpAutoWidth = true,
        defaultValueProvider = Defaults.class,
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:every configuration was benched and the table printed (and appended to --out)",
            "2:bad option value or file",
            "3:cannot reach the broker, or it refused the login", "4:the broker failed during a trial",
            "6:the benches completed and were printed, but --out could not be written",
            "130:interrupted with Ctrl-C (the configurations benched are printed)",
            "143:terminated with SIGTERM (as Ctrl-C)"},
        description = {"Finds the highest sustainable rate, and its CPU cost, of puts or request/response.",
            "  put: 1 sender and 1 drainer, non-persistent, persistent outside syncpoint, persistent with syncpoint 10;",
            "  reqresp: IBM's standard request/response workload (10 + 10 queues, 2 KiB, persistent, in syncpoint,",
            "           closed, 10 responders) with each of --requesters. Prints a Markdown table; --out FILE appends it."})
final class BenchCommand implements Callable<Integer>, UsesApi {
    @Spec
    CommandSpec spec;

    @Option(names = "--size", converter = Values.Size.class, paramLabel = "SIZE",
            description = "Message size. Default: ${DEFAULT-VALUE}.")
    int sizeBytes;

    @Option(names = "--warmup", defaultValue = "3s", converter = Values.Duration.class, paramLabel = "DURATION",
            description = "Warmup of each trial. Default: ${DEFAULT-VALUE}.")
    long warmupNs;

    @Option(names = "--trial", defaultValue = "10s", converter = Values.Duration.class, paramLabel = "DURATION",
            description = "Measured length of each trial. Default: ${DEFAULT-VALUE}.")
    long trialNs;

    @Option(names = "--steps", defaultValue = "5", description = "Fixed-rate trials at most per configuration, each 10 %% below the last. Default: ${DEFAULT-VALUE}.")
    int steps;

    @Option(names = "--max-p99", defaultValue = "50ms", converter = Values.Duration.class, paramLabel = "DURATION",
            description = "A sustained rate keeps response p99 below this. Default: ${DEFAULT-VALUE}.")
    long maxP99Ns;

    @Option(names = "--workload", defaultValue = "put", paramLabel = "put|reqresp", converter = Values.WorkloadChoice.class,
            description = "Default: ${DEFAULT-VALUE}.")
    WorkloadKind workload;

    @Option(names = "--requesters", defaultValue = "10,50,300", split = ",", paramLabel = "N",
            description = "reqresp: requester counts to test. Default: ${DEFAULT-VALUE}.")
    List<Integer> requesterCounts;

    @Option(names = "--search",
            description = "put: for each configuration, search over senders and sends in flight, led by what limited"
                    + " each highest sustained rate (busy senders, blocking or with a full in-flight window), and report the"
                    + " configuration that sustained the highest rate.")
    boolean search;

    @Option(names = "--search-max-senders", defaultValue = "8", paramLabel = "N",
            description = "--search: most senders tried. Default: ${DEFAULT-VALUE}.")
    int searchMaxSenders;

    @Option(names = "--search-max-in-flight", defaultValue = "256", paramLabel = "N",
            description = "--search: most sends in flight per sender tried. Default: ${DEFAULT-VALUE}.")
    int searchMaxInFlight;

    @Option(names = "--out", paramLabel = "FILE",
            description = "Append the table (Markdown, headed by the date and the machine) to FILE, e.g. the repository's"
                    + " bench/results-put.md to commit it. Without it, the table is printed only.")
    Path out;

    @Mixin
    ProviderOptions target;

    @Override
    public Api api() {
        return target.api();
    }

    /** One configuration to bench: its name and the workload at a given rate (0 = as fast as it goes). */
    private record Config(String name, DoubleFunction<Workload> workloadAt) {
    }

    /** A put configuration the search varies: its senders and sends in flight. */
    private record Shape(String name, boolean persistent, int syncpoint) {
    }

    private volatile RunControl current = new RunControl();
    private volatile boolean interrupted;
    private int trials;
    private Provider provider;

    @Override
    public Integer call() throws UnreachableException {
        CapacitySearch<Config, Ran> capacity = new CapacitySearch<>(steps, maxP99Ns, this::trial, () -> interrupted);
        boolean reqresp = workload == WorkloadKind.REQRESP;
        if (!reqresp && spec.commandLine().getParseResult().hasMatchedOption("--requesters")) {
            throw new ParameterException(spec.commandLine(), "--requesters: applies to --workload reqresp only");
        }
        if (reqresp && search) {
            throw new ParameterException(spec.commandLine(), "--search: applies to --workload put only");
        }
        SettingsException.atLeast("--search-max-senders", searchMaxSenders, 1);
        SettingsException.require(searchMaxInFlight >= 1 && searchMaxInFlight <= WorkloadSettings.MAX_IN_FLIGHT,
                "--search-max-in-flight", "expected a whole number from 1 to " + WorkloadSettings.MAX_IN_FLIGHT
                        + ", got " + searchMaxInFlight);
        if (out != null) {
            checkWritable();
        }
        List<Config> configs = reqresp ? reqrespConfigs() : putConfigs();
        configs.forEach(c -> c.workloadAt().apply(1)); // settings that cannot run fail now, not after minutes of trials
        trials = 0;
        List<String> rows = new ArrayList<>();
        try (InterruptGuard guard = new InterruptGuard(() -> {
                    interrupted = true;
                    current.requestStop(RunControl.INTERRUPTED);
                });
                Provider provider = target.open()) {
            this.provider = provider;
            try {
                for (Shape shape : search ? shapes() : List.<Shape>of()) {
                    CapacitySearch.Searched<Ran> s = capacity.search((senders, inFlight) -> put(shape.name() + ", " + senders
                            + (senders == 1 ? " sender, " : " senders, ") + inFlight + " in flight", shape.persistent(),
                            shape.syncpoint(), senders, inFlight), searchMaxSenders, searchMaxInFlight);
                    for (int i = 0; i < s.tried().size(); i++) {
                        CapacitySearch.Tried<Ran> t = s.tried().get(i);
                        rows.add(BenchTable.row(t.bench().max().run().name(), t.bench(), steps, i == s.best()));
                    }
                    if (s.ended() != null) {
                        System.out.printf(Locale.ROOT, "%-30s search ends: %s%n", shape.name(), s.ended());
                    }
                    if (interrupted) {
                        break;
                    }
                }
                for (Config c : search ? List.<Config>of() : configs) {
                    CapacitySearch.Bench<Ran> b = capacity.bench(c);
                    if (b == null) {
                        break;
                    }
                    rows.add(BenchTable.row(c.name(), b, steps, false));
                }
            } catch (CapacitySearch.NothingCompleted e) {
                throw new Failure.DuringRun(((Config) e.config()).name() + ": " + e.getMessage());
            } catch (UnreachableException | RuntimeException e) {
                throw e;
            } catch (Exception e) {
                throw new IllegalStateException(e); // the launcher throws nothing else
            }
            write(provider.target() + ", client " + provider.client(), rows, reqresp);
            if (interrupted) {
                throw new Failure.Interrupted("interrupted: " + rows.size() + " of " + configs.size()
                        + " configurations benched");
            }
            return ExitCode.OK;
        }
    }

    private List<Shape> shapes() {
        return List.of(new Shape("non-persistent", false, 0), new Shape("persistent, outside syncpoint", true, 0),
                new Shape("persistent, syncpoint 10", true, 10));
    }

    /** Fails at once, not after minutes of trials, when the results cannot be written. */
    private void checkWritable() {
        try {
            Path parent = out.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            Files.writeString(out, "", StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new ParameterException(spec.commandLine(), "--out " + out + ": cannot write the file: " + FileErrors.describe(e));
        }
    }

    private List<Config> putConfigs() {
        return List.of(put("non-persistent", false, 0), put("persistent, outside syncpoint", true, 0),
                put("persistent, syncpoint 10", true, 10));
    }

    private Config put(String name, boolean persistent, int syncpoint) {
        return put(name, persistent, syncpoint, 1, 1);
    }

    /** Senders each with a drainer of its own on the one queue, so the drainers are not what limits them. */
    private Config put(String name, boolean persistent, int syncpoint, int senders, int inFlight) {
        // A queue of its own per trial: a trial that gave up must not leave a backlog for the next.
        return new Config(name, rate -> new PutWorkload(new PutSettings(rate, senders, Warmup.fixed(warmupNs), trialNs, SizeMix.of(sizeBytes),
                persistent, syncpoint, 1, "HARNESS.BENCH." + (++trials) + ".Q", senders,
                WorkloadSettings.DEFAULT_DRAIN_TIMEOUT_NS, Shard.WHOLE, inFlight)));
    }

    private List<Config> reqrespConfigs() {
        List<Config> configs = new ArrayList<>();
        for (int n : requesterCounts) {
            SettingsException.atLeast("--requesters", n, 1);
            // The unthrottled probe of request/response, as a sweep's --to max runs it.
            configs.add(new Config(n + " requesters", rate -> {
                int t = ++trials;
                boolean probe = rate == 0;
                return new ReqRespWorkload(new ReqRespSettings(probe ? CapacitySearch.CLOSED_PROBE_RATE : rate, n, 10, Warmup.fixed(warmupNs), trialNs,
                        SizeMix.of(sizeBytes), true, 1, 10, "BENCH" + t + ".REQUEST", "BENCH" + t + ".REPLY",
                        probe ? CapacitySearch.CLOSED_PROBE_REPLY_TIMEOUT_NS : ReqRespSettings.DEFAULT_REPLY_TIMEOUT_NS, false,
                        probe ? 0 : WorkloadSettings.DEFAULT_DRAIN_TIMEOUT_NS, Shard.WHOLE));
            }));
        }
        return configs;
    }

    /** One trial on the provider opened: a run of the configuration at that rate, 0 for none. */
    private CapacitySearch.Trial<Ran> trial(Config c, double rate) throws UnreachableException {
        current = new RunControl();
        if (interrupted) {
            current.requestStop(RunControl.INTERRUPTED);
        }
        Workload w = c.workloadAt().apply(rate);
        long cpuBefore = processCpuNs();
        RunSummary summary = new Runner(RunnerSettings.every(RunnerSettings.DEFAULT_INTERVAL_NS), List.of()).run(provider, w, current);
        double cpuSeconds = (processCpuNs() - cpuBefore) / 1e9;
        if (summary.ending().failure() != null) {
            throw new Failure.DuringRun("the broker failed during the trial of " + c.name() + ": " + summary.ending().failure());
        }
        Ran ran = new Ran(c.name(), summary, cpuSeconds);
        System.out.println(BenchTable.trialLine(ran, rate));
        long responseP99Ns = summary.views().measured().get(View.RESPONSE).getValueAtPercentile(99);
        return new CapacitySearch.Trial<>(rate, summary.throughput().achievedRate(), summary.ending().stopReason() != null,
                summary.counts().unsent(), summary.counts().lost(), responseP99Ns, summary.saturation(), ran);
    }

    /** CPU of this whole process: the harness and, when embedded, the broker. */
    private static long processCpuNs() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    private void write(String target, List<String> rows, boolean reqresp) {
        String md = BenchTable.markdown(target, reqresp ? "IBM's standard request/response workload: 10 + 10 queues,"
                + " persistent, in syncpoint, closed, 10 responders" : search ? "senders and sends in flight as named, a"
                + " drainer per sender, 1 queue; the search follows what limited each configuration"
                : "1 sender, 1 drainer, 1 queue", sizeBytes, trialNs, warmupNs, maxP99Ns, reqresp, rows);
        System.out.println(md);
        if (out == null) {
            return;
        }
        try {
            Files.writeString(out, md, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            OutputFiles notWritten = new OutputFiles(spec);
            notWritten.failed("--out", out, e);
            notWritten.throwIfAny();
        }
        System.out.println("appended to " + out);
    }
}
