package dev.harness.core.slo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.harness.core.hlog.HlogHeader;
import dev.harness.core.hlog.HlogRun;
import dev.harness.core.hlog.HlogWriter;
import dev.harness.core.report.JsonMerge;
import dev.harness.core.report.RunJson;
import dev.harness.core.run.Delivery;
import dev.harness.core.run.RunSummary;

/** A finished run's figures: outage is its longest client-visible gap, whether or not a connection dropped. */
class RunFiguresTest {
    private static final long MS = 1_000_000L;

    @TempDir
    Path dir;

    @Test
    void outageIsTheLongestGapEvenWhenNoConnectionDropped() throws Exception {
        // A broker frozen 2 s: every connection stayed up, so there is no recovery, only the gap.
        RunSummary frozen = Runs.gap(Runs.summary(Runs.views(MS), 100, 3, 300, 0, 0, 0, Runs.delivery(300, 0, 0, 0), null),
                1_500 * MS, 2_000 * MS);
        assertEquals(2_000.0 * MS, RunFigures.of(frozen).figure(Term.Figure.OUTAGE));
        Objective outage = Objective.parse("outage < 1s");
        assertFalse(Verdict.of(List.of(outage), side -> RunFigures.of(frozen), java.util.Map.of()).passed());
        RunSummary smooth = Runs.gap(frozen, 1_500 * MS, 12 * MS);
        assertTrue(Verdict.of(List.of(outage), side -> RunFigures.of(smooth), java.util.Map.of()).passed());

        // Its --json carries the gap, and check reads the same outage from it.
        RunJson json = RunJson.read("--json", Runs.json(dir.resolve("frozen.json"), frozen, Verdict.NONE));
        assertEquals(2_000 * MS, json.totals().longestGapNs());
        assertEquals(1_500 * MS, json.totals().longestGapFromNs());
        SideFigures side = new SideFigures();
        side.add(frozen);
        assertEquals(2_000.0 * MS, side.figures().figure(Term.Figure.OUTAGE), "an ab side's too");
    }

    /**
     * --drainers 0: nothing checked delivery, so nothing is known of lost, and lost == 0 fails,
     * saying why: in the run, in check --json, in a merged JSON and in an ab side alike.
     */
    @Test
    void lostIsUnknownWhenNothingCheckedDelivery() throws Exception {
        Delivery unchecked = Delivery.notTracked("--drainers 0: nothing here receives the messages", true, 0);
        RunSummary run = Runs.summary(Runs.views(MS), 100, 3, 300, 0, 0, 0, unchecked, null);
        List<Objective> objectives = List.of(Objective.parse("lost == 0"), Objective.parse("duplicates == 0"));

        Verdict byRun = Verdict.of(objectives, side -> RunFigures.of(run), Map.of());
        assertFalse(byRun.results().get(0).passed(), byRun.results().get(0).line());
        assertEquals("FAIL  lost == 0: delivery not checked (--drainers 0)", byRun.results().get(0).line());
        assertEquals("FAIL  duplicates == 0: delivery not checked (--drainers 0)", byRun.results().get(1).line());

        HlogRun log = HlogRun.read(hlog());
        RunJson json = RunJson.read("--json", Runs.json(dir.resolve("run.json"), run, byRun));
        Verdict byCheck = LogFigures.verdict(LogFigures.objectives(List.of("lost == 0"), log, List.of(json)), log, List.of(json));
        assertEquals("FAIL  lost == 0: delivery not checked (--drainers 0)", byCheck.results().get(0).line());
        assertEquals("delivery not checked (--drainers 0)", json.verdict().results().get(0).unknown(), "the run's JSON says why");

        // A shard set one of whose shards checked nothing: the set's lost is not known either.
        Path a = Runs.json(dir.resolve("a.json"), Runs.shard(Runs.summary(Runs.views(MS), 100, 3, 300, 0, 0, 0,
                Runs.delivery(300, 0, 0, 0), null), 0, 2), Verdict.NONE);
        Path b = Runs.json(dir.resolve("b.json"), Runs.shard(run, 1, 2), Verdict.NONE);
        Path merged = dir.resolve("merged.json");
        JsonMerge.read("--json", List.of(a, b)).write(merged);
        for (List<RunJson> runs : List.of(List.of(RunJson.read("--json", merged)),
                List.of(RunJson.read("--json", a), RunJson.read("--json", b)))) {
            Figures f = LogFigures.whole(log, runs);
            assertTrue(Double.isNaN(f.figure(Term.Figure.LOST)), "not 0: " + f.figure(Term.Figure.LOST));
            assertEquals("delivery not checked (--drainers 0)", f.unknown(Objective.parse("lost == 0").term()));
        }

        SideFigures side = new SideFigures();
        side.add(Runs.summary(Runs.views(MS), 100, 3, 300, 0, 0, 0, Runs.delivery(300, 0, 0, 0), null));
        side.add(run);
        Verdict byAb = Verdict.of(List.of(Objective.parse("A.lost == 0")), s -> side.figures(), Map.of());
        assertEquals("FAIL  A.lost == 0: delivery not checked (--drainers 0)", byAb.results().get(0).line());

        // A run that checked: lost == 0 is judged on its count.
        RunSummary checked = Runs.summary(Runs.views(MS), 100, 3, 300, 0, 0, 0, Runs.delivery(300, 0, 0, 0), null);
        assertTrue(Verdict.of(objectives, s -> RunFigures.of(checked), Map.of()).passed());
    }

    private Path hlog() throws Exception {
        Path file = dir.resolve("run.hlog");
        try (HlogWriter w = HlogWriter.create(file)) {
            w.header(HlogHeader.builder(Runs.HEADER.start().toEpochMilli()).comment("harness put against test")
                    .setting("rate", "100 msg/s").setting("interval", "1s").build());
            for (int i = 1; i <= 3; i++) {
                w.interval(i, i + 1, "response", Runs.values(MS));
            }
        }
        return file;
    }
}
