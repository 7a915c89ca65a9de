package dev.harness.cli;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.DoubleFunction;

import org.HdrHistogram.Histogram;

import dev.harness.core.FileErrors;
import dev.harness.core.SettingsException;
import dev.harness.core.jms.Api;
import dev.harness.core.jms.Provider;
import dev.harness.core.jms.UnreachableException;
import dev.harness.core.measure.View;
import dev.harness.core.report.Units;
import dev.harness.core.run.RunControl;
import dev.harness.core.run.RunSummary;
import dev.harness.core.run.Runner;
import dev.harness.core.run.RunnerSettings;
import dev.harness.core.run.Saturation;
import dev.harness.core.run.Workload;
import dev.harness.core.run.WorkloadKind;
import dev.harness.core.schedule.Shard;
import dev.harness.core.workload.PutSettings;
import dev.harness.core.workload.PutWorkload;
import dev.harness.core.workload.ReqRespSettings;
import dev.harness.core.workload.ReqRespWorkload;
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

    private record Trial(double target, RunSummary summary, double cpuSeconds) {
        double cpuMsPerMessage() {
            return summary.counts().completed() == 0 ? 0 : cpuSeconds * 1000 / summary.counts().completed();
        }

        boolean sustained(long maxP99Ns) {
            Histogram response = summary.views().measured().get(View.RESPONSE);
            return summary.ending().stopReason() == null && summary.counts().unsent() == 0 && summary.counts().lost() == 0
                    && summary.throughput().achievedRate() >= 0.98 * target && response.getValueAtPercentile(99) <= maxP99Ns;
        }
    }

    private volatile RunControl current = new RunControl();
    private volatile boolean interrupted;
    private int trials;

    @Override
    public Integer call() throws UnreachableException {
        SettingsException.atLeast("--steps", steps, 1);
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
            if (search) {
                for (Shape shape : shapes()) {
                    rows.addAll(search(provider, shape));
                    if (interrupted) {
                        break;
                    }
                }
            }
            for (Config c : search ? List.<Config>of() : configs) {
                Bench b = bench(provider, c);
                if (b == null) {
                    break;
                }
                rows.add(row(c, b.max(), b.best()));
            }
            write(provider.target() + ", client " + provider.client(), rows, reqresp);
            if (interrupted) {
                throw new Failure.Interrupted("interrupted: " + rows.size() + " of " + configs.size()
                        + " configurations benched");
            }
            return ExitCode.OK;
        }
    }

    /** The unthrottled probe, the highest sustained rate (or null), and the first trial that was not sustained (or null). */
    private record Bench(Trial max, Trial best, Trial firstFailed) {
        double sustainedRate() {
            return best == null ? 0 : best.target();
        }
    }

    /** Probes the capacity, then steps down from it until a rate is sustained; null when interrupted. */
    private Bench bench(Provider provider, Config c) throws UnreachableException {
        Trial max = trial(provider, c, 0);
        if (interrupted) {
            return null;
        }
        if (max.summary().throughput().achievedRate() < 1) {
            throw new Failure.DuringRun(c.name() + ": nothing completed in the unthrottled trial");
        }
        Trial best = null;
        Trial firstFailed = null;
        double target = Math.floor(max.summary().throughput().achievedRate());
        for (int i = 0; i < steps && target >= 1 && !interrupted; i++) {
            Trial t = trial(provider, c, target);
            if (t.sustained(maxP99Ns)) {
                best = t;
                break;
            }
            if (firstFailed == null) {
                firstFailed = t;
            }
            target = Math.floor(target * 0.9);
        }
        return new Bench(max, best, firstFailed);
    }

    private List<Shape> shapes() {
        return List.of(new Shape("non-persistent", false, 0), new Shape("persistent, outside syncpoint", true, 0),
                new Shape("persistent, syncpoint 10", true, 10));
    }

    /**
     * From 1 blocking sender, each step follows what limited the last trial that was not kept
     * (its saturation): blocking senders busy, sends in flight (x8); the window full, more in
     * flight (x4); senders busy with sends in flight, more senders (x2). It stops when the broker
     * (or this JVM) was the limit, a step sustained no more than the best so far, or the bounds
     * are reached. Returns a row per configuration tried, the best marked.
     */
    private List<String> search(Provider provider, Shape shape) throws UnreachableException {
        int senders = 1;
        int inFlight = 1;
        List<String> rows = new ArrayList<>();
        Bench best = null;
        Config bestConfig = null;
        int bestRow = -1;
        for (int round = 0; round < 12 && !interrupted; round++) {
            Config c = put(shape.name() + ", " + senders + (senders == 1 ? " sender, " : " senders, ") + inFlight
                    + " in flight", shape.persistent(), shape.syncpoint(), senders, inFlight);
            Bench b = bench(provider, c);
            if (b == null) {
                break;
            }
            rows.add(row(c, b.max(), b.best()));
            if (best != null && b.sustainedRate() <= best.sustainedRate()) {
                break;
            }
            best = b;
            bestConfig = c;
            bestRow = rows.size() - 1;
            // What held the first rate not sustained back: the senders' own time says, whether or not
            // the rate fell short (a missed p99 bound is no shortfall, yet busy senders still cause it).
            // When the probe's rate itself was sustained, the probe's senders (never waiting for a
            // schedule) were the limit of what was asked: try more of them.
            // So is a configuration that sustained no rate at all: its probe says what held it back.
            Saturation why = (b.firstFailed() != null && b.best() != null ? b.firstFailed() : b.max()).summary().saturation();
            if (Saturation.HOST.equals(why.limit())) {
                // Busy senders on a contended host waited for a CPU: more of them would only add to the queue.
                System.out.printf(Locale.ROOT, "%-30s search ends: %s%n", shape.name(), why.sentence());
                break;
            }
            boolean busy = why.busyFraction() >= 0.9;
            boolean windowFull = busy && inFlight > 1 && why.windowFullFraction() >= why.busyFraction() / 2;
            if (busy && inFlight == 1 && inFlight < searchMaxInFlight) {
                inFlight = Math.min(searchMaxInFlight, 8);
            } else if (windowFull && inFlight < searchMaxInFlight) {
                inFlight = Math.min(searchMaxInFlight, inFlight * 4);
            } else if (busy && senders < searchMaxSenders) {
                senders = Math.min(searchMaxSenders, senders * 2);
            } else {
                System.out.printf(Locale.ROOT, "%-30s search ends: %s%n", shape.name(), busy
                        ? "--search-max-senders and --search-max-in-flight reached"
                        : String.format(Locale.ROOT, "senders busy %.0f %% of the time, so not the limit%s",
                                why.busyFraction() * 100, why.sentence() == null ? "" : ": " + why.sentence()));
                break;
            }
        }
        if (bestConfig != null && best.sustainedRate() > 0) {
            rows.set(bestRow, rows.get(bestRow).replaceFirst("^\\| ", "| **best:** "));
        }
        return rows;
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
        return new Config(name, rate -> new PutWorkload(new PutSettings(rate, senders, warmupNs, trialNs, sizeBytes,
                persistent, syncpoint, 1, "HARNESS.BENCH." + (++trials) + ".Q", senders,
                WorkloadSettings.DEFAULT_DRAIN_TIMEOUT_NS, Shard.WHOLE, inFlight)));
    }

    private List<Config> reqrespConfigs() {
        List<Config> configs = new ArrayList<>();
        for (int n : requesterCounts) {
            SettingsException.atLeast("--requesters", n, 1);
            // Closed mode at a rate no system here reaches is the unthrottled probe: every
            // requester goes as fast as its round trips allow, and the run stops soon after
            // the schedule's end (a short reply timeout bounds the wait for the last replies).
            configs.add(new Config(n + " requesters", rate -> {
                int t = ++trials;
                boolean probe = rate == 0;
                return new ReqRespWorkload(new ReqRespSettings(probe ? 1_000_000 : rate, n, 10, warmupNs, trialNs,
                        sizeBytes, true, 1, 10, "BENCH" + t + ".REQUEST", "BENCH" + t + ".REPLY",
                        probe ? 5_000_000_000L : ReqRespSettings.DEFAULT_REPLY_TIMEOUT_NS, false,
                        probe ? 0 : WorkloadSettings.DEFAULT_DRAIN_TIMEOUT_NS, Shard.WHOLE));
            }));
        }
        return configs;
    }

    private Trial trial(Provider provider, Config c, double rate) throws UnreachableException {
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
        Histogram response = summary.views().measured().get(View.RESPONSE);
        Trial t = new Trial(rate, summary, cpuSeconds);
        if (rate == 0) {
            System.out.printf(Locale.ROOT, "%-30s capacity probe (unthrottled): %10.0f/s  CPU %.3f ms per%n", c.name(),
                    summary.throughput().achievedRate(), t.cpuMsPerMessage());
            return t;
        }
        System.out.printf(Locale.ROOT, "%-30s target %10s  achieved %10.0f/s  response p50 %8.3f ms  p99 %9.3f ms  CPU %.3f ms per%s%n",
                c.name(), rate == 0 ? "max" : String.format(Locale.ROOT, "%.0f", rate), summary.throughput().achievedRate(),
                Units.toMs(response.getValueAtPercentile(50)), Units.toMs(response.getValueAtPercentile(99)), t.cpuMsPerMessage(),
                summary.ending().stopReason() == null || rate == 0 ? "" : "  (" + summary.ending().stopReason() + ")");
        return t;
    }

    /** CPU of this whole process: the harness and, when embedded, the broker. */
    private static long processCpuNs() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    private String row(Config c, Trial max, Trial best) {
        String sustained = best == null ? "not found in " + steps + " steps"
                : String.format(Locale.ROOT, "%,.0f", best.target());
        String latency = best == null ? "-" : String.format(Locale.ROOT, "%.3f / %.3f / %.3f",
                Units.toMs(best.summary().views().measured().get(View.RESPONSE).getValueAtPercentile(50)),
                Units.toMs(best.summary().views().measured().get(View.RESPONSE).getValueAtPercentile(99)),
                Units.toMs(best.summary().views().measured().get(View.SEND_LAG).getValueAtPercentile(99)));
        String cpu = best == null ? "-" : String.format(Locale.ROOT, "%.3f", best.cpuMsPerMessage());
        return String.format(Locale.ROOT, "| %s | %,.0f | %s | %s | %s |", c.name(), max.summary().throughput().achievedRate(), sustained,
                latency, cpu);
    }

    private void write(String target, List<String> rows, boolean reqresp) {
        StringBuilder md = new StringBuilder();
        md.append("\n## ").append(LocalDate.now()).append(", ").append(machine()).append("\n\n");
        md.append(String.format(Locale.ROOT, "Target: %s. %s; %d-byte messages; trials of %.0f s after %.0f s warmup;"
                + " sustained = achieved within 2 %% of target, nothing unsent or lost, response p99 at most %.0f ms."
                + " CPU is this process's (harness and embedded broker together) per %s.%n%n",
                target, reqresp ? "IBM's standard request/response workload: 10 + 10 queues, persistent, in syncpoint,"
                        + " closed, 10 responders" : search ? "senders and sends in flight as named, a drainer per sender,"
                        + " 1 queue; the search follows what limited each configuration" : "1 sender, 1 drainer, 1 queue", sizeBytes, trialNs / 1e9, warmupNs / 1e9,
                Units.toMs(maxP99Ns), reqresp ? "round trip" : "message"));
        String unit = reqresp ? "round trips/s" : "msg/s";
        md.append("| configuration | unthrottled " + unit + " | highest sustained " + unit
                + " | at that rate: response p50 / p99, send-lag p99 (ms) | CPU ms per " + (reqresp ? "round trip" : "message") + " |\n");
        md.append("|---|---:|---:|---|---:|\n");
        rows.forEach(r -> md.append(r).append('\n'));
        System.out.println(md);
        if (out == null) {
            return;
        }
        try {
            Files.writeString(out, md.toString(), StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            OutputFiles notWritten = new OutputFiles(spec);
            notWritten.failed("--out", out, e);
            notWritten.throwIfAny();
        }
        System.out.println("appended to " + out);
    }

    private static String machine() {
        String host;
        try {
            host = InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            host = "unknown host";
        }
        return String.format(Locale.ROOT, "%s, %d CPUs, %s %s, Java %s", host, Runtime.getRuntime().availableProcessors(),
                System.getProperty("os.name"), System.getProperty("os.arch"), System.getProperty("java.version"));
    }
}
