package dev.harness.core.findings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.harness.core.hlog.HlogHeader;
import dev.harness.core.hlog.HlogReader;
import dev.harness.core.hlog.HlogRun;
import dev.harness.core.hlog.HlogWriter;
import dev.harness.core.hlog.HostFigures;
import dev.harness.core.measure.Histograms;

/**
 * What an hlog alone tells of validity: from each interval's send-lag (both phases) against the
 * bound of its rate and senders, the same judgement the run made of itself.
 */
class LogValidityTest {
    private static final long MS = 1_000_000L;

    @TempDir
    Path dir;

    private static Histogram lags(int count, long ns) {
        Histogram h = Histograms.create();
        h.recordValueWithCount(ns, count);
        return h;
    }

    /**
     * 100 msg/s, one sender (bound 100 ms), 2 s of warmup and 3 measured: the first measured
     * interval sends with this median lag, of warmup messages and its own; the rest on time; a
     * drain of 10 ms with nothing sent at the end.
     */
    private HlogRun log(String name, long firstMeasuredLagNs, long laterLagNs, boolean host, String senders) throws Exception {
        Path file = dir.resolve(name);
        try (HlogWriter w = HlogWriter.create(file)) {
            HlogHeader.Builder b = HlogHeader.builder(1_700_000_000_000L).comment("harness put against test")
                    .setting("rate", "100 msg/s").setting("interval", "1s");
            if (senders != null) {
                b.setting("senders", senders);
            }
            w.header(b.build());
            for (int i = 0; i < 2; i++) {
                w.interval(i, i + 1, "warmup-send-lag", lags(100, MS));
                w.interval(i, i + 1, HlogReader.WARMUP_MARK, lags(100, MS));
                if (host) {
                    w.host(new HostFigures(i, i + 1, 1, 2, 0, 0));
                }
            }
            w.interval(2, 3, "warmup-send-lag", lags(60, firstMeasuredLagNs));
            w.interval(2, 3, "send-lag", lags(100, firstMeasuredLagNs));
            for (int i = 3; i < 5; i++) {
                w.interval(i, i + 1, "send-lag", lags(100, laterLagNs));
            }
            w.interval(5, 5.01, "send-lag", Histograms.create());
            if (host) {
                for (int i = 2; i < 5; i++) {
                    w.host(new HostFigures(i, i + 1, 1, 2, 0, 0));
                }
            }
        }
        return HlogRun.read(file);
    }

    private static List<String> codes(Validity v) {
        return v.reasons().stream().map(Reason::code).toList();
    }

    @Test
    void aScheduleKeptIsValidAndTheDrainIsNoIntervalBehind() throws Exception {
        Validity v = Reading.ofLog(log("kept.hlog", MS, MS, true, "1"));
        assertTrue(v.valid(), v.codes());
    }

    @Test
    void aBacklogAtTheStartIsReadFromTheFirstMeasuredIntervalsLagOfBothPhases() throws Exception {
        Validity v = Reading.ofLog(log("backlog.hlog", 600 * MS, MS, true, "1"));
        assertEquals(List.of(Reason.BACKLOG_AT_START), codes(v));
        assertTrue(v.reasons().get(0).text().contains("began 600."), v.reasons().get(0).text());
    }

    @Test
    void halfTheMeasuredSendsBehindIsReadAsTheRunReadsIt() throws Exception {
        Validity v = Reading.ofLog(log("behind.hlog", MS, 300 * MS, true, "1"));
        assertEquals(List.of(Reason.SCHEDULE_BEHIND), codes(v));
        assertTrue(v.reasons().get(0).text().contains("behind in 2 of 4 measured intervals"), v.reasons().get(0).text());
    }

    @Test
    void theBoundIsTheRatesOverItsSenders() throws Exception {
        // 100 msg/s over 40 senders: each sends every 400 ms, so 300 ms behind is within ten of them.
        assertTrue(Reading.ofLog(log("forty.hlog", MS, 300 * MS, true, "40")).valid());
    }

    @Test
    void aMergedLogOrOneWithoutItsSendersCannotTell() throws Exception {
        assertNull(Reading.ofLog(log("merged.hlog", 600 * MS, MS, false, "1")), "no host lines: a merged log");
        assertNull(Reading.ofLog(log("nosenders.hlog", 600 * MS, MS, true, null)));
    }
}
