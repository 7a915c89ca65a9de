package dev.harness.e2e;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Ground truth for one stall of P seconds at R messages per second. The notes' formula
 * (R * (P - x) samples above x) assumes the backlog clears at once. It clears at the catch-up
 * rate C instead: the message due t seconds into the stall is sent at P + t R / C and waits
 * P - t (1 - R / C), so R (P - x) / (1 - R / C) samples lie above x.
 */
final class StallTruth {
    private StallTruth() {
    }

    /**
     * A SIGSTOP, a sleep and a SIGCONT, timed from outside. Sending a signal means starting
     * {@code kill}, which takes a while on a loaded machine, so the freeze lasted between
     * {@code minNs} and {@code maxNs}; it began after {@code beganEpochMs}.
     */
    record Freeze(long beganEpochMs, long minNs, long maxNs) {
        static Freeze of(HarnessProcess process, long millis) throws Exception {
            long beganEpochMs = System.currentTimeMillis();
            long beforeStop = System.nanoTime();
            process.signal("STOP");
            long stopped = System.nanoTime();
            Thread.sleep(millis);
            long beforeCont = System.nanoTime();
            process.signal("CONT");
            long resumed = System.nanoTime();
            return new Freeze(beganEpochMs, beforeCont - stopped, resumed - beforeStop);
        }

        double minSeconds() {
            return minNs / 1e9;
        }

        double maxSeconds() {
            return maxNs / 1e9;
        }
    }

    /**
     * C, measured: the mean of the seconds after the stall (the run's slowest second) that
     * completed more than the target rate, up to the first that did not. The seconds at either
     * end of the catch-up are partly stall or partly on schedule, and a restarted process is
     * slower at first, so the best second alone overstates C (a run that caught up at 1,830/s had
     * a best second of 2,260); seconds elsewhere in the run (a slow start caught up) are no part of it.
     */
    static double catchUpRate(JsonNode run, double rate) {
        JsonNode perSecond = run.get("perSecond");
        int stalled = 0;
        for (int i = 1; i < perSecond.size(); i++) {
            if (perSecond.get(i).asDouble() < perSecond.get(stalled).asDouble()) {
                stalled = i;
            }
        }
        int i = stalled + 1;
        while (i < perSecond.size() && perSecond.get(i).asDouble() < rate * 0.95) {
            i++; // the rest of a stall longer than a second
        }
        double sum = 0;
        int seconds = 0;
        for (; i < perSecond.size() && perSecond.get(i).asDouble() > rate * 1.05; i++) {
            sum += perSecond.get(i).asDouble();
            seconds++;
        }
        return seconds == 0 ? 0 : sum / seconds;
    }

    /** Samples expected above {@code xSeconds}, given the catch-up rate. */
    static double expectedAbove(double rate, double stallSeconds, double xSeconds, double catchUpRate) {
        double instant = rate * (stallSeconds - xSeconds);
        if (catchUpRate <= rate * 1.05) {
            return Double.POSITIVE_INFINITY; // no catch-up capacity: no bound worth asserting
        }
        return instant / (1 - rate / catchUpRate);
    }
}
