package dev.harness.core.report;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.Map;

import org.HdrHistogram.Histogram;

import dev.harness.core.Setting;
import dev.harness.core.hlog.DepthFigures;
import dev.harness.core.hlog.HlogHeader;
import dev.harness.core.hlog.HlogWriter;
import dev.harness.core.hlog.HostFigures;
import dev.harness.core.host.Environment;
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

    private final HlogWriter writer;
    private final Histogram scratch = Histograms.create();
    private final Histogram empty = Histograms.create();

    /** Opens (creates or truncates) the file at once, so a bad path fails before the run. */
    public HlogReporter(Path file) throws IOException {
        this.writer = HlogWriter.create(file);
    }

    /** Writes to a stream (a pipe, say), which {@link #close()} closes. */
    public HlogReporter(OutputStream out) {
        this.writer = new HlogWriter(out);
    }

    @Override
    public void started(RunHeader header) {
        writer.header(header(header));
        writer.flush();
    }

    /** The run's header as the hlog states it: what ran against what, its settings, what the tags are. */
    static HlogHeader header(RunHeader header) {
        HlogHeader.Builder h = HlogHeader.builder(header.start().toEpochMilli())
                .comment("harness " + header.workload() + " against " + header.target());
        for (Setting s : header.settings()) {
            h.setting(s.name(), s.value());
        }
        // Where it ran, after the settings and before the tags' line, which stay as they were.
        if (header.environment() != null) {
            header.environment().byLabel().forEach((label, value) -> h.setting(Environment.HLOG_PREFIX + label, value));
        }
        return h.comment("values in nanoseconds; tags: response service send-lag put commit pause-corrected responder,"
                + " warmup-<tag> for messages intended during warmup; hiccup: how late this JVM's hiccup-meter sleeps (--hiccup-resolution) woke;"
                + " gc-pause: this JVM's GC pauses, one value each").build();
    }

    @Override
    public void interval(IntervalSnapshot s) {
        write(s, Phase.WARMUP, s.warmup());
        write(s, Phase.MEASURED, s.measured());
        s.jvm().hiccup().copyInto(scratch);
        writer.interval(s.span().startNs() / 1e9, s.span().endNs() / 1e9, HICCUP_TAG, scratch);
        s.jvm().gc().lengths().copyInto(scratch);
        writer.interval(s.span().startNs() / 1e9, s.span().endNs() / 1e9, GC_PAUSE_TAG, scratch);
        // The host's queues ride along as a comment, which HdrHistogram's tools skip.
        writer.host(hostFigures(s));
        if (s.counts().depth() >= 0 || s.counts().brokerDepth() >= 0 || s.counts().brokerPaging() >= 0) {
            writer.depth(new DepthFigures(s.span().startNs() / 1e9, s.span().endNs() / 1e9, s.counts().depth(),
                    s.counts().brokerDepth(), s.counts().brokerPaging(), s.counts().queueDepths()));
        }
        writer.flush();
    }

    /** The interval's host figures; NaN where /proc lacks one. */
    static HostFigures hostFigures(IntervalSnapshot s) {
        HostSample h = s.host();
        return new HostFigures(s.span().startNs() / 1e9, s.span().endNs() / 1e9, h.procsRunning() >= 0 ? h.procsRunning() : Double.NaN,
                h.cpus() > 0 ? h.cpus() : Double.NaN, h.cpuIowaitPercent(),
                h.busiestDisk() != null ? h.busiestDisk().inFlight() : Double.NaN);
    }

    private void write(IntervalSnapshot s, Phase phase, Map<View, Histogram> views) {
        for (View v : View.values()) {
            Histogram h = views.get(v);
            // Every tag of the interval's own phase, for a steady cadence; the other phase's
            // only where it holds samples (late completions of warmup messages).
            if (h.getTotalCount() == 0 && phase != s.span().phase()) {
                continue;
            }
            // The tag is set on a histogram of our own: the snapshot's are only to be read.
            Histogram tagged = h.getTotalCount() == 0 ? empty : scratch;
            if (tagged == scratch) {
                h.copyInto(scratch);
            }
            writer.interval(s.span().startNs() / 1e9, s.span().endNs() / 1e9, phase == Phase.WARMUP ? v.warmupTag() : v.tag(), tagged);
        }
    }

    @Override
    public void finished(RunSummary summary) {
        close();
    }

    @Override
    public void close() {
        writer.close();
    }
}
