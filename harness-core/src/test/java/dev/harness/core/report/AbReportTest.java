package dev.harness.core.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.harness.core.findings.Reason;
import dev.harness.core.findings.Validity;
import dev.harness.core.measure.Histograms;

class AbReportTest {
    private static AbReport.Round round(double rate, long... responseMs) {
        Histogram h = Histograms.create();
        for (long ms : responseMs) {
            h.recordValue(ms * 1_000_000L);
        }
        return new AbReport.Round(rate, h);
    }

    private static AbReport report(List<AbReport.Round> a, List<AbReport.Round> b) {
        return new AbReport(new AbReport.Side("A", "--syncpoint 10", a), new AbReport.Side("B", "--syncpoint 0", b));
    }

    @Test
    void mediansRatioAndWhetherTheRangesOverlap() {
        AbReport ab = report(List.of(round(3000, 1, 2), round(3400, 1, 2), round(3200, 1, 2)),
                List.of(round(1000, 5, 9), round(1100, 5, 9), round(900, 5, 9)));
        AbReport.Row throughput = ab.rows().get(0);
        assertEquals("throughput msg/s", throughput.name());
        assertEquals(3200, throughput.medianA());
        assertEquals(1000, throughput.medianB());
        assertEquals(1000.0 / 3200, throughput.ratio(), 1e-12);
        assertTrue(throughput.differs(), "900..1100 against 3000..3400");
        String table = ab.table();
        assertTrue(table.contains("0.31"), table);
        assertTrue(table.contains("3,000 .. 3,400"), table);
    }

    @Test
    void anUnthrottledSideLabelsItsLatenciesClosedLoop() {
        List<AbReport.Round> a = List.of(round(3000, 1, 2));
        List<AbReport.Round> b = List.of(round(1000, 5, 9));
        AbReport scheduled = report(a, b);
        assertEquals("response p99 ms", scheduled.rows().get(3).name());
        assertFalse(scheduled.table().contains("closed-loop"), scheduled.table());

        AbReport unthrottled = new AbReport(new AbReport.Side("A", "--rate max", a, true),
                new AbReport.Side("B", "--rate 500", b, false));
        assertEquals("closed-loop p99 ms", unthrottled.rows().get(3).name());
        assertTrue(unthrottled.table().contains("\nA: UNTHROTTLED (--rate max)"), unthrottled.table());
    }

    /** "1 round each", and a round's line with the figures as every table writes them: "6,430 ms", not "6429.868". */
    @Test
    void oneRoundIsSaidSoAndRoundLinesSeparateThousands() {
        AbReport one = report(List.of(round(3000, 1, 2)), List.of(round(1000, 5, 9)));
        assertTrue(one.table().contains("\n1 round each, A then B\n"), one.table());
        assertFalse(one.table().contains("1 rounds"), one.table());
        AbReport three = report(List.of(round(1, 1), round(1, 1), round(1, 1)), List.of(round(1, 1), round(1, 1), round(1, 1)));
        assertTrue(three.table().contains("\n3 rounds each, alternating A B A B ...\n"), three.table());
        // 6,429.868 ms as HdrHistogram keeps it (3 significant digits): 6,430 ms.
        assertEquals("round 2, B (--syncpoint 0): 1,136 of 2,000 msg/s, response p99 6,430 ms; NOT VALID (rate-below-target)",
                AbReport.roundLine(2, "B", "--syncpoint 0", new AbReport.Round(1136.4, hist(6_429_868_000L), 2_000,
                        new Validity(List.of(new Reason(Reason.RATE_BELOW_TARGET, "1,136 of 2,000", "lower --rate")))), false));
        assertEquals("round 1, A (--rate max): 12,345 (unthrottled) msg/s, closed-loop p99 1.500 ms; VALID",
                AbReport.roundLine(1, "A", "--rate max", new AbReport.Round(12345, hist(1_500_000L)), true));
    }

    private static Histogram hist(long ns) {
        Histogram h = Histograms.create();
        h.recordValue(ns);
        return h;
    }

    @Test
    void overlappingRangesAreNotADifference() {
        AbReport ab = report(List.of(round(1000, 1), round(1200, 1)), List.of(round(1100, 1), round(1300, 1)));
        assertFalse(ab.rows().get(0).differs(), "1000..1200 and 1100..1300 overlap");
        assertTrue(ab.table().contains(" no"), ab.table());
    }

    @Test
    void oneRoundHasNoSpreadToJudgeBy() {
        AbReport ab = report(List.of(round(1000, 1)), List.of(round(2000, 2)));
        assertTrue(ab.table().contains("one round: no spread"), ab.table());
    }

    @Test
    void theHtmlHasBothCurvesOnOneChart(@TempDir Path dir) throws Exception {
        Path html = dir.resolve("ab.html");
        report(List.of(round(1000, 1, 2, 3)), List.of(round(900, 4, 5, 6))).writeHtml(html);
        String page = Files.readString(html);
        assertTrue(page.contains("id=\"ab-percentiles\""));
        assertTrue(page.contains("data-series=\"A\"") && page.contains("data-series=\"B\""), page);
        assertFalse(page.contains("<script"), "self-contained");
    }
}
