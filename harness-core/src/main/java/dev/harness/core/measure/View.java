package dev.harness.core.measure;

/**
 * The latency views the harness records. The tag of each view is a contract: hlog files,
 * JSON and scripts use these names.
 */
public enum View {
    /** Completion minus intended send time: what the application really sees. The headline. */
    RESPONSE("response"),
    /** Completion minus actual send time: the naive view most tools print. */
    SERVICE("service"),
    /** Actual send minus intended send time: does the harness keep its schedule? */
    SEND_LAG("send-lag"),
    /** Duration of each send() call (MQPUT). */
    PUT("put"),
    /** Duration of each commit() call (MQCMIT). */
    COMMIT("commit"),
    /** send() durations through LatencyStats, corrected for pauses of the harness JVM only. */
    PAUSE_CORRECTED("pause-corrected"),
    /** Request/response: a responder's get-to-commit time for one request. */
    RESPONDER("responder");

    private final String tag;

    View(String tag) {
        this.tag = tag;
    }

    public String tag() {
        return tag;
    }

    public String warmupTag() {
        return "warmup-" + tag;
    }
}
