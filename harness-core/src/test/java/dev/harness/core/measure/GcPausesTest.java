package dev.harness.core.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GcPausesTest {
    private static final List<String> G1_CONCURRENT_SYSTEM_GC =
            List.of("-Xmx64m", "-XX:+UseG1GC", "-XX:+ExplicitGCInvokesConcurrent");

    @TempDir
    Path dir;

    @Test
    void aCollectionOfThisJvmIsCountedAndTimed() throws InterruptedException {
        try (GcPauses gc = GcPauses.start()) {
            Instant before = Instant.now().minusSeconds(1);
            System.gc(); // a full, stop-the-world collection with G1 and Serial alike
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (gc.totalCount() == 0 && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            assertTrue(gc.totalCount() >= 1, "the collector's notification arrived");
            GcPauses.Interval interval = gc.takeInterval();
            assertTrue(interval.count() >= 1, "in the interval too");
            GcPauses.GcPause p = gc.longest().get(0);
            assertFalse(p.collector().isEmpty());
            assertTrue(p.end().isAfter(before), p.end() + " after " + before);
        }
    }

    @Test
    void g1RemarkAndCleanupPausesAreCounted() throws Exception {
        List<String> out = child(G1_CONCURRENT_SYSTEM_GC, 20);
        if (Runtime.version().feature() < 20) {
            // Only the event stream knows them here, and by these names.
            assertTrue(out.contains("pause G1 Concurrent GC | Pause Remark"), "a Remark pause of the concurrent cycles: " + out);
            assertTrue(out.contains("pause G1 Concurrent GC | Pause Cleanup"), "and a Cleanup: " + out);
        } else {
            // The "G1 Concurrent GC" bean announces both, under causes of its own.
            assertTrue(out.stream().filter(l -> l.startsWith("pause G1 Concurrent GC |")).count() >= 2, out::toString);
        }
        assertTrue(out.contains("pause G1 Young Generation | System.gc()"), "the young pause that starts each cycle: " + out);
        for (String line : out) {
            assertFalse(line.startsWith("left "), "the reading thread ends with close(): " + out);
        }
    }

    @Test
    void withoutJfrTheOtherPausesAreStillCounted() throws Exception {
        List<String> jvm = new ArrayList<>(G1_CONCURRENT_SYSTEM_GC);
        jvm.addAll(List.of("--limit-modules", "java.management,jdk.management")); // no jdk.jfr
        List<String> out = child(jvm, 2);
        assertTrue(out.contains("pause G1 Young Generation | System.gc()"), out::toString);
        if (Runtime.version().feature() < 20) {
            assertFalse(out.stream().anyMatch(l -> l.contains("Pause Remark")), "no stream, no Remark: " + out);
        }
    }

    /** Runs {@link G1RemarkChild} in a JVM of its own; its output, once it has ended by itself. */
    private List<String> child(List<String> jvmArgs, int remarkWaitSeconds) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmArgs);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), G1RemarkChild.class.getName(),
                Integer.toString(remarkWaitSeconds)));
        Path log = dir.resolve("child.log");
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        boolean ended = p.waitFor(remarkWaitSeconds + 60L, TimeUnit.SECONDS);
        if (!ended) {
            p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        List<String> out = Files.readAllLines(log, StandardCharsets.UTF_8);
        assertTrue(ended, "the child ended by itself: " + out);
        assertEquals(0, p.exitValue(), out::toString);
        assertTrue(out.contains("done"), out::toString);
        return out;
    }

    @Test
    void keepsTheLongestPausesLongestFirst() {
        try (GcPauses gc = new GcPauses()) {
            for (long ms : new long[] {5, 50, 1, 30, 70, 2, 40}) {
                gc.record(new GcPauses.GcPause("test", "test", ms * 1_000_000L, Instant.EPOCH));
            }
            assertEquals(List.of(70L, 50L, 40L, 30L, 5L), gc.longest().stream().map(p -> p.lengthNs() / 1_000_000L).toList());
            assertEquals(7, gc.totalCount());
            assertEquals(198_000_000L, gc.totalNs());
            GcPauses.Interval interval = gc.takeInterval();
            assertEquals(7, interval.count());
            assertEquals(198_000_000L, interval.pausedNs());
            assertEquals(7, interval.lengths().getTotalCount(), "each pause's length, for the hlog's gc-pause tag");
            assertEquals(70_000_000L, interval.lengths().getMaxValue(), 70_000L);
            assertEquals(0, gc.takeInterval().lengths().getTotalCount(), "the next interval starts empty");
        }
    }

    @Test
    void concurrentCyclesAreNotPauses() {
        assertTrue(GcPauses.isConcurrent("ZGC Major Cycles", "end of GC cycle"));
        assertTrue(GcPauses.isConcurrent("Shenandoah Cycles", "end of GC cycle"));
        assertFalse(GcPauses.isConcurrent("G1 Concurrent GC", "end of concurrent GC pause"), "Remark and Cleanup stop the world");
        assertFalse(GcPauses.isConcurrent("G1 Young Generation", "end of minor GC"));
        assertFalse(GcPauses.isConcurrent("MarkSweepCompact", "end of major GC"));
        assertFalse(GcPauses.isConcurrent("ZGC Major Pauses", "end of GC pause"));
    }

    @Test
    void hiccupMeterRecordsEveryWakeUp() throws InterruptedException {
        try (HiccupMeter meter = HiccupMeter.start(1_000_000L)) { // 1 ms, whatever the default
            meter.takeInterval();
            Thread.sleep(200);
            Histogram h = meter.takeInterval();
            // How late each wake-up was depends on the machine; that there is one per sleep does not.
            assertTrue(h.getTotalCount() >= 50, "200 sleeps of 1 ms, less what a loaded machine takes: " + h.getTotalCount());
        }
    }
}
