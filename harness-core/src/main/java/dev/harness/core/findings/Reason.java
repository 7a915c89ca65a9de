package dev.harness.core.findings;

/**
 * Why a run was not a valid test of what it asked.
 *
 * @param code a stable name scripts can match (JSON {@code validity.reasons[].code}), e.g. {@code backlog-at-start}
 * @param text what happened, with its numbers
 * @param advice what to change
 */
public record Reason(String code, String text, String advice) {
    public static final String BACKLOG_AT_START = "backlog-at-start";
    public static final String SCHEDULE_BEHIND = "schedule-behind";
    public static final String RATE_BELOW_TARGET = "rate-below-target";
    public static final String RATE_ABOVE_TARGET = "rate-above-target";
    public static final String GENERATOR_SATURATED = "generator-saturated";
    public static final String HOST_CONTENDED = "host-contended";
    public static final String DELIVERY_UNCHECKED = "delivery-unchecked";
    public static final String RECOVERY_UNFINISHED = "recovery-unfinished";
    public static final String SHARD_LATE = "shard-late";
    public static final String WARMUP_UNSTEADY = "warmup-unsteady";
    /** Publish/subscribe: a subscription fell behind while the harness's own threads were starved of CPU. */
    public static final String SUBSCRIBERS_STARVED = "subscribers-starved";
    /** The run ended (interrupted, failed) before its measured phase began: nothing judges the system. */
    public static final String NOTHING_MEASURED = "nothing-measured";

    /** "backlog-at-start: the measured phase began ... (what to change: ...)". */
    public String line() {
        return code + ": " + text + (advice == null ? "" : " (what to change: " + advice + ")");
    }
}
