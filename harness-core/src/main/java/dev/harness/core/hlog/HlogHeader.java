package dev.harness.core.hlog;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.harness.core.host.Environment;

/**
 * An hlog's header: its {@code #...} comment lines before the first interval, in order, and its
 * start time. {@link HlogWriter} writes it and {@link HlogReader} reads it back, line for line;
 * the figures other commands act on (the target rate, the interval, the workload) are read from
 * those lines here and nowhere else, so that what is written is what is read.
 *
 * <p>A setting is a line {@code name: value}, the name lower-case words ({@code rate: 1000 msg/s},
 * {@code reply timeout: 5s}); the first of a name counts. Other lines are prose. A foreign hlog
 * (jHiccup's, say) has a header without settings: every typed figure is then absent.
 */
public final class HlogHeader {
    private static final Pattern SETTING = Pattern.compile("^([a-z][a-z ]*?)\\s*:\\s+(.+)$");
    /** "1000 msg/s", "500 round trips/s", "1,000 msg/s" (older logs), "2000 msg/s (a remark)". */
    private static final Pattern RATE = Pattern.compile("^([0-9][0-9,]*(?:\\.[0-9]+)?)(?: ([a-z][a-z ]*/s))?(?:\\s.*)?$");
    private static final Pattern INTERVAL = Pattern.compile("^([0-9]+(?:\\.[0-9]+)?)(ms|s|m|h)$");
    private static final Pattern TITLE = Pattern.compile("^harness (\\S+) against (.+)$");

    /** A target rate: per second, in a unit such as {@code msg/s}; the unit may be unstated (null). */
    public record Rate(double perSecond, String unit) {
        @Override
        public String toString() {
            String n = perSecond == Math.rint(perSecond) ? Long.toString((long) perSecond) : Double.toString(perSecond);
            return unit == null ? n : n + " " + unit;
        }
    }

    private final List<String> comments;
    private final long startMs;
    private final Map<String, String> settings = new LinkedHashMap<>();

    HlogHeader(List<String> comments, long startMs) {
        this.comments = List.copyOf(comments);
        this.startMs = startMs;
        for (String c : this.comments) {
            Matcher m = SETTING.matcher(c);
            if (m.matches()) {
                settings.putIfAbsent(m.group(1), m.group(2).strip());
            }
        }
    }

    public static Builder builder(long startMs) {
        return new Builder(startMs);
    }

    /** The comment lines as written, without {@code #}, in order. */
    public List<String> comments() {
        return comments;
    }

    /** The log's start, epoch ms: its {@code #[StartTime: ]}, else its first interval's start. */
    public long startMs() {
        return startMs;
    }

    /** Every setting, name to value, in order. */
    public Map<String, String> settings() {
        return Collections.unmodifiableMap(settings);
    }

    /** A setting's value by name ("rate", "persistence"), or null. */
    public String setting(String name) {
        return settings.get(name);
    }

    /** The first line that starts with {@code harness } ("harness put against ..."), or null for a foreign log. */
    public String title() {
        return comments.stream().filter(c -> c.startsWith("harness ")).findFirst().orElse(null);
    }

    /** The workload of a run's log ({@code put}, {@code reqresp}), or null. */
    public String workload() {
        Matcher m = title() == null ? null : TITLE.matcher(title());
        return m != null && m.matches() ? m.group(1) : null;
    }

    /** What a run's log drove ("embedded Artemis 2.44.0 at tcp://..."), or null. */
    public String target() {
        Matcher m = title() == null ? null : TITLE.matcher(title());
        return m != null && m.matches() ? m.group(2) : null;
    }

    /**
     * Where the run ran, from its {@code environment ...:} lines, or null when the log has none
     * (a log from before they were written, a foreign one).
     */
    public Environment environment() {
        return Environment.read(f -> setting(Environment.HLOG_PREFIX + f.label()));
    }

    /** The target rate, or null when unthrottled ({@code max (unthrottled)}) or not stated. */
    public Rate rate() {
        String v = setting("rate");
        Matcher m = v == null ? null : RATE.matcher(v);
        return m != null && m.matches() ? new Rate(Double.parseDouble(m.group(1).replace(",", "")), m.group(2)) : null;
    }

    /**
     * The nominal interval in ms ({@code interval: 1s}), or 0 when not stated. A run's intervals
     * are stamped with their real cuts, a few ms off it: this, not their lengths, is the grid.
     */
    public long intervalMs() {
        String v = setting("interval");
        Matcher m = v == null ? null : INTERVAL.matcher(v);
        if (m == null || !m.matches()) {
            return 0;
        }
        double unitMs = switch (m.group(2)) {
            case "ms" -> 1;
            case "s" -> 1_000;
            case "m" -> 60_000;
            default -> 3_600_000;
        };
        return Math.max(0, Math.round(Double.parseDouble(m.group(1)) * unitMs));
    }

    /** Lines added in order; each kept to one line, as a comment must be. */
    public static final class Builder {
        private final long startMs;
        private final List<String> lines = new ArrayList<>();

        private Builder(long startMs) {
            this.startMs = startMs;
        }

        /** A line of prose. */
        public Builder comment(String text) {
            lines.add(text.replace('\r', ' ').replace('\n', ' '));
            return this;
        }

        /** A setting as the user would write it ("persistence", "non-persistent"). */
        public Builder setting(String name, String value) {
            return comment(name + ": " + value);
        }

        /** The target rate as a number, with a remark after it ("(the 2 inputs' rates added)"), or none (""). */
        public Builder rate(Rate rate, String remark) {
            return setting("rate", remark.isEmpty() ? rate.toString() : rate + " " + remark);
        }

        /** The nominal interval: whole seconds as {@code 2s}, else milliseconds. */
        public Builder interval(long ms) {
            return setting("interval", ms % 1000 == 0 ? ms / 1000 + "s" : ms + "ms");
        }

        public HlogHeader build() {
            return new HlogHeader(lines, startMs);
        }
    }
}
