package dev.harness.core.run;

/** Which workload a run drove; its tag is what the header, the JSON and the metrics say. */
public enum WorkloadKind {
    /** Puts on a schedule, completed by drainers (or by the send or commit returning). */
    PUT("put"),
    /** Requests on a schedule, each completed by its reply. */
    REQRESP("reqresp");

    private final String tag;

    WorkloadKind(String tag) {
        this.tag = tag;
    }

    public String tag() {
        return tag;
    }

    @Override
    public String toString() {
        return tag;
    }
}
