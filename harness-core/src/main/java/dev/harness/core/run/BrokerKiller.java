package dev.harness.core.run;

/**
 * The broker a run drives, as a process the harness may kill and start again
 * ({@code --kill-broker-at}). The CLI runs it as a {@code harness broker} child.
 */
public interface BrokerKiller {
    /** Kills the broker as kill -9 does, and returns once its process is gone. */
    void kill() throws Exception;

    /**
     * Starts the broker again on the same journal and port, and returns once it accepts
     * connections: how many milliseconds that took from its process's start.
     */
    long restart() throws Exception;
}
