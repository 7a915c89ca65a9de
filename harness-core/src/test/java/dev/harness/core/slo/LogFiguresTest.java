package dev.harness.core.slo;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.harness.core.Setting;
import dev.harness.core.SettingsException;
import dev.harness.core.hlog.HlogHeader;
import dev.harness.core.hlog.HlogReader;
import dev.harness.core.hlog.HlogRun;
import dev.harness.core.hlog.HlogWriter;
import dev.harness.core.report.HlogMerge;
import dev.harness.core.report.JsonMerge;
import dev.harness.core.report.RunJson;
import dev.harness.core.run.Delivery;
import dev.harness.core.run.RunControl;
import dev.harness.core.run.RunHeader;
import dev.harness.core.run.RunSummary;
import dev.harness.core.run.Summaries;
import dev.harness.core.run.Saturation;

/** harness check's figures: a log written by the harness's own writer, and runs' --json written by their reporter. */
class LogFiguresTest {
    private static final long MS = 1_000_000L;

    @TempDir
    Path dir;

    private static long[] times(int n, long ns) {
        long[] v = new long[n];
        java.util.Arrays.fill(v, ns);
        return v;
    }

    private static long[] concat(long[] a, long[] b) {
        long[] c = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }

    /**
     * 100 msg/s, 1 s of warmup and 3 measured seconds: the second measured second has two slow
     * messages, one of them a request given up at its timeout; the first has a late warmup completion.
     */
    private HlogRun log() throws Exception {
        Path file = dir.resolve("run.hlog");
        try (HlogWriter w = HlogWriter.create(file)) {
            w.header(HlogHeader.builder(1_795_260_764_147L).comment("harness put against test").setting("rate", "100 msg/s")
                    .setting("interval", "1s").build());
            w.interval(0, 1, "warmup-response", Runs.values(times(100, MS)));
            w.interval(0, 1, HlogReader.WARMUP_MARK, Runs.values());
            w.interval(0, 1, "hiccup", Runs.values(MS));
            w.interval(1, 2, "response", Runs.values(times(100, MS)));
            w.interval(1, 2, "warmup-response", Runs.values(3 * MS));
            w.interval(1, 2, "lost", Runs.values());
            long[] slow = concat(times(98, 2 * MS), times(2, 40 * MS));
            w.interval(2, 3, "response", Runs.values(slow));
            w.interval(2, 3, "lost", Runs.values(40 * MS));
            w.interval(3, 4, "response", Runs.values(times(100, MS)));
            w.interval(3, 4, "lost", Runs.values());
        }
        return HlogRun.read(file);
    }

    private Verdict check(HlogRun log, List<RunJson> runs, String... objectives) {
        return LogFigures.verdict(LogFigures.objectives(List.of(objectives), log, runs), log, runs);
    }

    @Test
    void theWholeMeasuredPhaseIsTheLogsMeasuredHistogramsItsCompletionsOverItsSecondsAndTheTargetOfItsHeader()
            throws Exception {
        HlogRun log = log();
        Figures f = LogFigures.whole(log, List.of());
        Histogram all = Runs.values(concat(concat(times(100, MS), concat(times(98, 2 * MS), times(2, 40 * MS))), times(100, MS)));
        assertEquals(300, f.view("response").getTotalCount(), "the measured tag only: no warmup-response");
        assertEquals(all.getValueAtPercentile(99), f.view("response").getValueAtPercentile(99));
        // 101 + 99 + 100 completions (the late warmup one counts, the request given up does not) in 3 s.
        assertEquals(100.0, f.figure(Term.Figure.RATE), 1e-9);
        assertEquals(100.0, f.figure(Term.Figure.TARGET), 1e-9);
        assertTrue(Double.isNaN(f.figure(Term.Figure.LOST)), "the log does not carry it");

        Verdict v = check(log, List.of(), "response.count == 300", "response.max < 50ms", "rate >= 0.98 * target",
                "response.p99 < 10ms per 1s", "lost.count == 0 per 1s", "response.p50 < 5ms per 2s");
        assertEquals(List.of(true, true, true, false, false, true), v.results().stream().map(Result::passed).toList(),
                v.results().toString());
        Result window = v.results().get(3);
        assertEquals("2s-3s", window.failedWindow().toString());
        assertEquals(1, window.failedWindows());
        assertEquals(3, window.windows());
        assertEquals(40 * MS, window.measured(), 40 * MS * 0.001);
        assertEquals("FAIL  lost.count == 0 per 1s: 1 in 2s-3s, the first of 1 failing windows of 3", v.results().get(4).line());
        // 2 s windows: 1-3 s; the last second alone is no window, named and not judged.
        assertEquals(1, v.results().get(5).windows());
        assertEquals("3s-4s", v.results().get(5).tail().toString());
    }

    @Test
    void whatOnlyTheJsonCarriesIsSummedOverTheRunsFilesAndTheOutageIsTheLongest() throws Exception {
        HlogRun log = log();
        RunJson a = RunJson.read("--json", Runs.json(dir.resolve("a.json"), Runs.gaps(Runs.summary(Runs.views(MS), 100, 3, 300,
                2, 0, 1, Runs.delivery(300, 4, 1, 2), Runs.outage(1_000 * MS, 1_500 * MS)),
                Runs.listed(1_000 * MS, 1_500 * MS)), Verdict.NONE));
        // Request/response: 7 requests given up, of which the ledger misses 3: lost is the larger.
        RunJson b = RunJson.read("--json", Runs.json(dir.resolve("b.json"), Runs.gaps(Runs.summary(Runs.views(MS), 100, 3, 300,
                0, 7, 5, Runs.delivery(300, 3, 0, 1), Runs.outage(1_200 * MS, 2_000 * MS)),
                Runs.listed(1_200 * MS, 2_000 * MS)), Verdict.NONE));
        Figures f = LogFigures.whole(log, List.of(a, b));
        assertEquals(2.0, f.figure(Term.Figure.UNSENT));
        assertEquals(4.0 + 7.0, f.figure(Term.Figure.LOST), "each file's lost as RunFigures.lost says, summed");
        assertEquals(6.0, f.figure(Term.Figure.LATE));
        assertEquals(1.0, f.figure(Term.Figure.DUPLICATES));
        assertEquals(3.0, f.figure(Term.Figure.IN_DOUBT));
        assertEquals(300.0 * MS, f.figure(Term.Figure.OUTAGE), "hosts of one start: the time neither completed anything,"
                + " 1.2 s to 1.5 s; not the worst host's 800 ms, nor a sum");
        // Two hosts of one schedule: 600 completions in the one schedule's 3 measured seconds, as run would count them.
        assertEquals(200.0, f.figure(Term.Figure.RATE), 1e-9);
        assertEquals(100.0, LogFigures.whole(log, List.of(a)).figure(Term.Figure.RATE), 1e-9, "one run: its own rate");
        Verdict v = check(log, List.of(a, b), "lost == 0", "outage < 1s", "duplicates <= 1");
        assertEquals(List.of(false, true, true), v.results().stream().map(Result::passed).toList());

        // A run that could not check its deliveries has no duplicates to add: the sum is not known.
        RunJson untracked = RunJson.read("--json", Runs.json(dir.resolve("c.json"), Runs.summary(Runs.views(MS), 100, 3, 300,
                0, 0, 0, Delivery.notTracked("no drainers", true, 0), null), Verdict.NONE));
        assertTrue(Double.isNaN(LogFigures.whole(log, List.of(a, untracked)).figure(Term.Figure.DUPLICATES)));
        assertFalse(check(log, List.of(a, untracked), "duplicates == 0").passed());
    }

    @Test
    void theMergedJsonIsReadAsTheRunsTogether() throws Exception {
        HlogRun log = log();
        // Shard 0's last completion came after a whole second more than shard 1's did.
        Path a = Runs.json(dir.resolve("a.json"), Runs.perSecond(Runs.shard(Runs.gaps(Runs.summary(Runs.views(MS), 100, 3, 300,
                2, 0, 1, Runs.delivery(300, 4, 1, 2), Runs.outage(1_000 * MS, 1_500 * MS)), Runs.listed(1_000 * MS,
                1_500 * MS)), 0, 2), 100, 99, 101), Verdict.NONE);
        // Shard 1 could not offer its part: its senders were the limit.
        Saturation senders = new Saturation(Saturation.SENDERS, "the senders were busy 97 % of their time", "add --senders",
                100, 80, 1, 1, 0.97, 0, 0.2, 0);
        Path b = Runs.json(dir.resolve("b.json"), Runs.saturation(Runs.perSecond(Runs.shard(Runs.gaps(Runs.summary(
                Runs.views(MS), 100, 3, 300, 0, 0, 5, Runs.delivery(300, 3, 0, 1), Runs.outage(1_200 * MS, 2_000 * MS)),
                Runs.listed(1_200 * MS, 2_000 * MS)), 1, 2), 98, 102), senders), Verdict.NONE);
        Path merged = dir.resolve("merged.json");
        JsonMerge.read("--json", List.of(b, a)).write(merged);
        RunJson m = RunJson.read("--json", merged);
        List<RunJson> both = List.of(RunJson.read("--json", a), RunJson.read("--json", b));
        for (Term.Figure figure : List.of(Term.Figure.RATE, Term.Figure.UNSENT, Term.Figure.LOST, Term.Figure.LATE, Term.Figure.DUPLICATES,
                Term.Figure.IN_DOUBT, Term.Figure.OUTAGE)) {
            assertEquals(LogFigures.whole(log, both).figure(figure), LogFigures.whole(log, List.of(m)).figure(figure),
                    figure.toString());
        }
        assertEquals(7.0, LogFigures.whole(log, List.of(m)).figure(Term.Figure.LOST));
        assertEquals(200.0, m.totals().achievedRate(), 1e-9, "600 completions in the schedule's 3 s, not 100 + 100 added");
        assertEquals(300.0 * MS, LogFigures.whole(log, List.of(m)).figure(Term.Figure.OUTAGE),
                "the set's: the time no shard completed anything");
        assertEquals(6, m.recovery().reconnections(), "every run's reconnections");
        assertEquals(600, m.delivery().committed());
        assertEquals(200.0, m.totals().targetRate(), "the shares' targets summed: the schedule's");
        assertArrayEquals(new long[] {198, 201}, m.perSecond(), "second by second, over the seconds both measured whole");
        assertEquals("all 2 shards of one schedule, merged", m.header().settings().get("shard"));
        assertEquals("200 msg/s", m.header().settings().get("rate"));
        assertTrue(m.header().settings().get("queues").startsWith("(differs"), m.header()::toString);
        assertEquals(m.delivery(), m.outcome().delivery(), "harness report --json reads it as one run's");
        assertEquals("shard 1/2: the senders were busy 97 % of their time: add --senders.", m.outcome().saturation(),
                "the shard that could not offer its part says so in the merged set's report");
        assertEquals(Saturation.SENDERS, m.saturationLimit());
        // Shards that all kept their part: nothing to say.
        Path b2 = Runs.json(dir.resolve("b2.json"), Runs.shard(Runs.summary(Runs.views(MS), 100, 3, 300, 0, 0, 5,
                Runs.delivery(300, 3, 0, 1), null), 1, 2), Verdict.NONE);
        JsonMerge.read("--json", List.of(a, b2)).write(merged);
        assertEquals(null, RunJson.read("--json", merged).saturation());
        assertEquals(Saturation.HELD, RunJson.read("--json", merged).saturationLimit());

        // Only a whole shard set merges: a missing or doubled shard is named.
        assertEquals("--json " + a + ": the schedule's shard 1/2 is missing: merge all 2 shards",
                assertThrows(SettingsException.class, () -> JsonMerge.read("--json", List.of(a))).getMessage());
        Path again = Files.copy(a, dir.resolve("a-again.json"));
        assertTrue(assertThrows(SettingsException.class, () -> JsonMerge.read("--json", List.of(a, again, b))).getMessage()
                .contains("shard 0/2 is given twice"));
        // A shard of another --duration ran another schedule: named, in the JSON as in the hlog.
        Path longer = Runs.json(dir.resolve("b-longer.json"), Runs.shard(Runs.summary(Runs.views(MS), 100, 3, 300, 0, 0, 5,
                Runs.delivery(300, 3, 0, 1), null), 1, 2, "20s"), Verdict.NONE);
        assertEquals("--json " + longer + ": shard 1/2 is not of the schedule of " + a + " (shard 0/2): its duration is 20s, "
                + a + "'s 10s; the shards of one schedule share --rate, --warmup, --duration and the senders (requesters) per shard",
                assertThrows(SettingsException.class, () -> JsonMerge.read("--json", List.of(a, longer))).getMessage());
        Path whole = Runs.json(dir.resolve("whole.json"), Runs.summary(Runs.views(MS), 100, 3, 300, 0, 0, 0,
                Runs.delivery(300, 0, 0, 0), null), Verdict.NONE);
        assertTrue(assertThrows(SettingsException.class, () -> JsonMerge.read("--json", List.of(a, whole))).getMessage()
                .contains("not a shard"));
        // A run that could not check its deliveries leaves the merged ledger unchecked.
        Path untracked = Runs.json(dir.resolve("c.json"), Runs.summary(Runs.views(MS), 100, 3, 300, 0, 0, 0,
                Delivery.notTracked("no drainers", true, 0), null), Verdict.NONE);
        JsonMerge.read("--json", List.of(whole, untracked)).write(merged);
        assertTrue(Double.isNaN(LogFigures.whole(log, List.of(RunJson.read("--json", merged))).figure(Term.Figure.DUPLICATES)));
    }

    @Test
    void aShardsOwnLogIsJudgedAgainstItsShareOfTheSchedule() throws Exception {
        // Shard 1 of 2 of a 100 msg/s schedule: its header states the schedule's rate, and it kept its 50.
        Path file = dir.resolve("shard.hlog");
        try (HlogWriter w = HlogWriter.create(file)) {
            w.header(HlogHeader.builder(1_795_260_764_147L).comment("harness put against test").setting("rate", "100 msg/s")
                    .setting("shard", "1/2: messages k of the schedule with k mod 2 = 1, 50/s of its 100/s")
                    .setting("interval", "1s").build());
            w.interval(0, 1, "warmup-response", Runs.values(times(50, MS)));
            w.interval(0, 1, HlogReader.WARMUP_MARK, Runs.values());
            for (int i = 1; i <= 4; i++) {
                w.interval(i, i + 1, "response", Runs.values(times(50, MS)));
            }
        }
        HlogRun log = HlogRun.read(file);
        assertEquals(50.0, log.targetRate(), 1e-9, "the shard's share, also the report's target line");
        assertEquals(50.0, LogFigures.whole(log, List.of()).figure(Term.Figure.TARGET), 1e-9);
        Verdict v = check(log, List.of(), "rate >= 0.9 * target", "rate >= 0.9 * target per 2s");
        assertTrue(v.passed(), v.results().toString());
        assertEquals(45.0, v.results().get(1).limit(), 1e-9);
    }

    /** A run's hlog as its reporter heads it (its settings and start), 100 completions a second for 3 s. */
    private Path hlogOf(Path file, RunHeader header) throws Exception {
        try (HlogWriter w = HlogWriter.create(file)) {
            HlogHeader.Builder h = HlogHeader.builder(header.start().toEpochMilli()).comment("harness put against test");
            header.settings().forEach(setting -> h.setting(setting.name(), setting.value()));
            w.header(h.build());
            for (int i = 1; i <= 3; i++) {
                w.interval(i, i + 1, "response", Runs.values(times(100, MS)));
            }
        }
        return file;
    }

    private static RunSummary headed(RunSummary s, RunHeader h) {
        return Summaries.summary(h, s.ending(), s.counts(), s.throughput(), s.views(), s.jvmPauses(), s.gc(), s.host(),
                s.delivery(), s.recovery());
    }

    private static String refused(HlogRun log, RunJson... runs) {
        return assertThrows(SettingsException.class, () -> RunJson.requireOf("--json", log, List.of(runs))).getMessage();
    }

    @Test
    void checkTakesOnlyTheJsonOfTheLogsRuns() throws Exception {
        RunSummary done = Runs.summary(Runs.views(MS), 100, 3, 300, 0, 0, 0, Runs.delivery(300, 0, 0, 0), null);
        Path runLog = hlogOf(dir.resolve("run.hlog"), Runs.HEADER);
        HlogRun log = HlogRun.read(runLog);
        RunJson own = RunJson.read("--json", Runs.json(dir.resolve("run.json"), done, Verdict.NONE));
        RunJson.requireOf("--json", log, List.of(own));

        // Another run's JSON: a 300 msg/s run's, and one of the same settings started a minute later.
        RunHeader faster = new RunHeader(Runs.HEADER.workload(), Runs.HEADER.target(), List.of(new Setting("rate",
                "300 msg/s"), new Setting("interval", "1s")), List.of(), Runs.HEADER.start());
        RunJson other = RunJson.read("--json", Runs.json(dir.resolve("other.json"), headed(done, faster), Verdict.NONE));
        assertEquals("--json " + other.file() + ": not the run of " + runLog + ": its rate is 300 msg/s, " + runLog
                + "'s 100 msg/s", refused(log, other));
        RunHeader later = new RunHeader(Runs.HEADER.workload(), Runs.HEADER.target(), Runs.HEADER.settings(), List.of(),
                Runs.HEADER.start().plusSeconds(60));
        RunJson again = RunJson.read("--json", Runs.json(dir.resolve("later.json"), headed(done, later), Verdict.NONE));
        assertEquals("--json " + again.file() + ": not the run of " + runLog + ": it started at 2026-11-21T11:33:44.147Z, "
                + runLog + " at 2026-11-21T11:32:44.147Z", refused(log, again));
        assertTrue(refused(log, own, own).contains("as " + own.file() + " is: give each run's --json once"));

        // Shards: each shard's log takes its own JSON only; their merged log every shard's, or the merged JSON.
        RunSummary s0 = Runs.shard(done, 0, 2);
        RunSummary s1 = Runs.shard(done, 1, 2);
        Path log0 = hlogOf(dir.resolve("s0.hlog"), s0.header());
        Path log1 = hlogOf(dir.resolve("s1.hlog"), s1.header());
        RunJson j0 = RunJson.read("--json", Runs.json(dir.resolve("s0.json"), s0, Verdict.NONE));
        RunJson j1 = RunJson.read("--json", Runs.json(dir.resolve("s1.json"), s1, Verdict.NONE));
        RunJson.requireOf("--json", HlogRun.read(log0), List.of(j0));
        assertEquals("--json " + j1.file() + ": not the run of " + log0 + ": it is shard 1/2, " + log0 + " shard 0/2",
                refused(HlogRun.read(log0), j1));
        assertTrue(refused(HlogRun.read(log0), own).contains("it is a whole run, " + log0 + " shard 0/2"));
        Path merged = dir.resolve("m.hlog");
        HlogMerge.merge(List.of(log0, log1), merged, HlogMerge.INPUTS_INTERVAL);
        HlogRun mergedLog = HlogRun.read(merged);
        RunJson.requireOf("--json", mergedLog, List.of(j1, j0));
        assertEquals("--json " + j0.file() + ": no --json is of the run of " + merged + "'s input " + log1
                + ", and the log is of 2 runs: give every run's --json (or harness merge's --json-out of them)",
                refused(mergedLog, j0));
        Path mergedJson = dir.resolve("m.json");
        JsonMerge.read("--json", List.of(j0.file(), j1.file())).write(mergedJson);
        RunJson.requireOf("--json", mergedLog, List.of(RunJson.read("--json", mergedJson)));
        assertEquals("--json " + mergedJson + ": " + mergedJson + "'s run " + j1.file() + " is not the run of " + log0
                + ": it is shard 1/2, " + log0 + " shard 0/2", refused(HlogRun.read(log0), RunJson.read("--json", mergedJson)),
                "one shard's log is not of the set's JSON");
        assertTrue(refused(mergedLog, own).contains("it is a whole run"));
    }

    @Test
    void withoutJsonTheRateEndsWithTheLastIntervalThatCompletedAnything() throws Exception {
        Path file = dir.resolve("tail.hlog");
        try (HlogWriter w = HlogWriter.create(file)) {
            w.header(HlogHeader.builder(1_795_260_764_147L).comment("harness put against test").setting("rate", "100 msg/s")
                    .setting("interval", "1s").build());
            w.interval(0, 1, "warmup-response", Runs.values(times(100, MS)));
            w.interval(0, 1, HlogReader.WARMUP_MARK, Runs.values());
            w.interval(1, 2, "response", Runs.values(times(100, MS)));
            w.interval(2, 3, "response", Runs.values(times(100, MS)));
            // The run waited for a message that never came: an empty interval the run's measured time does not count.
            w.interval(3, 4, "hiccup", Runs.values(MS));
        }
        HlogRun log = HlogRun.read(file);
        assertEquals(3.0, LogFigures.measuredSeconds(log), 1e-9);
        assertEquals(100.0, LogFigures.whole(log, List.of()).figure(Term.Figure.RATE), 1e-9, "200 in 2 s, not in 3");
    }

    @Test
    void aTermOnlyTheJsonCarriesWithoutOneAndWindowsTheLogCannotCutAreOneLineEach() throws Exception {
        HlogRun log = log();
        SettingsException e = assertThrows(SettingsException.class, () -> check(log, List.of(), "lost == 0"));
        assertEquals("--slo 'lost == 0': lost: the log does not carry it; give the run's --json", e.getMessage());
        e = assertThrows(SettingsException.class, () -> check(log, List.of(), "response.p99 <= 2 * outage"));
        assertTrue(e.getMessage().contains("outage: the log does not carry it"), e.getMessage());
        e = assertThrows(SettingsException.class, () -> check(log, List.of(), "response.p99 < 1ms per 500ms"));
        assertTrue(e.getMessage().contains("shorter than the reporting interval 1s"), e.getMessage());
        e = assertThrows(SettingsException.class, () -> check(log, List.of(), "response.p99 < 1ms per 10s"));
        assertTrue(e.getMessage().contains("longer than the measured phase"), e.getMessage());
        e = assertThrows(SettingsException.class, () -> check(log, List.of(), "response.p99 < 1ms per 1500ms"));
        assertEquals("--slo 'response.p99 < 1ms per 1500ms': the window must be a whole number of the log's interval (1s)",
                e.getMessage());
        e = assertThrows(SettingsException.class, () -> check(log, List.of(), "B.response.p99 < 1ms"));
        assertTrue(e.getMessage().contains("harness ab"), e.getMessage());
    }

    @Test
    void aRunsJsonSaysWhetherTheRunCompletedAsTheRunsExitCodeDid() throws Exception {
        RunSummary done = Runs.summary(Runs.views(MS), 100, 3, 300, 0, 0, 0, Runs.delivery(300, 0, 0, 0), null);
        assertNull(RunJson.read("--json", Runs.json(dir.resolve("done.json"), done, Verdict.NONE)).notCompleted());
        RunJson failed = RunJson.read("--json", Runs.json(dir.resolve("failed.json"), Runs.ended(done, "failed",
                "broker connection lost and not back within 10s"), Verdict.NONE));
        assertEquals("the broker failed during the run: broker connection lost and not back within 10s", failed.notCompleted());
        // Committed persistent messages lost across a broker outage: the broker broke its promise.
        RunSummary lost = Runs.summary(Runs.views(MS), 100, 3, 300, 0, 0, 0, Runs.delivery(300, 4, 0, 0),
                Runs.outage(1_000 * MS, 1_500 * MS));
        assertEquals("the broker lost 4 committed persistent messages (never received)",
                RunJson.read("--json", Runs.json(dir.resolve("lost.json"), lost, Verdict.NONE)).notCompleted());
        RunJson interrupted = RunJson.read("--json", Runs.json(dir.resolve("interrupted.json"),
                Runs.ended(done, RunControl.INTERRUPTED, null), Verdict.NONE));
        assertTrue(interrupted.interrupted());
        assertEquals("it was interrupted (Ctrl-C)", interrupted.notCompleted());
        // Stopped by its own objective (--slo-abort): it completed, and its verdict is the gate's.
        assertNull(RunJson.read("--json", Runs.json(dir.resolve("aborted.json"), Runs.ended(done,
                "objective 'response.p99 < 1ms per 1s' broken in the window 1s-2s", null), Verdict.NONE)).notCompleted());
    }

    @Test
    void aRunsJsonGivesBackItsVerdictAndRefusesWhatIsNotOne() throws Exception {
        Objective slow = Objective.parse("response.p99 < 1ms per 2s");
        Verdict written = new Verdict(List.of(
                new Result(Objective.parse("response.p99 < 50ms"), 12.5 * MS, 50 * MS, true, null, 0, 0),
                new Result(slow, 3 * MS, MS, false, new Window(2.0, 4.0, null), 1, 2),
                new Result(Objective.parse("duplicates == 0"), Double.NaN, 0, false, null, 0, 0),
                new Result(Objective.parse("lost == 0"), Double.NaN, 0, false, null, 0, 0, 0, null,
                        "delivery not checked (--drainers 0)"),
                new Result(Objective.parse("response.p99 < 5ms per 1s"), 3 * MS, 5 * MS, true, null, 0, 3, 1,
                        new Window(4.0, 5.5, null, false), null)));
        RunJson json = RunJson.read("--json", Runs.json(dir.resolve("v.json"), Runs.summary(Runs.views(MS), 100, 3, 300, 0, 0,
                0, Runs.delivery(300, 0, 0, 0), null), written));
        assertEquals(written.results().stream().map(Result::line).toList(),
                json.verdict().results().stream().map(Result::line).toList());
        assertEquals(300, json.delivery().committed());

        Path other = Files.writeString(dir.resolve("other.json"), "{\"schema\":\"harness-events/1\"}");
        SettingsException e = assertThrows(SettingsException.class, () -> RunJson.read("--json", other));
        assertEquals("--json " + other + ": expected the --json of a harness run (schema harness-run/1)", e.getMessage());
        Path broken = Files.writeString(dir.resolve("broken.json"), "{\"schema\":");
        assertTrue(assertThrows(SettingsException.class, () -> RunJson.read("--json", broken)).getMessage().contains("not JSON"));
        Path missing = dir.resolve("missing.json");
        assertEquals("--json " + missing + ": cannot read the file: no such file",
                assertThrows(SettingsException.class, () -> RunJson.read("--json", missing)).getMessage());
    }
}
