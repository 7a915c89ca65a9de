package dev.harness.core.workload;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Each of the run's queues' depth as the harness counts it: the messages sent to it (once each, a
 * send again after a reconnect not counted twice) and preloaded onto it, less those its drainers
 * received from it (first receipts). Written by the senders', the preload's and the drainers'
 * threads without a lock; read at each interval's cut.
 */
final class QueueDepths {
    private final AtomicLongArray in;
    private final AtomicLongArray out;

    QueueDepths(int queues) {
        this.in = new AtomicLongArray(queues);
        this.out = new AtomicLongArray(queues);
    }

    /** A message of the run is on {@code queue}: sent, or preloaded and committed. */
    void put(int queue) {
        in.incrementAndGet(queue);
    }

    /** A drainer received a message from {@code queue} for the first time. */
    void received(int queue) {
        out.incrementAndGet(queue);
    }

    /** Each queue's depth now, in the order of the run's queues. */
    long[] depths() {
        long[] d = new long[in.length()];
        for (int q = 0; q < d.length; q++) {
            d[q] = Math.max(0, in.get(q) - out.get(q));
        }
        return d;
    }
}
