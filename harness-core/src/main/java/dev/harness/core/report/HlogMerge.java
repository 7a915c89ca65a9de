package dev.harness.core.report;

import java.io.BufferedOutputStream;
import java.io.BufferedReader;
import java.io.Closeable;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.DataFormatException;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

import dev.harness.core.measure.View;

/**
 * Merges the HdrHistogram interval logs of several harness processes (several hosts) into one:
 * histograms added per tag, intervals aligned on absolute time.
 *
 * <p><b>Alignment.</b> Every input interval has an absolute start (epoch ms: its timestamp plus
 * the log's base time). The merged log has intervals of one length (by default the inputs' own:
 * the interval a harness log states in its header, else the most frequent length; the longest if
 * they differ) on a grid that starts at the earliest start time of all inputs.
 * An input interval goes, whole, to the merged interval <em>its start falls in</em>; it is never
 * split. Runs started at a common time ({@code harness run --start-at}) with the same
 * {@code --interval} line up exactly and nothing moves. Inputs whose boundaries do not line up
 * (started 0.5 s apart, say) have each interval counted in the merged interval where it starts,
 * so a merged interval can hold up to one input interval's worth of samples taken after its end;
 * totals and percentiles over the whole log are unaffected, and {@link Input#straddlingIntervals()}
 * says how many intervals of an input were counted so. Inputs may start any time apart (hours):
 * a merged interval in which only some inputs have data holds only theirs.
 *
 * <p><b>Phases.</b> Warmup and measured input intervals (a harness warmup interval carries
 * {@code warmup-pause-corrected}) are summed apart: a merged interval that would hold both (a
 * warmup that is not a whole number of intervals ends mid-slot) is written as two, the warmup part
 * from the slot's start and the measured part from its first input interval's start, so that a
 * report of the merged log keeps the measured phase's hiccup, gc-pause and pause-corrected figures.
 * Logs without phases merge as one.
 *
 * <p><b>Throughput.</b> The merged {@code response} counts per interval are the inputs'
 * completions in it, summed; {@link Result#perSecond()} gives them per whole second.
 *
 * <p><b>Reading.</b> Lines are parsed here rather than with {@code HistogramLogReader}, with the
 * same rules (comments, {@code #[StartTime: ]}, {@code #[BaseTime: ]}, the legend,
 * {@code [Tag=T,]start,length,max,histogram}; no base time means absolute timestamps unless they
 * lie more than a year before the start time), because that reader gives no comments (its
 * scanner only their first word), reads a text file that is no log as an empty log (a line that
 * does not parse ends its reading without an error), and truncates absolute timestamps to whole
 * milliseconds in floating point ({@code (long) ((timestamp + base) * 1000.0)}: a millisecond early
 * for about one timestamp in eight). A last line without its line end (a run killed while writing)
 * is left out and reported ({@link Input#cutShort()}). Inputs more than 31 days apart are refused.
 *
 * <p><b>Header.</b> The merged log's comments name the inputs, state how they were merged, give
 * the run settings ({@code name: value}) all inputs share, with {@code rate} added up (so that a
 * report of the merged log has the total target rate), then every input's own header comments,
 * each prefixed with the input's name. Its start and base time are the earliest input start.
 *
 * <p>Inputs are streamed (only the current merged interval's histograms are held), so logs of
 * hours merge in little memory. The output is written to a temporary file beside it and moved
 * into place at the end: a failed merge leaves an existing output as it was.
 */
public final class HlogMerge {
    /**
     * The tag that marks a harness interval as warmup: pause-corrected is phased by the interval,
     * and a warmup interval always carries it (HlogRun reads the phase the same way).
     */
    private static final String WARMUP_INTERVAL_TAG = View.PAUSE_CORRECTED.warmupTag();
    /** The tag whose counts are the completions: throughput. */
    public static final String THROUGHPUT_TAG = "response";
    /** {@code intervalMs} for "the inputs' own interval length". */
    public static final long INPUTS_INTERVAL = 0;

    private static final long YEAR_MS = 365L * 24 * 3600 * 1000;
    /** A run header's setting as HlogReporter writes it ("rate: 1000 msg/s"), as HlogRun reads it. */
    private static final Pattern SETTING = Pattern.compile("^([a-z][a-z ]*?)\\s*:\\s+(.+)$");
    /** A rate setting that can be added up: "1000 msg/s", "500 round trips/s". */
    private static final Pattern RATE = Pattern.compile("^([0-9]+(?:\\.[0-9]+)?) ([a-z][a-z ]*/s)$");
    /** The nominal interval a harness run states in its header ("interval: 1s"): its intervals are a little off it. */
    private static final Pattern INTERVAL = Pattern.compile("^interval:\\s+([0-9]+(?:\\.[0-9]+)?)(ms|s|m|h)$");
    /**
     * A harness interval ends when its cut really came, a few ms after its tick: only one that
     * runs past its merged interval by more than this part of it counts as straddling.
     */
    private static final long STRADDLE_SLACK = 20;
    /** Inputs further apart than this are refused (the per-second series would be absurd). */
    private static final long MAX_SPAN_MS = 31L * 24 * 3600 * 1000;
    private static final DateTimeFormatter ISO_MS =
            DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'", Locale.ROOT).withZone(ZoneOffset.UTC);

    private HlogMerge() {
    }

    /** An input that cannot be merged: missing, unreadable, or no HdrHistogram log. One line. */
    public static final class BadInputException extends Exception {
        private static final long serialVersionUID = 1L;
        private final transient Path file;
        private final String problem;

        BadInputException(Path file, String problem, Throwable cause) {
            super(file + ": " + problem, cause);
            this.file = file;
            this.problem = problem;
        }

        BadInputException(Path file, String problem) {
            this(file, problem, null);
        }

        /** The input, as it was given. */
        public Path file() {
            return file;
        }

        /** What is wrong with it, without the file name. */
        public String problem() {
            return problem;
        }
    }

    /**
     * One input as merged.
     *
     * @param startMs the log's start time (its {@code #[StartTime: ]}, else its first interval's start), epoch ms
     * @param intervals distinct interval start times in the log
     * @param intervalMs the log's usual interval length (the most frequent one)
     * @param straddlingIntervals intervals that ran past the end of the merged interval they started in, and were
     *        counted whole in it
     * @param responseCount samples tagged {@value #THROUGHPUT_TAG}
     * @param comments the log's own header comments, without {@code #}
     * @param cutShort the log's last line had no line end (a run killed while writing it) and was left out
     */
    public record Input(Path file, long startMs, int intervals, long intervalMs, int straddlingIntervals,
            long responseCount, List<String> comments, boolean cutShort) {
    }

    /**
     * What a merge wrote.
     *
     * @param startMs start and base time of the merged log, the earliest of the inputs, epoch ms
     * @param intervalMs length of the merged intervals
     * @param intervals merged intervals written (ones in which no input had an interval are skipped)
     * @param totals per tag, in order of first appearance: total count over the merged log
     */
    public record Result(Path output, long startMs, long intervalMs, int intervals, List<Input> inputs,
            Map<String, Long> totals, long[] perSecond) {
        /**
         * Merged completions ({@value #THROUGHPUT_TAG} counts) per whole second from {@link #startMs()}: each input
         * interval's count in the second its start falls in (all of it in its first second when input intervals
         * are longer than 1 s).
         */
        @Override
        public long[] perSecond() {
            return perSecond.clone();
        }

        public long responseCount() {
            return totals.getOrDefault(THROUGHPUT_TAG, 0L);
        }
    }

    /** Merges on the inputs' own interval length. */
    public static Result merge(List<Path> inputs, Path output) throws BadInputException, IOException {
        return merge(inputs, output, INPUTS_INTERVAL);
    }

    /**
     * Merges the inputs into {@code output}, replacing it.
     *
     * @param intervalMs length of the merged intervals, or {@link #INPUTS_INTERVAL}
     * @throws BadInputException an input is missing, unreadable, given twice or not an HdrHistogram log
     * @throws IOException the output cannot be written
     */
    public static Result merge(List<Path> inputs, Path output, long intervalMs) throws BadInputException, IOException {
        if (inputs.isEmpty()) {
            throw new IllegalArgumentException("no input logs");
        }
        if (intervalMs < 0) {
            throw new IllegalArgumentException("interval " + intervalMs + " ms: expected a positive length, or 0 for the inputs' own");
        }
        Set<Path> seen = new HashSet<>();
        for (Path p : inputs) {
            if (!seen.add(p.toAbsolutePath().normalize())) {
                throw new BadInputException(p, "given twice: its samples would be counted twice");
            }
        }
        // Pass 1: headers, start times, interval lengths; every line checked before anything is written.
        List<Scan> scans = new ArrayList<>();
        for (Path p : inputs) {
            scans.add(scan(p));
        }
        long originMs = Long.MAX_VALUE;
        long inputsIntervalMs = 0;
        Scan earliest = null;
        for (Scan s : scans) {
            if (s.earliestMs < originMs) {
                originMs = s.earliestMs;
                earliest = s;
            }
            inputsIntervalMs = Math.max(inputsIntervalMs, s.intervalMs);
        }
        for (Scan s : scans) {
            if (s.latestMs - originMs > MAX_SPAN_MS) {
                throw new BadInputException(s.file, String.format(Locale.ROOT, "its intervals end %,d days after %s starts"
                        + " (%s): logs to merge must lie within %d days of each other", (s.latestMs - originMs) / 86_400_000,
                        earliest.file, iso(originMs), MAX_SPAN_MS / 86_400_000));
            }
        }
        long bucketMs = intervalMs != INPUTS_INTERVAL ? intervalMs : inputsIntervalMs > 0 ? inputsIntervalMs : 1000;

        if (Files.isDirectory(output)) {
            throw new FileSystemException(output.toString(), null, "it is a directory");
        }
        Path absolute = output.toAbsolutePath();
        Path temp = absolute.resolveSibling("." + absolute.getFileName() + "." + ProcessHandle.current().pid() + ".tmp");
        boolean moved = false;
        try {
            Merger merger;
            try (PrintStream stream = new PrintStream(new BufferedOutputStream(Files.newOutputStream(temp)), false,
                    StandardCharsets.UTF_8)) {
                HistogramLogWriter writer = new HistogramLogWriter(stream);
                writeHeader(writer, scans, originMs, bucketMs);
                merger = new Merger(scans, writer, originMs, bucketMs);
                merger.run();
                stream.flush();
                if (stream.checkError()) {
                    throw new IOException("write failed (disk full?)");
                }
            }
            try {
                Files.move(temp, output, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, output, StandardCopyOption.REPLACE_EXISTING);
            }
            moved = true;
            List<Input> done = new ArrayList<>();
            for (int i = 0; i < scans.size(); i++) {
                Scan s = scans.get(i);
                done.add(new Input(s.file, s.startMs, s.intervals, s.intervalMs, merger.straddling[i], merger.responseCounts[i],
                        List.copyOf(s.comments), s.cutShort));
            }
            return new Result(output, originMs, bucketMs, merger.intervals, List.copyOf(done),
                    Collections.unmodifiableMap(new LinkedHashMap<>(merger.totals)), merger.perSecond());
        } finally {
            if (!moved) {
                Files.deleteIfExists(temp);
            }
        }
    }

    /** An epoch-ms time as an ISO instant with milliseconds, as in the logs' comments and the CLI. */
    public static String iso(long epochMs) {
        return ISO_MS.format(Instant.ofEpochMilli(epochMs));
    }

    private static void writeHeader(HistogramLogWriter writer, List<Scan> scans, long originMs, long bucketMs) {
        StringBuilder names = new StringBuilder();
        for (Scan s : scans) {
            names.append(' ').append(oneLine(s.file.toString()));
        }
        writer.outputComment("harness merge of " + scans.size() + " logs:" + names);
        writer.outputComment("merged: intervals of " + bucketMs + " ms from " + iso(originMs) + " (the earliest start);"
                + " each input interval counts in the merged interval its start falls in; histograms of one tag added");
        for (String setting : commonSettings(scans)) {
            writer.outputComment(setting);
        }
        // The merged log's own grid, stated as a run states its interval, so that it merges again on it.
        writer.outputComment("interval: " + (bucketMs % 1000 == 0 ? bucketMs / 1000 + "s" : bucketMs + "ms"));
        for (Scan s : scans) {
            String name = oneLine(s.file.toString());
            writer.outputComment("input " + name + ": start " + iso(s.startMs) + ", " + s.intervals + " intervals"
                    + (s.intervalMs > 0 ? " of " + s.intervalMs + " ms" : ""));
            for (String c : s.comments) {
                writer.outputComment(name + ": " + c);
            }
        }
        writer.outputLogFormatVersion();
        writer.outputStartTime(originMs);
        writer.setBaseTime(originMs);
        writer.outputBaseTime(originMs);
        writer.outputLegend();
    }

    /**
     * The header settings ("name: value" comments, as HlogReporter writes the run's) that all inputs share, so that
     * the merged log reads as one run: the same value everywhere; {@code rate} is the inputs' rates added when they
     * are all numbers of one unit. Settings that differ are only in the inputs' own, named comments.
     */
    private static List<String> commonSettings(List<Scan> scans) {
        List<Map<String, String>> settings = new ArrayList<>();
        for (Scan s : scans) {
            Map<String, String> m = new LinkedHashMap<>();
            for (String c : s.comments) {
                Matcher matcher = SETTING.matcher(c);
                if (matcher.matches()) {
                    m.putIfAbsent(matcher.group(1), matcher.group(2).strip());
                }
            }
            settings.add(m);
        }
        List<String> common = new ArrayList<>();
        for (Map.Entry<String, String> first : settings.get(0).entrySet()) {
            String name = first.getKey();
            List<String> values = new ArrayList<>();
            for (Map<String, String> m : settings) {
                values.add(m.get(name));
            }
            if (values.contains(null) || name.equals("interval")) {
                continue; // the merged log states its own interval
            }
            String sum = name.equals("rate") ? sumOfRates(values) : null;
            if (sum != null) {
                common.add("rate: " + sum + " (the " + values.size() + " inputs' rates added)");
            } else if (values.stream().distinct().count() == 1) {
                common.add(name + ": " + first.getValue());
            }
        }
        return common;
    }

    private static String sumOfRates(List<String> values) {
        double sum = 0;
        String unit = null;
        for (String v : values) {
            Matcher m = RATE.matcher(v);
            if (!m.matches() || (unit != null && !unit.equals(m.group(2)))) {
                return null;
            }
            unit = m.group(2);
            sum += Double.parseDouble(m.group(1));
        }
        return (sum == Math.rint(sum) ? Long.toString((long) sum) : Double.toString(sum)) + " " + unit;
    }

    private static String oneLine(String s) {
        return s.replace('\r', ' ').replace('\n', ' ');
    }

    // ---------------------------------------------------------------------------------------------
    // Pass 1

    /** What pass 1 learns of an input. */
    private static final class Scan {
        final Path file;
        final List<String> comments = new ArrayList<>();
        long startMs;
        /** The earliest time in the log: its start time or an earlier interval. */
        long earliestMs;
        /** The latest time in the log: its start time or the end of its last interval. */
        long latestMs;
        boolean cutShort;
        int intervals;
        long intervalMs;

        Scan(Path file) {
            this.file = file;
        }
    }

    private static Scan scan(Path file) throws BadInputException {
        Scan s = new Scan(file);
        Map<Long, Integer> lengths = new HashMap<>();
        long firstMs = Long.MAX_VALUE;
        long earliest = Long.MAX_VALUE;
        long latest = Long.MIN_VALUE;
        long lastStart = Long.MIN_VALUE;
        try (Cursor c = new Cursor(file, s.comments)) {
            Entry e;
            while ((e = c.next()) != null) {
                firstMs = Math.min(firstMs, e.startMs);
                earliest = Math.min(earliest, e.startMs);
                latest = Math.max(latest, e.endMs);
                if (s.intervals == 0 || e.startMs != lastStart) {
                    s.intervals++;
                    lengths.merge(e.endMs - e.startMs, 1, Integer::sum);
                    lastStart = e.startMs;
                }
            }
            if (c.startMs != null) {
                // (with no #[StartTime: ], the first interval's timestamp: HistogramLogReader's rule)
                s.startMs = c.startMs;
            } else {
                throw new BadInputException(file, c.lines == 0 ? "not an HdrHistogram log: the file is empty"
                        : "not an HdrHistogram log: no #[StartTime: ] and no interval histograms");
            }
            s.cutShort = c.cutShort;
        }
        s.earliestMs = Math.min(earliest, s.startMs);
        s.latestMs = Math.max(latest, s.startMs);
        Long stated = statedIntervalMs(s.comments);
        if (stated != null) {
            // A harness run's intervals are stamped with their real cuts, a few ms off the grid:
            // its stated interval is the length, not the most frequent jitter.
            s.intervalMs = stated;
            return s;
        }
        // The usual length: the most frequent; of equally frequent ones, the longest.
        int best = 0;
        for (Map.Entry<Long, Integer> l : lengths.entrySet()) {
            if (l.getValue() > best || (l.getValue() == best && l.getKey() > s.intervalMs)) {
                best = l.getValue();
                s.intervalMs = l.getKey();
            }
        }
        return s;
    }

    /** The interval a harness log states in its header ("interval: 1s"), in ms, or null. */
    private static Long statedIntervalMs(List<String> comments) {
        for (String c : comments) {
            Matcher m = INTERVAL.matcher(c.strip());
            if (m.matches()) {
                double unitMs = switch (m.group(2)) {
                    case "ms" -> 1;
                    case "s" -> 1_000;
                    case "m" -> 60_000;
                    default -> 3_600_000;
                };
                long ms = Math.round(Double.parseDouble(m.group(1)) * unitMs);
                return ms > 0 ? ms : null;
            }
        }
        return null;
    }

    // ---------------------------------------------------------------------------------------------
    // Pass 2

    /** Streams all inputs merged interval by merged interval, in time order, into the writer. */
    private static final class Merger {
        private final List<Scan> scans;
        private final HistogramLogWriter writer;
        private final long originMs;
        private final long bucketMs;
        /**
         * Per tag (null for untagged), in order of first appearance: the current merged interval's sum,
         * of the measured intervals (and of logs that have no phases) and of the warmup ones apart.
         */
        private final Map<String, Sum> sums = new LinkedHashMap<>();
        private final Map<String, Sum> warmupSums = new LinkedHashMap<>();
        final Map<String, Long> totals = new LinkedHashMap<>();
        final int[] straddling;
        final long[] responseCounts;
        private long[] perSecond = new long[64];
        private int seconds;
        int intervals;

        private static final class Sum {
            Histogram histogram;
            boolean touched;
            long startMs;
            long endMs;
        }

        Merger(List<Scan> scans, HistogramLogWriter writer, long originMs, long bucketMs) {
            this.scans = scans;
            this.writer = writer;
            this.originMs = originMs;
            this.bucketMs = bucketMs;
            this.straddling = new int[scans.size()];
            this.responseCounts = new long[scans.size()];
        }

        void run() throws BadInputException {
            int n = scans.size();
            Cursor[] cursors = new Cursor[n];
            Entry[] pending = new Entry[n];
            long[] lastBucket = new long[n];
            long[] lastStart = new long[n];
            Arrays.fill(lastBucket, Long.MIN_VALUE);
            Arrays.fill(lastStart, Long.MIN_VALUE);
            try {
                for (int i = 0; i < n; i++) {
                    cursors[i] = new Cursor(scans.get(i).file, null);
                    pending[i] = cursors[i].next();
                }
                while (true) {
                    long bucket = Long.MAX_VALUE;
                    for (Entry e : pending) {
                        if (e != null) {
                            bucket = Math.min(bucket, bucketOf(e));
                        }
                    }
                    if (bucket == Long.MAX_VALUE) {
                        return;
                    }
                    for (int i = 0; i < n; i++) {
                        while (pending[i] != null && bucketOf(pending[i]) == bucket) {
                            // One input interval's lines (one start): its phase is known once all are read.
                            List<Entry> lines = new ArrayList<>();
                            long start = pending[i].startMs;
                            while (pending[i] != null && pending[i].startMs == start) {
                                Entry e = pending[i];
                                if (e.startMs != lastStart[i]) {
                                    lastStart[i] = e.startMs;
                                    if (e.endMs > originMs + (bucket + 1) * bucketMs + bucketMs / STRADDLE_SLACK) {
                                        straddling[i]++;
                                    }
                                }
                                lines.add(e);
                                lastBucket[i] = bucket;
                                pending[i] = cursors[i].next();
                                if (pending[i] != null && bucketOf(pending[i]) < lastBucket[i]) {
                                    throw new BadInputException(scans.get(i).file, "line " + pending[i].line
                                            + ": its interval starts before those of the lines above it: intervals must be in time order");
                                }
                            }
                            boolean warmup = lines.stream().anyMatch(e -> WARMUP_INTERVAL_TAG.equals(e.tag));
                            for (Entry e : lines) {
                                add(i, e, cursors[i], warmup ? warmupSums : sums);
                            }
                        }
                    }
                    write(bucket);
                }
            } finally {
                for (Cursor c : cursors) {
                    if (c != null) {
                        c.close();
                    }
                }
            }
        }

        private long bucketOf(Entry e) {
            return Math.floorDiv(e.startMs - originMs, bucketMs);
        }

        private void add(int input, Entry e, Cursor c, Map<String, Sum> phase) throws BadInputException {
            Histogram h = decode(e, c.file);
            Sum sum = phase.computeIfAbsent(e.tag, t -> new Sum());
            if (sum.histogram == null) {
                sum.histogram = h;
                // Logs of other tools may hold histograms of another range: the sum grows to fit.
                sum.histogram.setAutoResize(true);
            } else if (!sum.touched) {
                sum.histogram.reset();
                sum.histogram.add(h);
            } else {
                sum.histogram.add(h);
            }
            sum.startMs = sum.touched ? Math.min(sum.startMs, e.startMs) : e.startMs;
            sum.endMs = sum.touched ? Math.max(sum.endMs, e.endMs) : e.endMs;
            sum.touched = true;
            long count = h.getTotalCount();
            if (THROUGHPUT_TAG.equals(e.tag)) {
                responseCounts[input] += count;
                int second = (int) Math.floorDiv(e.startMs - originMs, 1000);
                if (second >= perSecond.length) {
                    perSecond = Arrays.copyOf(perSecond, Math.max(second + 1, 2 * perSecond.length));
                }
                perSecond[second] += count;
                seconds = Math.max(seconds, second + 1);
            }
        }

        /**
         * Writes the merged interval {@code bucket}. When it holds both warmup and measured input
         * intervals (a warmup that is not a whole number of intervals, or inputs whose phases do not
         * line up), it is written as two: the warmup part from the slot's start, then the measured
         * part from its first input interval's start, so a report still tells the measured phase's
         * figures (hiccup, gc-pause, pause-corrected) from the warmup's.
         */
        private void write(long bucket) {
            long slotMs = originMs + bucket * bucketMs;
            boolean warmup = anyTouched(warmupSums);
            boolean measured = anyTouched(sums);
            long warmupStartMs = slotMs;
            if (warmup) {
                writePart(warmupSums, warmupStartMs);
            }
            if (measured) {
                long startMs = slotMs;
                if (warmup) {
                    startMs = Math.max(slotMs, earliestStart(sums));
                    // Readers key an interval by its start (HistogramLogReader's may be 1 ms early):
                    // the two parts must not share one.
                    startMs = Math.min(Math.max(startMs, warmupStartMs + 2), slotMs + bucketMs - 1);
                }
                writePart(sums, startMs);
            }
            intervals += (warmup ? 1 : 0) + (measured ? 1 : 0);
        }

        private void writePart(Map<String, Sum> phase, long startMs) {
            long slotEndMs = originMs + (Math.floorDiv(startMs - originMs, bucketMs) + 1) * bucketMs;
            for (Map.Entry<String, Sum> t : phase.entrySet()) {
                Sum sum = t.getValue();
                if (!sum.touched) {
                    continue;
                }
                // A merged interval ends with its grid slot, or earlier when all its inputs' intervals did
                // (the last, partial interval of a run; the warmup's end).
                long endMs = Math.max(startMs, Math.min(slotEndMs, sum.endMs));
                sum.histogram.setTag(t.getKey());
                writer.outputIntervalHistogram((startMs - originMs) / 1000.0, (endMs - originMs) / 1000.0, sum.histogram);
                totals.merge(t.getKey(), sum.histogram.getTotalCount(), Long::sum);
                sum.touched = false;
            }
        }

        private static boolean anyTouched(Map<String, Sum> phase) {
            return phase.values().stream().anyMatch(sum -> sum.touched);
        }

        private static long earliestStart(Map<String, Sum> phase) {
            return phase.values().stream().filter(sum -> sum.touched).mapToLong(sum -> sum.startMs).min().orElseThrow();
        }

        long[] perSecond() {
            return Arrays.copyOf(perSecond, seconds);
        }
    }

    private static Histogram decode(Entry e, Path file) throws BadInputException {
        try {
            byte[] bytes = Base64.getDecoder().decode(e.payload);
            return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(bytes), 0);
        } catch (DataFormatException | RuntimeException ex) {
            throw new BadInputException(file, "line " + e.line + ": the histogram does not decode as an HdrHistogram"
                    + " (integer values, as the harness writes)" + (ex.getMessage() == null ? "" : ": " + ex.getMessage()), ex);
        }
    }

    // ---------------------------------------------------------------------------------------------
    // Lines

    /** One interval line: absolute start and end in epoch ms. */
    private record Entry(String tag, long startMs, long endMs, String payload, int line) {
    }

    /** Reads an hlog's interval lines with the rules of HdrHistogram's HistogramLogReader. */
    private static final class Cursor implements Closeable {
        final Path file;
        private final BufferedReader in;
        /** Where the header's comments go, or null. */
        private final List<String> comments;
        /** The file does not end with a line end: its last line is to be left out. */
        private final boolean partialLast;
        /** The line after the current one (read ahead to know the last), or null at the end. */
        private String ahead;
        int lines;
        private int linesRead;
        int entries;
        boolean cutShort;
        Long startMs;
        private Long baseMs;
        private boolean inHeader = true;

        Cursor(Path file, List<String> comments) throws BadInputException {
            this.file = file;
            this.comments = comments;
            if (Files.isDirectory(file)) {
                throw new BadInputException(file, "it is a directory");
            }
            try {
                this.partialLast = !endsWithLineEnd(file);
                this.in = Files.newBufferedReader(file, StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new BadInputException(file, describe(e), e);
            }
            this.ahead = read();
        }

        private static boolean endsWithLineEnd(Path file) throws IOException {
            try (SeekableByteChannel ch = Files.newByteChannel(file)) {
                long size = ch.size();
                if (size == 0) {
                    return true;
                }
                ByteBuffer last = ByteBuffer.allocate(1);
                ch.position(size - 1).read(last);
                return last.get(0) == '\n' || last.get(0) == '\r';
            }
        }

        /** The next interval line, or null at the end. */
        Entry next() throws BadInputException {
            String line;
            while ((line = readLine()) != null) {
                lines++;
                String t = line.strip();
                if (t.isEmpty()) {
                    continue;
                }
                if (t.startsWith("#")) {
                    Double time;
                    if ((time = timeAfter(t, "#[StartTime:")) != null) {
                        startMs = Math.round(time * 1000);
                    } else if ((time = timeAfter(t, "#[BaseTime:")) != null) {
                        baseMs = Math.round(time * 1000);
                    } else if (inHeader && comments != null && !t.startsWith("#[Histogram log format version")) {
                        comments.add(t.substring(1));
                    }
                    continue;
                }
                if (t.startsWith("\"StartTimestamp\"")) {
                    continue;
                }
                inHeader = false;
                return entry(t);
            }
            return null;
        }

        private String readLine() throws BadInputException {
            String line = ahead;
            if (line == null) {
                return null;
            }
            ahead = read();
            if (ahead == null && partialLast) {
                // The last line lacks its line end: cut short by a killed run (HistogramLogWriter ends every line).
                cutShort = !line.isBlank();
                return null;
            }
            return line;
        }

        private String read() throws BadInputException {
            try {
                String line = in.readLine();
                linesRead++;
                return line;
            } catch (CharacterCodingException e) {
                throw new BadInputException(file, "not an HdrHistogram log: line " + (linesRead + 1) + " is not text", e);
            } catch (IOException e) {
                throw new BadInputException(file, describe(e), e);
            }
        }

        private Entry entry(String t) throws BadInputException {
            String tag = null;
            String rest = t;
            if (rest.startsWith("Tag=")) {
                int end = 4;
                while (end < rest.length() && rest.charAt(end) != ',' && rest.charAt(end) != ' ') {
                    end++;
                }
                tag = rest.substring(4, end);
                rest = rest.substring(end);
            }
            String[] f = rest.replaceFirst("^[ ,]+", "").split("[ ,]+");
            double start;
            double length;
            try {
                if (f.length < 4) {
                    throw new NumberFormatException();
                }
                start = Double.parseDouble(f[0]);
                length = Double.parseDouble(f[1]);
                Double.parseDouble(f[2]);
            } catch (NumberFormatException e) {
                throw new BadInputException(file, (entries == 0 ? "not an HdrHistogram log: line " + lines
                        + " is neither a comment nor an interval" : "line " + lines + " is not an interval")
                        + " ([Tag=T,]start,length,max,histogram): " + quote(t));
            }
            if (!Double.isFinite(start) || !Double.isFinite(length) || length < 0) {
                throw new BadInputException(file, "line " + lines + ": the interval's start or length is not a time: " + quote(t));
            }
            long relativeMs = Math.round(start * 1000);
            // HistogramLogReader's rules: the first interval stands for a missing start time; without a
            // base time, timestamps are absolute unless more than a year before the start time.
            if (startMs == null) {
                startMs = relativeMs;
            }
            if (baseMs == null) {
                baseMs = relativeMs < startMs - YEAR_MS ? startMs : 0L;
            }
            long absoluteMs = baseMs + relativeMs;
            entries++;
            return new Entry(tag, absoluteMs, absoluteMs + Math.round(length * 1000), f[3], lines);
        }

        @Override
        public void close() {
            try {
                in.close();
            } catch (IOException e) {
                // read-only: nothing is lost
            }
        }
    }

    /** The number after a {@code #[StartTime:}-style prefix, or null if the line is no such note. */
    private static Double timeAfter(String line, String prefix) {
        if (!line.startsWith(prefix)) {
            return null;
        }
        String rest = line.substring(prefix.length()).strip();
        int end = 0;
        while (end < rest.length() && rest.charAt(end) != ' ' && rest.charAt(end) != ',') {
            end++;
        }
        try {
            double v = Double.parseDouble(rest.substring(0, end));
            return Double.isFinite(v) ? v : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static String quote(String line) {
        StringBuilder b = new StringBuilder("'");
        int max = 40;
        for (int i = 0; i < line.length() && i < max; i++) {
            char ch = line.charAt(i);
            b.append(Character.isISOControl(ch) ? '?' : ch);
        }
        return b.append(line.length() > max ? "...'" : "'").toString();
    }

    private static String describe(IOException e) {
        if (e instanceof NoSuchFileException) {
            return "no such file";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof NotDirectoryException) {
            return "a part of the path is not a directory";
        }
        if (e instanceof FileSystemException f && f.getReason() != null) {
            return f.getReason();
        }
        return e.getMessage() == null ? "cannot read it" : e.getMessage();
    }
}
