package dev.harness.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * harness merge: the hlogs of two runs (as of two hosts) as one log. Counts and figures only, so it
 * runs beside other classes; two processes started at one time are {@link MergeStartAtIT}'s.
 */
class MergeIT {
    @TempDir
    Path dir;

    @Test
    void twoRunsMergeIntoSummedCountsWithThePercentilesOfBothTogether() throws Exception {
        Path a = dir.resolve("a.hlog");
        Path b = dir.resolve("b.hlog");
        Path merged = dir.resolve("m.hlog");
        for (Path hlog : List.of(a, b)) {
            HarnessProcess.Result r = HarnessProcess.run(dir, 120, "run", "--cold-start", "--non-persistent", "--rate", "200",
                    "--warmup", "0s", "--duration", "3s", "--hlog", hlog.toString());
            assertEquals(0, r.exitCode(), r::toString);
        }

        HarnessProcess.Result r = HarnessProcess.run(dir, 60, "merge", a.toString(), b.toString(), "--out", merged.toString());
        assertEquals(0, r.exitCode(), r::toString);
        assertTrue(r.stdout().contains(a + ": start "), r::toString);
        assertTrue(r.stdout().contains(b + ": start "), r::toString);
        assertTrue(r.stdout().contains("merged 2 logs into " + merged), r::toString);

        for (String tag : List.of("response", "service", "hiccup")) {
            Histogram both = HlogFiles.sum(a, tag).copy();
            Histogram fromB = HlogFiles.sum(b, tag);
            long countA = both.getTotalCount();
            both.add(fromB);
            Histogram m = HlogFiles.sum(merged, tag);
            assertEquals(countA + fromB.getTotalCount(), m.getTotalCount(), tag);
            assertEquals(both.getMaxValue(), m.getMaxValue(), tag + " max");
            assertEquals(both.getValueAtPercentile(99), m.getValueAtPercentile(99), tag + " p99");
            assertEquals(both.getValueAtPercentile(50), m.getValueAtPercentile(50), tag + " p50");
        }
        assertEquals(1200, HlogFiles.sum(merged, "response").getTotalCount(), "200/s for 3 s, twice");
        assertTrue(r.stdout().contains("response 1,200"), r::toString);
    }

    @Test
    void aWarmupThatIsNoWholeNumberOfIntervalsKeepsItsMeasuredFiguresThroughAMerge() throws Exception {
        Path run = dir.resolve("run.hlog");
        HarnessProcess.Result r = HarnessProcess.run(dir, 120, "run", "--cold-start", "--non-persistent", "--rate", "200",
                "--warmup", "1500ms", "--interval", "1s", "--duration", "3s", "--hlog", run.toString());
        assertEquals(0, r.exitCode(), r::toString);
        // Merged with a copy of itself (as two hosts with one start): every count doubles, every
        // percentile stays.
        Path copy = dir.resolve("copy.hlog");
        Files.copy(run, copy);
        Path merged = dir.resolve("m.hlog");
        r = HarnessProcess.run(dir, 60, "merge", run.toString(), copy.toString(), "--out", merged.toString());
        assertEquals(0, r.exitCode(), r::toString);
        for (String tag : List.of("response", "warmup-response", "pause-corrected", "warmup-pause-corrected", "hiccup")) {
            assertEquals(2 * HlogFiles.sum(run, tag).getTotalCount(), HlogFiles.sum(merged, tag).getTotalCount(), "merged " + tag);
        }

        // The reports of the run and of the merged log give the measured phase alike: the slot
        // from 1 s, warmup until 1.5 s, does not take the measured hiccups, GC pauses and
        // pause-corrected samples of its second half into the warmup.
        for (Path hlog : List.of(run, merged)) {
            String name = hlog.getFileName().toString().replace(".hlog", "");
            r = HarnessProcess.run(dir, 60, "report", hlog.toString(), "--out", dir.resolve(name + ".html").toString());
            assertEquals(0, r.exitCode(), r::toString);
        }
        for (String tag : List.of("response", "pause-corrected", "hiccup", "gc-pause")) {
            Path fromRun = dir.resolve("run." + tag + ".hgrm");
            Path fromMerged = dir.resolve("m." + tag + ".hgrm");
            assertEquals(Files.exists(fromRun), Files.exists(fromMerged), tag + ": written for both or neither");
            if (Files.exists(fromRun)) {
                String[] one = hgrmTotals(fromRun);
                String[] two = hgrmTotals(fromMerged);
                assertEquals(2 * Long.parseLong(one[2]), Long.parseLong(two[2]), tag + ", measured count");
                assertEquals(one[0], two[0], tag + ", measured mean");
                assertEquals(one[1], two[1], tag + ", measured max");
            }
        }
        assertTrue(Files.exists(dir.resolve("m.hiccup.hgrm")), "a run has hiccups in its measured phase");
    }

    /** Mean, max and total count from an .hgrm file's last lines ("#[Max = 1.2, Total count = 300]"). */
    private static String[] hgrmTotals(Path hgrm) throws Exception {
        String text = Files.readString(hgrm);
        Matcher mean = Pattern.compile("#\\[Mean += +([^,]+),").matcher(text);
        Matcher max = Pattern.compile("#\\[Max += +([^,]+), Total count += +(\\d+)\\]").matcher(text);
        assertTrue(mean.find() && max.find(), hgrm + ":\n" + text);
        return new String[] {mean.group(1).strip(), max.group(1).strip(), max.group(2)};
    }

    static long startTimeMs(Path hlog) throws Exception {
        for (String line : Files.readAllLines(hlog)) {
            if (line.startsWith("#[StartTime: ")) {
                return Math.round(Double.parseDouble(line.substring(13).split(" ")[0]) * 1000);
            }
        }
        throw new AssertionError("no StartTime in " + hlog);
    }

    @Test
    void anInputThatIsNoHlogGetsOneLineNamingItAndExitCode2() throws Exception {
        Path good = dir.resolve("good.hlog");
        writeHlog(good);
        Path text = dir.resolve("notes.txt");
        Files.writeString(text, "these are notes, not an hlog\n");
        Path merged = dir.resolve("m.hlog");
        for (Path bad : List.of(text, dir.resolve("missing.hlog"))) {
            HarnessProcess.Result r = HarnessProcess.run(dir, 60, "merge", good.toString(), bad.toString(),
                    "--out", merged.toString());
            assertEquals(2, r.exitCode(), r::toString);
            String err = r.stderr().strip();
            assertEquals(1, err.lines().count(), r::toString);
            assertTrue(err.startsWith("harness merge: " + bad + ": "), r::toString);
            assertFalse(err.contains("Exception") || err.contains("\tat "), r::toString);
            assertFalse(Files.exists(merged), "nothing written");
        }
    }

    /** A small hlog as the harness writes one. */
    private static void writeHlog(Path file) throws Exception {
        try (PrintStream stream = new PrintStream(Files.newOutputStream(file), false, StandardCharsets.UTF_8)) {
            HistogramLogWriter writer = new HistogramLogWriter(stream);
            long start = System.currentTimeMillis();
            writer.outputLogFormatVersion();
            writer.outputStartTime(start);
            writer.setBaseTime(start);
            writer.outputBaseTime(start);
            writer.outputLegend();
            Histogram h = new Histogram(1, 86_400_000_000_000L, 3);
            h.recordValue(500_000);
            h.setTag("response");
            writer.outputIntervalHistogram(0, 1, h);
        }
    }
}
