package dev.harness.core.metrics;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import org.HdrHistogram.Histogram;

import dev.harness.core.findings.Reading;
import dev.harness.core.findings.ReadingListener;
import dev.harness.core.host.HostSample;
import dev.harness.core.measure.Histograms;
import dev.harness.core.measure.IntervalSnapshot;
import dev.harness.core.measure.Percentiles;
import dev.harness.core.measure.View;
import dev.harness.core.run.RunHeader;
import dev.harness.core.run.RunSummary;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.micrometer.core.instrument.binder.jvm.ClassLoaderMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;

/**
 * A run's live figures in a Micrometer registry, for the tools users already watch. Fed from
 * the interval snapshots on the interval thread, so the hot path never touches a meter, and the
 * latency gauges read our own HdrHistograms (the last interval's), not a second, lossy estimate.
 */
public final class RunMetrics implements ReadingListener, AutoCloseable {
    /** The percentiles published per view, as the {@code quantile} tag (1 = max). */
    static final double[] QUANTILES = {0.5, 0.9, 0.99, 0.999, 1.0};

    private final MeterRegistry registry;
    private final List<AutoCloseable> binders = new ArrayList<>();
    private final EnumMap<View, Histogram> lastInterval = new EnumMap<>(View.class);
    private final EnumMap<View, AtomicLong> measuredCounts = new EnumMap<>(View.class);
    private final AtomicLong sent = new AtomicLong();
    private final AtomicLong completed = new AtomicLong();
    private final AtomicLong lost = new AtomicLong();
    private volatile HostSample lastHost;
    /** 1 once the run was read valid, 0 not valid; NaN until it has finished. */
    private volatile double valid = Double.NaN;
    private Counter sentCounter;
    private Counter completedCounter;
    private Counter lostCounter;

    public RunMetrics(MeterRegistry registry) {
        this.registry = registry;
        for (View v : View.values()) {
            lastInterval.put(v, Histograms.create());
            measuredCounts.put(v, new AtomicLong());
        }
    }

    @Override
    public void started(RunHeader header) {
        Tags tags = Tags.of(Tag.of("workload", header.workload().tag()));
        sentCounter = Counter.builder("harness.messages.sent").tags(tags)
                .description("send() calls that returned (committed, in syncpoint)").register(registry);
        completedCounter = Counter.builder("harness.messages.completed").tags(tags)
                .description("messages received by a drainer, or replies received; send or commit returned without drainers")
                .register(registry);
        lostCounter = Counter.builder("harness.messages.lost").tags(tags)
                .description("requests with no reply within the reply timeout").register(registry);
        Gauge.builder("harness.run.valid", this, m -> m.valid).tags(tags)
                .description("1 when the finished run was a valid test of what it asked, 0 when not; no value before the end")
                .register(registry);
        Gauge.builder("harness.messages.in.flight", this, m -> Math.max(0, m.sent.get() - m.completed.get() - m.lost.get()))
                .tags(tags).description("sent, neither completed nor lost yet").register(registry);
        Gauge.builder("harness.send.lag", this, m -> m.seconds(View.SEND_LAG, 1.0))
                .tags(tags).baseUnit("seconds")
                .description("the last interval's largest lag of an actual send behind its intended time").register(registry);
        for (View v : View.values()) {
            Tags viewTags = tags.and("view", v.tag());
            for (double q : QUANTILES) {
                Gauge.builder("harness.latency", this, m -> m.seconds(v, q))
                        .tags(viewTags.and("quantile", q == 1.0 ? "max" : Double.toString(q))).baseUnit("seconds")
                        .description("the last interval's latency of this view, from the harness's own HdrHistograms")
                        .register(registry);
            }
            FunctionCounter.builder("harness.latency.samples", measuredCounts.get(v), AtomicLong::get)
                    .tags(viewTags).description("samples of this view in the measured phase so far").register(registry);
        }
        Gauge.builder("harness.host.runnable", this, m -> m.host(h -> h.procsRunning() < 0 ? Double.NaN : h.procsRunning()))
                .tags(tags).description("runnable threads on the host (procs_running), against harness.host.cpus")
                .register(registry);
        Gauge.builder("harness.host.cpus", this, m -> m.host(h -> h.cpus() <= 0 ? Double.NaN : h.cpus()))
                .tags(tags).register(registry);
        Gauge.builder("harness.host.cpu.iowait", this, m -> m.host(HostSample::cpuIowaitPercent))
                .tags(tags).baseUnit("percent").description("CPU time waiting for I/O, last interval").register(registry);
        Gauge.builder("harness.host.disk.in.flight", this, m -> m.host(h -> h.busiestDisk() == null ? Double.NaN
                        : h.busiestDisk().inFlight()))
                .tags(tags).description("requests in flight on the busiest disk").register(registry);
        bind(new JvmMemoryMetrics());
        bind(new JvmGcMetrics());
        bind(new JvmThreadMetrics());
        bind(new ClassLoaderMetrics());
        bind(new ProcessorMetrics());
    }

    private void bind(MeterBinder binder) {
        binder.bindTo(registry);
        if (binder instanceof AutoCloseable c) {
            binders.add(c);
        }
    }

    @Override
    public void interval(IntervalSnapshot s) {
        synchronized (this) { // gauges are read on the registry's threads (a scrape, JMX)
            for (View v : View.values()) {
                Histogram h = lastInterval.get(v);
                h.reset();
                h.add(s.warmup().get(v));
                h.add(s.measured().get(v));
                measuredCounts.get(v).addAndGet(s.measured().get(v).getTotalCount());
            }
        }
        lastHost = s.host();
        sent.addAndGet(s.counts().sent());
        completed.addAndGet(s.counts().completed());
        lost.addAndGet(s.counts().lost());
        sentCounter.increment(s.counts().sent());
        completedCounter.increment(s.counts().completed());
        lostCounter.increment(s.counts().lost());
    }

    private double host(java.util.function.ToDoubleFunction<HostSample> figure) {
        HostSample h = lastHost;
        return h == null ? Double.NaN : figure.applyAsDouble(h);
    }

    /**
     * The last interval's quantile of a view in seconds; NaN when it had no sample, as Prometheus
     * clients export a summary's quantiles before any observation: a 0 would read as a latency of
     * nothing at all.
     */
    private synchronized double seconds(View v, double quantile) {
        Histogram h = lastInterval.get(v);
        if (h.getTotalCount() == 0) {
            return Double.NaN;
        }
        return (quantile >= 1.0 ? h.getMaxValue() : Percentiles.at(h, quantile * 100)) / 1e9;
    }

    public MeterRegistry registry() {
        return registry;
    }

    @Override
    public void finished(RunSummary summary, Reading reading) {
        valid = reading.validity().valid() ? 1 : 0;
    }

    @Override
    public void close() {
        for (AutoCloseable c : binders) {
            try {
                c.close();
            } catch (Exception e) {
                // A binder that cannot let go of its listeners at exit costs nothing.
            }
        }
        registry.close();
    }
}
