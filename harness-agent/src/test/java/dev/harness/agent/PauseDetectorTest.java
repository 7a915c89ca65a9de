package dev.harness.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;

import org.junit.jupiter.api.Test;

/** The pause line and the threshold; the ITs see the detector find real pauses. */
class PauseDetectorTest {
    private static final AgentLog NOWHERE =
            new AgentLog(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), "nowhere");

    @Test
    void theLineIsExactlyPauseOfNMsAtAnIsoInstant() {
        assertEquals("pause of 57 ms at 2026-11-21T10:15:03.123Z",
                PauseDetector.line(57, Instant.parse("2026-11-21T10:15:03.123456Z")));
        // Always three fraction digits, even on a whole second.
        assertEquals("pause of 1000 ms at 2026-11-21T10:15:03.000Z",
                PauseDetector.line(1000, Instant.parse("2026-11-21T10:15:03Z")));
    }

    @Test
    void aWakeUpLateByAtLeastTheThresholdIsReportedAtWhenThePauseBegan() {
        PauseDetector detector = new PauseDetector(20, NOWHERE);
        Instant woke = Instant.parse("2026-11-21T10:15:03.500Z");
        assertNull(detector.report(19_999_999L, woke));
        assertEquals("pause of 20 ms at 2026-11-21T10:15:03.480Z", detector.report(20_000_000L, woke));
        assertEquals("pause of 57 ms at 2026-11-21T10:15:03.442Z", detector.report(57_900_000L, woke));
    }

    @Test
    void aQuietJvmReportsNothingAboveAGenerousThresholdAndTheThreadIsADaemon() throws InterruptedException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PauseDetector detector = new PauseDetector(5_000,
                new AgentLog(new PrintStream(bytes, true, StandardCharsets.UTF_8), "memory"));
        Thread thread = detector.start();
        try {
            assertTrue(thread.isDaemon());
            assertEquals("harness-agent-pause-detector", thread.getName());
            Thread.sleep(300);
        } finally {
            detector.stop();
            thread.join(5_000);
        }
        assertTrue(!thread.isAlive(), "stopped");
        assertEquals("", bytes.toString(StandardCharsets.UTF_8));
    }
}
