package dev.harness.core.workload;

import java.util.concurrent.TimeUnit;

import dev.harness.core.SettingsException;

/**
 * Responders in a process of their own (harness respond), answering the requests of a
 * request/response run whose own responders are 0.
 *
 * @param responders responder threads, spread over the request queues
 * @param queues request queues
 * @param requestPrefix request queue names are prefix + 1 .. queues
 * @param syncpoint 0: outside syncpoint; 1: each get and its reply committed together
 * @param sizeBytes usual request size (larger ones are answered too)
 * @param durationNs how long to answer; 0 = until stopped
 * @param intervalNs reporting interval
 * @param reconnectTimeoutNs how long a responder whose connection drops tries to connect again
 * @param consumeDelayNs each responder's time over a request before it replies
 * @param receiving --ack outside syncpoint: how the responders acknowledge their gets
 */
public record RespondSettings(int responders, int queues, String requestPrefix, int syncpoint, int sizeBytes,
        long durationNs, long intervalNs, long reconnectTimeoutNs, long consumeDelayNs, Receiving receiving) {

    /** One per request queue of IBM's standard workload. */
    public static final int DEFAULT_RESPONDERS = ReqRespSettings.DEFAULT_QUEUES;
    public static final long DEFAULT_INTERVAL_NS = TimeUnit.SECONDS.toNanos(1);
    public static final long MIN_INTERVAL_NS = TimeUnit.MILLISECONDS.toNanos(100);

    public RespondSettings {
        SettingsException.require(responders >= 1 && responders <= ReqRespSettings.MAX_RESPONDERS, "--responders",
                "expected 1 to " + ReqRespSettings.MAX_RESPONDERS + ", got " + responders);
        SettingsException.require(queues >= 1 && queues <= ReqRespSettings.MAX_QUEUES, "--queues",
                "expected 1 to " + ReqRespSettings.MAX_QUEUES + ", got " + queues);
        WorkloadSettings.checkPrefix("--request-prefix", requestPrefix);
        SettingsException.require(syncpoint == 0 || syncpoint == 1, "--syncpoint",
                "expected 0 (outside syncpoint) or 1 (each get committed with its reply), got " + syncpoint);
        SettingsException.require(sizeBytes >= 1 && sizeBytes <= WorkloadSettings.MAX_SIZE_BYTES, "--size",
                "expected 1 byte to 100MiB");
        SettingsException.require(durationNs >= 0, "--duration", "expected 0s or more");
        SettingsException.require(intervalNs >= MIN_INTERVAL_NS, "--interval", "expected at least 100ms");
        WorkloadSettings.checkReconnectTimeout(reconnectTimeoutNs);
        SettingsException.require(consumeDelayNs >= 0 && consumeDelayNs <= PutSettings.MAX_CONSUME_DELAY_NS, "--consume-delay",
                "expected 0s to 1m, a responder's time per request");
        SettingsException.require(receiving != null && receiving.perCommit() <= 1, "--ack", "responders commit each get:"
                + " expected auto, client, dups-ok or transacted");
        SettingsException.require(syncpoint == 0 || receiving.ack() == Receiving.Ack.AUTO
                || receiving.ack() == Receiving.Ack.TRANSACTED, "--ack", "with --syncpoint " + syncpoint + " each get"
                        + " commits with its reply; give --syncpoint 0 to acknowledge the gets otherwise");
    }

    /** Auto-acknowledging responders (or, in syncpoint, committing with their replies). */
    public RespondSettings(int responders, int queues, String requestPrefix, int syncpoint, int sizeBytes, long durationNs,
            long intervalNs, long reconnectTimeoutNs, long consumeDelayNs) {
        this(responders, queues, requestPrefix, syncpoint, sizeBytes, durationNs, intervalNs, reconnectTimeoutNs,
                consumeDelayNs, Receiving.DEFAULT);
    }

    /** Responders that reply at once (no {@code --consume-delay}). */
    public RespondSettings(int responders, int queues, String requestPrefix, int syncpoint, int sizeBytes, long durationNs,
            long intervalNs, long reconnectTimeoutNs) {
        this(responders, queues, requestPrefix, syncpoint, sizeBytes, durationNs, intervalNs, reconnectTimeoutNs, 0);
    }
}
