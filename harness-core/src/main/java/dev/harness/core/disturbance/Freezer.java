package dev.harness.core.disturbance;

/**
 * What stops the broker a run drives and lets it go on ({@code --freeze-at}): SIGSTOP and SIGCONT
 * to a process ({@link SignalFreezer}), or the user's commands ({@link CommandFreezer}). A freezer
 * never leaves the broker stopped: {@link #close} lets it go on if it still is, and so does the
 * JVM's exit.
 */
public interface Freezer extends AutoCloseable {
    /** Stops the broker, and returns once it is stopped. */
    void freeze() throws Exception;

    /** Lets it go on, and returns once it does; harmless when it was not stopped. */
    void thaw() throws Exception;

    /** How it stops the broker, for the run header: "SIGSTOP and SIGCONT to process 1234". */
    String describe();

    /** Lets the broker go on if it is still stopped, and releases what the freezer holds. */
    @Override
    void close();
}
