package dev.harness.cli;

import java.io.IOException;
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

import org.HdrHistogram.Histogram;

import dev.harness.core.jms.Provider;
import dev.harness.core.jms.UnreachableException;
import dev.harness.core.measure.View;
import dev.harness.core.run.RunControl;
import dev.harness.core.run.RunSummary;
import dev.harness.core.run.Runner;
import dev.harness.core.workload.PutSettings;
import dev.harness.core.workload.PutWorkload;
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
 * bound). Results go to a Markdown file with date and machine, to be committed.
 */
@Command(name = "bench", sortOptions = false, usageHelpAutoWidth = true,
        description = {"Finds the highest sustainable rate of puts (1 sender, 1 drainer) for non-persistent,",
            "persistent outside syncpoint, and persistent with syncpoint 10; writes a Markdown table."})
final class BenchCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--size", defaultValue = "2KiB", converter = Values.Size.class, paramLabel = "SIZE",
            description = "Message size. Default: ${DEFAULT-VALUE}.")
    int sizeBytes;

    @Option(names = "--warmup", defaultValue = "3s", converter = Values.Duration.class, paramLabel = "DURATION",
            description = "Warmup of each trial. Default: ${DEFAULT-VALUE}.")
    long warmupNs;

    @Option(names = "--trial", defaultValue = "10s", converter = Values.Duration.class, paramLabel = "DURATION",
            description = "Measured length of each trial. Default: ${DEFAULT-VALUE}.")
    long trialNs;

    @Option(names = "--steps", defaultValue = "5", description = "Fixed-rate trials at most per configuration, each 10 % below the last. Default: ${DEFAULT-VALUE}.")
    int steps;

    @Option(names = "--max-p99", defaultValue = "50ms", converter = Values.Duration.class, paramLabel = "DURATION",
            description = "A sustained rate keeps response p99 below this. Default: ${DEFAULT-VALUE}.")
    long maxP99Ns;

    @Option(names = "--out", defaultValue = "bench/results-put.md", paramLabel = "FILE",
            description = "Markdown file the results are appended to. Default: ${DEFAULT-VALUE}.")
    Path out;

    @Mixin
    BrokerOptions broker;

    private record Config(String name, boolean persistent, int syncpoint) {
    }

    private record Trial(double target, RunSummary summary) {
        boolean sustained(long maxP99Ns) {
            Histogram response = summary.measured().get(View.RESPONSE);
            return summary.stopReason() == null && summary.unsent() == 0
                    && summary.achievedRate() >= 0.98 * target && response.getValueAtPercentile(99) <= maxP99Ns;
        }
    }

    private volatile RunControl current = new RunControl();
    private volatile boolean interrupted;
    private int trials;

    @Override
    public Integer call() throws IOException {
        if (steps < 1) {
            throw new ParameterException(spec.commandLine(), "--steps: expected at least 1, got " + steps);
        }
        if (sizeBytes < PutSettings.MIN_SIZE_BYTES) {
            throw new ParameterException(spec.commandLine(), "--size: expected at least " + PutSettings.MIN_SIZE_BYTES + " bytes");
        }
        checkWritable();
        List<Config> configs = List.of(new Config("non-persistent", false, 0),
                new Config("persistent, outside syncpoint", true, 0),
                new Config("persistent, syncpoint 10", true, 10));
        List<String> rows = new ArrayList<>();
        try (InterruptGuard guard = new InterruptGuard(() -> {
                    interrupted = true;
                    current.requestStop("interrupted");
                });
                Provider provider = broker.open()) {
            for (Config c : configs) {
                Trial max = trial(provider, c, 0);
                Trial best = null;
                double target = Math.floor(max.summary().achievedRate());
                for (int i = 0; i < steps && target >= 1 && !interrupted; i++) {
                    Trial t = trial(provider, c, target);
                    if (t.sustained(maxP99Ns)) {
                        best = t;
                        break;
                    }
                    target = Math.floor(target * 0.9);
                }
                rows.add(row(c, max, best));
            }
            // The embedded broker's temp directory means nothing once the run is over.
            write(provider.target().replaceAll(" \\(journal in [^)]*\\)", ""), rows);
            return ExitCode.OK;
        } catch (UnreachableException e) {
            System.err.println("harness bench: " + e.getMessage());
            return ExitCode.UNREACHABLE;
        }
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

    private static final class BrokerFailed extends RuntimeException {
        BrokerFailed(String message) {
            super(message);
        }
    }

    private Trial trial(Provider provider, Config c, double rate) throws UnreachableException {
        // A queue of its own per trial: a trial that gave up must not leave a backlog for the next.
        PutSettings s = new PutSettings(rate, 1, warmupNs, trialNs, sizeBytes, c.persistent(), c.syncpoint(), 1,
                "HARNESS.BENCH." + (++trials) + ".Q", 1, 30_000_000_000L);
        current = new RunControl();
        if (interrupted) {
            current.requestStop("interrupted");
        }
        RunSummary summary = new Runner(1_000_000_000L, List.of()).run(provider, new PutWorkload(s), current);
        if (summary.failure() != null) {
            throw new BrokerFailed(summary.failure());
        }
        Histogram response = summary.measured().get(View.RESPONSE);
        System.out.printf(Locale.ROOT, "%-30s target %10s  achieved %10.0f msg/s  response p50 %8.3f ms  p99 %9.3f ms%s%n",
                c.name(), rate == 0 ? "max" : String.format(Locale.ROOT, "%.0f", rate), summary.achievedRate(),
                response.getValueAtPercentile(50) / 1e6, response.getValueAtPercentile(99) / 1e6,
                summary.stopReason() == null ? "" : "  (" + summary.stopReason() + ")");
        return new Trial(rate, summary);
    }

    private String row(Config c, Trial max, Trial best) {
        String sustained = best == null ? "not found in " + steps + " steps"
                : String.format(Locale.ROOT, "%,.0f", best.target());
        String latency = best == null ? "-" : String.format(Locale.ROOT, "%.3f / %.3f / %.3f",
                best.summary().measured().get(View.RESPONSE).getValueAtPercentile(50) / 1e6,
                best.summary().measured().get(View.RESPONSE).getValueAtPercentile(99) / 1e6,
                best.summary().measured().get(View.SEND_LAG).getValueAtPercentile(99) / 1e6);
        return String.format(Locale.ROOT, "| %s | %,.0f | %s | %s |", c.name(), max.summary().achievedRate(), sustained, latency);
    }

    private void write(String target, List<String> rows) throws IOException {
        StringBuilder md = new StringBuilder();
        md.append("\n## ").append(LocalDate.now()).append(", ").append(machine()).append("\n\n");
        md.append(String.format(Locale.ROOT, "Target: %s. %s messages, 1 sender, 1 drainer, 1 queue; trials of %.0f s after %.0f s warmup;"
                + " sustained = achieved within 2 %% of target and response p99 at most %.0f ms.%n%n",
                target, sizeBytes + "-byte", trialNs / 1e9, warmupNs / 1e9, maxP99Ns / 1e6));
        md.append("| configuration | unthrottled msg/s | highest sustained msg/s | at that rate: response p50 / p99, send-lag p99 (ms) |\n");
        md.append("|---|---:|---:|---|\n");
        rows.forEach(r -> md.append(r).append('\n'));
        Files.writeString(out, md.toString(), StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        System.out.println(md);
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
