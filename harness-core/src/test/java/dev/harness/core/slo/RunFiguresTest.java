package dev.harness.core.slo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.harness.core.report.RunJson;
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
}
