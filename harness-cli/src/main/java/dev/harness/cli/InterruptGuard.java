package dev.harness.cli;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Ctrl-C (or SIGTERM) while a command runs: tell it to stop, then hold the JVM until the
 * command has flushed its logs, printed its summary and removed its broker. Closing the guard
 * says the command is done.
 */
final class InterruptGuard implements AutoCloseable {
    private static final long MAX_WAIT_SECONDS = 60;

    private final CountDownLatch done = new CountDownLatch(1);
    private final Thread hook;

    InterruptGuard(Runnable onInterrupt) {
        hook = new Thread(() -> {
            onInterrupt.run();
            try {
                done.await(MAX_WAIT_SECONDS, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "harness-interrupt");
        Runtime.getRuntime().addShutdownHook(hook);
    }

    @Override
    public void close() {
        done.countDown();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException alreadyShuttingDown) {
            // The hook is running: it is what waits for us.
        }
    }
}
