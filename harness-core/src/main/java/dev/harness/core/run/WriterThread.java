package dev.harness.core.run;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The thread that writes a run's intervals (console, hlog, JSON, metrics), so that the thread
 * cutting them never waits for a terminal or a disk. Tasks run one at a time, in the order
 * given; the queue is unbounded, because dropping an interval would lose measurements.
 */
public final class WriterThread {
    private final ExecutorService executor;
    private final AtomicInteger pending = new AtomicInteger();
    private final AtomicReference<RuntimeException> failure = new AtomicReference<>();

    public WriterThread(String name) {
        executor = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true); // one stuck in a write to a pipe nobody reads must not keep the JVM alive
            return t;
        });
    }

    public void submit(Runnable task) {
        pending.incrementAndGet();
        executor.execute(() -> {
            try {
                task.run();
            } catch (RuntimeException e) {
                // Later intervals are still written; the run reports the first failure at its end.
                failure.compareAndSet(null, e);
            } finally {
                pending.decrementAndGet();
            }
        });
    }

    /**
     * Waits up to {@code boundNs} for every task submitted so far, even when interrupted (a
     * Ctrl-C must not cost the logs their last intervals), and takes no more.
     *
     * @return how many tasks were not done when the wait ended
     */
    public int finish(long boundNs) {
        executor.shutdown();
        long deadline = System.nanoTime() + boundNs;
        boolean interrupted = false;
        try {
            while (true) {
                long left = deadline - System.nanoTime();
                try {
                    if (left <= 0 || executor.awaitTermination(left, TimeUnit.NANOSECONDS)) {
                        break;
                    }
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
        return pending.get();
    }

    /** The first exception a task threw, or null. */
    public RuntimeException failure() {
        return failure.get();
    }
}
