package dev.harness.core.slo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.harness.core.hlog.HlogHeader;
import dev.harness.core.hlog.HlogRun;
import dev.harness.core.hlog.HlogWriter;
import dev.harness.core.host.Environment;
import dev.harness.core.measure.Gaps;
import dev.harness.core.measure.Measurement;
import dev.harness.core.report.JsonMerge;
import dev.harness.core.report.RunJson;
import dev.harness.core.run.RunHeader;
import dev.harness.core.run.RunSummary;
import dev.harness.core.run.Summaries;
import dev.harness.core.schedule.Schedule;
import dev.harness.core.schedule.Shard;

/**
 * A schedule run by one process and the same schedule split into two shards, merged: the
 * verdict of the merged set is the one process's, on the objectives that read the set as one
 * system (outage, rate), whatever one shard alone went through.
 */
class MergedVerdictTest {
    private static final long MS = 1_000_000L;
    private static final long SECOND = 1_000 * MS;
    private static final double RATE = 200;
    private static final long WARMUP = SECOND;
    private static final long LENGTH = 9 * SECOND;

    @TempDir
    Path dir;

    /** One completion: of the whole schedule's message k, due at {@code dueNs}, at {@code atNs}. */
    private record Completion(long k, long dueNs, long atNs) {
    }

    /**
     * 200 msg/s for 9 s, every message complete 1 ms after it was due, but shard 1's: frozen from
     * 3 s to 5 s, its messages due then all complete at 5 s.
     */
    private static List<Completion> completions(Schedule whole) {
        List<Completion> all = new ArrayList<>();
        for (long k = 0; k < whole.total(); k++) {
            long due = whole.intendedNs(k);
            boolean frozen = k % 2 == 1 && due >= 3 * SECOND && due < 5 * SECOND;
            all.add(new Completion(k, due, frozen ? 5 * SECOND + k : due + MS));
        }
        all.sort(Comparator.comparingLong(Completion::atNs));
        return all;
    }

    /** The gaps a meter following this schedule (whole or a shard) lists, fed the completions of its messages. */
    private static Gaps gaps(Schedule schedule, Shard shard, List<Completion> all) throws Exception {
        try (Measurement m = Measurement.start(WARMUP, 60, schedule.intervalNs(), 5 * MS)) {
            m.begin(schedule);
            for (Completion c : all) {
                if (shard.localOf(c.k()) >= 0) {
                    m.meter().completion(c.atNs(), c.dueNs());
                }
            }
            return m.meter().gaps(schedule.startNs());
        }
    }

    /** A run's summary with these gaps, its part of the target and completions over 8 measured seconds. */
    private static RunSummary run(Gaps gaps, double target, long completed, double measuredSeconds) {
        return Runs.gaps(Runs.summary(Runs.views(MS), target, measuredSeconds, completed, 0, 0, 0,
                Runs.delivery(completed, 0, 0, 0), null), gaps);
    }

    @Test
    void theVerdictOfAMergedShardSetIsOneProcesssOnOutageAndRate() throws Exception {
        Schedule whole = new Schedule(0, RATE, LENGTH);
        List<Completion> all = completions(whole);
        Gaps oneProcess = gaps(whole, Shard.WHOLE, all);
        Gaps shard0 = gaps(new Schedule(0, RATE, LENGTH, new Shard(0, 2)), new Shard(0, 2), all);
        Gaps shard1 = gaps(new Schedule(0, RATE, LENGTH, new Shard(1, 2)), new Shard(1, 2), all);
        assertTrue(shard1.longestNs() >= 2 * SECOND - 10 * MS, "shard 1 alone saw its freeze: " + shard1);
        assertTrue(oneProcess.longestNs() < 10 * MS, "one process completed shard 0's messages throughout: " + oneProcess);

        long measured = 8 * 200;
        RunSummary process = run(oneProcess, RATE, measured, 8.0);
        // Shard 1's last completion came a little before shard 0's: its measured seconds are fewer.
        Path a = Runs.json(dir.resolve("s0.json"), Runs.shard(run(shard0, RATE / 2, measured / 2, 8.0), 0, 2), Verdict.NONE);
        Path b = Runs.json(dir.resolve("s1.json"), Runs.shard(run(shard1, RATE / 2, measured / 2, 7.99), 1, 2), Verdict.NONE);
        Path merged = dir.resolve("merged.json");
        JsonMerge.read("--json", List.of(a, b)).write(merged);
        HlogRun log = log();

        List<Objective> objectives = List.of(Objective.parse("outage < 1s"), Objective.parse("outage < 100ms"),
                Objective.parse("rate >= 0.99 * target"), Objective.parse("outage < 2ms"));
        List<Boolean> byProcess = passed(Verdict.of(objectives, side -> RunFigures.of(process), Map.of()));
        assertEquals(List.of(true, true, true, false), byProcess, "the one process's verdict");
        for (List<RunJson> set : List.of(List.of(RunJson.read("--json", merged)),
                List.of(RunJson.read("--json", a), RunJson.read("--json", b)))) {
            Figures f = LogFigures.whole(log, set);
            assertEquals(byProcess, passed(Verdict.of(objectives, side -> f, Map.of())),
                    "merged as one process: outage " + f.figure(Term.Figure.OUTAGE) + " ns, rate " + f.figure(Term.Figure.RATE));
            assertEquals(RunFigures.of(process).figure(Term.Figure.RATE), f.figure(Term.Figure.RATE), 1e-9);
        }
        // Shard 1's own run fails outage < 1s: that verdict is its own, not the set's.
        assertFalse(Verdict.of(objectives, side -> RunFigures.of(run(shard1, RATE / 2, measured / 2, 7.99)), Map.of())
                .results().get(0).passed());
    }

    @Test
    void theMergedSummarySaysWhereEachShardRan() throws Exception {
        RunSummary one = run(Gaps.NONE, RATE / 2, 800, 8.0);
        Path a = Runs.json(dir.resolve("e0.json"), ranOn(Runs.shard(one, 0, 2), "pod-a"), Verdict.NONE);
        Path b = Runs.json(dir.resolve("e1.json"), ranOn(Runs.shard(one, 1, 2), "pod-b"), Verdict.NONE);
        Path merged = dir.resolve("merged-env.json");
        JsonMerge.read("--json", List.of(a, b)).write(merged);
        Environment env = RunJson.read("--json", merged).header().environment();
        assertEquals("pod-a; pod-b", env.host(), "each host, for they differ");
        assertEquals("OpenJDK 17.0.15", env.java(), "once, for they agree");
    }

    /** The same run, as run on this host with Java 17. */
    private static RunSummary ranOn(RunSummary s, String host) {
        RunHeader h = s.header();
        Environment env = Environment.read(f -> f.key().equals("host") ? host : f.key().equals("java") ? "OpenJDK 17.0.15" : null);
        return Summaries.summary(new RunHeader(h.workload(), h.target(), h.settings(), h.notes(), h.start(), env), s.ending(),
                s.counts(), s.throughput(), s.views(), s.jvmPauses(), s.gc(), s.host(), s.delivery(), s.recovery());
    }

    private static List<Boolean> passed(Verdict v) {
        return v.results().stream().map(Result::passed).toList();
    }

    /** The set's merged hlog, as far as these objectives read it: its header's target. */
    private HlogRun log() throws Exception {
        Path file = dir.resolve("merged.hlog");
        try (HlogWriter w = HlogWriter.create(file)) {
            w.header(HlogHeader.builder(Runs.HEADER.start().toEpochMilli()).comment("harness put against test")
                    .setting("rate", "200 msg/s").setting("interval", "1s").build());
            for (int i = 1; i < 9; i++) {
                w.interval(i, i + 1, "response", Runs.values(MS));
            }
        }
        return HlogRun.read(file);
    }
}
