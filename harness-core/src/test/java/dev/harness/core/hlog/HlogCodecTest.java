package dev.harness.core.hlog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.harness.core.Setting;
import dev.harness.core.measure.Histograms;
import dev.harness.core.schedule.Warmup;
import dev.harness.core.workload.PutSettings;
import dev.harness.core.workload.ReqRespSettings;
import dev.harness.core.workload.SizeMix;

/** What HlogWriter writes, HlogReader reads back: every field equal. */
class HlogCodecTest {
    private static final long T0 = 1_795_260_764_147L;
    private static final long S = 1_000_000_000L;

    @TempDir
    Path dir;

    private static Histogram values(long... ns) {
        Histogram h = Histograms.create();
        for (long v : ns) {
            h.recordValue(v);
        }
        return h;
    }

    @Test
    void aHeaderAndItsIntervalsReadBackAsWritten() throws Exception {
        HlogHeader written = HlogHeader.builder(T0)
                .comment("harness put against embedded Artemis 2.44.0 at tcp://127.0.0.1:1\nsecond line")
                .rate(new HlogHeader.Rate(1500, "msg/s"), "")
                .setting("reply timeout", "5s")
                .interval(500)
                .comment("values in nanoseconds")
                .build();
        List<Histogram> response = List.of(values(1_000, 2_000), values(3_000), values(4_000, 5_000, 6_000));
        HostFigures host = new HostFigures(0.5, 1.0, 9, 2, 12.5, Double.NaN);
        DepthFigures depth = new DepthFigures(0.5, 1.0, 10_761, 10_700);
        Path file = dir.resolve("run.hlog");
        try (HlogWriter w = HlogWriter.create(file)) {
            w.header(written);
            // A warmup interval (it carries the mark), then two measured ones; the middle one with host figures.
            w.interval(0, 0.5, "warmup-response", response.get(0));
            w.interval(0, 0.5, HlogReader.WARMUP_MARK, values());
            w.interval(0.5, 1.0, "response", response.get(1));
            w.interval(0.5, 1.0, null, values(7_000));
            w.host(host);
            w.depth(depth);
            w.interval(1.0, 1.25, "response", response.get(2));
        }

        try (HlogReader r = HlogReader.open(file)) {
            HlogHeader read = r.header();
            assertEquals(written.comments(), read.comments());
            assertEquals("harness put against embedded Artemis 2.44.0 at tcp://127.0.0.1:1 second line", read.title(),
                    "a line break in a comment would end it: written as a space");
            assertEquals(T0, read.startMs());
            assertEquals("put", read.workload());
            assertEquals("embedded Artemis 2.44.0 at tcp://127.0.0.1:1 second line", read.target());
            assertEquals(new HlogHeader.Rate(1500, "msg/s"), read.rate());
            assertEquals(500, read.intervalMs());
            assertEquals("5s", read.setting("reply timeout"));

            List<HlogReader.Interval> intervals = new ArrayList<>();
            for (HlogReader.Interval i; (i = r.next()) != null;) {
                intervals.add(i);
            }
            assertEquals(3, intervals.size());
            long[][] times = {{T0, T0 + 500}, {T0 + 500, T0 + 1000}, {T0 + 1000, T0 + 1250}};
            for (int k = 0; k < 3; k++) {
                HlogReader.Interval i = intervals.get(k);
                assertEquals(times[k][0], i.startMs(), "start, to the ms");
                assertEquals(times[k][1], i.endMs(), "end, to the ms");
                assertEquals(k == 0, i.warmup(), "phase");
                Histogram first = r.histogram(i.entries().get(0));
                assertEquals(response.get(k), first, "histogram " + k);
            }
            assertEquals(List.of("warmup-response", HlogReader.WARMUP_MARK),
                    intervals.get(0).entries().stream().map(HlogReader.Entry::tag).toList());
            assertNull(intervals.get(1).entries().get(1).tag(), "untagged stays untagged");
            assertEquals(host, intervals.get(1).host());
            assertNull(intervals.get(0).host());
            assertNull(intervals.get(2).host());
            assertEquals(depth, intervals.get(1).depth());
            assertNull(intervals.get(2).depth());
            assertFalse(r.cutShort());
        }
    }

    @Test
    void theRateIsANumberWhateverItsRemarkAndOlderLogsCommas() {
        assertEquals(new HlogHeader.Rate(1000, "msg/s"), rate("1,000 msg/s"));
        assertEquals(new HlogHeader.Rate(1000, "msg/s"), rate("1000 msg/s"));
        assertEquals(new HlogHeader.Rate(2000, "msg/s"), rate("2000 msg/s (the 2 inputs' rates added)"));
        assertEquals(new HlogHeader.Rate(12.5, "round trips/s"), rate("12.5 round trips/s"));
        assertEquals(new HlogHeader.Rate(300, null), rate("300"));
        assertNull(rate("max (unthrottled)"));
        assertEquals("2000 msg/s", new HlogHeader.Rate(2000, "msg/s").toString());
        assertEquals("12.5 round trips/s", new HlogHeader.Rate(12.5, "round trips/s").toString());
    }

    @Test
    void theWorkloadsStateTheirRateSoThatTheHeaderReadsItAsANumber() {
        // The rate line comes from the workloads' settings: rewording it must fail here, not silently in report and merge.
        assertEquals(new HlogHeader.Rate(500, "msg/s"),
                header(PutSettings.of(500, null, Warmup.fixed(0), S, SizeMix.of(2048), true, null, 3, null, null, 0).describe()).rate());
        assertNull(header(PutSettings.of(0, null, Warmup.fixed(0), S, SizeMix.of(2048), true, null, 3, null, null, 0).describe()).rate(),
                "unthrottled");
        assertEquals(new HlogHeader.Rate(100, "round trips/s"), header(ReqRespSettings.of(100, null, null, Warmup.fixed(0), S, SizeMix.of(2048), true,
                null, null, null, null, null, null, 0).describe()).rate());
    }

    @Test
    void theIntervalReadsInEveryUnitARunOrAMergeStatesIt() {
        assertEquals(1000, HlogHeader.builder(T0).setting("interval", "1s").build().intervalMs());
        assertEquals(250, HlogHeader.builder(T0).setting("interval", "250ms").build().intervalMs());
        assertEquals(120_000, HlogHeader.builder(T0).setting("interval", "2m").build().intervalMs());
        assertEquals(60_000, HlogHeader.builder(T0).interval(60_000).build().intervalMs());
        assertEquals(1500, HlogHeader.builder(T0).interval(1500).build().intervalMs());
        assertEquals(0, HlogHeader.builder(T0).setting("interval", "often").build().intervalMs());
    }

    @Test
    void hostFiguresLeaveOffWhatProcLacked() throws Exception {
        HostFigures f = new HostFigures(1, 2, 9, 2, Double.NaN, 4);
        assertEquals("host 1.000 2.000 runnable=9 cpus=2 diskInFlight=4", f.line());
        assertEquals(f, HostFigures.parse(f.line()));
        assertNull(HostFigures.parse("host of the party"));
    }

    @Test
    void aDepthLeavesOffTheCountNobodyTold() {
        DepthFigures f = new DepthFigures(1, 2, 300, -1);
        assertEquals("depth 1.000 2.000 harness=300", f.line());
        assertEquals(f, DepthFigures.parse(f.line()));
        assertEquals(new DepthFigures(1, 2, 300, 280), DepthFigures.parse("depth 1.000 2.000 harness=300 broker=280"));
        assertNull(DepthFigures.parse("depth of the sea"));
    }

    /** Paging and each queue's depth ride on the same line, and read back as written; an older line has neither. */
    @Test
    void aDepthCarriesTheBrokersPagingAndEachQueuesDepth() {
        DepthFigures f = new DepthFigures(1, 2, 300, 320, 1, new long[] {100, 0, 200});
        assertEquals("depth 1.000 2.000 harness=300 broker=320 paging=1 queues=100,0,200", f.line());
        assertEquals(f, DepthFigures.parse(f.line()));
        DepthFigures older = DepthFigures.parse("depth 1.000 2.000 harness=300 broker=320");
        assertEquals(-1, older.paging());
        assertNull(older.queues());
        assertNull(DepthFigures.parse("depth 1.000 2.000 harness=300 queues=1,x"), "a hand-edited line: no depth");
    }

    private static HlogHeader.Rate rate(String value) {
        return HlogHeader.builder(T0).setting("rate", value).build().rate();
    }

    private static HlogHeader header(List<Setting> settings) {
        HlogHeader.Builder b = HlogHeader.builder(T0);
        settings.forEach(s -> b.setting(s.name(), s.value()));
        return b.build();
    }
}
