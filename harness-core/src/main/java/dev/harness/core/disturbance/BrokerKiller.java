package dev.harness.core.disturbance;

import java.util.List;

import dev.harness.core.Setting;

/**
 * The broker a run drives, as something the harness may kill and start again
 * ({@code --kill-broker-at}, restart-study): a {@code harness broker} child of the CLI, or any
 * broker through {@code --kill-cmd} and {@code --start-cmd} ({@link CommandBrokerKiller}).
 */
public interface BrokerKiller {
    /** Kills the broker as kill -9 does, and returns once it is gone (or the kill has failed). */
    void kill() throws Exception;

    /** Starts the broker again, on the same journal, and returns once it is ready: how long that took. */
    Restart restart() throws Exception;

    /** How it kills, for the summary: "SIGKILL", "--kill-cmd". */
    default String killedBy() {
        return "SIGKILL";
    }

    /** What {@link Restart#millis} spans, for the summary. */
    default String restartSpan() {
        return "process start to accepting connections";
    }

    /** What the run header states of the kill and restart (the commands, the readiness rule). */
    default List<Setting> describe() {
        return List.of();
    }

    /**
     * One restart's times.
     *
     * @param millis from the start (the process's, or the start command's) to ready
     * @param fromStartLineMillis from the broker's first line in its log ({@code --start-line}) to ready; -1 when unknown
     * @param fromStartLine what that span is, e.g. "AMQ5051I to AMQ8024I"; null when there is none
     * @param readyNs when it was ready ({@link System#nanoTime}): a start command may return later, and
     *     {@link #restart} returns only then
     */
    record Restart(long millis, long fromStartLineMillis, String fromStartLine, long readyNs) {
        public static Restart of(long millis, long readyNs) {
            return new Restart(millis, -1, null, readyNs);
        }
    }
}
