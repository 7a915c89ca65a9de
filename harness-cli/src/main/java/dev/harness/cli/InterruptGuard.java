package dev.harness.cli;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Ctrl-C (or SIGTERM) while a command runs: tell it to stop, then hold the JVM until the
 * command has flushed its logs, printed its summary and removed its broker. Closing the guard
 * says the command is done; the JVM goes once the command's last line is out too (its exit
 * code's one-line reason, printed after the guard closed: {@link #commandReturned}).
 */
final class InterruptGuard implements AutoCloseable {
    private static final long MAX_WAIT_SECONDS = 60;
    /** From the guard's close to the command's return: printing one line. A bound, should a path not say it. */
    private static final long RETURN_WAIT_SECONDS = 5;
    /** Guards closed while their hook waits: released when the command has returned. */
    private static final Set<InterruptGuard> CLOSED_IN_SHUTDOWN = ConcurrentHashMap.newKeySet();

    private final CountDownLatch closed = new CountDownLatch(1);
    private final CountDownLatch returned = new CountDownLatch(1);
    private final Thread hook;

    InterruptGuard(Runnable onInterrupt) {
        this(onInterrupt, () -> { });
    }

    /**
     * @param onGiveUp run on the hook's thread when the command has not finished within the wait,
     *     just before the JVM exits without it: the last chance to say what it measured
     */
    InterruptGuard(Runnable onInterrupt, Runnable onGiveUp) {
        hook = new Thread(() -> {
            onInterrupt.run();
            try {
                if (!closed.await(MAX_WAIT_SECONDS, TimeUnit.SECONDS)) {
                    onGiveUp.run();
                    return;
                }
                returned.await(RETURN_WAIT_SECONDS, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "harness-interrupt");
        Runtime.getRuntime().addShutdownHook(hook);
    }

    @Override
    public void close() {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException alreadyShuttingDown) {
            // The hook is running and holds the JVM until the command's last line is printed.
            CLOSED_IN_SHUTDOWN.add(this);
        }
        closed.countDown();
    }

    /** The command returned, its exit code's reason printed: an interrupted JVM may go now. */
    static void commandReturned() {
        for (InterruptGuard g : CLOSED_IN_SHUTDOWN) {
            g.returned.countDown();
        }
    }
}
