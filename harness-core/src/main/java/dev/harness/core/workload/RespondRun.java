package dev.harness.core.workload;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import javax.jms.JMSException;

import org.HdrHistogram.Histogram;

import dev.harness.core.EventsFile;
import dev.harness.core.Format;
import dev.harness.core.Units;
import dev.harness.core.hlog.HlogHeader;
import dev.harness.core.hlog.HlogWriter;
import dev.harness.core.measure.Histograms;
import dev.harness.core.measure.LatencyRecorder;
import dev.harness.core.measure.Percentiles;
import dev.harness.core.measure.Phase;
import dev.harness.core.measure.View;
import dev.harness.core.run.RunControl;
import dev.harness.core.run.Ticks;
import dev.harness.core.run.WriterThread;

/**
 * Responders in a process of their own (harness respond): they answer until stopped or for a
 * duration, printing a line per interval and writing their {@code responder} view (get to
 * commit) to an hlog. Requests come from another JVM, whose clock is not this one's, so every
 * sample counts as measured.
 */
public final class RespondRun {
    private final ResponderPool pool;
    private final RunControl control;
    private final long intervalNs;
    /** How long the end waits for the lines and the hlog to be written. */
    private static final long WRITE_BOUND_NS = TimeUnit.SECONDS.toNanos(30);

    public RespondRun(ResponderPool pool, RunControl control, long intervalNs) {
        this.pool = pool;
        this.control = control;
        this.intervalNs = intervalNs;
    }

    /**
     * @param durationNs 0 = until stopped
     * @param events where {@code ready}, {@code interval} and {@code finished} go as events, or null
     */
    public Histogram run(long durationNs, PrintStream out, Path hlogFile, EventsFile events) throws JMSException, IOException {
        LatencyRecorder recorder = new LatencyRecorder(Long.MIN_VALUE);
        EnumMap<View, Histogram> interval = new EnumMap<>(View.class);
        interval.put(View.RESPONDER, Histograms.create());
        Histogram total = Histograms.create();
        long startMs = System.currentTimeMillis();
        HlogWriter hlog = hlogFile == null ? null : HlogWriter.create(hlogFile);
        if (hlog != null) {
            hlog.header(HlogHeader.builder(startMs).comment("harness respond; values in nanoseconds; tag responder = get to commit")
                    .setting("interval", Format.duration(intervalNs)).build());
        }
        // The lines and the hlog are written on a thread of their own: a stalled terminal or disk
        // must not hold up the cuts, which are stamped with the real time they happen.
        WriterThread writer = new WriterThread("harness-respond-writer");
        try {
            pool.start(recorder);
            if (events != null) {
                // Every responder is subscribed: requests sent from now on are answered.
                events.emit("ready", j -> j.field("schema", EventsFile.SCHEMA).field("responders", pool.size()));
            }
            long start = System.nanoTime();
            long end = durationNs > 0 ? start + durationNs : Long.MAX_VALUE;
            Ticks ticks = new Ticks(start, intervalNs, start); // no warmup: every request is measured
            long tick = ticks.after(start);
            long lastCut = start;
            long handledBefore = 0;
            int intervalIndex = 0;
            writer.submit(() -> out.printf(Locale.ROOT, "%8s %10s %12s %12s %12s%n", "elapsed", "answered", "p50 (ms)",
                    "p99 (ms)", "max (ms)"));
            while (true) {
                long now = System.nanoTime();
                boolean last = control.stopRequested() || now >= end;
                if (now >= tick || last) {
                    long cut = System.nanoTime();
                    recorder.takeInterval(Phase.MEASURED, interval);
                    // The recorder recycles its histogram at the next cut: the writer gets a copy.
                    Histogram h = Histograms.copyOf(interval.get(View.RESPONDER));
                    total.add(h);
                    long handled = pool.handled();
                    long answered = handled - handledBefore;
                    double from = (lastCut - start) / 1e9;
                    double to = (cut - start) / 1e9;
                    int index = intervalIndex++;
                    writer.submit(() -> {
                        out.println(intervalLine(to, answered, h));
                        out.flush();
                        if (hlog != null) {
                            hlog.interval(from, to, View.RESPONDER.tag(), h);
                            hlog.flush();
                        }
                        if (events != null) {
                            events.emit("interval", j -> j.field("index", index).field("startS", from).field("endS", to)
                                    .field("answered", answered));
                        }
                    });
                    handledBefore = handled;
                    lastCut = cut;
                    if (last) {
                        break;
                    }
                    tick = ticks.afterCut(tick, cut);
                    continue;
                }
                LockSupport.parkNanos(Math.min(tick - now, TimeUnit.MILLISECONDS.toNanos(50)));
            }
        } finally {
            writer.finish(WRITE_BOUND_NS);
            if (hlog != null) {
                hlog.close();
            }
        }
        if (writer.failure() != null) {
            throw writer.failure();
        }
        if (events != null) {
            events.emit("finished", j -> j.field("answered", pool.handled()).field("unanswerable", pool.unanswerable()));
        }
        out.println(summaryLine(pool.handled(), total, pool.unanswerable()));
        return total;
    }

    /** An interval's line; an interval without answers has no latencies: "-", not 0.000. */
    static String intervalLine(double endS, long answered, Histogram h) {
        return String.format(Locale.ROOT, "%7.1fs %10s %12s %12s %12s", endS, Units.count(answered), msOrDash(h, 50),
                msOrDash(h, 99), msOrDash(h, 100));
    }

    /** The last line: what was answered, and how fast (nothing to say of a pool that answered nothing). */
    static String summaryLine(long answered, Histogram total, long unanswerable) {
        return String.format(Locale.ROOT, "answered %s requests%s%s", Units.count(answered), total.getTotalCount() == 0 ? ""
                : String.format(Locale.ROOT, "; get-to-commit p50 %s ms, p99 %s ms, max %s ms", msOrDash(total, 50),
                        msOrDash(total, 99), msOrDash(total, 100)),
                unanswerable > 0 ? "; " + Units.count(unanswerable) + " requests could not be answered (no reply-to, or a temporary queue gone with its requester) and were dropped" : "");
    }

    private static String msOrDash(Histogram h, double percentile) {
        return h.getTotalCount() == 0 ? "-" : Units.ms(percentile >= 100 ? h.getMaxValue() : Percentiles.at(h, percentile));
    }
}
