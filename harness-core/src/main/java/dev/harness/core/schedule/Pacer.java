package dev.harness.core.schedule;

import java.util.concurrent.locks.LockSupport;

/**
 * Waits for an intended send time. Parks while far away and spins the last stretch, because
 * a park overshoots by tens of microseconds and that slop would show up in every latency.
 * Never skips: a sender that is late returns at once, so missed messages go out back to back.
 */
public final class Pacer {
    /** Below this the thread spins: about a park's typical overshoot on Linux. */
    static final long SPIN_NS = 50_000;
    /** Longest single park, so a stop request is seen promptly. */
    static final long MAX_PARK_NS = 50_000_000;

    private Pacer() {
    }

    /** @return false if the run was told to stop before the time came */
    public static boolean awaitUntil(long intendedNs, StopSignal control) {
        while (true) {
            if (control.stopRequested()) {
                return false;
            }
            long remaining = intendedNs - System.nanoTime();
            if (remaining <= 0) {
                return true;
            }
            if (remaining > SPIN_NS) {
                LockSupport.parkNanos(Math.min(remaining - SPIN_NS, MAX_PARK_NS));
            } else {
                Thread.onSpinWait();
            }
        }
    }
}
