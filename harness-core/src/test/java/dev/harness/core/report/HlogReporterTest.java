package dev.harness.core.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.harness.core.Setting;
import dev.harness.core.WorkloadKind;
import dev.harness.core.hlog.HlogHeader;
import dev.harness.core.hlog.HlogReader;
import dev.harness.core.host.Environment;
import dev.harness.core.run.RunHeader;

/** The run's header as the hlog states it, which report and merge read back. */
class HlogReporterTest {
    @TempDir
    Path dir;

    @Test
    void theHeaderLinesOtherToolsReadAreWrittenAndReadBack() throws Exception {
        RunHeader run = new RunHeader(WorkloadKind.PUT, "embedded Artemis (test)", List.of(new Setting("rate",
                "1000 msg/s"), new Setting("persistence", "non-persistent"), new Setting("interval", "1s")),
                List.of("a note"), Instant.ofEpochMilli(1_795_260_764_147L));
        Path file = dir.resolve("run.hlog");
        try (HlogReporter reporter = new HlogReporter(file)) {
            reporter.started(run);
        }
        try (HlogReader r = HlogReader.open(file)) {
            HlogHeader h = r.header();
            assertEquals(List.of("harness put against embedded Artemis (test)", "rate: 1000 msg/s", "persistence: non-persistent",
                    "interval: 1s"), h.comments().subList(0, 4));
            assertEquals("put", h.workload());
            assertEquals("embedded Artemis (test)", h.target());
            assertEquals(new HlogHeader.Rate(1000, "msg/s"), h.rate());
            assertEquals(1000, h.intervalMs());
            assertEquals(run.start().toEpochMilli(), h.startMs());
            assertNull(h.environment(), "a header without environment lines");
        }
    }

    @Test
    void theEnvironmentIsStatedAfterTheSettingsAndReadBack() throws Exception {
        Environment env = Environment.collect("embedded Artemis (test)", "artemis-jms-client 2.44.0");
        RunHeader run = new RunHeader(WorkloadKind.PUT, "embedded Artemis (test)", List.of(new Setting("rate",
                "1000 msg/s"), new Setting("interval", "1s")), List.of(), Instant.ofEpochMilli(1_795_260_764_147L), env);
        Path file = dir.resolve("env.hlog");
        try (HlogReporter reporter = new HlogReporter(file)) {
            reporter.started(run);
        }
        try (HlogReader r = HlogReader.open(file)) {
            HlogHeader h = r.header();
            // The lines before and after are as they were: the title, the settings, then the tags' line last.
            assertEquals(List.of("harness put against embedded Artemis (test)", "rate: 1000 msg/s", "interval: 1s",
                    "environment host: " + env.host()), h.comments().subList(0, 4));
            assertTrue(h.comments().get(h.comments().size() - 1).startsWith("values in nanoseconds; tags: response service"));
            assertEquals(env, h.environment());
            assertEquals("embedded Artemis (test)", h.target(), "the title is still the first line");
            assertEquals(new HlogHeader.Rate(1000, "msg/s"), h.rate());
        }
    }
}
