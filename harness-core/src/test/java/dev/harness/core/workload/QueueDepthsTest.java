package dev.harness.core.workload;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import org.junit.jupiter.api.Test;

class QueueDepthsTest {
    @Test
    void eachQueueIsItsPutsLessItsReceipts() {
        QueueDepths depths = new QueueDepths(3);
        for (int i = 0; i < 5; i++) {
            depths.put(0);
        }
        depths.put(2);
        depths.put(2);
        depths.received(0);
        depths.received(0);
        depths.received(2);
        assertArrayEquals(new long[] {3, 0, 1}, depths.depths());
    }

    /** A drainer may count a message before its sender's send has returned: the queue reads empty then, never less. */
    @Test
    void aReceiptCountedBeforeItsPutIsNoNegativeDepth() {
        QueueDepths depths = new QueueDepths(2);
        depths.received(1);
        assertArrayEquals(new long[] {0, 0}, depths.depths());
        depths.put(1);
        depths.put(1);
        assertArrayEquals(new long[] {0, 1}, depths.depths());
    }
}
