package dev.harness.e2e;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Ground truth for one stall of P seconds at R messages per second. The notes' formula
 * (R * (P - x) samples above x) assumes the backlog clears at once. It clears at the catch-up
 * rate C instead: the message due t seconds into the stall is sent at P + t R / C and waits
 * P - t (1 - R / C), so R (P - x) / (1 - R / C) samples lie above x. C is measured: the best
 * second of completions in the run.
 */
final class StallTruth {
    private StallTruth() {
    }

    static double catchUpRate(JsonNode summary) {
        double best = 0;
        for (JsonNode n : summary.get("perSecond")) {
            best = Math.max(best, n.asDouble());
        }
        return best;
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
