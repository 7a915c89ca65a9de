package dev.harness.core.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import dev.harness.core.study.SweepResult;
import dev.harness.core.study.SweepStep;

class SweepReportTest {
    @Test
    void theTableNamesTheKneeAndWhyEachNotValidStepWasNot() {
        String t = SweepReport.table(SweepJsonTest.sweep("before"));
        assertTrue(t.contains("knee: 1,000 msg/s, response p99 4.000 ms against 4.000 ms at 250 msg/s, the lightest VALID step"
                + " within --max-p99; the next, 4,000 msg/s, is NOT VALID"), t);
        assertTrue(t.contains("(the knee: " + dev.harness.core.study.Knee.RULE + ")"), t);
        assertTrue(t.lines().anyMatch(l -> l.contains("1,000") && l.endsWith("<- knee")), t);
        assertTrue(t.contains("4,000 msg/s: stopped: could not keep up; generator-saturated: 1 sender can offer"), t);
        assertTrue(t.contains("the sweep stopped after 1 step NOT VALID: 3 of its steps ran"), t);
    }

    /**
     * The knee at the lightest VALID step is not compared with itself; a shard set's step names each
     * reason's code once, though each shard gave it.
     */
    @Test
    void aKneeAtTheLightestStepAndAShardSetsReasons() {
        SweepStep.Latency fast = new SweepStep.Latency(1000, 1_000_000, 4_000_000, 5_000_000, 6_000_000);
        SweepStep.Latency slow = new SweepStep.Latency(1000, 2_000_000, 9_000_000, 10_000_000, 11_000_000);
        SweepStep behind = new SweepStep(1000, 900, java.util.List.of("schedule-behind: shard 0/2: half behind",
                "host-contended: shard 0/2: run queue", "schedule-behind: shard 1/2: half behind"), slow, fast, 5_000_000, 0.5,
                null, null, null);
        SweepResult r = new SweepResult("sharded", "--shards 2", "a harness broker child per step, shared by its shards",
                "msg/s", "2026-12-07T15:00:00Z", "vm, 2 CPUs", null, null, java.util.List.of(new SweepStep(250, 250,
                        java.util.List.of(), fast, fast, 100_000, 0.9, null, null, null), new SweepStep(500, 500,
                                java.util.List.of(), slow, fast, 100_000, 0.6, null, null, null), behind), null, false,
                SweepResult.BY_RATE, 2);
        String t = SweepReport.table(r);
        assertTrue(t.contains("knee: 250 msg/s, the lightest VALID step itself, response p99 4.000 ms; the next, 500 msg/s,"
                + " is over 2x, at p99 9.000 ms"), t);
        String line = SweepReport.stepLine(2, 3, behind, r.targetOf(behind));
        assertTrue(line.endsWith("(schedule-behind, host-contended)"), line);
    }

    /** A sweep of requester counts names its steps by their requesters, and the knee's rate beside it. */
    @Test
    void aSweepOfRequesterCountsNamesItsStepsByTheirRequesters() {
        SweepResult r = SweepJsonTest.requesters();
        String t = SweepReport.table(r);
        assertTrue(t.lines().anyMatch(l -> l.strip().startsWith("requesters")), t);
        assertTrue(t.contains("knee: 4 requesters (1,650 round trips/s), response p99 4.000 ms against 4.000 ms at 1 requester,"
                + " the lightest VALID step; the next, 8 requesters, is over 2x"), t);
        String html = SweepReport.html(r, null);
        assertTrue(html.contains("<th>requesters</th>") && html.contains("<td>4 (knee)</td>"), html);
        assertTrue(html.contains("in a closed loop"), html);
        String line = SweepReport.stepLine(0, 3, r.steps().get(0), r.targetOf(r.steps().get(0)));
        assertTrue(line.startsWith("step 1 of 3: target 1 requester  achieved 480  VALID  "), line);
    }

    @Test
    void theChartDrawsEachStepAtItsAchievedRateTheNotValidOnesHollowWithTheirReason() {
        String html = SweepReport.html(SweepJsonTest.sweep("before"), null);
        for (String series : new String[] {"response p50", "response p99", "response p99.9", "service p99"}) {
            assertTrue(html.contains("data-series=\"" + series + "\" data-points=\"3\""), series);
        }
        // x is log10 of the achieved rate: 998/s is drawn at 2.999.
        assertTrue(html.contains("data-x=\"2.999\" data-y=\"4\""), html);
        Matcher hollow = Pattern.compile("<circle class=\"pt noted\"[^>]*data-x=\"([0-9.]+)\"[^>]*><title>([^<]*)</title>")
                .matcher(html);
        int n = 0;
        while (hollow.find()) {
            n++;
            assertEquals(Math.log10(1700), Double.parseDouble(hollow.group(1)), 0.001);
            assertTrue(hollow.group(2).startsWith("NOT VALID at target 4,000 msg/s: stopped: could not keep up"),
                    hollow.group(2));
        }
        assertEquals(4, n, "the NOT VALID step, hollow on each of the four curves");
        assertTrue(html.contains(SweepReport.NOT_VALID_LEGEND), "the legend says what hollow means");
        assertTrue(html.contains("<line class=\"knee\""), "the knee marked");
        assertTrue(html.contains(">knee 1,000</text>"), html);
        assertTrue(html.contains("<tr class=\"invalid\"><td>4,000</td>"), html);
    }

    @Test
    void twoSweepsShareOneChartEachCurveLabelled() {
        SweepResult before = SweepJsonTest.sweep("before");
        SweepResult after = SweepJsonTest.sweep("after");
        String html = SweepReport.html(after, before);
        for (String label : new String[] {"after", "before"}) {
            assertTrue(html.contains("data-series=\"" + label + ": response p99\""), label);
            assertTrue(html.contains("data-series=\"" + label + ": service p99\""), label);
            assertTrue(html.contains("<table class=\"steps\" data-label=\"" + label + "\">"), label);
        }
        assertEquals(1, html.split("<svg ", -1).length - 1, "one chart");
        assertTrue(html.contains("<h1>Sweep: after against before</h1>"), html);
    }

    @Test
    void aStepThatMeasuredNothingIsTabulatedAndNotDrawn() {
        SweepResult r = SweepJsonTest.sweep("x");
        var nothing = new dev.harness.core.study.SweepStep.Latency(0, 0, 0, 0, 0);
        var steps = new java.util.ArrayList<>(r.steps());
        steps.add(new dev.harness.core.study.SweepStep(8000, 1800, java.util.List.of("schedule-behind: none sent"), nothing,
                nothing, 0, 0.2, null, null, null));
        SweepResult more = new SweepResult(r.label(), r.options(), r.target(), r.unit(), r.started(), r.machine(), null, null, steps,
                null, false);
        String html = SweepReport.html(more, null);
        assertTrue(html.contains("data-series=\"response p99\" data-points=\"3\""), "not drawn at 0 ms");
        assertTrue(SweepReport.table(more).lines().anyMatch(l -> l.contains("8,000") && l.contains("- / - / - / -")));
    }
}
