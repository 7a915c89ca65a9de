package dev.harness.core.slo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import dev.harness.core.SettingsException;
import dev.harness.core.run.Delivery;

/** harness ab's gate: each side as a whole, all its rounds together. */
class SideFiguresTest {
    private static final long MS = 1_000_000L;

    @Test
    void aSideIsItsRoundsHistogramsAddedAndItsCountsSummed() {
        SideFigures side = new SideFigures();
        side.add(Runs.summary(Runs.views(MS, 2 * MS, 3 * MS), 0, 2.0, 1_000, 1, 0, 0, Runs.delivery(1_000, 2, 1, 0),
                Runs.outage(0, 300 * MS)));
        side.add(Runs.summary(Runs.views(4 * MS, 90 * MS), 0, 3.0, 2_000, 0, 5, 2, Runs.delivery(2_000, 0, 0, 4), null));
        Figures f = side.figures();
        Histogram both = Runs.values(MS, 2 * MS, 3 * MS, 4 * MS, 90 * MS);
        assertEquals(5, f.view("response").getTotalCount());
        assertEquals(both.getValueAtPercentile(50), f.view("response").getValueAtPercentile(50));
        assertEquals(both.getMaxValue(), f.view("response").getMaxValue());
        assertEquals(3_000 / 5.0, f.figure(Term.Figure.RATE), 1e-9, "every completion over every measured second");
        assertTrue(Double.isNaN(f.figure(Term.Figure.TARGET)), "unthrottled: no target");
        assertEquals(1.0, f.figure(Term.Figure.UNSENT));
        assertEquals(2.0 + 5.0, f.figure(Term.Figure.LOST), "each round's lost as a run counts it, summed");
        assertEquals(2.0, f.figure(Term.Figure.LATE));
        assertEquals(1.0, f.figure(Term.Figure.DUPLICATES));
        assertEquals(4.0, f.figure(Term.Figure.IN_DOUBT));
        assertEquals(300.0 * MS, f.figure(Term.Figure.OUTAGE));
        assertEquals(2, side.rounds());

        side.add(Runs.summary(Runs.views(MS), 0, 1.0, 10, 0, 0, 0, Delivery.notTracked("no drainers", true, 0), null));
        assertTrue(Double.isNaN(side.figures().figure(Term.Figure.DUPLICATES)), "not every round could count them");
    }

    @Test
    void theRatioGateComparesTheTwoWholeSides() {
        SideFigures a = new SideFigures();
        SideFigures b = new SideFigures();
        for (int round = 0; round < 2; round++) {
            a.add(Runs.summary(Runs.views(10 * MS, 10 * MS, 10 * MS), 100, 3, 300, 0, 0, 0, Runs.delivery(300, 0, 0, 0), null));
            b.add(Runs.summary(Runs.views(12 * MS, 12 * MS, 12 * MS), 100, 3, 297, 0, 0, 0, Runs.delivery(300, 1, 0, 0), null));
        }
        Objectives gate = Objectives.ofSides(List.of("B.response.p99 <= 1.1 * A.response.p99",
                "B.response.p99 <= 1.3 * A.response.p99", "A.lost == 0", "B.lost == 0", "B.rate >= 0.98 * A.rate"));
        Verdict v = Verdict.of(gate.list(), side -> side == Term.Side.A ? a.figures() : b.figures(), Map.of());
        assertEquals(List.of(false, true, true, false, true), v.results().stream().map(Result::passed).toList(),
                v.results().toString());
        assertEquals(11.0 * MS, v.results().get(0).limit(), 0.011 * MS, "1.1 times A's p99");
        assertTrue(v.results().get(0).line().startsWith("FAIL  B.response.p99 <= 1.1 * A.response.p99: 12.0"),
                v.results().get(0).line());
    }

    @Test
    void aTermWithoutItsSideOrAWindowIsRefusedInOneLine() {
        SettingsException e = assertThrows(SettingsException.class, () -> Objectives.ofSides(List.of("lost == 0")));
        assertEquals("--slo 'lost == 0': harness ab has two sides: name the side of lost, A.lost or B.lost (one objective"
                + " each for both)", e.getMessage());
        e = assertThrows(SettingsException.class, () -> Objectives.ofSides(List.of("B.response.p99 <= 1.1 * response.p99")));
        assertTrue(e.getMessage().contains("name the side of response.p99"), e.getMessage());
        e = assertThrows(SettingsException.class, () -> Objectives.ofSides(List.of("B.response.p99 < 5ms per 1s")));
        assertTrue(e.getMessage().contains("no 'per' window"), e.getMessage());
        assertFalse(Objectives.ofSides(List.of("A.rate >= 10")).isEmpty());
    }
}
