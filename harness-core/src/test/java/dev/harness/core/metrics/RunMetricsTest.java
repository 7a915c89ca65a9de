package dev.harness.core.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.time.Instant;
import java.util.List;
import java.util.Set;

import javax.management.MBeanServer;
import javax.management.ObjectName;

import org.junit.jupiter.api.Test;

import dev.harness.core.WorkloadKind;
import dev.harness.core.measure.Measurement;
import dev.harness.core.measure.View;
import dev.harness.core.run.RunHeader;
import dev.harness.core.schedule.Schedule;
import io.micrometer.core.instrument.Clock;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.jmx.JmxConfig;
import io.micrometer.jmx.JmxMeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;

/** Interval snapshots from a real Measurement into a Micrometer registry. */
class RunMetricsTest {
    private static final long S = 1_000_000_000L;
    private static final RunHeader HEADER = new RunHeader(WorkloadKind.PUT, "test", List.of(), List.of(), Instant.EPOCH);

    @Test
    void countersFollowTheIntervalsAndLatencyComesFromOurHistograms() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        long start = System.nanoTime();
        try (Measurement m = Measurement.start(0, 60, 100_000_000L, 5_000_000L); RunMetrics metrics = new RunMetrics(registry)) {
            m.begin(new Schedule(start, 10, 10 * S));
            metrics.started(HEADER);
            for (int i = 1; i <= 100; i++) {
                m.recorder().record(View.PUT, start + i, 1_000);
                m.recorder().record(View.RESPONSE, start + i, i * 1_000_000L); // 1 .. 100 ms
            }
            metrics.interval(m.takeInterval(start + S));
            m.recorder().record(View.PUT, start + S, 1_000);
            m.recorder().record(View.RESPONSE, start + S, 1_000);
            m.recorder().record(View.PUT, start + S + 1, 1_000); // sent, not completed yet
            metrics.interval(m.takeInterval(start + 2 * S));

            assertEquals(102, registry.get("harness.messages.sent").tag("workload", "put").counter().count());
            assertEquals(101, registry.get("harness.messages.completed").counter().count(), "100, then 1");
            assertEquals(0, registry.get("harness.messages.lost").counter().count());
            assertEquals(101, registry.get("harness.latency.samples").tag("view", "response").functionCounter().count());
            assertEquals(1, registry.get("harness.messages.in.flight").gauge().value(), "one sent, not completed");
            // The gauges show the last interval alone: one response of 1 us.
            assertEquals(1e-6, registry.get("harness.latency").tag("view", "response").tag("quantile", "max").gauge().value(),
                    1e-9);
        }
    }

    @Test
    void lastIntervalPercentilesAreExactToHdrHistogramsPrecision() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        long start = System.nanoTime();
        try (Measurement m = Measurement.start(0, 60, 100_000_000L, 5_000_000L); RunMetrics metrics = new RunMetrics(registry)) {
            m.begin(new Schedule(start, 10, 10 * S));
            metrics.started(HEADER);
            for (int i = 1; i <= 100; i++) {
                m.recorder().record(View.RESPONSE, start + i, i * 1_000_000L);
            }
            metrics.interval(m.takeInterval(start + S));
            double p99 = registry.get("harness.latency").tag("view", "response").tag("quantile", "0.99").gauge().value();
            double max = registry.get("harness.latency").tag("view", "response").tag("quantile", "max").gauge().value();
            assertEquals(0.099, p99, 0.0001);
            assertEquals(0.100, max, 0.0001);
            assertTrue(registry.find("jvm.memory.used").gauges().size() > 0, "Micrometer's JVM binders");
            assertFalse(Double.isNaN(registry.get("harness.host.cpus").gauge().value()), "host figures from /proc");
        }
    }

    /**
     * A view without samples in the last interval (no commits outside syncpoint, or an interval
     * with no completion) has no latency: NaN, as a Prometheus summary before any observation, not
     * 0.0, which reads as instant. Through the Prometheus text the endpoint serves.
     */
    @Test
    void aViewWithoutSamplesExportsNaNNotZero() {
        PrometheusMeterRegistry prometheus = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        long start = System.nanoTime();
        try (Measurement m = Measurement.start(0, 60, 100_000_000L, 5_000_000L); RunMetrics metrics = new RunMetrics(prometheus)) {
            m.begin(new Schedule(start, 10, 10 * S));
            metrics.started(HEADER);
            m.recorder().record(View.RESPONSE, start + 1, 2_000_000L);
            metrics.interval(m.takeInterval(start + S));
            assertEquals(0.002, prometheus.get("harness.latency").tag("view", "response").tag("quantile", "max").gauge().value(),
                    0.0001);
            assertTrue(Double.isNaN(prometheus.get("harness.latency").tag("view", "commit").tag("quantile", "0.99").gauge()
                    .value()), "no commit in the interval");
            assertTrue(Double.isNaN(prometheus.get("harness.send.lag").gauge().value()), "no send in the interval");
            String text = prometheus.scrape();
            assertTrue(text.lines().anyMatch(l -> l.startsWith("harness_latency_seconds{") && l.contains("view=\"commit\"")
                    && l.contains("quantile=\"max\"") && l.endsWith(" NaN")), text);
            assertFalse(text.lines().anyMatch(l -> l.startsWith("harness_latency_seconds{") && l.contains("view=\"commit\"")
                    && l.endsWith(" 0.0")), text);

            metrics.interval(m.takeInterval(start + 2 * S)); // an interval with no completion at all
            assertTrue(Double.isNaN(prometheus.get("harness.latency").tag("view", "response").tag("quantile", "0.5").gauge()
                    .value()), "the last interval had no response");
            assertEquals(1, prometheus.get("harness.latency.samples").tag("view", "response").functionCounter().count(),
                    "the count of samples so far stays");
        }
    }

    @Test
    void jmxRegistersMBeans() throws Exception {
        JmxMeterRegistry jmx = new JmxMeterRegistry(JmxConfig.DEFAULT, Clock.SYSTEM);
        long start = System.nanoTime();
        try (Measurement m = Measurement.start(0, 60, 100_000_000L, 5_000_000L); RunMetrics metrics = new RunMetrics(jmx)) {
            m.begin(new Schedule(start, 10, 10 * S));
            metrics.started(HEADER);
            m.recorder().record(View.RESPONSE, start + 1, 1_000_000L);
            metrics.interval(m.takeInterval(start + S));
            MBeanServer server = ManagementFactory.getPlatformMBeanServer();
            Set<ObjectName> names = server.queryNames(new ObjectName("metrics:name=harnessMessagesCompleted*,*"), null);
            ObjectName all = new ObjectName("metrics:*");
            assertFalse(names.isEmpty(), () -> "no MBean among " + server.queryNames(all, null));
            assertEquals(1.0, ((Number) server.getAttribute(names.iterator().next(), "Count")).doubleValue());
        }
    }
}
