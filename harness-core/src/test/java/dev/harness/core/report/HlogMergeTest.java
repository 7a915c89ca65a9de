package dev.harness.core.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;

import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.harness.core.hlog.BadHlogException;
import dev.harness.core.hlog.HlogReader;
import dev.harness.core.hlog.HlogRun;
import dev.harness.core.host.Environment;
import dev.harness.core.measure.Histograms;

class HlogMergeTest {
    /** A run's start, epoch ms, with milliseconds that are not zero. */
    private static final long T0 = 1_795_260_764_147L;
    private static final int INTERVALS = 5;
    private static final String[] TAGS = {"response", "service", "warmup-response", "hiccup"};
    private static final double[] PERCENTILES = {50, 90, 99, 99.9, 99.99, 100};

    @TempDir
    Path dir;

    /** Everything one input recorded: per tag all values in one histogram, and response counts per interval. */
    private final Map<String, Histogram> all = new HashMap<>();

    private record Written(Path file, long[] responseCounts, long[] hiccupCounts) {
    }

    @Test
    void mergingTwoLogsGivesSummedCountsAndThePercentilesOfOneHistogramHoldingBoth() throws Exception {
        Written a = write("a.hlog", T0, 1);
        Written b = write("b.hlog", T0 + 500, 2);
        Path out = dir.resolve("m.hlog");

        HlogMerge.Result r = HlogMerge.merge(List.of(a.file(), b.file()), out);

        assertEquals(T0, r.startMs());
        assertEquals(1000, r.intervalMs(), "the inputs' own interval");
        assertEquals(INTERVALS, r.intervals(), "b's intervals start 0.5 s into a's and go with them");
        assertEquals(0, r.inputs().get(0).straddlingIntervals());
        assertEquals(INTERVALS, r.inputs().get(1).straddlingIntervals(), "each of b's runs 0.5 s past its merged interval");
        assertEquals(T0 + 500, r.inputs().get(1).startMs());
        assertEquals(INTERVALS, r.inputs().get(1).intervals());
        assertEquals(Arrays.stream(a.responseCounts()).sum(), r.inputs().get(0).responseCount());
        assertArrayEquals(sum(a.responseCounts(), b.responseCounts()), r.perSecond());

        Read merged = read(out);
        assertEquals(T0 / 1000.0, merged.startTimeSec, "start time = the earliest input's");
        for (String tag : TAGS) {
            Histogram expected = all.get(tag);
            Histogram got = merged.sums.get(tag);
            assertEquals(expected.getTotalCount(), got.getTotalCount(), tag);
            assertEquals(expected.getTotalCount(), (long) r.totals().get(tag), tag);
            assertEquals(read(a.file()).sums.get(tag).getTotalCount() + read(b.file()).sums.get(tag).getTotalCount(),
                    got.getTotalCount(), tag);
            for (double p : PERCENTILES) {
                assertEquals(expected.getValueAtPercentile(p), got.getValueAtPercentile(p), tag + " p" + p);
            }
            assertEquals(expected.getMaxValue(), got.getMaxValue(), tag + " max");
        }
        // Per merged interval: both inputs' completions, at the grid's times.
        assertArrayEquals(sum(a.responseCounts(), b.responseCounts()), merged.counts("response"));
        assertArrayEquals(sum(a.hiccupCounts(), b.hiccupCounts()), merged.counts("hiccup"));
        for (int i = 0; i < INTERVALS; i++) {
            assertTimeMs(T0 + i * 1000L, merged.starts.get("response").get(i));
        }
    }

    @Test
    void theHeaderKeepsEachInputsCommentsNamedAndOneStartTime() throws Exception {
        Written a = write("a.hlog", T0, 1);
        Written b = write("b.hlog", T0 + 500, 2);
        Path out = dir.resolve("m.hlog");
        HlogMerge.Result r = HlogMerge.merge(List.of(a.file(), b.file()), out);

        String text = Files.readString(out);
        for (Written w : List.of(a, b)) {
            assertTrue(text.contains("\n#" + w.file() + ": harness put against embedded Artemis (test)\n"), text);
            assertTrue(text.contains("\n#" + w.file() + ": rate: 1000 msg/s\n"), text);
        }
        assertEquals(List.of("harness put against embedded Artemis (test)", "rate: 1000 msg/s", "senders: 1",
                "persistence: non-persistent", "environment host: host-1", "environment java: OpenJDK 17.0.15",
                "values in nanoseconds; tags: response service, warmup-<tag>; hiccup"), r.inputs().get(0).comments());
        // The settings all inputs share, as settings of the merged log; the rate is the total.
        assertTrue(text.contains("\n#rate: 2000 msg/s (the 2 inputs' rates added)\n"), text);
        assertTrue(text.contains("\n#persistence: non-persistent\n"), text);
        assertFalse(text.contains("\n#senders: "), "the inputs differ: only theirs\n" + text);
        // Where they ran: a figure they share once, one that differs with every value, so the merged report says both hosts.
        assertTrue(text.contains("\n#environment java: OpenJDK 17.0.15\n"), text);
        assertTrue(text.contains("\n#environment host: host-1; host-2\n"), text);
        try (HlogReader merged = HlogReader.open(out)) {
            Environment env = merged.header().environment();
            assertEquals("host-1; host-2", env.host());
            assertEquals("OpenJDK 17.0.15", env.java());
        }
        assertTrue(text.startsWith("#harness merge of 2 logs: " + a.file() + " " + b.file() + "\n"), text);
        assertEquals(1, text.lines().filter(l -> l.startsWith("#[StartTime: ")).count(), text);
        assertEquals(1, text.lines().filter(l -> l.startsWith("#[BaseTime: ")).count(), text);
        assertTrue(text.contains(String.format(Locale.US, "#[StartTime: %.3f ", T0 / 1000.0)), text);
    }

    @Test
    void inputsStartedFarApartAlignOnAbsoluteTime() throws Exception {
        Written a = write("a.hlog", T0, 1);
        Written b = write("b.hlog", T0 + 3_500, 2);
        HlogMerge.Result r = HlogMerge.merge(List.of(b.file(), a.file()), dir.resolve("m.hlog"));

        assertEquals(T0, r.startMs(), "the earliest start, whatever the order of the inputs");
        assertEquals(8, r.intervals(), "a in 0..4 s, b in 3.5..8.5 s");
        long[] ra = a.responseCounts();
        long[] rb = b.responseCounts();
        long[] expected = {ra[0], ra[1], ra[2], ra[3] + rb[0], ra[4] + rb[1], rb[2], rb[3], rb[4]};
        assertArrayEquals(expected, r.perSecond());
        Read merged = read(dir.resolve("m.hlog"));
        assertArrayEquals(expected, merged.counts("response"));
        assertTimeMs(T0 + 3_000, merged.starts.get("response").get(3));
        assertEquals(all.get("response").getValueAtPercentile(99.9), merged.sums.get("response").getValueAtPercentile(99.9));
    }

    @Test
    void aLongerMergedIntervalTakesWholeInputIntervalsByTheirStart() throws Exception {
        Written a = write("a.hlog", T0, 1);
        Written b = write("b.hlog", T0 + 500, 2);
        Path out = dir.resolve("m.hlog");
        HlogMerge.Result r = HlogMerge.merge(List.of(a.file(), b.file()), out, 2_000);

        assertEquals(2_000, r.intervalMs());
        assertEquals(3, r.intervals());
        assertEquals(0, r.inputs().get(0).straddlingIntervals());
        assertEquals(2, r.inputs().get(1).straddlingIntervals(), "b's from 1.5 s and 3.5 s");
        long[] s = sum(a.responseCounts(), b.responseCounts());
        Read merged = read(out);
        assertArrayEquals(new long[] {s[0] + s[1], s[2] + s[3], s[4]}, merged.counts("response"));
        assertArrayEquals(s, r.perSecond(), "per second still by each input interval's start");
        // The last merged interval ends with the last input interval in it (b's, at 5.5 s), not at 6 s.
        List<long[]> times = merged.times.get("response");
        assertTimeMs(T0 + 4_000, times.get(2)[0]);
        assertTimeMs(T0 + 5_500, times.get(2)[1]);
        assertEquals(all.get("response").getTotalCount(), merged.sums.get("response").getTotalCount());
    }

    /** A log as a run writes it, stating an interval of 1 s, at T0. */
    private static HistogramLogWriter runLogStatingOneSecond(PrintStream stream) {
        HistogramLogWriter writer = new HistogramLogWriter(stream);
        writer.outputComment("harness put against embedded Artemis (test)");
        writer.outputComment("interval: 1s");
        writer.outputStartTime(T0);
        writer.setBaseTime(T0);
        writer.outputBaseTime(T0);
        return writer;
    }

    @Test
    void aRunsStatedIntervalIsTheGridThoughItsCutsComeLate() throws Exception {
        // A run stamps each interval with its real cut, a few ms after the tick, and states its interval.
        double[][] cuts = {{0, 1.001}, {1.001, 2.003}, {2.003, 3.002}, {3.002, 3.4}};
        Path in = dir.resolve("late.hlog");
        try (PrintStream stream = new PrintStream(Files.newOutputStream(in), false, StandardCharsets.UTF_8)) {
            HistogramLogWriter writer = runLogStatingOneSecond(stream);
            for (double[] c : cuts) {
                Histogram h = Histograms.create();
                h.recordValue(1_000);
                h.setTag("response");
                writer.outputIntervalHistogram(c[0], c[1], h);
            }
        }
        Path out = dir.resolve("m.hlog");
        HlogMerge.Result r = HlogMerge.merge(List.of(in), out);

        assertEquals(1000, r.intervalMs(), "the stated interval, not the most frequent length (1.001 s, 1.002 s...)");
        assertEquals(1000, r.inputs().get(0).intervalMs());
        assertEquals(0, r.inputs().get(0).straddlingIntervals(), "a cut a few ms late is no straddle");
        assertEquals(4, r.intervals());
        assertArrayEquals(new long[] {1, 1, 1, 1}, read(out).counts("response"));
        assertTrue(Files.readString(out).contains("\n#interval: 1s\n"), "the merged log states its own grid");
    }

    @Test
    void aWarmupEndingMidIntervalKeepsTheMeasuredFiguresApart() throws Exception {
        // As a run with --warmup 1500ms --interval 1s writes it: the warmup's end is cut, so the
        // slot from 1 s holds a short warmup interval and a short measured one.
        Path in = dir.resolve("run.hlog");
        double[][] cuts = {{0, 1.001}, {1.001, 1.502}, {1.502, 2.001}, {2.001, 3.002}, {3.002, 3.2}};
        try (PrintStream stream = new PrintStream(Files.newOutputStream(in), false, StandardCharsets.UTF_8)) {
            HistogramLogWriter writer = runLogStatingOneSecond(stream);
            for (int i = 0; i < cuts.length; i++) {
                boolean warmup = cuts[i][1] <= 1.502;
                String prefix = warmup ? "warmup-" : "";
                for (String tag : List.of(prefix + "response", prefix + "pause-corrected", "hiccup", "gc-pause")) {
                    Histogram h = Histograms.create();
                    for (int k = 0; k <= i * 10 + tag.length(); k++) { // each interval and tag its own count
                        h.recordValue(1_000 + k);
                    }
                    h.setTag(tag);
                    writer.outputIntervalHistogram(cuts[i][0], cuts[i][1], h);
                }
                if (!warmup && i == 2) { // late completions of warmup messages, in a measured interval
                    Histogram late = Histograms.create();
                    late.recordValue(5_000);
                    late.setTag("warmup-response");
                    writer.outputIntervalHistogram(cuts[i][0], cuts[i][1], late);
                }
            }
        }
        Path out = dir.resolve("m.hlog");
        HlogMerge.Result r = HlogMerge.merge(List.of(in), out);

        HlogRun run = HlogRun.read(in);
        HlogRun merged = HlogRun.read(out);
        for (String tag : List.of("response", "pause-corrected", "hiccup", "gc-pause", "warmup-response")) {
            assertEquals(run.measured(tag).getTotalCount(), merged.measured(tag).getTotalCount(), "measured " + tag);
            assertEquals(read(in).sums.get(tag).getTotalCount(), (long) r.totals().get(tag), "merged " + tag);
        }
        assertEquals(read(in).sums.get("warmup-pause-corrected").getTotalCount(), (long) r.totals().get("warmup-pause-corrected"));
        // The slot from 1 s is written as its warmup part and its measured part, each with its own times.
        List<HlogRun.Interval> intervals = merged.intervals();
        assertEquals(5, intervals.size());
        assertEquals(5, r.intervals());
        assertTrue(intervals.get(1).warmup());
        assertEquals(1.0, intervals.get(1).startS(), 0.0015);
        assertEquals(1.502, intervals.get(1).endS(), 0.0015);
        assertFalse(intervals.get(2).warmup());
        assertEquals(1.502, intervals.get(2).startS(), 0.0015);
        assertEquals(2.0, intervals.get(2).endS(), 0.0015);
        assertEquals(1, intervals.get(2).count("warmup-response"), "late warmup completions stay with their interval");
    }

    @Test
    void aGarbageFileGetsOneLineNamingItAndNothingIsWritten() throws Exception {
        Written a = write("a.hlog", T0, 1);
        Path garbage = dir.resolve("notes.txt");
        Files.writeString(garbage, "hello world\nthis is no hlog\n");
        Path out = dir.resolve("m.hlog");

        BadHlogException e = assertThrows(BadHlogException.class,
                () -> HlogMerge.merge(List.of(a.file(), garbage), out));
        assertEquals(garbage, e.file());
        assertTrue(e.getMessage().startsWith(garbage + ": not an HdrHistogram log: line 1 "), e.getMessage());
        assertEquals(1, e.getMessage().lines().count(), e.getMessage());
        assertFalse(Files.exists(out));
        assertFilesAre(a.file(), garbage);
    }

    @Test
    void missingEmptyAndBinaryFilesAreNamed() throws Exception {
        Written a = write("a.hlog", T0, 1);
        Path missing = dir.resolve("missing.hlog");
        Path empty = Files.createFile(dir.resolve("empty.hlog"));
        Path binary = Files.write(dir.resolve("b.bin"), new byte[] {(byte) 0xff, (byte) 0xfe, 0, 1, 2, '\n'});
        assertEquals(missing + ": no such file", problem(a.file(), missing));
        assertEquals(empty + ": not an HdrHistogram log: the file is empty", problem(a.file(), empty));
        assertEquals(binary + ": not an HdrHistogram log: line 1 is not text", problem(a.file(), binary));
        assertTrue(problem(a.file(), dir).endsWith(": it is a directory"));
        assertTrue(problem(a.file(), a.file()).startsWith(a.file() + ": given twice"));
    }

    @Test
    void aHistogramThatDoesNotDecodeLeavesAnExistingOutputAsItWas() throws Exception {
        Written a = write("a.hlog", T0, 1);
        Path bad = dir.resolve("bad.hlog");
        Files.writeString(bad, "#[StartTime: 1795260764.147 (seconds since epoch)]\n"
                + "Tag=response,0.000,1.000,1.000,HISTFAAAAnotahistogram\n");
        Path out = Files.writeString(dir.resolve("m.hlog"), "an earlier merge\n");

        String message = problem(a.file(), bad);
        assertTrue(message.startsWith(bad + ": line 2: the histogram does not decode"), message);
        assertEquals("an earlier merge\n", Files.readString(out));
        assertFilesAre(a.file(), bad, out);
    }

    @Test
    void aLastLineCutShortByAKilledRunIsLeftOut() throws Exception {
        Written a = write("a.hlog", T0, 1);
        Written b = write("b.hlog", T0 + 500, 2);
        byte[] bytes = Files.readAllBytes(b.file());
        Files.write(b.file(), Arrays.copyOf(bytes, bytes.length - 30)); // the last line: b's last hiccup histogram

        HlogMerge.Result r = HlogMerge.merge(List.of(a.file(), b.file()), dir.resolve("m.hlog"));
        assertFalse(r.inputs().get(0).cutShort());
        assertTrue(r.inputs().get(1).cutShort());
        Read merged = read(dir.resolve("m.hlog"));
        assertEquals(all.get("response").getTotalCount(), merged.sums.get("response").getTotalCount());
        assertEquals(all.get("hiccup").getTotalCount() - b.hiccupCounts()[INTERVALS - 1],
                merged.sums.get("hiccup").getTotalCount());
    }

    // ---------------------------------------------------------------------------------------------

    private String problem(Path... inputs) throws IOException {
        BadHlogException e = assertThrows(BadHlogException.class,
                () -> HlogMerge.merge(List.of(inputs), dir.resolve("m-" + System.nanoTime() + ".hlog")));
        assertEquals(1, e.getMessage().lines().count(), e.getMessage());
        return e.getMessage();
    }

    /** No temporary file left behind: the directory holds exactly these. */
    /** A shard's log as a run writes it: the whole schedule's rate, its shard, one start. */
    private Path shardLog(String name, String shard, String rate, long startMs) throws IOException {
        return shardLog(name, shard, rate, startMs, "2s", "10s");
    }

    private Path shardLog(String name, String shard, String rate, long startMs, String warmup, String duration)
            throws IOException {
        Path file = dir.resolve(name);
        try (dev.harness.core.hlog.HlogWriter w = dev.harness.core.hlog.HlogWriter.create(file)) {
            w.header(dev.harness.core.hlog.HlogHeader.builder(startMs).comment("harness put against embedded Artemis (test)")
                    .setting("rate", rate).setting("senders", "2").setting("warmup", warmup).setting("duration", duration)
                    .setting("shard", shard + ": messages k of the schedule with k mod 3 = ...")
                    .interval(1000).build());
            Histogram h = new Histogram(3);
            h.recordValue(1_000_000);
            w.interval(0, 1, "response", h);
        }
        return file;
    }

    @Test
    void shardsMergeOnlyAsTheWholeSetOfOneSchedule() throws Exception {
        Path a = shardLog("a.hlog", "0/3", "300 msg/s", T0);
        Path b = shardLog("b.hlog", "1/3", "300 msg/s", T0 + 40);
        Path c = shardLog("c.hlog", "2/3", "300 msg/s", T0);
        Path out = dir.resolve("m.hlog");
        HlogMerge.merge(List.of(a, b, c), out);
        assertTrue(Files.readString(out).contains("#rate: 300 msg/s (the whole schedule, in 3 shards)"), Files.readString(out));

        assertMergeFails("the schedule's shard 2/3 is missing", a, b);
        assertMergeFails("the schedule's shards 1/3, 2/3 are missing", a);
        assertMergeFails("shard 0/3 is given twice", a, b, c, shardLog("a3.hlog", "0/3", "300 msg/s", T0));
        assertMergeFails("is not of the schedule of", a, b, shardLog("c2.hlog", "2/3", "400 msg/s", T0));
        assertMergeFails("is not of the schedule of", a, b, shardLog("c3.hlog", "2/3", "300 msg/s", T0 + 5_000));
        assertMergeFails("is not of the schedule of", a, b, shardLog("c4.hlog", "2/4", "300 msg/s", T0));
        // Another --duration or --warmup is another schedule (another count of messages), though rate and start agree.
        assertEquals("c5.hlog: shard 2/3 is not of the schedule of " + a + " (shard 0/3): its duration is 20s, " + a
                + "'s 10s; the shards of one schedule share --rate, --warmup, --duration and the senders (requesters) per shard",
                problem(a, b, shardLog("c5.hlog", "2/3", "300 msg/s", T0, "2s", "20s")).replace(dir + "/c5.hlog", "c5.hlog"));
        assertMergeFails("its warmup is 5s, " + a + "'s 2s", a, b, shardLog("c6.hlog", "2/3", "300 msg/s", T0, "5s", "10s"));
        Path whole = dir.resolve("whole.hlog");
        try (dev.harness.core.hlog.HlogWriter w = dev.harness.core.hlog.HlogWriter.create(whole)) {
            w.header(dev.harness.core.hlog.HlogHeader.builder(T0).setting("rate", "300 msg/s").interval(1000).build());
        }
        assertMergeFails("not a shard, while", a, b, c, whole);
        assertFalse(Files.exists(dir.resolve("never.hlog")));
    }

    /** A publish/subscribe log's response is per delivery, and merge counts response as completions: refused by name. */
    @Test
    void aPublishSubscribeLogIsRefusedByName() throws Exception {
        Path pubsub = dir.resolve("pubsub.hlog");
        try (dev.harness.core.hlog.HlogWriter w = dev.harness.core.hlog.HlogWriter.create(pubsub)) {
            w.header(dev.harness.core.hlog.HlogHeader.builder(T0).comment("harness pubsub against embedded Artemis (test)")
                    .setting("rate", "300 msg/s").interval(1000).build());
            Histogram h = new Histogram(3);
            h.recordValue(1_000_000);
            w.interval(0, 1, "response", h);
        }
        try (HlogReader r = HlogReader.open(pubsub)) {
            assertEquals("pubsub", r.header().workload());
        }
        assertMergeFails("a publish/subscribe run's log (--workload pubsub)", pubsub, shardLog("a.hlog", "0/1", "300 msg/s", T0));
        assertFalse(Files.exists(dir.resolve("never.hlog")));
    }

    @Test
    void aShardThatStartedLateIsNamedAsSuch() throws Exception {
        // Shard 1/3 says it was given --start-at T0 and its schedule started 2.1 s after it (a run of
        // an older harness, which started late with a note; harness run now refuses to).
        String startAt = java.time.Instant.ofEpochMilli(T0).toString();
        Path a = shardLog("a.hlog", "0/3", "300 msg/s", T0, startAt);
        Path late = shardLog("b.hlog", "1/3", "300 msg/s", T0 + 2_100, startAt);
        Path c = shardLog("c.hlog", "2/3", "300 msg/s", T0, startAt);
        assertEquals("b.hlog: shard 1/3 started late: 2100 ms after its --start-at " + startAt + ", out of step with the"
                + " others of its set; run the set again with a later --start-at",
                problem(a, late, c).replace(dir + "/b.hlog", "b.hlog"));
        // On time (within a few ms of the start, as runs stamp it): merged.
        HlogMerge.merge(List.of(a, shardLog("b2.hlog", "1/3", "300 msg/s", T0 + 3, startAt), c), dir.resolve("m.hlog"));
    }

    private Path shardLog(String name, String shard, String rate, long startMs, String startAt) throws IOException {
        Path file = dir.resolve(name);
        try (dev.harness.core.hlog.HlogWriter w = dev.harness.core.hlog.HlogWriter.create(file)) {
            w.header(dev.harness.core.hlog.HlogHeader.builder(startMs).comment("harness put against embedded Artemis (test)")
                    .setting("rate", rate).setting("senders", "2").setting("warmup", "2s").setting("duration", "10s")
                    .setting("shard", shard + ": messages k of the schedule with k mod 3 = ...")
                    .interval(1000).setting("start at", startAt).build());
            Histogram h = new Histogram(3);
            h.recordValue(1_000_000);
            w.interval(0, 1, "response", h);
        }
        return file;
    }

    private void assertMergeFails(String expected, Path... inputs) {
        BadHlogException e = assertThrows(BadHlogException.class, () -> HlogMerge.merge(List.of(inputs), dir.resolve("never.hlog")));
        assertTrue(e.getMessage().contains(expected), e.getMessage());
    }

    private void assertFilesAre(Path... files) throws IOException {
        try (Stream<Path> list = Files.list(dir)) {
            assertEquals(Arrays.stream(files).map(Path::getFileName).sorted().toList(),
                    list.map(Path::getFileName).sorted().toList());
        }
    }

    /**
     * HistogramLogReader computes absolute timestamps as (long) ((timestamp + base time) * 1000.0) in floating
     * point, which at times truncates to a millisecond early.
     */
    private static void assertTimeMs(long expected, long fromReader) {
        assertTrue(fromReader == expected || fromReader == expected - 1, "expected " + expected + ", got " + fromReader);
    }

    private static long[] sum(long[] x, long[] y) {
        long[] s = new long[x.length];
        for (int i = 0; i < s.length; i++) {
            s[i] = x[i] + y[i];
        }
        return s;
    }

    /** An hlog as HlogReporter writes it: header comments, start and base time, then each interval's tags. */
    private Written write(String name, long startMs, long seed) throws IOException {
        Path file = dir.resolve(name);
        Random random = new Random(seed);
        long[] responseCounts = new long[INTERVALS];
        long[] hiccupCounts = new long[INTERVALS];
        try (PrintStream stream = new PrintStream(Files.newOutputStream(file), false, StandardCharsets.UTF_8)) {
            HistogramLogWriter writer = new HistogramLogWriter(stream);
            writer.outputComment("harness put against embedded Artemis (test)");
            writer.outputComment("rate: 1000 msg/s");
            writer.outputComment("senders: " + seed);
            writer.outputComment("persistence: non-persistent");
            writer.outputComment("environment host: host-" + seed);
            writer.outputComment("environment java: OpenJDK 17.0.15");
            writer.outputComment("values in nanoseconds; tags: response service, warmup-<tag>; hiccup");
            writer.outputLogFormatVersion();
            writer.outputStartTime(startMs);
            writer.setBaseTime(startMs);
            writer.outputBaseTime(startMs);
            writer.outputLegend();
            for (int i = 0; i < INTERVALS; i++) {
                for (String tag : TAGS) {
                    if (tag.equals("warmup-response") && i >= 2) {
                        continue;
                    }
                    Histogram h = Histograms.create();
                    int n = 200 + random.nextInt(300);
                    for (int k = 0; k < n; k++) {
                        long v = tag.equals("hiccup") ? 1_000_000 + random.nextInt(200_000)
                                : random.nextInt(1000) == 0 ? 1_000_000_000L + random.nextInt(1_000_000_000) // a stall
                                : (long) Math.exp(12 + 1.5 * random.nextGaussian());
                        v = Math.max(1, Histograms.clamp(v));
                        h.recordValue(v);
                        all.computeIfAbsent(tag, t -> Histograms.create()).recordValue(v);
                    }
                    if (tag.equals("response")) {
                        responseCounts[i] = n;
                    } else if (tag.equals("hiccup")) {
                        hiccupCounts[i] = n;
                    }
                    h.setTag(tag);
                    writer.outputIntervalHistogram(i, i + 1, h);
                }
            }
        }
        return new Written(file, responseCounts, hiccupCounts);
    }

    /** An hlog read back with HdrHistogram's own reader. */
    private static final class Read {
        double startTimeSec;
        final Map<String, Histogram> sums = new HashMap<>();
        final Map<String, List<Long>> countsByInterval = new HashMap<>();
        final Map<String, List<Long>> starts = new HashMap<>();
        final Map<String, List<long[]>> times = new HashMap<>();

        long[] counts(String tag) {
            return countsByInterval.get(tag).stream().mapToLong(Long::longValue).toArray();
        }
    }

    private static Read read(Path file) throws IOException {
        Read r = new Read();
        HistogramLogReader reader = new HistogramLogReader(file.toFile());
        try {
            EncodableHistogram e;
            while ((e = reader.nextIntervalHistogram()) != null) {
                Histogram h = (Histogram) e;
                String tag = h.getTag();
                r.sums.computeIfAbsent(tag, t -> Histograms.create()).add(h);
                r.countsByInterval.computeIfAbsent(tag, t -> new ArrayList<>()).add(h.getTotalCount());
                r.starts.computeIfAbsent(tag, t -> new ArrayList<>()).add(h.getStartTimeStamp());
                r.times.computeIfAbsent(tag, t -> new ArrayList<>()).add(new long[] {h.getStartTimeStamp(), h.getEndTimeStamp()});
            }
            r.startTimeSec = reader.getStartTimeSec();
        } finally {
            reader.close();
        }
        return r;
    }
}
