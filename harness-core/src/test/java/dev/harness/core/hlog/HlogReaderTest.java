package dev.harness.core.hlog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.harness.core.measure.Histograms;

/** What the reader tolerates, and what it refuses in one line naming the file. */
class HlogReaderTest {
    private static final long T0 = 1_795_260_764_147L;

    @TempDir
    Path dir;

    private static Histogram values(long... ns) {
        Histogram h = Histograms.create();
        for (long v : ns) {
            h.recordValue(v);
        }
        return h;
    }

    private Path ours(String name, int intervals) throws Exception {
        Path file = dir.resolve(name);
        try (HlogWriter w = HlogWriter.create(file)) {
            w.header(HlogHeader.builder(T0).comment("harness put against test").setting("rate", "100 msg/s").build());
            for (int i = 0; i < intervals; i++) {
                w.interval(i, i + 1, "response", values(1_000 + i));
                w.interval(i, i + 1, "hiccup", values(2_000 + i));
                w.host(new HostFigures(i, i + 1, 3, 2, Double.NaN, Double.NaN));
            }
        }
        return file;
    }

    private static List<HlogReader.Interval> all(HlogReader r) throws BadHlogException {
        List<HlogReader.Interval> all = new ArrayList<>();
        for (HlogReader.Interval i; (i = r.next()) != null;) {
            all.add(i);
        }
        return all;
    }

    @Test
    void aLastLineCutShortIsLeftOutAndTold() throws Exception {
        Path file = ours("run.hlog", 3);
        byte[] bytes = Files.readAllBytes(file);
        Files.write(file, Arrays.copyOf(bytes, bytes.length - 30)); // into the last host line
        try (HlogReader r = HlogReader.open(file)) {
            List<HlogReader.Interval> intervals = all(r);
            assertEquals(3, intervals.size());
            assertNull(intervals.get(2).host(), "the cut host line is left out");
            assertEquals(3, intervals.get(1).host().runnable());
            assertTrue(r.cutShort());
        }
        // Cut into a histogram line: that histogram is left out, not misread.
        Files.write(file, Arrays.copyOf(bytes, bytes.length - 80));
        try (HlogReader r = HlogReader.open(file)) {
            List<HlogReader.Interval> intervals = all(r);
            assertEquals(List.of("response"), intervals.get(2).entries().stream().map(HlogReader.Entry::tag).toList());
            assertEquals(values(1_002), r.histogram(intervals.get(2).entries().get(0)));
            assertTrue(r.cutShort());
        }
    }

    @Test
    void aForeignLogWithoutOurHeaderOrTagsOrStartTimeReadsOnAbsoluteTime() throws Exception {
        // As a tool that logs absolute timestamps and no start time writes it: untagged lines only.
        Path file = dir.resolve("foreign.hlog");
        try (PrintStream out = new PrintStream(Files.newOutputStream(file), false, StandardCharsets.UTF_8)) {
            HistogramLogWriter w = new HistogramLogWriter(out);
            w.outputComment("[Logged with jHiccup version 2.0.10]");
            w.outputLogFormatVersion();
            w.outputLegend();
            w.outputIntervalHistogram(T0 / 1000.0, T0 / 1000.0 + 1, values(5));
            w.outputIntervalHistogram(T0 / 1000.0 + 1, T0 / 1000.0 + 2, values(6, 7));
        }
        try (HlogReader r = HlogReader.open(file)) {
            HlogHeader h = r.header();
            assertEquals(List.of("[Logged with jHiccup version 2.0.10]"), h.comments());
            assertNull(h.title());
            assertNull(h.workload());
            assertNull(h.rate());
            assertEquals(0, h.intervalMs());
            assertTrue(h.settings().isEmpty());
            assertEquals(T0, h.startMs(), "the first interval stands for the start time");
            List<HlogReader.Interval> intervals = all(r);
            assertEquals(2, intervals.size());
            assertEquals(T0 + 1000, intervals.get(1).startMs());
            assertNull(intervals.get(1).entries().get(0).tag());
            assertFalse(intervals.get(0).warmup());
            assertEquals(2, r.histogram(intervals.get(1).entries().get(0)).getTotalCount());
            assertFalse(r.cutShort());
        }
    }

    @Test
    void commentsAfterTheFirstIntervalAreNotHeader() throws Exception {
        Path file = Files.writeString(dir.resolve("c.hlog"), "#harness put against test\n#[StartTime: 1795260764.147 (s)]\n"
                + lines(ours("x.hlog", 1)) + "#rate: 5 msg/s\n");
        try (HlogReader r = HlogReader.open(file)) {
            assertEquals(List.of("harness put against test"), r.header().comments());
            assertEquals(1, all(r).size());
        }
    }

    /** The interval lines of an hlog. */
    private static String lines(Path hlog) throws Exception {
        StringBuilder b = new StringBuilder();
        Files.readAllLines(hlog).stream().filter(l -> l.startsWith("Tag=")).forEach(l -> b.append(l).append('\n'));
        return b.toString();
    }

    @Test
    void whatIsNoHlogIsOneLineNamingTheFile() throws Exception {
        Path text = Files.writeString(dir.resolve("notes.txt"), "just text\n");
        assertEquals(text + ": not an HdrHistogram log: line 1 is neither a comment nor an interval"
                + " ([Tag=T,]start,length,max,histogram): 'just text'", problem(text));
        Path comments = Files.writeString(dir.resolve("comments.txt"), "#just a comment\n");
        assertEquals(comments + ": not an HdrHistogram log: no #[StartTime: ] and no interval histograms", problem(comments));
        Path empty = Files.createFile(dir.resolve("empty.hlog"));
        assertEquals(empty + ": not an HdrHistogram log: the file is empty", problem(empty));
        assertEquals(dir.resolve("missing") + ": no such file", problem(dir.resolve("missing")));
        assertEquals(dir + ": it is a directory", problem(dir));
        Path binary = Files.write(dir.resolve("b.bin"), new byte[] {(byte) 0xff, (byte) 0xfe, 0, 1, 2, '\n'});
        assertEquals(binary + ": not an HdrHistogram log: line 1 is not text", problem(binary));
        Path later = Files.writeString(dir.resolve("later.hlog"), lines(ours("y.hlog", 1)) + "not an interval\n");
        try (HlogReader r = HlogReader.open(later)) {
            BadHlogException e = assertThrows(BadHlogException.class, () -> all(r));
            assertTrue(e.getMessage().startsWith(later + ": line 3 is not an interval"), e.getMessage());
        }
    }

    private static String problem(Path file) {
        BadHlogException e = assertThrows(BadHlogException.class, () -> HlogReader.open(file).close());
        assertEquals(file, e.file());
        assertEquals(1, e.getMessage().lines().count(), e.getMessage());
        return e.getMessage();
    }
}
