package dev.harness.core.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import dev.harness.core.WorkloadKind;
import dev.harness.core.findings.Reason;
import dev.harness.core.findings.Validity;
import dev.harness.core.host.HostSample;
import dev.harness.core.measure.GcPauses;
import dev.harness.core.measure.Histograms;
import dev.harness.core.measure.IntervalSnapshot;
import dev.harness.core.measure.Outages;
import dev.harness.core.measure.Phase;
import dev.harness.core.measure.View;
import dev.harness.core.run.RunHeader;

/** The live lines say what a person must know as it happens: behind the schedule, the broker lost and back. */
class ConsoleReporterTest {
    private static final long MS = 1_000_000L;
    /** A host of which nothing was read. */
    private static final HostSample HOST = new HostSample(0, Double.NaN, 0, -1, -1, Double.NaN, Double.NaN, Double.NaN,
            Double.NaN, Double.NaN, List.of(), -1, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, -1, -1);

    private static IntervalSnapshot interval(int index, long lagNs, Outages.Status broker, boolean maxGrew) {
        return interval(index, lagNs, broker, maxGrew, 1_000 * MS, 100);
    }

    private static IntervalSnapshot interval(int index, long lagNs, Outages.Status broker, boolean maxGrew, long lengthNs,
            int count) {
        Map<View, Histogram> warmup = new EnumMap<>(View.class);
        Map<View, Histogram> measured = new EnumMap<>(View.class);
        for (View v : View.values()) {
            warmup.put(v, Histograms.create());
            measured.put(v, Histograms.create());
        }
        if (count > 0) {
            measured.get(View.SEND_LAG).recordValueWithCount(Math.max(1, lagNs), count);
            measured.get(View.RESPONSE).recordValueWithCount(2 * MS + lagNs, count);
        }
        long start = index * 1_000 * MS;
        return new IntervalSnapshot(new IntervalSnapshot.Span(index, start, start + lengthNs, 0, 1_000, Phase.MEASURED),
                warmup, measured, new IntervalSnapshot.Counts(count, count, 100L * index + count, 0),
                new IntervalSnapshot.RunMax(2 * MS + lagNs, maxGrew),
                new IntervalSnapshot.Jvm(Histograms.create(), new GcPauses.Interval(0, 0, Histograms.create())), HOST, broker);
    }

    private static String[] lines(IntervalSnapshot... intervals) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ConsoleReporter console = new ConsoleReporter(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        // The run's lag bound comes with its header: "behind" beyond it.
        console.started(new RunHeader(WorkloadKind.PUT, "t", List.of(), List.of(), Instant.EPOCH, null, 100 * MS));
        bytes.reset();
        for (IntervalSnapshot s : intervals) {
            console.interval(s);
        }
        return bytes.toString(StandardCharsets.UTF_8).split("\n");
    }

    @Test
    void anIntervalBehindTheScheduleSaysSoInsteadOfANewMaximum() {
        String[] l = lines(interval(0, MS, Outages.Status.NONE, false), interval(1, 1_200 * MS, Outages.Status.NONE, true),
                interval(2, 2 * MS, Outages.Status.NONE, true));
        assertFalse(l[1].contains("<<"), l[1]);
        assertTrue(l[2].endsWith("<< fell behind the schedule by up to 1.2 s"), l[2]);
        assertTrue(l[3].contains("<< run max grew to"), "on schedule, a new maximum is news again: " + l[3]);
    }

    @Test
    void theBrokerLostReconnectedAndRecoveredAreSaidOnTheLinesTheyHappenIn() {
        Outages.Status killed = new Outages.Status(1, false, 0, 0, true, false);
        Outages.Status away = new Outages.Status(3, false, 0, 0, true, false);
        Outages.Status catchingUp = new Outages.Status(1, false, 3, 0, true, true);
        Outages.Status back = new Outages.Status(0, true, 3, 0, true, true);
        Outages.Status recovered = new Outages.Status(0, false, 3, 1, true, true);
        String[] l = lines(interval(0, MS, killed, false), interval(1, 2_000 * MS, away, false),
                interval(2, 2_500 * MS, catchingUp, false), interval(3, 2_500 * MS, back, false),
                interval(4, MS, recovered, false), interval(5, MS, recovered, false));
        assertTrue(l[1].contains("<< broker killed, BROKER DOWN: 1 away"), l[1]);
        assertTrue(l[2].contains("<< BROKER DOWN: 3 away; fell behind the schedule by up to 2.0 s"), l[2]);
        assertTrue(l[3].contains("<< broker started again, 3 workers reconnected, OUTAGE: 1 worker reconnecting or catching up"),
                l[3]);
        assertTrue(l[4].contains("<< reconnected, draining the backlog"), l[4]);
        assertTrue(l[5].contains("<< RECOVERED: every worker back on its schedule and the backlog drained"), l[5]);
        assertFalse(l[6].contains("<<"), "nothing new: " + l[6]);
    }

    @Test
    void theRunsLastCutWithNothingInItPrintsNoLineOfZeros() {
        String[] l = lines(interval(0, MS, Outages.Status.NONE, false), interval(1, MS, Outages.Status.NONE, false, 3 * MS, 0));
        assertEquals(2, l.length, String.join("\n", l));
        String[] tail = lines(interval(0, MS, Outages.Status.NONE, false), interval(1, MS, Outages.Status.NONE, false, 185 * MS, 51));
        assertEquals(3, tail.length, "a cut with completions in it is printed: " + String.join("\n", tail));
        String[] stalled = lines(interval(0, MS, Outages.Status.NONE, false), interval(1, MS, Outages.Status.NONE, false,
                1_000 * MS, 0));
        assertEquals(3, stalled.length, "a whole interval without a completion is a stall, and printed");
    }

    /** A valid run without a schedule (--rate max) kept none, and its line does not claim it did. */
    @Test
    void aValidRunSaysItKeptItsScheduleOnlyWhenItHadOne() {
        Validity valid = new Validity(List.of());
        assertEquals(List.of("VALID: the schedule was kept and nothing the run needed went unchecked"),
                ConsoleReporter.validityLines(valid, true));
        assertEquals(List.of("VALID: unthrottled (no schedule to keep), and nothing the run needed went unchecked"),
                ConsoleReporter.validityLines(valid, false));
    }

    @Test
    void twoReasonsWithOneRemedySayItOnce() {
        List<String> l = ConsoleReporter.validityLines(new Validity(List.of(
                new Reason(Reason.SCHEDULE_BEHIND, "not one message of the measured phase was sent", "add --senders"),
                new Reason(Reason.GENERATOR_SATURATED, "1 sender can offer about 1,433 msg/s", "add --senders"),
                new Reason(Reason.HOST_CONTENDED, "the run queue reached 26", null))));
        assertEquals(List.of("NOT VALID: this run was not a valid test of what it asked (3 reasons):",
                "  - schedule-behind: not one message of the measured phase was sent", "    what to change: add --senders",
                "  - generator-saturated: 1 sender can offer about 1,433 msg/s",
                "  - host-contended: the run queue reached 26"), l);
        // A remedy said two reasons before is not said again either.
        List<String> apart = ConsoleReporter.validityLines(new Validity(List.of(
                new Reason(Reason.SCHEDULE_BEHIND, "half the sends lagged", "stop what else runs on this host"),
                new Reason(Reason.BACKLOG_AT_START, "began 2.1 s behind", "a longer --warmup"),
                new Reason(Reason.HOST_CONTENDED, "the run queue reached 26", "stop what else runs on this host"))));
        assertEquals(2, apart.stream().filter(x -> x.startsWith("    what to change:")).count(), String.join("\n", apart));
        assertEquals("  - host-contended: the run queue reached 26", apart.get(apart.size() - 1));
    }
}
