package dev.harness.core.report;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

import dev.harness.core.host.HostSample;
import dev.harness.core.measure.Histograms;
import dev.harness.core.measure.IntervalSnapshot;
import dev.harness.core.measure.Phase;
import dev.harness.core.measure.View;
import dev.harness.core.run.RunHeader;
import dev.harness.core.run.RunListener;
import dev.harness.core.run.RunSummary;

/**
 * An HdrHistogram interval log, values in nanoseconds, one tag per view ({@code response},
 * {@code service}, ...; {@code warmup-response} and so on for messages intended during warmup).
 * Flushed after every interval, so an interrupted or killed run keeps what it measured.
 */
public final class HlogReporter implements RunListener, AutoCloseable {
    /** This JVM's hiccups (jHiccup's measure), one histogram per interval whatever the phase. */
    public static final String HICCUP_TAG = "hiccup";
    /** This JVM's stop-the-world collections that ended in the interval, one value per pause. */
    public static final String GC_PAUSE_TAG = "gc-pause";
    /** Starts the comment line that carries an interval's host figures. */
    public static final String HOST_COMMENT = "host";

    private final PrintStream stream;
    private final HistogramLogWriter writer;
    private final Histogram scratch = Histograms.create();
    private final Histogram empty = Histograms.create();

    /** Opens (creates or truncates) the file at once, so a bad path fails before the run. */
    public HlogReporter(Path file) throws IOException {
        this(Files.newOutputStream(file));
    }

    /** Writes to a stream (a pipe, say), which {@link #close()} closes. */
    public HlogReporter(OutputStream out) {
        this.stream = new PrintStream(new BufferedOutputStream(out), false, StandardCharsets.UTF_8);
        this.writer = new HistogramLogWriter(stream);
    }

    @Override
    public void started(RunHeader header) {
        long startMs = header.start().toEpochMilli();
        writer.outputComment("harness " + header.workload() + " against " + header.target());
        for (RunHeader.Setting s : header.settings()) {
            writer.outputComment(s.name() + ": " + s.value());
        }
        writer.outputComment("values in nanoseconds; tags: response service send-lag put commit pause-corrected responder,"
                + " warmup-<tag> for messages intended during warmup; hiccup: how late this JVM's 1 ms sleeps woke;"
                + " gc-pause: this JVM's GC pauses, one value each");
        writer.outputLogFormatVersion();
        writer.outputStartTime(startMs);
        writer.setBaseTime(startMs);
        writer.outputBaseTime(startMs);
        writer.outputLegend();
        stream.flush();
    }

    @Override
    public void interval(IntervalSnapshot s) {
        write(s, Phase.WARMUP, s.warmup());
        write(s, Phase.MEASURED, s.measured());
        s.hiccup().copyInto(scratch);
        scratch.setTag(HICCUP_TAG);
        writer.outputIntervalHistogram(s.startNs() / 1e9, s.endNs() / 1e9, scratch);
        s.gcPauses().copyInto(scratch);
        scratch.setTag(GC_PAUSE_TAG);
        writer.outputIntervalHistogram(s.startNs() / 1e9, s.endNs() / 1e9, scratch);
        // The host's queues ride along as a comment, which HdrHistogram's tools skip.
        writer.outputComment(hostComment(s));
        stream.flush();
    }

    /** {@code host 1.000 2.000 runnable=9 cpus=2 iowait=12.0 diskInFlight=4}, a figure left out where /proc lacks it. */
    static String hostComment(IntervalSnapshot s) {
        HostSample h = s.host();
        StringBuilder c = new StringBuilder(String.format(Locale.ROOT, "%s %.3f %.3f", HOST_COMMENT, s.startNs() / 1e9,
                s.endNs() / 1e9));
        if (h.procsRunning() >= 0) {
            c.append(" runnable=").append(h.procsRunning());
        }
        if (h.cpus() > 0) {
            c.append(" cpus=").append(h.cpus());
        }
        if (!Double.isNaN(h.cpuIowaitPercent())) {
            c.append(String.format(Locale.ROOT, " iowait=%.1f", h.cpuIowaitPercent()));
        }
        if (h.busiestDisk() != null) {
            c.append(" diskInFlight=").append(h.busiestDisk().inFlight());
        }
        return c.toString();
    }

    private void write(IntervalSnapshot s, Phase phase, Map<View, Histogram> views) {
        for (View v : View.values()) {
            Histogram h = views.get(v);
            // Every tag of the interval's own phase, for a steady cadence; the other phase's
            // only where it holds samples (late completions of warmup messages).
            if (h.getTotalCount() == 0 && phase != s.phase()) {
                continue;
            }
            // The tag is set on a histogram of our own: the snapshot's are only to be read.
            Histogram tagged = h.getTotalCount() == 0 ? empty : scratch;
            if (tagged == scratch) {
                h.copyInto(scratch);
            }
            tagged.setTag(phase == Phase.WARMUP ? v.warmupTag() : v.tag());
            writer.outputIntervalHistogram(s.startNs() / 1e9, s.endNs() / 1e9, tagged);
        }
    }

    @Override
    public void finished(RunSummary summary) {
        close();
    }

    @Override
    public void close() {
        stream.flush();
        stream.close();
    }
}
