package dev.harness.core.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.HdrHistogram.Histogram;

import com.fasterxml.jackson.databind.JsonNode;

import dev.harness.core.findings.Reading;
import dev.harness.core.hlog.BadHlogException;
import dev.harness.core.hlog.HlogRun;
import dev.harness.core.host.HostSummary;
import dev.harness.core.measure.View;
import dev.harness.core.slo.RunCounts;
import dev.harness.core.study.SweepStep;

/**
 * A sweep's step that ran as a shard set (harness run --shard I/N, one process each): its figures
 * as one run of the whole schedule would give them. The set's validity and rate are harness
 * merge's ({@link JsonMerge}: one shard NOT VALID makes the step NOT VALID, every completion over
 * the schedule's measured seconds), its percentiles the merged hlog's, its CPU per message every
 * shard's CPU over every completion.
 */
public final class ShardedStep {
    private ShardedStep() {
    }

    /**
     * @param rate the step's target rate, the whole schedule's
     * @param shardJsons each shard's --json
     * @param mergedHlog the shards' hlogs merged ({@link HlogMerge})
     * @param keptHlog the merged hlog's name for the step's record, or null when it is not kept
     * @param cpus the CPUs each shard's JVM had (the shards of a sweep run on its host), for their CPU time
     * @throws dev.harness.core.SettingsException when the files are not a whole shard set of one schedule
     */
    public static SweepStep of(double rate, List<Path> shardJsons, Path mergedHlog, Path keptHlog, int cpus)
            throws BadHlogException {
        JsonMerge set = JsonMerge.read("shard", shardJsons);
        List<RunJson> runs = set.runs();
        Reading reading = set.reading();
        List<String> reasons = reading.validity().reasons().stream().map(r -> r.code() + ": " + r.text()).toList();
        Map<String, Histogram> views = HlogRun.read(mergedHlog).measuredTotals();
        double cpuMs = cpuMsPerMessage(runs, cpus);
        // The shards share this host: the first that saw a queue stand out names it.
        String hostQueue = runs.stream().map(r -> HostSummary.peakOf(text(RunJson.tree("shard " + r.file(), r.file())
                .path("summary").path("host"), "longestQueue"))).filter(Objects::nonNull).findFirst().orElse(null);
        LinkedHashSet<String> stopped = new LinkedHashSet<>();
        runs.forEach(r -> {
            if (r.totals().stopReason() != null) {
                stopped.add(r.totals().stopReason());
            }
        });
        return new SweepStep(rate, RunCounts.achievedRate(runs), reasons, SweepStep.Latency.of(
                views.get(View.RESPONSE.tag())), SweepStep.Latency.of(views.get(View.SERVICE.tag())),
                SweepStep.Latency.at(views.get(View.SEND_LAG.tag()), 99), cpuMs, hostQueue,
                stopped.isEmpty() ? null : String.join("; ", stopped), keptHlog == null ? null : keptHlog.toString());
    }

    /** Every shard's CPU time over the step's measured phase, per completion; negative when a shard could not tell it. */
    static double cpuMsPerMessage(List<RunJson> runs, int cpus) {
        double cpuMs = 0;
        long completed = 0;
        for (RunJson r : runs) {
            JsonNode s = RunJson.tree("shard " + r.file(), r.file());
            double fraction = s.path("summary").path("saturation").path("cpuFraction").asDouble(-1);
            if (fraction < 0) {
                return -1;
            }
            cpuMs += fraction * cpus * r.measuredSeconds() * 1000;
            completed += r.completedAfterWarmup();
        }
        return completed == 0 ? -1 : cpuMs / completed;
    }

    private static String text(JsonNode node, String field) {
        JsonNode v = node.path(field);
        return v.isMissingNode() || v.isNull() ? null : v.asText();
    }

    /** The shards' JSON files of a step, in shard order: DIR/shard-0.json .. shard-(N-1).json. */
    public static List<Path> files(Path dir, int shards, String extension) {
        List<Path> files = new ArrayList<>();
        for (int i = 0; i < shards; i++) {
            files.add(dir.resolve("shard-" + i + "." + extension));
        }
        return files;
    }
}
