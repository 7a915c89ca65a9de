package dev.harness.core.run;

/**
 * What the latency figures of an unthrottled run ({@code --rate max}) are, said the same way by
 * the run header, the summary, the JSON and {@code harness ab}. With no schedule, a message's
 * intended time is its actual send time: {@code response} equals {@code service}, and a stall
 * delays the sends after it instead of showing in their latency (coordinated omission).
 */
public final class ClosedLoop {
    /** The header's note and the summary's line. */
    public static final String NOTE = "UNTHROTTLED (--rate max): there is no schedule, so each message's intended time is"
            + " its actual send time and response equals service: these latencies are closed-loop. A stall delays the"
            + " sends after it instead of showing in their latency (coordinated omission); give a --rate to measure it";
    /** Prefixed to a latency figure's name, e.g. "closed-loop p99". */
    public static final String LABEL = "closed-loop";

    private ClosedLoop() {
    }
}
