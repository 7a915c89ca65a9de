package dev.harness.core.hlog;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

import org.HdrHistogram.Histogram;

import dev.harness.core.WorkloadKind;
import dev.harness.core.measure.Histograms;
import dev.harness.core.measure.View;
import dev.harness.core.schedule.Shard;

/**
 * A run as its hlog tells it, read back for reports: the header, each interval's histograms by
 * tag, and the measured phase's totals per view. Everything a report shows comes from here, so a
 * report of a merged log and of a single run are made the same way.
 */
public final class HlogRun {
    /** One reporting interval: seconds from the run's start, and its histograms by tag. */
    public record Interval(double startS, double endS, Map<String, Histogram> byTag, boolean fanOut) {
        /** The hlog's rule ({@link HlogReader#warmup(java.util.Collection)}): a warmup interval carries its mark. */
        public boolean warmup() {
            return HlogReader.warmup(byTag.keySet());
        }

        public Histogram tag(String tag) {
            return byTag.get(tag);
        }

        /** Completions of the interval, whatever the phase of their messages ({@link View#completions}). */
        public long completed() {
            if (fanOut) {
                return count(View.FANOUT.tag()) + count(View.FANOUT.warmupTag());
            }
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

    private static final Set<String> VIEW_TAGS = Arrays.stream(View.values()).map(View::tag).collect(Collectors.toUnmodifiableSet());

    private final Path file;
    private final HlogHeader header;
    private final List<Interval> intervals;
    private final Map<String, Histogram> measuredTotals;
    private final List<HostFigures> host;
    private final List<DepthFigures> depth;

    private HlogRun(Path file, HlogHeader header, List<Interval> intervals, Map<String, Histogram> measuredTotals,
            List<HostFigures> host, List<DepthFigures> depth) {
        this.file = file;
        this.header = header;
        this.intervals = intervals;
        this.measuredTotals = measuredTotals;
        this.host = host;
        this.depth = depth;
    }

    /**
     * Reads a harness hlog (or a merged one).
     *
     * @throws BadHlogException one line naming the file, when it cannot be read or is no hlog
     */
    public static HlogRun read(Path file) throws BadHlogException {
        TreeMap<Long, Interval> byStart = new TreeMap<>();
        List<HostFigures> host = new ArrayList<>();
        List<DepthFigures> depth = new ArrayList<>();
        HlogHeader header;
        try (HlogReader reader = HlogReader.open(file)) {
            header = reader.header();
            long startMs = header.startMs();
            boolean fanOut = WorkloadKind.PUBSUB.tag().equals(header.workload());
            for (HlogReader.Interval in; (in = reader.next()) != null;) {
                if (in.host() != null) {
                    host.add(in.host());
                }
                if (in.depth() != null) {
                    depth.add(in.depth());
                }
                HlogReader.Interval read = in;
                Interval interval = byStart.computeIfAbsent(in.startMs(), k -> new Interval((read.startMs() - startMs) / 1000.0,
                        (read.endMs() - startMs) / 1000.0, new TreeMap<>(), fanOut));
                for (HlogReader.Entry e : in.entries()) {
                    Histogram h = reader.histogram(e);
                    // An untagged line (a foreign log's) is taken for response.
                    String tag = e.tag() == null ? View.RESPONSE.tag() : e.tag();
                    interval.byTag().computeIfAbsent(tag, t -> Histograms.create()).add(h);
                }
            }
        }
        if (byStart.isEmpty()) {
            throw new BadHlogException(file, "no interval histograms in it; is it an hlog (--hlog)?");
        }
        List<Interval> intervals = List.copyOf(byStart.values());
        Map<String, Histogram> totals = new TreeMap<>();
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
        return new HlogRun(file, header, intervals, totals, List.copyOf(host), List.copyOf(depth));
    }

    /** The queue depth at each interval's end, when the hlog carries it (harness runs since depth was kept do; merged logs do not). */
    public List<DepthFigures> depth() {
        return depth;
    }

    /** The host's figures per interval, when the hlog carries them (harness runs do; merged logs do not). */
    public List<HostFigures> host() {
        return host;
    }

    public Path file() {
        return file;
    }

    public HlogHeader header() {
        return header;
    }

    /**
     * The header comments as written ("harness put against ...", "rate: 1000 msg/s", ...), without
     * a foreign tool's bracketed notes ("[Logged with jHiccup ...]").
     */
    public List<String> comments() {
        return header.comments().stream().filter(c -> !c.startsWith("[")).toList();
    }

    /** The first comment line: "harness put against ...", or the file name. */
    public String title() {
        return header.title() != null ? header.title() : file.getFileName().toString();
    }

    /**
     * The target rate of the run the log is of, per second; 0 when unthrottled or unknown: the
     * header's rate, which a shard states for its whole schedule, so a shard's log has its share.
     */
    public double targetRate() {
        HlogHeader.Rate rate = header.rate();
        if (rate == null) {
            return 0;
        }
        Shard shard = Shard.ofSetting(header.setting("shard"));
        return shard == null ? rate.perSecond() : shard.share(rate.perSecond());
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
