package dev.harness.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import dev.harness.core.FileErrors;
import dev.harness.core.hlog.BadHlogException;
import dev.harness.core.report.HlogMerge;
import dev.harness.core.report.JsonMerge;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** Several harness processes' hlogs (several hosts) as one: how load generation scales past one machine. */
@Command(name = "merge", mixinStandardHelpOptions = true, sortOptions = false, usageHelpAutoWidth = true,
        description = {"Merges the hlogs of several harness processes (several hosts) into one.",
            "Histograms are added per tag, intervals aligned on absolute time from the earliest",
            "start, so merged response counts are the throughput of all of them. Runs started",
            "at one time with one --interval line up exactly; otherwise each input interval",
            "counts in the merged interval its start falls in. With --json and --json-out, the",
            "runs' JSON summaries merge too, into one that harness check --json and harness",
            "report --json read as one run's."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:merged", "2:bad option, or an input that is missing, unreadable or no hlog (or JSON), not a whole shard set, or an output that cannot be written"})
final class MergeCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "hlogs written by harness run --hlog (or any HdrHistogram interval log).")
    List<Path> inputs;

    @Option(names = "--out", required = true, paramLabel = "FILE", description = "The merged hlog (replaced if it exists).")
    Path out;

    @Option(names = "--json", paramLabel = "FILE.json",
            description = "A run's --json (repeatable, one per hlog): merged into --json-out, counts summed, the outage taken on the merged timeline.")
    List<Path> json = new ArrayList<>();

    @Option(names = "--json-out", paramLabel = "FILE.json", description = "The merged JSON summary (replaced if it exists).")
    Path jsonOut;

    @Option(names = "--interval", converter = Values.Duration.class, paramLabel = "DURATION",
            description = "Length of the merged intervals, whole milliseconds. Default: the inputs' own (the longest, if they differ).")
    Long intervalNs;

    @Override
    public Integer call() {
        if (inputs.size() < 2) {
            throw usage("expected at least 2 hlogs to merge, got " + inputs.size());
        }
        long intervalMs = HlogMerge.INPUTS_INTERVAL;
        if (intervalNs != null) {
            if (intervalNs < 1_000_000 || intervalNs % 1_000_000 != 0) {
                throw usage("--interval: expected whole milliseconds, at least 1ms, such as 1s or 500ms");
            }
            intervalMs = intervalNs / 1_000_000;
        }
        String why = FileErrors.unwritable(out);
        if (why != null) {
            throw usage("--out " + out + ": cannot write the file: " + why);
        }
        JsonMerge summaries = null;
        if (!json.isEmpty() || jsonOut != null) {
            if (json.size() != inputs.size() || jsonOut == null) {
                throw usage(jsonOut == null ? "--json: give --json-out, the merged summary's file"
                        : "--json: expected one per hlog, " + inputs.size() + ", got " + json.size());
            }
            why = FileErrors.unwritable(jsonOut);
            if (why != null) {
                throw usage("--json-out " + jsonOut + ": cannot write the file: " + why);
            }
            summaries = JsonMerge.read("--json", json);
        }
        HlogMerge.Result result;
        try {
            result = HlogMerge.merge(inputs, out, intervalMs);
        } catch (BadHlogException e) {
            throw usage(e.getMessage());
        } catch (IOException e) {
            throw usage("--out " + out + ": cannot write the file: " + FileErrors.describe(e));
        }
        for (HlogMerge.Input in : result.inputs()) {
            System.out.println(line(in, result));
        }
        System.out.printf(Locale.ROOT, "merged %d logs into %s: %,d intervals of %s from %s, response %,d%n",
                result.inputs().size(), out, result.intervals(), duration(result.intervalMs()), HlogMerge.iso(result.startMs()),
                result.responseCount());
        if (summaries != null) {
            try {
                summaries.write(jsonOut);
            } catch (IOException e) {
                throw usage("--json-out " + jsonOut + ": cannot write the file: " + FileErrors.describe(e));
            }
            System.out.printf(Locale.ROOT, "merged %d JSON summaries into %s%n", summaries.size(), jsonOut);
        }
        return ExitCode.OK;
    }

    private static String line(HlogMerge.Input in, HlogMerge.Result result) {
        StringBuilder b = new StringBuilder();
        b.append(in.file()).append(": start ").append(HlogMerge.iso(in.startMs()));
        long offsetMs = in.startMs() - result.startMs();
        if (offsetMs != 0) {
            b.append(" (+").append(duration(offsetMs)).append(')');
        }
        b.append(String.format(Locale.ROOT, ", %,d intervals", in.intervals()));
        if (in.intervals() > 0) {
            b.append(" of ").append(duration(in.intervalMs()));
        }
        b.append(String.format(Locale.ROOT, ", response %,d", in.responseCount()));
        if (in.straddlingIntervals() > 0) {
            b.append(String.format(Locale.ROOT, "; %,d of them ran past the end of the merged interval they started in and count in it",
                    in.straddlingIntervals()));
        }
        if (in.cutShort()) {
            b.append("; its last line was cut short (a killed run?) and is left out");
        }
        return b.toString();
    }

    /** 500ms, 1s, 1.5s, 2m, 1h: as --interval takes it. */
    static String duration(long ms) {
        if (ms < 1000) {
            return ms + "ms";
        }
        if (ms % 1000 != 0) {
            return String.format(Locale.ROOT, "%.3f", ms / 1000.0).replaceAll("0+$", "") + "s";
        }
        long s = ms / 1000;
        return s % 3600 == 0 ? s / 3600 + "h" : s % 60 == 0 ? s / 60 + "m" : s + "s";
    }

    private ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
