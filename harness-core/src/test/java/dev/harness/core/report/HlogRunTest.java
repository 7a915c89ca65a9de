package dev.harness.core.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.harness.core.hlog.BadHlogException;
import dev.harness.core.hlog.HlogRun;
import dev.harness.core.hlog.HostFigures;
import dev.harness.core.measure.Histograms;

/** An hlog written as HlogReporter writes one, read back for a report. */
class HlogRunTest {
    @TempDir
    Path dir;

    private static Histogram values(String tag, long... ns) {
        Histogram h = Histograms.create();
        for (long v : ns) {
            h.recordValue(v);
        }
        h.setTag(tag);
        return h;
    }

    private Path hlog() throws Exception {
        Path file = dir.resolve("run.hlog");
        try (PrintStream out = new PrintStream(Files.newOutputStream(file), false, StandardCharsets.UTF_8)) {
            HistogramLogWriter w = new HistogramLogWriter(out);
            w.outputComment("harness put against test");
            w.outputComment("rate: 1,000 msg/s");
            w.outputLogFormatVersion();
            w.outputStartTime(1_700_000_000_000L);
            w.setBaseTime(1_700_000_000_000L);
            w.outputBaseTime(1_700_000_000_000L);
            w.outputLegend();
            // A warmup interval: every warmup tag, and one measured message sent before the late cut.
            w.outputIntervalHistogram(0, 1, values("warmup-response", 5_000_000, 6_000_000));
            w.outputIntervalHistogram(0, 1, values("warmup-pause-corrected"));
            w.outputIntervalHistogram(0, 1, values("put", 1_000));
            w.outputIntervalHistogram(0, 1, values("hiccup", 9_000_000));
            out.println("#host 0.000 1.000 runnable=3 cpus=2 iowait=1.5 diskInFlight=0");
            // A measured interval, with a late warmup completion.
            w.outputIntervalHistogram(1, 2, values("response", 1_000_000, 2_000_000, 3_000_000));
            w.outputIntervalHistogram(1, 2, values("pause-corrected"));
            w.outputIntervalHistogram(1, 2, values("warmup-response", 7_000_000));
            w.outputIntervalHistogram(1, 2, values("put", 1_000, 2_000, 3_000));
            w.outputIntervalHistogram(1, 2, values("hiccup", 2_000_000));
            w.outputIntervalHistogram(1, 2, values("gc-pause", 12_000_000));
            out.println("#host 1.000 2.000 runnable=9 cpus=2 diskInFlight=4");
        }
        return file;
    }

    @Test
    void phasesComeFromTheWarmupPauseCorrectedTag() throws Exception {
        HlogRun run = HlogRun.read(hlog());
        assertEquals(2, run.intervals().size());
        assertTrue(run.intervals().get(0).warmup());
        assertFalse(run.intervals().get(1).warmup(), "a warmup tag with samples does not make it warmup");
        assertEquals(2, run.intervals().get(0).completed());
        assertEquals(4, run.intervals().get(1).completed(), "late warmup completions count where they happened");
    }

    @Test
    void measuredTotalsKeepMessageTagsWhereverRecordedAndJvmTagsByPhase() throws Exception {
        HlogRun run = HlogRun.read(hlog());
        assertEquals(3, run.measured("response").getTotalCount());
        assertEquals(4, run.measured("put").getTotalCount(), "the measured message sent before the late cut counts");
        assertEquals(1, run.measured("hiccup").getTotalCount(), "the warmup interval's hiccups do not");
        assertEquals(0, run.measured("warmup-response").getTotalCount());
        assertEquals(1_000, run.targetRate(), 1e-9);
        assertEquals("harness put against test", run.title());
    }

    @Test
    void hostCommentsBecomeFigures() throws Exception {
        HlogRun run = HlogRun.read(hlog());
        assertEquals(2, run.host().size());
        HostFigures second = run.host().get(1);
        assertEquals(9, second.runnable());
        assertEquals(4, second.diskInFlight());
        assertTrue(Double.isNaN(second.iowaitPercent()), "absent from the line");
        assertFalse(run.comments().stream().anyMatch(c -> c.startsWith("host ")), "not a header comment");
        String csv = HtmlReport.csv(run);
        assertTrue(csv.lines().skip(2).findFirst().orElseThrow().endsWith(",9,2,,4"), csv);
    }

    @Test
    void textThatIsNoHlogIsOneLineNamingTheFile() throws Exception {
        Path text = Files.writeString(dir.resolve("notes.txt"), "just text\n");
        BadHlogException e = assertThrows(BadHlogException.class, () -> HlogRun.read(text));
        assertTrue(e.getMessage().startsWith(text.toString()), e.getMessage());
        assertEquals(1, e.getMessage().lines().count());
    }
}
