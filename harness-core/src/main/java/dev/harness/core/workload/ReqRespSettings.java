package dev.harness.core.workload;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import dev.harness.core.run.RunHeader.Setting;

/**
 * Request/response, as in IBM's MQ performance reports: requesters put requests on N request
 * queues round robin on one shared schedule; responders get each request and put a reply of the
 * same size on the matching reply queue; the requester gets its reply.
 *
 * @param rate round trips per second, all requesters together
 * @param requesters requester threads, each with its own connection
 * @param responders responder threads in this process; 0 when they run elsewhere (harness respond)
 * @param warmupNs warmup
 * @param durationNs measured duration
 * @param sizeBytes request and reply size
 * @param persistent persistent requests and replies
 * @param syncpoint 0 = outside syncpoint; otherwise requesters commit their puts (every N in open
 *     mode, each one in closed mode, or the responder could not see it) and their gets, and
 *     responders commit each get and its reply's put together
 * @param queues N request and N reply queues
 * @param requestPrefix request queue names are prefix + 1 .. N
 * @param replyPrefix reply queue names are prefix + 1 .. N
 * @param replyTimeoutNs a reply not received within this is lost
 * @param open open mode: requests leave on schedule whatever happens to replies; closed mode:
 *     each requester waits for its reply before its next request
 * @param drainTimeoutNs how long to wait after the last request for replies to come in
 */
public record ReqRespSettings(
        double rate,
        int requesters,
        int responders,
        long warmupNs,
        long durationNs,
        int sizeBytes,
        boolean persistent,
        int syncpoint,
        int queues,
        String requestPrefix,
        String replyPrefix,
        long replyTimeoutNs,
        boolean open,
        long drainTimeoutNs) implements WorkloadSettings {

    public ReqRespSettings {
        if (!(rate > 0) || requesters < 1 || responders < 0 || warmupNs < 0 || durationNs <= 0
                || sizeBytes < MessageHeader.BYTES || syncpoint < 0 || queues < 1 || replyTimeoutNs <= 0
                || requestPrefix == null || requestPrefix.isBlank() || replyPrefix == null || replyPrefix.isBlank()
                || requestPrefix.equals(replyPrefix) || drainTimeoutNs < 0) {
            throw new IllegalArgumentException("invalid request/response settings");
        }
    }

    /** Most requests a requester can have out in open mode: ring slots, 16 bytes each. */
    public static final int MAX_OUTSTANDING = 1 << 20;

    /**
     * Open mode: slots for twice the requests a requester sends within one reply timeout (a
     * catch-up burst sends faster than the schedule), as a power of two.
     */
    public int openModeCapacity() {
        double needed = rate / requesters * (replyTimeoutNs / 1e9) * 2 + 16;
        if (needed > MAX_OUTSTANDING) {
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "open mode would keep %.0f requests out per requester within the reply timeout (at most %d):"
                            + " lower --reply-timeout, or add requesters", needed / 2, MAX_OUTSTANDING / 2));
        }
        return Integer.highestOneBit((int) needed - 1) << 1;
    }

    String requestQueue(int index) {
        return requestPrefix + (index + 1);
    }

    String replyQueue(int index) {
        return replyPrefix + (index + 1);
    }

    @Override
    public List<Setting> describe() {
        List<Setting> s = new ArrayList<>();
        s.add(new Setting("rate", Format.rate(rate) + " round trips/s"));
        s.add(new Setting("mode", open ? "open (requests leave on schedule; replies matched as they come)"
                : "closed (each requester waits for its reply before its next request)"));
        s.add(new Setting("requesters", Integer.toString(requesters)));
        s.add(new Setting("responders", responders == 0 ? "none here (run harness respond)" : Integer.toString(responders)));
        s.add(new Setting("warmup", Format.duration(warmupNs)));
        s.add(new Setting("duration", Format.duration(durationNs)));
        s.add(new Setting("size", sizeBytes + " bytes (request and reply)"));
        s.add(new Setting("persistence", persistent ? "persistent" : "non-persistent"));
        s.add(new Setting("syncpoint", syncpoint == 0 ? "outside syncpoint"
                : "in syncpoint: requesters commit puts" + (open && syncpoint > 1 ? " every " + syncpoint : "")
                        + " and gets; responders commit each get with its reply"));
        s.add(new Setting("queues", String.format(Locale.ROOT, "%d request (%s..) and %d reply (%s..)", queues,
                requestQueue(0), queues, replyQueue(0))));
        s.add(new Setting("reply timeout", Format.duration(replyTimeoutNs)));
        return s;
    }
}
