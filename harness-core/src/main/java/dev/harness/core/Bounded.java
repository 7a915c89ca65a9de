package dev.harness.core;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Runs clean-up steps side by side on daemon threads and waits a bounded time for them: closing
 * a connection to a stalled broker can block for its whole call timeout, and a run that has
 * measured everything must not hang on its way out.
 */
public final class Bounded {
    private Bounded() {
    }

    /** @return true if every step finished in time */
    public static boolean runAll(String name, List<Runnable> steps, long timeoutMs) {
        CountDownLatch done = new CountDownLatch(steps.size());
        for (Runnable step : steps) {
            Thread t = new Thread(() -> {
                try {
                    step.run();
                } finally {
                    done.countDown();
                }
            }, name);
            t.setDaemon(true);
            t.start();
        }
        try {
            return done.await(timeoutMs, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
