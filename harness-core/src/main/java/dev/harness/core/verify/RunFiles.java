package dev.harness.core.verify;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import org.HdrHistogram.Histogram;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.harness.core.disturbance.Stop;
import dev.harness.core.findings.Finding;
import dev.harness.core.findings.Validity;
import dev.harness.core.hlog.BadHlogException;
import dev.harness.core.hlog.HlogRun;
import dev.harness.core.measure.View;
import dev.harness.core.report.RunJson;

/**
 * A finished {@code harness run} as its files tell it: its --json (validity, counts, the stops it
 * made, its JVM's pauses) and its --hlog (every view's histograms, interval by interval). What
 * verify judges is read here, from disk, as a user would read it.
 */
public final class RunFiles {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final RunJson json;
    private final JsonNode root;
    private final HlogRun hlog;

    private RunFiles(RunJson json, JsonNode root, HlogRun hlog) {
        this.json = json;
        this.root = root;
        this.hlog = hlog;
    }

    /** Reads both files; a bad one is one line naming it. */
    public static RunFiles read(Path jsonFile, Path hlogFile) throws IOException, BadHlogException {
        RunJson json = RunJson.read("--json", jsonFile);
        return new RunFiles(json, JSON.readTree(jsonFile.toFile()), HlogRun.read(hlogFile));
    }

    public RunJson json() {
        return json;
    }

    public Validity validity() {
        return json.reading().validity();
    }

    /** The run's findings, as it read itself. */
    public List<Finding> findings() {
        return json.reading().findings();
    }

    /** When message 0 was due, ms since the epoch. */
    public long startEpochMs() {
        return Instant.parse(json.header().start()).toEpochMilli();
    }

    public double achievedRate() {
        return json.totals().achievedRate();
    }

    /** The measured phase's histogram of a view. */
    public Histogram measured(View view) {
        return hlog.measured(view.tag());
    }

    /** The stops of the broker the run made (summary.freezes). */
    public List<Stop> freezes() {
        List<Stop> stops = new ArrayList<>();
        for (JsonNode f : root.path("summary").path("freezes")) {
            stops.add(new Stop(f.path("atNs").asLong(), f.path("lengthNs").asLong(), f.path("uncertaintyNs").asLong()));
        }
        return stops;
    }

    /** Every interval's end and the completions by then (intervals[].endS, cumulativeCompleted), in order. */
    public List<CatchUp.Point> completions() {
        List<CatchUp.Point> points = new ArrayList<>();
        for (JsonNode i : root.path("intervals")) {
            points.add(new CatchUp.Point(i.path("endS").asDouble(), i.path("cumulativeCompleted").asLong()));
        }
        return points;
    }

    /** The harness's GC pauses of the measured phase: how many (summary.gcPauses.count). */
    public long gcPauseCount() {
        return root.path("summary").path("gcPauses").path("count").asLong();
    }

    /** Their total time (summary.gcPauses.totalNs). */
    public long gcPauseTotalNs() {
        return root.path("summary").path("gcPauses").path("totalNs").asLong();
    }

    /** The longest GC pause the harness reported that ended from {@code fromEpochMs} to {@code toEpochMs}; 0 when none. */
    public long longestGcPauseNs(long fromEpochMs, long toEpochMs) {
        long longest = 0;
        for (JsonNode p : root.path("summary").path("gcPauses").path("longest")) {
            long end = Instant.parse(p.path("end").asText()).toEpochMilli();
            if (end >= fromEpochMs && end <= toEpochMs) {
                longest = Math.max(longest, p.path("lengthNs").asLong());
            }
        }
        return longest;
    }

    /**
     * The samples pause-corrected added in the intervals that overlap {@code fromS} to {@code toS}
     * (seconds from the schedule's start): its count less put's, both phases.
     */
    public long correctionsBetween(double fromS, double toS) {
        long added = 0;
        for (HlogRun.Interval i : hlog.intervals()) {
            if (i.endS() > fromS && i.startS() < toS) {
                added += i.count(View.PAUSE_CORRECTED.tag()) + i.count(View.PAUSE_CORRECTED.warmupTag())
                        - i.count(View.PUT.tag()) - i.count(View.PUT.warmupTag());
            }
        }
        return added;
    }
}
