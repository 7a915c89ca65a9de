package dev.harness.core.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/** The chart's axes, and that what is drawn on it stays inside it and legible. */
class SvgChartTest {
    private static final double[] XS = {1, 2, 3};

    @Test
    void aLinearAxisRisesInRoundStepsJustAboveTheLargestValue() {
        String svg = new SvgChart("c", "x", "y").line("s", XS, new double[] {1, 22.6, 5}).render();
        assertEquals(List.of("0", "10", "20", "30"), tickLabels(svg));
        svg = new SvgChart("c", "x", "y").line("s", XS, new double[] {100, 1_950, 500}).render();
        assertEquals(List.of("0", "500", "1,000", "1,500", "2,000"), tickLabels(svg));
    }

    @Test
    void aLogarithmicAxisSpansTheDecadesOfTheValues() {
        String svg = new SvgChart("c", "x", "y").yLog(true).line("s", XS, new double[] {0.02, 3, 4_000}).render();
        assertTrue(svg.contains("data-y-scale=\"log\""));
        assertEquals(List.of("0.01", "0.1", "1", "10", "100", "1,000", "10,000"), tickLabels(svg));
        assertTrue(svg.contains(", log scale</text>"), "the axis says so");
    }

    @Test
    void anEventAfterTheLastPointIsStillInsideThePlot() {
        String svg = new SvgChart("c", "x", "y").line("s", XS, new double[] {1, 2, 3})
                .mark(3.5, "late", SvgChart.Style.line("#000", null, 2), "an event after the last point", "late", "late event")
                .render();
        Matcher m = Pattern.compile("<line class=\"late\" x1=\"([0-9.]+)\"").matcher(svg);
        assertTrue(m.find());
        assertTrue(Double.parseDouble(m.group(1)) <= 1100 - 220, "left of the legend: " + m.group(1));
        assertTrue(svg.contains(">late event</text>"), "named in the legend");
    }

    @Test
    void labelsOfEventsAndLimitsCloseTogetherDoNotCoverEachOther() {
        SvgChart.Style style = SvgChart.Style.line("#000", null, 2);
        String svg = new SvgChart("c", "x", "y").line("s", new double[] {0, 10}, new double[] {1, 100})
                .mark(5, "a", style, "a", "reconnected", "a").mark(5.1, "b", style, "b", "on schedule", "b")
                .limit(10, 5, "response.p99 < 5ms", false).limit(10, 5.5, "response.p99 < 5.5ms per 1s", true).render();
        List<String> eventYs = attribute(svg, "<text class=\"event-label\"[^>]* y=\"([0-9.]+)\"");
        assertEquals(2, eventYs.size());
        assertNotEquals(eventYs.get(0), eventYs.get(1), "a row each");
        List<String> limitYs = attribute(svg, "<text class=\"limit-label\"[^>]* y=\"([0-9.]+)\"");
        assertEquals(2, limitYs.size());
        assertTrue(Math.abs(Double.parseDouble(limitYs.get(0)) - Double.parseDouble(limitYs.get(1))) >= 12, limitYs.toString());
    }

    @Test
    void theChartGrowsToHoldEveryLegendRow() {
        SvgChart chart = new SvgChart("c", "x", "y", 120).line("s", XS, new double[] {1, 2, 3});
        for (int i = 0; i < 12; i++) {
            chart.mark(i % 3 + 1, "k" + i, SvgChart.Style.line("#000", null, 1), "t", null, "kind " + i);
        }
        Matcher m = Pattern.compile("viewBox=\"0 0 1100 (\\d+)\"").matcher(chart.render());
        assertTrue(m.find());
        assertTrue(Integer.parseInt(m.group(1)) >= 16 + 8 + 13 * 17, "13 rows: " + m.group(1));
    }

    private static List<String> tickLabels(String svg) {
        return attribute(svg, "<text class=\"tick\" x=\"\\d+\" y=\"[0-9.]+\" text-anchor=\"end\">([^<]*)</text>");
    }

    private static List<String> attribute(String svg, String regex) {
        List<String> out = new ArrayList<>();
        Matcher m = Pattern.compile(regex).matcher(svg);
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }
}
