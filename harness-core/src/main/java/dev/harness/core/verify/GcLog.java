package dev.harness.core.verify;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A JVM's own record of its stop-the-world pauses: the log {@code -Xlog:gc:file=FILE:timemillis}
 * writes, a line per collection as it ends, e.g.
 * {@code [1795781351711ms] GC(0) Pause Young (Allocation Failure) 68M->46M(247M) 51.108ms}.
 * Lines of other kinds (the collector in use, concurrent phases) and other decorations after the
 * time (uptime, level, tags) are passed over.
 */
public final class GcLog {
    /** The JVM option that writes what this reads, given the file. */
    public static String option(Path file) {
        return "-Xlog:gc:file=" + file + ":timemillis";
    }

    private static final Pattern PAUSE = Pattern.compile("^\\[(\\d+)ms\\](?:\\[[^\\]]*\\])*\\s*GC\\(\\d+\\) (Pause .*?) (\\d+(?:\\.\\d+)?)ms$");

    /**
     * One pause, as its JVM logged it.
     *
     * @param endEpochMs when it ended (the line's time), ms since the epoch
     * @param lengthNs how long the world stood still
     * @param what "Pause Young (Allocation Failure)", "Pause Full (...)", "Pause Remark"
     */
    public record Pause(long endEpochMs, long lengthNs, String what) {
    }

    private GcLog() {
    }

    /** Every pause in the log, in its order. */
    public static List<Pause> read(Path file) throws IOException {
        List<Pause> pauses = new ArrayList<>();
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            Matcher m = PAUSE.matcher(line.strip());
            if (m.matches()) {
                String what = m.group(2).replaceAll("\\s+\\S+->\\S+$", ""); // the heap's before and after
                pauses.add(new Pause(Long.parseLong(m.group(1)), Math.round(Double.parseDouble(m.group(3)) * 1e6), what));
            }
        }
        return pauses;
    }

    /** The pauses that ended from {@code fromEpochMs} to {@code toEpochMs}. */
    public static List<Pause> endingIn(List<Pause> pauses, long fromEpochMs, long toEpochMs) {
        return pauses.stream().filter(p -> p.endEpochMs() >= fromEpochMs && p.endEpochMs() <= toEpochMs).toList();
    }
}
