package dev.harness.core.report;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

import org.HdrHistogram.Histogram;

import dev.harness.core.WorkloadKind;
import dev.harness.core.hlog.BadHlogException;
import dev.harness.core.hlog.HlogHeader;
import dev.harness.core.hlog.HlogReader;
import dev.harness.core.hlog.HlogWriter;
import dev.harness.core.host.Environment;
import dev.harness.core.schedule.Shard;

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
 * <p><b>Phases.</b> Warmup and measured input intervals ({@link HlogReader.Interval#warmup()}) are
 * summed apart: a merged interval that would hold both (a
 * warmup that is not a whole number of intervals ends mid-slot) is written as two, the warmup part
 * from the slot's start and the measured part from its first input interval's start, so that a
 * report of the merged log keeps the measured phase's hiccup, gc-pause and pause-corrected figures.
 * Logs without phases merge as one.
 *
 * <p><b>Throughput.</b> The merged {@code response} counts per interval are the inputs'
 * completions in it, summed; {@link Result#perSecond()} gives them per whole second.
 *
 * <p><b>Reading.</b> Inputs are read with {@link HlogReader}, which tolerates a last line cut short
 * by a killed run (left out, and told: {@link Input#cutShort()}) and foreign logs. Inputs more than
 * 31 days apart are refused.
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
    /** The tag whose counts are the completions: throughput. */
    public static final String THROUGHPUT_TAG = "response";
    /** How a merged log's header begins, and names each input and its start (read back: {@link ShardSet#runs(HlogRun)}). */
    static final String TITLE = "harness merge of ";
    static final String INPUT = "input ";
    static final String INPUT_START = ": start ";

    /** {@code intervalMs} for "the inputs' own interval length". */
    public static final long INPUTS_INTERVAL = 0;

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

    /**
     * One input as merged.
     *
     * @param startMs the log's start time (its {@code #[StartTime: ]}, else its first interval's start), epoch ms
     * @param intervals distinct interval start times in the log
     * @param intervalMs the log's interval length: the one its header states, else the most frequent one
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
    public static Result merge(List<Path> inputs, Path output) throws BadHlogException, IOException {
        return merge(inputs, output, INPUTS_INTERVAL);
    }

    /**
     * Merges the inputs into {@code output}, replacing it.
     *
     * @param intervalMs length of the merged intervals, or {@link #INPUTS_INTERVAL}
     * @throws BadHlogException an input is missing, unreadable, given twice or not an HdrHistogram log
     * @throws IOException the output cannot be written
     */
    public static Result merge(List<Path> inputs, Path output, long intervalMs) throws BadHlogException, IOException {
        if (inputs.isEmpty()) {
            throw new IllegalArgumentException("no input logs");
        }
        if (intervalMs < 0) {
            throw new IllegalArgumentException("interval " + intervalMs + " ms: expected a positive length, or 0 for the inputs' own");
        }
        Set<Path> seen = new HashSet<>();
        for (Path p : inputs) {
            if (!seen.add(p.toAbsolutePath().normalize())) {
                throw new BadHlogException(p, "given twice: its samples would be counted twice");
            }
        }
        // Pass 1: headers, start times, interval lengths; every line checked before anything is written.
        List<Scan> scans = new ArrayList<>();
        for (Path p : inputs) {
            scans.add(scan(p));
        }
        for (Scan s : scans) {
            if (WorkloadKind.PUBSUB.tag().equals(s.header().workload())) {
                // Its response holds a sample per delivery, and the merge counts response as completions.
                throw new BadHlogException(s.file(), "a publish/subscribe run's log (--workload pubsub): merge does not"
                        + " combine those yet");
            }
        }
        checkShardSet(scans);
        Scan earliest = scans.stream().min(Comparator.comparingLong(Scan::earliestMs)).orElseThrow();
        long originMs = earliest.earliestMs();
        for (Scan s : scans) {
            if (s.latestMs() - originMs > MAX_SPAN_MS) {
                throw new BadHlogException(s.file(), String.format(Locale.ROOT, "its intervals end %,d days after %s starts"
                        + " (%s): logs to merge must lie within %d days of each other", (s.latestMs() - originMs) / 86_400_000,
                        earliest.file(), iso(originMs), MAX_SPAN_MS / 86_400_000));
            }
        }
        long inputsIntervalMs = scans.stream().mapToLong(Scan::intervalMs).max().orElse(0);
        long bucketMs = intervalMs != INPUTS_INTERVAL ? intervalMs : inputsIntervalMs > 0 ? inputsIntervalMs : 1000;

        if (Files.isDirectory(output)) {
            throw new FileSystemException(output.toString(), null, "it is a directory");
        }
        Path absolute = output.toAbsolutePath();
        Path temp = absolute.resolveSibling("." + absolute.getFileName() + "." + ProcessHandle.current().pid() + ".tmp");
        boolean moved = false;
        try {
            Merger merger;
            try (HlogWriter writer = HlogWriter.create(temp)) {
                writer.header(header(scans, originMs, bucketMs));
                merger = new Merger(scans, writer, originMs, bucketMs);
                merger.run();
                writer.flush();
                if (writer.checkError()) {
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
                done.add(new Input(s.file(), s.header().startMs(), s.intervals(), s.intervalMs(), merger.straddling[i],
                        merger.responseCounts[i], s.header().comments(), s.cutShort()));
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

    /**
     * The merged log's header: the inputs named, how they were merged, the settings all inputs
     * share (so the merged log reads as one run), its own interval (so that it merges again on
     * it), then every input's own header lines, each prefixed with the input's name.
     */
    private static HlogHeader header(List<Scan> scans, long originMs, long bucketMs) {
        StringBuilder names = new StringBuilder();
        for (Scan s : scans) {
            names.append(' ').append(s.file());
        }
        HlogHeader.Builder h = HlogHeader.builder(originMs)
                .comment(TITLE + scans.size() + " logs:" + names)
                .comment("merged: intervals of " + bucketMs + " ms from " + iso(originMs) + " (the earliest start);"
                        + " each input interval counts in the merged interval its start falls in; histograms of one tag added");
        commonSettings(scans, h);
        h.interval(bucketMs);
        for (Scan s : scans) {
            h.comment(INPUT + s.file() + INPUT_START + iso(s.header().startMs()) + ", " + s.intervals() + " intervals"
                    + (s.intervalMs() > 0 ? " of " + s.intervalMs() + " ms" : ""));
            for (String c : s.header().comments()) {
                h.comment(s.file() + ": " + c);
            }
        }
        return h.build();
    }

    /**
     * The settings all inputs share, with one value everywhere; {@code rate} is the inputs' rates
     * added when they are all numbers of one unit; an environment figure that differs, its distinct
     * values joined. Other settings that differ are only in the inputs' own, named lines.
     */
    private static void commonSettings(List<Scan> scans, HlogHeader.Builder into) {
        List<HlogHeader> headers = scans.stream().map(Scan::header).toList();
        for (Map.Entry<String, String> first : headers.get(0).settings().entrySet()) {
            String name = first.getKey();
            List<String> values = headers.stream().map(h -> h.setting(name)).toList();
            if (values.contains(null) || name.equals("interval")) {
                continue; // the merged log states its own interval
            }
            HlogHeader.Rate sum = name.equals("rate") && Shard.ofSetting(headers.get(0).setting("shard")) == null ? sumOfRates(headers) : null;
            if (name.equals("rate") && Shard.ofSetting(headers.get(0).setting("shard")) != null && headers.get(0).rate() != null) {
                // Shards of one schedule: each states the whole schedule's rate.
                into.rate(headers.get(0).rate(), "(the whole schedule, in " + headers.size() + " shards)");
            } else if (sum != null) {
                into.rate(sum, "(the " + values.size() + " inputs' rates added)");
            } else if (values.stream().distinct().count() == 1) {
                into.setting(name, first.getValue());
            } else if (name.startsWith(Environment.HLOG_PREFIX)) {
                // Where each ran (shards on several hosts): all of them, so that the merged report says it.
                into.setting(name, String.join("; ", new LinkedHashSet<>(values)));
            }
        }
    }

    /** Logs of shards merge only as a whole set of one schedule ({@link ShardSet}). */
    private static void checkShardSet(List<Scan> scans) throws BadHlogException {
        ShardSet.Problem p = ShardSet.check(scans.stream().map(s -> ShardSet.Member.of(s.file(),
                s.header()::setting, s.header().startMs())).toList());
        if (p != null) {
            throw new BadHlogException(p.file(), p.problem());
        }
    }

    private static HlogHeader.Rate sumOfRates(List<HlogHeader> headers) {
        double sum = 0;
        String unit = headers.get(0).rate() == null ? null : headers.get(0).rate().unit();
        for (HlogHeader h : headers) {
            if (h.rate() == null || !Objects.equals(unit, h.rate().unit())) {
                return null;
            }
            sum += h.rate().perSecond();
        }
        return new HlogHeader.Rate(sum, unit);
    }

    // ---------------------------------------------------------------------------------------------
    // Pass 1

    /**
     * What pass 1 learns of an input.
     *
     * @param earliestMs the earliest time in the log: its start time or an earlier interval
     * @param latestMs the latest time in the log: its start time or the end of its last interval
     */
    private record Scan(Path file, HlogHeader header, long earliestMs, long latestMs, int intervals, long intervalMs,
            boolean cutShort) {
    }

    private static Scan scan(Path file) throws BadHlogException {
        Map<Long, Integer> lengths = new HashMap<>();
        long earliest = Long.MAX_VALUE;
        long latest = Long.MIN_VALUE;
        int intervals = 0;
        try (HlogReader r = HlogReader.open(file)) {
            for (HlogReader.Interval in; (in = r.next()) != null;) {
                earliest = Math.min(earliest, in.startMs());
                latest = Math.max(latest, in.endMs());
                HlogReader.Entry first = in.entries().get(0);
                lengths.merge(first.endMs() - first.startMs(), 1, Integer::sum);
                intervals++;
            }
            HlogHeader header = r.header();
            // A harness run's intervals are stamped with their real cuts, a few ms off the grid:
            // its stated interval is the length, not the most frequent jitter.
            long intervalMs = header.intervalMs();
            if (intervalMs == 0) {
                // The usual length: the most frequent; of equally frequent ones, the longest.
                int best = 0;
                for (Map.Entry<Long, Integer> l : lengths.entrySet()) {
                    if (l.getValue() > best || (l.getValue() == best && l.getKey() > intervalMs)) {
                        best = l.getValue();
                        intervalMs = l.getKey();
                    }
                }
            }
            return new Scan(file, header, Math.min(earliest, header.startMs()), Math.max(latest, header.startMs()), intervals,
                    intervalMs, r.cutShort());
        }
    }

    // ---------------------------------------------------------------------------------------------
    // Pass 2

    /** Streams all inputs merged interval by merged interval, in time order, into the writer. */
    private static final class Merger {
        private final List<Scan> scans;
        private final HlogWriter writer;
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

        Merger(List<Scan> scans, HlogWriter writer, long originMs, long bucketMs) {
            this.scans = scans;
            this.writer = writer;
            this.originMs = originMs;
            this.bucketMs = bucketMs;
            this.straddling = new int[scans.size()];
            this.responseCounts = new long[scans.size()];
        }

        void run() throws BadHlogException {
            int n = scans.size();
            HlogReader[] readers = new HlogReader[n];
            HlogReader.Interval[] pending = new HlogReader.Interval[n];
            try {
                for (int i = 0; i < n; i++) {
                    readers[i] = HlogReader.open(scans.get(i).file());
                    pending[i] = readers[i].next();
                }
                while (true) {
                    long bucket = Long.MAX_VALUE;
                    for (HlogReader.Interval in : pending) {
                        if (in != null) {
                            bucket = Math.min(bucket, bucketOf(in));
                        }
                    }
                    if (bucket == Long.MAX_VALUE) {
                        return;
                    }
                    for (int i = 0; i < n; i++) {
                        while (pending[i] != null && bucketOf(pending[i]) == bucket) {
                            HlogReader.Interval in = pending[i];
                            if (in.entries().get(0).endMs() > originMs + (bucket + 1) * bucketMs + bucketMs / STRADDLE_SLACK) {
                                straddling[i]++;
                            }
                            pending[i] = readers[i].next();
                            if (pending[i] != null && bucketOf(pending[i]) < bucket) {
                                throw new BadHlogException(readers[i].file(), "line " + pending[i].line()
                                        + ": its interval starts before those of the lines above it: intervals must be in time order");
                            }
                            for (HlogReader.Entry e : in.entries()) {
                                add(i, readers[i].histogram(e), e, in.warmup() ? warmupSums : sums);
                            }
                        }
                    }
                    write(bucket);
                }
            } finally {
                for (HlogReader r : readers) {
                    if (r != null) {
                        r.close();
                    }
                }
            }
        }

        private long bucketOf(HlogReader.Interval in) {
            return Math.floorDiv(in.startMs() - originMs, bucketMs);
        }

        private void add(int input, Histogram h, HlogReader.Entry e, Map<String, Sum> phase) {
            Sum sum = phase.computeIfAbsent(e.tag(), t -> new Sum());
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
            sum.startMs = sum.touched ? Math.min(sum.startMs, e.startMs()) : e.startMs();
            sum.endMs = sum.touched ? Math.max(sum.endMs, e.endMs()) : e.endMs();
            sum.touched = true;
            long count = h.getTotalCount();
            if (THROUGHPUT_TAG.equals(e.tag())) {
                responseCounts[input] += count;
                int second = (int) Math.floorDiv(e.startMs() - originMs, 1000);
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
                writer.interval((startMs - originMs) / 1000.0, (endMs - originMs) / 1000.0, t.getKey(), sum.histogram);
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
}
