package dev.harness.core.workload;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Each of the run's queues' depth as the harness counts it: the messages sent to it (once each, a
 * send again after a reconnect not counted twice) and preloaded onto it, less those its drainers
 * received from it (first receipts). Written by the senders', the preload's and the drainers'
 * threads without a lock; read at each interval's cut.
 */
final class QueueDepths {
    /**
     * Longs between two queues' counters: 128 bytes, so threads on different queues never write to
     * one cache line (nor its neighbour, which some CPUs fetch with it).
     */
    static final int STRIDE = 16;
    private final int queues;
    private final AtomicLongArray in;
    private final AtomicLongArray out;

    QueueDepths(int queues) {
        this.queues = queues;
        this.in = new AtomicLongArray(queues * STRIDE);
        this.out = new AtomicLongArray(queues * STRIDE);
    }

    /** A message of the run is on {@code queue}: sent, or preloaded and committed. */
    void put(int queue) {
        in.incrementAndGet(queue * STRIDE);
    }

    /** A drainer received a message from {@code queue} for the first time. */
    void received(int queue) {
        out.incrementAndGet(queue * STRIDE);
    }

    /** Each queue's depth now, in the order of the run's queues. */
    long[] depths() {
        long[] d = new long[queues];
        for (int q = 0; q < d.length; q++) {
            d[q] = Math.max(0, in.get(q * STRIDE) - out.get(q * STRIDE));
        }
        return d;
    }
}
