package dev.harness.core.run;

import dev.harness.core.schedule.StopSignal;

/** How a run is told to stop early (Ctrl-C, a lost broker), and why it stopped. */
public final class RunControl implements StopSignal {
    /** The stop reason of Ctrl-C or SIGTERM (exit code 130), as the JSON's stopReason keeps it. */
    public static final String INTERRUPTED = "interrupted";

    private volatile boolean stopRequested;
    private volatile String stopReason;
    private volatile String failure;

    @Override
    public boolean stopRequested() {
        return stopRequested;
    }

    /** A user or the harness asked the run to end early; measurements taken so far are kept. */
    public void requestStop(String reason) {
        if (stopReason == null) {
            stopReason = reason;
        }
        stopRequested = true;
    }

    /** The system under test failed; the first failure wins and ends the run. */
    public void fail(String message) {
        synchronized (this) {
            if (failure == null) {
                failure = message;
            }
        }
        requestStop("failed");
    }

    public String stopReason() {
        return stopReason;
    }

    public String failure() {
        return failure;
    }
}
