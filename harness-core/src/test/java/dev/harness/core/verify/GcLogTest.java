package dev.harness.core.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The JVM's own GC log, as -Xlog:gc writes it on JDK 17, with the decorations it may carry. */
class GcLogTest {
    @TempDir
    Path dir;

    @Test
    void everyPauseWithItsEndAndLengthAndNothingElse() throws Exception {
        Path log = Files.writeString(dir.resolve("gc.log"), String.join("\n",
                "[1795781350820ms][9ms] Using Serial",
                "[1795781351711ms][900ms] GC(0) Pause Young (Allocation Failure) 68M->46M(247M) 51.108ms",
                "[1795781352520ms] GC(3) Pause Full (Allocation Failure) 178M->110M(247M) 190.135ms",
                "[1795781353000ms][info][gc] GC(4) Pause Young (Normal) (G1 Evacuation Pause) 24M->3M(256M) 3.456ms",
                "[1795781353100ms] GC(5) Pause Remark 30M->30M(256M) 1.200ms",
                "[1795781353200ms] GC(5) Concurrent Mark Cycle 12.345ms",
                ""));
        List<GcLog.Pause> pauses = GcLog.read(log);
        assertEquals(List.of(new GcLog.Pause(1795781351711L, 51_108_000, "Pause Young (Allocation Failure)"),
                new GcLog.Pause(1795781352520L, 190_135_000, "Pause Full (Allocation Failure)"),
                new GcLog.Pause(1795781353000L, 3_456_000, "Pause Young (Normal) (G1 Evacuation Pause)"),
                new GcLog.Pause(1795781353100L, 1_200_000, "Pause Remark")), pauses);
        assertEquals(2, GcLog.endingIn(pauses, 1795781352000L, 1795781353000L).size());
        assertEquals("-Xlog:gc:file=" + log + ":timemillis", GcLog.option(log));
    }
}
