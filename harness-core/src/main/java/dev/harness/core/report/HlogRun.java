package dev.harness.core.report;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

import dev.harness.core.measure.Histograms;
import dev.harness.core.measure.View;

/**
 * A run as its hlog tells it, read back for reports: the header comments, each interval's
 * histograms by tag, and the measured phase's totals per view. Everything a report shows comes
 * from here, so a report of a merged log and of a single run are made the same way.
 */
public final class HlogRun {
    /** One reporting interval: seconds from the run's start, and its histograms by tag. */
    public record Interval(double startS, double endS, Map<String, Histogram> byTag) {
        /**
         * Every interval carries all the tags of its own phase, empty or not, and of the other phase
         * only those with samples. pause-corrected is phased by the interval itself, so its warmup
         * tag is never in a measured interval: it tells the phase.
         */
        public boolean warmup() {
            return byTag.containsKey(View.PAUSE_CORRECTED.warmupTag());
        }

        public Histogram tag(String tag) {
            return byTag.get(tag);
        }

        /** Completions of the interval, whatever the phase of their messages. */
        public long completed() {
            // response also holds the requests lost at their timeout, which the lost tag counts.
            return count(View.RESPONSE.tag()) + count(View.RESPONSE.warmupTag()) - count(View.LOST.tag())
                    - count(View.LOST.warmupTag());
        }

        public double rate() {
            return endS > startS ? completed() / (endS - startS) : 0;
        }

        public long count(String tag) {
            Histogram h = byTag.get(tag);
            return h == null ? 0 : h.getTotalCount();
        }

        /** Response of every completion in the interval (both phases), for the over-time charts. */
        public Histogram response() {
            Histogram h = Histograms.create();
            for (String t : List.of(View.RESPONSE.tag(), View.RESPONSE.warmupTag())) {
                if (byTag.containsKey(t)) {
                    h.add(byTag.get(t));
                }
            }
            return h;
        }
    }

    private static final java.util.Set<String> VIEW_TAGS = java.util.Arrays.stream(View.values()).map(View::tag)
            .collect(java.util.stream.Collectors.toUnmodifiableSet());
    private static final Pattern SETTING = Pattern.compile("^#([a-z][a-z ]*?)\\s*:\\s+(.+)$");
    private static final Pattern RATE = Pattern.compile("^([0-9][0-9,]*(?:\\.[0-9]+)?)");

    private final Path file;
    private final List<String> comments;
    private final Map<String, String> settings;
    private final long startEpochMs;
    private final List<Interval> intervals;
    private final Map<String, Histogram> measuredTotals;
    private final List<HostFigures> host;

    private HlogRun(Path file, List<String> comments, Map<String, String> settings, long startEpochMs,
            List<Interval> intervals, Map<String, Histogram> measuredTotals, List<HostFigures> host) {
        this.file = file;
        this.comments = comments;
        this.settings = settings;
        this.startEpochMs = startEpochMs;
        this.intervals = intervals;
        this.measuredTotals = measuredTotals;
        this.host = host;
    }

    /**
     * Reads a harness hlog (or a merged one).
     *
     * @throws IllegalArgumentException one line naming the file, when it cannot be read or is no hlog
     */
    public static HlogRun read(Path file) {
        List<String> comments = new ArrayList<>();
        Map<String, String> settings = new LinkedHashMap<>();
        List<HostFigures> host = new ArrayList<>();
        try {
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                if (line.startsWith("#host ")) {
                    hostLine(line.substring(1), host);
                } else if (line.startsWith("#") && !line.startsWith("#[")) {
                    comments.add(line.substring(1));
                    Matcher m = SETTING.matcher(line);
                    if (m.matches()) {
                        settings.putIfAbsent(m.group(1), m.group(2).strip());
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            throw new IllegalArgumentException(file + ": cannot read it as text: " + e.getMessage());
        }
        TreeMap<Long, Interval> byStart = new TreeMap<>();
        Map<String, Histogram> totals = new TreeMap<>();
        long startMs;
        try {
            HistogramLogReader reader = new HistogramLogReader(file.toFile());
            List<EncodableHistogram> all = new ArrayList<>();
            for (EncodableHistogram h = reader.nextIntervalHistogram(); h != null; h = reader.nextIntervalHistogram()) {
                all.add(h);
            }
            if (all.isEmpty()) {
                throw new IllegalArgumentException(file + ": no interval histograms in it; is it an hlog (--hlog)?");
            }
            double startSec = reader.getStartTimeSec();
            startMs = startSec > 0 ? Math.round(startSec * 1000) : all.get(0).getStartTimeStamp();
            for (EncodableHistogram e : all) {
                if (!(e instanceof Histogram h)) {
                    continue; // a DoubleHistogram is not one of ours
                }
                String tag = h.getTag() == null ? View.RESPONSE.tag() : h.getTag();
                double s = (h.getStartTimeStamp() - startMs) / 1000.0;
                double end = (h.getEndTimeStamp() - startMs) / 1000.0;
                Interval interval = byStart.computeIfAbsent(h.getStartTimeStamp(),
                        k -> new Interval(s, end, new TreeMap<>()));
                Histogram copy = Histograms.create();
                copy.add(h);
                Histogram existing = interval.byTag().putIfAbsent(tag, copy);
                if (existing != null) {
                    existing.add(h);
                }
            }
        } catch (FileNotFoundException e) {
            throw new IllegalArgumentException(file + ": no such file");
        } catch (RuntimeException e) {
            if (e instanceof IllegalArgumentException) {
                throw e;
            }
            throw new IllegalArgumentException(file + ": not an HdrHistogram log (" + e.getClass().getSimpleName() + ")");
        }
        List<Interval> intervals = new ArrayList<>(byStart.values());
        for (Interval i : intervals) {
            for (Map.Entry<String, Histogram> e : i.byTag().entrySet()) {
                // A view's plain tag holds messages intended after warmup, in whatever interval they
                // were recorded (a late cut puts some in the last warmup interval); tags of the JVM
                // and host (hiccup, gc-pause) belong to the interval's own phase.
                boolean messageTag = VIEW_TAGS.contains(e.getKey());
                if (messageTag || (!i.warmup() && !e.getKey().startsWith("warmup-"))) {
                    totals.computeIfAbsent(e.getKey(), k -> Histograms.create()).add(e.getValue());
                }
            }
        }
        return new HlogRun(file, List.copyOf(comments), settings, startMs, List.copyOf(intervals), totals, List.copyOf(host));
    }

    /** One interval's host figures, as the hlog's host comment carries them; NaN where /proc lacked one. */
    public record HostFigures(double startS, double endS, double runnable, double cpus, double iowaitPercent,
            double diskInFlight) {
    }

    private static void hostLine(String line, List<HostFigures> into) {
        String[] parts = line.split(" ");
        if (parts.length < 3) {
            return;
        }
        try {
            Map<String, Double> f = new TreeMap<>();
            for (int i = 3; i < parts.length; i++) {
                int eq = parts[i].indexOf('=');
                if (eq > 0) {
                    f.put(parts[i].substring(0, eq), Double.parseDouble(parts[i].substring(eq + 1)));
                }
            }
            into.add(new HostFigures(Double.parseDouble(parts[1]), Double.parseDouble(parts[2]),
                    f.getOrDefault("runnable", Double.NaN), f.getOrDefault("cpus", Double.NaN),
                    f.getOrDefault("iowait", Double.NaN), f.getOrDefault("diskInFlight", Double.NaN)));
        } catch (NumberFormatException e) {
            // A hand-edited or foreign comment: no host figures for that interval.
        }
    }

    /** The host's figures per interval, when the hlog carries them (harness runs do; merged logs do not). */
    public List<HostFigures> host() {
        return host;
    }

    public Path file() {
        return file;
    }

    /** The header comments as written ("harness put against ...", "rate: 1000 msg/s", ...). */
    public List<String> comments() {
        return comments;
    }

    /** A header setting by name ("rate", "persistence"), or null. */
    public String setting(String name) {
        return settings.get(name);
    }

    /** The first comment line: "harness put against ...", or the file name. */
    public String title() {
        return comments.stream().filter(c -> c.startsWith("harness ")).findFirst().orElse(file.getFileName().toString());
    }

    /** The target rate from the header, per second; 0 when unthrottled or unknown. */
    public double targetRate() {
        String rate = setting("rate");
        if (rate == null) {
            return 0;
        }
        Matcher m = RATE.matcher(rate);
        return m.find() ? Double.parseDouble(m.group(1).replace(",", "")) : 0;
    }

    public long startEpochMs() {
        return startEpochMs;
    }

    public List<Interval> intervals() {
        return intervals;
    }

    /** Per tag, the measured intervals added up (warmup-* tags and warmup intervals left out). */
    public Map<String, Histogram> measuredTotals() {
        return measuredTotals;
    }

    public Histogram measured(String tag) {
        Histogram h = measuredTotals.get(tag);
        return h == null ? Histograms.create() : h;
    }
}
