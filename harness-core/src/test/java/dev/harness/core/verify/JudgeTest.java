package dev.harness.core.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.function.LongUnaryOperator;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.harness.core.disturbance.Stop;
import dev.harness.core.hlog.HlogHeader;
import dev.harness.core.hlog.HlogRun;
import dev.harness.core.hlog.HlogWriter;
import dev.harness.core.measure.Histograms;
import dev.harness.core.measure.View;

/**
 * The checker fed hlogs on disk, as verify reads its runs': one whose response holds what the
 * schedule says each message waited, and views broken on purpose (coordinated omission, the stall
 * counted twice), which must fail their rows.
 */
class JudgeTest {
    private static final long MS = 1_000_000L;
    private static final long S = 1_000 * MS;
    private static final long WARMUP = 1 * S;
    private static final long DURATION = 10 * S;
    /** What a message takes when nothing stops: 0.3 ms. */
    private static final long BASE = 300_000;
    /** A 2 s stop at 5 s, timed to within 0.5 ms. */
    private static final Stop STOP = new Stop(5 * S, 2 * S, 500_000);

    @TempDir
    Path dir;

    /**
     * The waits of the run at 1,000 msg/s: the message due at u, in the measured phase, waits for
     * the stop's end if due in it; then the view's own rule turns the wait into its value.
     */
    private Path hlog(String name, LongUnaryOperator responseOfWait, LongUnaryOperator serviceOfWait) throws Exception {
        Path file = dir.resolve(name + ".hlog");
        try (HlogWriter w = HlogWriter.create(file)) {
            w.header(HlogHeader.builder(1_700_000_000_000L).comment("harness put against test").setting("rate", "1000 msg/s")
                    .build());
            for (long second = 1; second < 11; second++) {
                Histogram response = Histograms.create();
                Histogram service = Histograms.create();
                for (long u = second * S; u < (second + 1) * S; u += MS) {
                    long end = STOP.atNs() + STOP.lengthNs();
                    long wait = u >= STOP.atNs() && u < end ? end - u : 0;
                    response.recordValue(responseOfWait.applyAsLong(wait) + BASE);
                    // The one send under way when it stopped took the whole stop.
                    long sent = u == STOP.atNs() ? STOP.lengthNs() : serviceOfWait.applyAsLong(wait);
                    service.recordValue(sent + BASE);
                }
                w.interval(second, second + 1, View.RESPONSE.tag(), response);
                w.interval(second, second + 1, View.SERVICE.tag(), service);
            }
        }
        return file;
    }

    private static List<Row> judge(Path hlog) throws Exception {
        HlogRun run = HlogRun.read(hlog);
        StallTruth truth = StallTruth.of(1000, WARMUP, DURATION, List.of(STOP));
        return Judge.stall(truth, Double.POSITIVE_INFINITY, run.measured(View.RESPONSE.tag()), run.measured(View.SERVICE.tag()),
                List.of(99.0, 99.9), true);
    }

    @Test
    void aTrueResponsePassesEveryRowWithServiceBesideIt() throws Exception {
        List<Row> rows = judge(hlog("true", wait -> wait, wait -> 0));
        assertEquals(List.of("p99", "p99.9", "max"), rows.stream().map(Row::figure).toList());
        rows.forEach(r -> assertTrue(r.passed(), r::toString));
        Row p99 = rows.get(0);
        assertEquals(1900 * MS, p99.truth(), 1); // 2 - 0.01 x 10 s
        assertTrue(p99.service() < 1 * MS, "service sees one sample of the stop: " + p99);
        assertEquals(2 * S, rows.get(2).truth(), 1);
    }

    @Test
    void aViewThatHidesTheWaitingFailsUnderTheTruth() throws Exception {
        // Coordinated omission: latency from the actual send, which for every message but one came after the stop.
        List<Row> rows = judge(hlog("omitted", wait -> 0, wait -> 0));
        Row p99 = rows.get(0);
        assertFalse(p99.passed());
        assertTrue(p99.why().startsWith("response 0.300 ms is under the least the truth can be, 1,899 ms"), p99.why());
    }

    @Test
    void aViewThatCountsTheStallTwiceFailsOverTheTruth() throws Exception {
        List<Row> rows = judge(hlog("twice", wait -> 2 * wait, wait -> 0));
        assertFalse(rows.get(0).passed(), rows.get(0)::toString);
        Row max = rows.get(2);
        assertFalse(max.passed());
        assertTrue(max.why().contains("is more than 5 % over the most the truth can be, 2,001 ms"), max.why());
    }

    /** A backlog worked off at 3,000/s raises the most at p99 (2.0005 - 0.1 x 2/3), not the max, which the first message sets. */
    @Test
    void theSlowestCatchUpRaisesTheMostOfThePercentiles() throws Exception {
        HlogRun run = HlogRun.read(hlog("true", wait -> wait, wait -> 0));
        StallTruth truth = StallTruth.of(1000, WARMUP, DURATION, List.of(STOP));
        List<Row> rows = Judge.stall(truth, 3000, run.measured(View.RESPONSE.tag()), run.measured(View.SERVICE.tag()),
                List.of(99.0), true);
        assertEquals(1933.833 * MS, rows.get(0).most(), 0.001 * MS); // the stop at its longest, 2.0005 s
        assertEquals(2000.5 * MS, rows.get(1).most(), 0.01 * MS);
        // The same truth judges publish/subscribe's fanout view, and its rows say which view they read.
        List<Row> fanOut = Judge.stall(truth, 3000, run.measured(View.RESPONSE.tag()), "fanout",
                run.measured(View.SERVICE.tag()), List.of(99.0), true);
        assertEquals(List.of("fanout", "fanout"), fanOut.stream().map(Row::view).toList());
        assertEquals(rows.get(0).most(), fanOut.get(0).most());
        assertTrue(fanOut.get(0).passed() == rows.get(0).passed());
    }

    @Test
    void theBoundsAreTheStopsUncertaintyAndOneIntervalAndFivePerCentOver() {
        Row r = new Row("p99", Row.Unit.NS, 1900 * MS, 1898 * MS, 1901 * MS, 1898 * MS, "response", 1 * MS, false);
        assertTrue(r.passed());
        assertFalse(new Row("p99", Row.Unit.NS, 1900 * MS, 1898 * MS, 1901 * MS, 1897.9 * MS, "response", 1, false).passed());
        assertTrue(new Row("p99", Row.Unit.NS, 1900 * MS, 1898 * MS, 1901 * MS, 1.049 * 1901 * MS, "response", 1, false).passed());
        assertFalse(new Row("p99", Row.Unit.NS, 1900 * MS, 1898 * MS, 1901 * MS, 1.051 * 1901 * MS, "response", 1, false).passed());
        assertTrue(new Row("max", Row.Unit.NS, 80 * MS, 79 * MS, 80 * MS, 300 * MS, "response", 1, true).passed(),
                "at least: whatever else happened only adds");
    }

    @Test
    void pauseCorrectedAddsOneSamplePerMessageDueWithinTheDetectorsResolution() {
        StallTruth truth = StallTruth.of(1000, WARMUP, DURATION, List.of(STOP));
        assertTrue(Judge.pauseCorrections(truth, 1990, 5 * MS).passed()); // 2,000 due; 1,988.5 at least (2 s - 0.5 - 10 - 1 ms)
        // Samples are whole: 1,988 meets a least of 1,988.5, 1,987 does not.
        assertTrue(Judge.pauseCorrections(truth, 1988, 5 * MS).passed());
        assertFalse(Judge.pauseCorrections(truth, 1987, 5 * MS).passed());
        assertFalse(Judge.pauseCorrections(truth, 4000, 5 * MS).passed(), "a pause corrected twice");
    }

    @Test
    void gcFiguresAgainstTheJvmsOwnLogAllowItsWholeMilliseconds() throws Exception {
        List<GcLog.Pause> logged = List.of(new GcLog.Pause(1_700_000_003_000L, 51_108_000, "Pause Young (Allocation Failure)"),
                new GcLog.Pause(1_700_000_006_000L, 77_912_000, "Pause Full (Allocation Failure)"));
        List<Stop> stops = List.of(Stop.exactly(3 * S - 51_108_000, 51_108_000), Stop.exactly(6 * S - 77_912_000, 77_912_000));
        StallTruth truth = StallTruth.of(1000, WARMUP, DURATION, stops);
        Histogram response = Histograms.create();
        response.recordValue(80 * MS);
        for (int i = 0; i < 200; i++) {
            response.recordValue(60 * MS);
        }
        List<Row> ok = Judge.gc(logged, 2, 128 * MS, 77 * MS, truth, response, Histograms.create());
        ok.forEach(r -> assertTrue(r.passed(), r::toString));
        assertEquals(List.of("GC pauses", "GC pause time", "longest GC pause", "p99", "max"), ok.stream().map(Row::figure).toList());
        List<Row> missed = Judge.gc(logged, 1, 51 * MS, 51 * MS, truth, response, Histograms.create());
        assertFalse(missed.get(1).passed(), "the harness missed a pause of 78 ms");
        assertFalse(missed.get(2).passed());
    }
}
