package dev.harness.core.measure;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;

import org.junit.jupiter.api.Test;

import dev.harness.core.run.RunControl;
import dev.harness.core.schedule.Pacer;
import dev.harness.core.schedule.Schedule;

/**
 * What the senders and drainers call for every message must not allocate: garbage on the hot
 * path makes GC pauses the harness itself caused. Measured with the JVM's own per-thread
 * allocation counter, not with time.
 */
class HotPathAllocationTest {
    @Test
    void recordingAndPacingAllocateNothingPerMessage() {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        Schedule schedule = new Schedule(System.nanoTime() - 1_000_000_000L, 1_000_000, 3_600_000_000_000L);
        LatencyRecorder recorder = new LatencyRecorder(schedule.startNs() + 1);
        ThroughputMeter meter = new ThroughputMeter(60);
        meter.startAt(schedule.startNs());
        RunControl control = new RunControl();
        try (PauseCorrectedStats stats = new PauseCorrectedStats(null, schedule.intervalNs())) {
            perMessage(schedule, recorder, meter, stats, control, 0, 200_000); // warm up the JIT
            long tid = Thread.currentThread().getId();
            long before = threads.getThreadAllocatedBytes(tid);
            perMessage(schedule, recorder, meter, stats, control, 200_000, 300_000);
            long allocated = threads.getThreadAllocatedBytes(tid) - before;
            // 100,000 messages; a single allocation each would be megabytes.
            assertTrue(allocated < 64 * 1024, allocated + " bytes allocated for 100,000 messages");
        }
    }

    private static void perMessage(Schedule schedule, LatencyRecorder recorder, ThroughputMeter meter,
            PauseCorrectedStats stats, RunControl control, long from, long to) {
        for (long k = from; k < to; k++) {
            long intended = schedule.intendedNs(k);
            Pacer.awaitUntil(intended, control); // in the past: returns at once, as when catching up
            long now = System.nanoTime();
            recorder.record(View.SEND_LAG, intended, now - intended);
            recorder.record(View.PUT, intended, 1_000 + (k & 1023));
            recorder.record(View.RESPONSE, intended, now - intended);
            recorder.record(View.SERVICE, intended, 2_000);
            stats.record(1_000 + (k & 1023));
            meter.completion(now, intended);
        }
    }
}
