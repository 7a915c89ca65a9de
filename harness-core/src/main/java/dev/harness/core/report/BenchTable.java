package dev.harness.core.report;

import java.io.IOException;
import java.net.InetAddress;
import java.time.LocalDate;
import java.util.List;
import java.util.Locale;

import org.HdrHistogram.Histogram;

import dev.harness.core.Units;
import dev.harness.core.measure.View;
import dev.harness.core.run.RunSummary;
import dev.harness.core.study.CapacitySearch;

/**
 * harness bench's results: a line per trial as it ends, and a Markdown table headed by the date and
 * the machine, a row per configuration.
 */
public final class BenchTable {
    /** What a trial ran: its configuration's name, its summary, and this process's CPU over it. */
    public record Ran(String name, RunSummary summary, double cpuSeconds) {
        public double cpuMsPerMessage() {
            return summary.counts().completed() == 0 ? 0 : cpuSeconds * 1000 / summary.counts().completed();
        }
    }

    private BenchTable() {
    }

    /** A trial's line as it ends; rate 0 for the trial without a schedule. */
    public static String trialLine(Ran ran, double rate) {
        RunSummary s = ran.summary();
        if (rate == 0) {
            return String.format(Locale.ROOT, "%-30s capacity probe (unthrottled): %10.0f/s  CPU %.3f ms per", ran.name(),
                    s.throughput().achievedRate(), ran.cpuMsPerMessage());
        }
        Histogram response = s.views().measured().get(View.RESPONSE);
        return String.format(Locale.ROOT, "%-30s target %10.0f  achieved %10.0f/s  response p50 %8.3f ms  p99 %9.3f ms  CPU %.3f"
                + " ms per%s", ran.name(), rate, s.throughput().achievedRate(), Units.toMs(response.getValueAtPercentile(50)),
                Units.toMs(response.getValueAtPercentile(99)), ran.cpuMsPerMessage(),
                s.ending().stopReason() == null ? "" : "  (" + s.ending().stopReason() + ")");
    }

    /**
     * A configuration's row: its capacity, and the highest rate it sustained with its figures there.
     *
     * @param best the best of a search's configurations, marked so
     */
    public static String row(String name, CapacitySearch.Bench<Ran> b, int steps, boolean best) {
        String sustained = b.best() == null ? "not found in " + steps + " steps"
                : String.format(Locale.ROOT, "%,.0f", b.best().target());
        String latency = "-";
        String cpu = "-";
        if (b.best() != null) {
            RunSummary at = b.best().run().summary();
            latency = String.format(Locale.ROOT, "%.3f / %.3f / %.3f",
                    Units.toMs(at.views().measured().get(View.RESPONSE).getValueAtPercentile(50)),
                    Units.toMs(at.views().measured().get(View.RESPONSE).getValueAtPercentile(99)),
                    Units.toMs(at.views().measured().get(View.SEND_LAG).getValueAtPercentile(99)));
            cpu = String.format(Locale.ROOT, "%.3f", b.best().run().cpuMsPerMessage());
        }
        return String.format(Locale.ROOT, "| %s%s | %,.0f | %s | %s | %s |", best ? "**best:** " : "", name,
                b.max().achievedRate(), sustained, latency, cpu);
    }

    /**
     * The table, headed by today's date and this machine.
     *
     * @param target the system benched
     * @param what the configurations, in words
     * @param roundTrips request/response: the unit is the round trip
     */
    public static String markdown(String target, String what, int sizeBytes, long trialNs, long warmupNs, long maxP99Ns,
            boolean roundTrips, List<String> rows) {
        StringBuilder md = new StringBuilder();
        md.append("\n## ").append(LocalDate.now()).append(", ").append(machine()).append("\n\n");
        md.append(String.format(Locale.ROOT, "Target: %s. %s; %d-byte messages; trials of %.0f s after %.0f s warmup;"
                + " sustained = achieved within 2 %% of target, nothing unsent or lost, response p99 at most %.0f ms."
                + " CPU is this process's (harness and embedded broker together) per %s.%n%n", target, what, sizeBytes,
                trialNs / 1e9, warmupNs / 1e9, Units.toMs(maxP99Ns), roundTrips ? "round trip" : "message"));
        String unit = roundTrips ? "round trips/s" : "msg/s";
        md.append("| configuration | unthrottled " + unit + " | highest sustained " + unit
                + " | at that rate: response p50 / p99, send-lag p99 (ms) | CPU ms per " + (roundTrips ? "round trip"
                        : "message") + " |\n");
        md.append("|---|---:|---:|---|---:|\n");
        rows.forEach(r -> md.append(r).append('\n'));
        return md.toString();
    }

    /** This machine in words, as a results table or a sweep heads its figures: host, CPUs, OS, Java. */
    public static String machine() {
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
