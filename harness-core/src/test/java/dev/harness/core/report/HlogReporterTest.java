package dev.harness.core.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.harness.core.hlog.HlogHeader;
import dev.harness.core.hlog.HlogReader;
import dev.harness.core.run.RunHeader;
import dev.harness.core.run.WorkloadKind;

/** The run's header as the hlog states it, which report and merge read back. */
class HlogReporterTest {
    @TempDir
    Path dir;

    @Test
    void theHeaderLinesOtherToolsReadAreWrittenAndReadBack() throws Exception {
        RunHeader run = new RunHeader(WorkloadKind.PUT, "embedded Artemis (test)", List.of(new RunHeader.Setting("rate",
                "1000 msg/s"), new RunHeader.Setting("persistence", "non-persistent"), new RunHeader.Setting("interval", "1s")),
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
        }
    }
}
