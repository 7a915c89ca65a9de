package dev.harness.cli;

import java.util.Optional;

/**
 * Ends a child process when the process that started it is gone, so that a harness killed with
 * SIGKILL (or by the OOM killer) leaves no broker child behind it holding a port and a journal.
 * The JVM learns of a process that is not its own child by polling it, every 5 s at most.
 */
final class ParentWatch {
    private ParentWatch() {
    }

    /**
     * Calls {@code onGone} once, on a JVM thread, when this process's parent has exited.
     *
     * @return the parent's pid, or -1 when this process has none to watch (then nothing is called)
     */
    static long start(Runnable onGone) {
        return watch(ProcessHandle.current().parent(), onGone);
    }

    /** Calls {@code onGone} once when {@code process} has exited; its pid, or -1 when there is none alive. */
    static long watch(Optional<ProcessHandle> process, Runnable onGone) {
        if (process.isEmpty() || !process.get().isAlive()) {
            return -1;
        }
        process.get().onExit().thenRun(onGone);
        return process.get().pid();
    }
}
