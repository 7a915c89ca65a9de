package dev.harness.core;

/** Which workload a run drove; its tag is what the header, the JSON and the metrics say. */
public enum WorkloadKind {
    /** Puts on a schedule, completed by drainers (or by the send or commit returning). */
    PUT("put", "msg/s"),
    /** Requests on a schedule, each completed by its reply. */
    REQRESP("reqresp", "round trips/s"),
    /** Publishes on a schedule to topics, each completed when every subscription that should have it has it. */
    PUBSUB("pubsub", "msg/s");

    private final String tag;
    private final String rateUnit;

    WorkloadKind(String tag, String rateUnit) {
        this.tag = tag;
        this.rateUnit = rateUnit;
    }

    public String tag() {
        return tag;
    }

    /** What its rates count, as the header and the summary say them: "msg/s", "round trips/s". */
    public String rateUnit() {
        return rateUnit;
    }

    @Override
    public String toString() {
        return tag;
    }
}
