package dev.harness.core.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;

import org.junit.jupiter.api.Test;

import dev.harness.core.measure.Measurement;

/**
 * What a --size mix adds to each message, its size's body picked by its number and its response
 * kept under its size, allocates nothing: measured with the JVM's per-thread allocation counter,
 * as HotPathAllocationTest measures the rest of the path.
 */
class SizeMixAllocationTest {
    @Test
    void pickingABodyAndRecordingItsSizeAllocateNothingPerMessage() {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        SizeMix mix = SizeMix.parse("512:50,8KiB:30,64KiB:20");
        MessageContent content = MessageContent.of(mix);
        SizeResponses sizes = new SizeResponses(mix);
        try (Measurement measurement = Measurement.scratch(60, 1_000_000)) {
            sizes.bind(measurement);
            long[] sum = new long[1];
            perMessage(content, sizes, 0, 200_000, sum); // warm up the JIT
            long tid = Thread.currentThread().getId();
            long before = threads.getThreadAllocatedBytes(tid);
            perMessage(content, sizes, 200_000, 300_000, sum);
            long allocated = threads.getThreadAllocatedBytes(tid) - before;
            assertTrue(allocated < 64 * 1024, allocated + " bytes allocated for 100,000 messages");
            assertTrue(sum[0] > 0);
        }
        long recorded = sizes.summary().stream().mapToLong(s -> s.response().getTotalCount()).sum();
        assertEquals(300_000, recorded, "every message under its size");
    }

    private static void perMessage(MessageContent content, SizeResponses sizes, long from, long to, long[] sum) {
        for (long k = from; k < to; k++) {
            sum[0] += content.of(k).length; // the body the send copies into its message
            sizes.record(k, Long.MAX_VALUE / 2, 1_000 + (k & 1023));
        }
    }
}
