package dev.harness.core.workload;

import java.util.Locale;

/** The workloads harness run and bench drive, by the names users type. */
public enum WorkloadKind {
    /** Senders on one schedule, round robin over queues, and drainers. */
    PUT,
    /** Requesters and responders over request and reply queues, as in IBM's MQ performance reports. */
    REQRESP;

    /** The name on the command line: put, reqresp. */
    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
