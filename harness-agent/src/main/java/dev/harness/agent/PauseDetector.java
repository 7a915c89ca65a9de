package dev.harness.agent;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.concurrent.locks.LockSupport;

/**
 * Sees pauses of the whole JVM the way jHiccup does: a thread that asks to sleep 1 ms, over and
 * over, and measures how late it wakes. Being late by tens of ms means every thread of the JVM
 * was stopped (a GC safepoint) or starved of CPU; either way the host did not run. Each wake-up
 * late by at least the threshold gives one line {@code pause of N ms at <instant>}, where N is
 * the lateness in whole ms and the instant (UTC, ms precision) is when the pause began: the
 * wake-up time minus the lateness, so it lines up with the start of a latency spike.
 */
final class PauseDetector implements Runnable {
    static final String THREAD_NAME = "harness-agent-pause-detector";

    private static final long SLEEP_NS = 1_000_000L;
    private static final DateTimeFormatter AT =
            DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

    private final long thresholdNs;
    private final AgentLog log;
    private volatile boolean stopped;

    PauseDetector(long thresholdMs, AgentLog log) {
        this.thresholdNs = thresholdMs * 1_000_000L;
        this.log = log;
        line(0, Instant.now()); // load the time classes now, not inside the first measurement
    }

    /** Starts the detector on a daemon thread, so the host JVM exits as if it were not there. */
    Thread start() {
        Thread thread = new Thread(this, THREAD_NAME);
        thread.setDaemon(true);
        thread.start();
        return thread;
    }

    /** Ends the loop after its current sleep. */
    void stop() {
        stopped = true;
    }

    @Override
    public void run() {
        while (!stopped) {
            long before = System.nanoTime();
            LockSupport.parkNanos(SLEEP_NS);
            long lateNs = System.nanoTime() - before - SLEEP_NS;
            // parkNanos may also return early; that is negative lateness, never reported.
            if (lateNs >= thresholdNs) {
                log.line(report(lateNs, Instant.now()));
            }
        }
    }

    /** The line for a wake-up {@code lateNs} late at {@code wokeAt}, or null if below the threshold. */
    String report(long lateNs, Instant wokeAt) {
        return lateNs < thresholdNs ? null : line(lateNs / 1_000_000L, wokeAt.minusNanos(lateNs));
    }

    /** {@code pause of 57 ms at 2026-11-21T10:15:03.123Z}. */
    static String line(long pauseMs, Instant began) {
        return "pause of " + pauseMs + " ms at " + AT.format(began);
    }
}
