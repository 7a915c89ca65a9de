package dev.harness.core.workload;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

import dev.harness.core.Format;
import dev.harness.core.Setting;
import dev.harness.core.SettingsException;
import dev.harness.core.WorkloadKind;
import dev.harness.core.schedule.Shard;
import dev.harness.core.schedule.Warmup;

/**
 * Request/response, as in IBM's MQ performance reports: requesters put requests on N request
 * queues round robin on one shared schedule; responders get each request and put a reply of the
 * same size on the matching reply queue; the requester gets its reply.
 *
 * @param rate round trips per second, all requesters together; 0 (closed mode only): each requester as fast as its
 *     replies come
 * @param requesters requester threads, each with its own connection
 * @param responders responder threads in this process; 0 when they run elsewhere (harness respond)
 * @param warmup warmup, fixed or auto
 * @param durationNs measured duration
 * @param size the requests' sizes (a reply is its request's), header included: one, or a mix (--size)
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
 * @param shard which part of the schedule this process runs ({@code --shard}), and so which queues are its own
 * @param maxInFlight open mode: request sends a requester keeps unacknowledged ({@code --max-in-flight}); 1 = each
 *     send blocks until it returns
 * @param consumeDelayNs how long a responder here takes over each request before it replies ({@code --consume-delay}),
 *     an application's service time; 0 = none
 * @param replyBy how requesters get their replies ({@code --reply-by})
 */
public record ReqRespSettings(
        double rate,
        int requesters,
        int responders,
        Warmup warmup,
        long durationNs,
        SizeMix size,
        boolean persistent,
        int syncpoint,
        int queues,
        String requestPrefix,
        String replyPrefix,
        long replyTimeoutNs,
        boolean open,
        long drainTimeoutNs,
        Shard shard,
        int maxInFlight,
        long consumeDelayNs,
        ReplyBy replyBy) implements WorkloadSettings {

    public static final int DEFAULT_REQUESTERS = 10;
    /** IBM's standard workload: 10 request and 10 reply queues. */
    public static final int DEFAULT_QUEUES = 10;
    /** Each request, get and reply committed. */
    public static final int DEFAULT_SYNCPOINT = 1;
    public static final String DEFAULT_REQUEST_PREFIX = "REQUEST";
    public static final String DEFAULT_REPLY_PREFIX = "REPLY";
    public static final long DEFAULT_REPLY_TIMEOUT_NS = TimeUnit.SECONDS.toNanos(30);
    public static final Mode DEFAULT_MODE = Mode.CLOSED;
    /** A thread and a connection each. */
    public static final int MAX_REQUESTERS = 10_000;
    public static final int MAX_RESPONDERS = 10_000;
    public static final int MAX_QUEUES = 1_000;

    /** How requesters wait for their replies. */
    public enum Mode {
        /** Each requester waits for its reply before its next request, as MQ-CPH and JMSPerfHarness do. */
        CLOSED,
        /** Requests leave on schedule whatever happens to replies. */
        OPEN;

        /** The name on the command line: closed, open. */
        @Override
        public String toString() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public ReqRespSettings {
        SettingsException.require(rate > 0 || !open, "--rate max", "open mode sends each request on a schedule; give"
                + " round trips per second, or --mode closed (each requester as fast as its replies come)");
        WorkloadSettings.checkCommon(warmup, durationNs, size, drainTimeoutNs);
        SettingsException.atLeast("--requesters", requesters, 1);
        SettingsException.atLeast("--queues", queues, 1);
        SettingsException.atLeast("--syncpoint", syncpoint, 0);
        SettingsException.atLeast("--responders", responders, 0);
        SettingsException.require(requesters <= MAX_REQUESTERS && responders <= MAX_RESPONDERS && queues <= MAX_QUEUES,
                "--requesters and --responders", "at most " + MAX_REQUESTERS + " (a thread and a connection each);"
                        + " --queues: at most " + MAX_QUEUES);
        SettingsException.require(requestPrefix != null && replyPrefix != null && !requestPrefix.isBlank()
                && !replyPrefix.isBlank() && !requestPrefix.equals(replyPrefix), "--request-prefix and --reply-prefix",
                "expected two different, non-empty prefixes");
        SettingsException.require(replyTimeoutNs > 0 && replyTimeoutNs <= TimeUnit.HOURS.toNanos(1), "--reply-timeout",
                "expected a positive duration of at most 1h, such as 30s");
        SettingsException.require(open || syncpoint <= 1, "--syncpoint " + syncpoint, "in closed mode each request is"
                + " committed before its requester waits for the reply; give --syncpoint 1 (or 0), or --mode open");
        WorkloadSettings.checkMaxInFlight(maxInFlight);
        SettingsException.require(open || maxInFlight == 1, "--max-in-flight " + maxInFlight,
                "in closed mode a requester has one request out at a time; give --mode open");
        SettingsException.require(consumeDelayNs >= 0 && consumeDelayNs <= PutSettings.MAX_CONSUME_DELAY_NS, "--consume-delay",
                "expected 0s to 1m, a responder's time per request");
        SettingsException.require(consumeDelayNs == 0 || responders > 0, "--consume-delay", "is the responders' time per"
                + " request, and --responders 0 runs none here; give it to harness respond, which runs them");
        SettingsException.require(replyBy != null, "--reply-by", "expected router, correlation-id or temporary");
        SettingsException.require(!open || replyBy != ReplyBy.CORRELATION_ID, "--reply-by correlation-id", "a get by"
                + " correlation ID waits for one reply at a time, as a closed-loop requester does; give --mode closed, or"
                + " --reply-by temporary or router with --mode open");
    }

    /** Responders that reply at once (no {@code --consume-delay}). */
    public ReqRespSettings(double rate, int requesters, int responders, Warmup warmup, long durationNs, SizeMix size,
            boolean persistent, int syncpoint, int queues, String requestPrefix, String replyPrefix, long replyTimeoutNs,
            boolean open, long drainTimeoutNs, Shard shard, int maxInFlight) {
        this(rate, requesters, responders, warmup, durationNs, size, persistent, syncpoint, queues, requestPrefix,
                replyPrefix, replyTimeoutNs, open, drainTimeoutNs, shard, maxInFlight, 0, ReplyBy.ROUTER);
    }

    /** One send at a time, each blocking until it returns (no {@code --max-in-flight}). */
    public ReqRespSettings(double rate, int requesters, int responders, Warmup warmup, long durationNs, SizeMix size,
            boolean persistent, int syncpoint, int queues, String requestPrefix, String replyPrefix, long replyTimeoutNs,
            boolean open, long drainTimeoutNs, Shard shard) {
        this(rate, requesters, responders, warmup, durationNs, size, persistent, syncpoint, queues, requestPrefix,
                replyPrefix, replyTimeoutNs, open, drainTimeoutNs, shard, WorkloadSettings.DEFAULT_MAX_IN_FLIGHT);
    }

    /** As {@link #of}, with {@code --max-in-flight} (null: {@value WorkloadSettings#DEFAULT_MAX_IN_FLIGHT}). */
    public static ReqRespSettings of(double rate, Integer requesters, Integer responders, Warmup warmup, long durationNs,
            SizeMix size, boolean persistent, Integer syncpoint, Integer queues, String requestPrefix, String replyPrefix,
            Long replyTimeoutNs, Mode mode, long drainTimeoutNs, Integer maxInFlight) {
        ReqRespSettings s = of(rate, requesters, responders, warmup, durationNs, size, persistent, syncpoint, queues,
                requestPrefix, replyPrefix, replyTimeoutNs, mode, drainTimeoutNs);
        return maxInFlight == null ? s : s.withMaxInFlight(maxInFlight);
    }

    /** These settings with {@code n} request sends in flight per requester. */
    public ReqRespSettings withMaxInFlight(int n) {
        return new ReqRespSettings(rate, requesters, responders, warmup, durationNs, size, persistent, syncpoint,
                queues, requestPrefix, replyPrefix, replyTimeoutNs, open, drainTimeoutNs, shard, n, consumeDelayNs, replyBy);
    }

    /** These settings with responders that take {@code ns} over each request ({@code --consume-delay}; null: none). */
    public ReqRespSettings withConsumeDelay(Long ns) {
        return new ReqRespSettings(rate, requesters, responders, warmup, durationNs, size, persistent, syncpoint,
                queues, requestPrefix, replyPrefix, replyTimeoutNs, open, drainTimeoutNs, shard, maxInFlight,
                ns == null ? 0 : ns, replyBy);
    }

    /** These settings with requesters that get their replies this way ({@code --reply-by}; null: the router). */
    public ReqRespSettings withReplyBy(ReplyBy by) {
        return new ReqRespSettings(rate, requesters, responders, warmup, durationNs, size, persistent, syncpoint,
                queues, requestPrefix, replyPrefix, replyTimeoutNs, open, drainTimeoutNs, shard, maxInFlight,
                consumeDelayNs, by == null ? ReplyBy.ROUTER : by);
    }

    /**
     * The most requests a second the responders here can answer when each takes {@code consumeDelayNs}
     * over a request; infinite when they take no set time.
     */
    public double consumeCapacity() {
        return consumeCapacity(false);
    }

    /**
     * As above; with {@code loopPerQueue} (--receive sync) a responder answers each of its request
     * queues in a loop of its own, so as many requests at a time as there are responders or queues,
     * whichever more.
     */
    public double consumeCapacity(boolean loopPerQueue) {
        return ConsumerSpread.most(responders, ownQueues(), consumeDelayNs, loopPerQueue);
    }

    /** The header's responders line; {@code loopPerQueue} as for {@link #consumeCapacity(boolean)}. */
    Setting respondersSetting(boolean loopPerQueue) {
        return new Setting("responders", responders == 0 ? "none here (run harness respond)" : responders
                + (consumeDelayNs == 0 ? "" : "; each takes " + Format.duration(consumeDelayNs) + " over every request before"
                        + " it replies (--consume-delay)" + (loopPerQueue ? ", a request per queue at a time" : "")
                        + ": at most " + Format.mostRate(consumeCapacity(loopPerQueue)) + " requests/s together"
                        + (ConsumerSpread.uneven(responders, ownQueues(), loopPerQueue) ? ", less as " + ownQueues()
                                + " request queues load them unevenly" : "")));
    }

    /**
     * The settings from options a user may leave out (null): IBM's standard workload of 10
     * requesters, 10 + 10 queues, a responder per request queue, in syncpoint, closed, 30 s reply timeout.
     */
    public static ReqRespSettings of(double rate, Integer requesters, Integer responders, Warmup warmup, long durationNs,
            SizeMix size, boolean persistent, Integer syncpoint, Integer queues, String requestPrefix, String replyPrefix,
            Long replyTimeoutNs, Mode mode, long drainTimeoutNs) {
        int queueCount = queues == null ? DEFAULT_QUEUES : queues;
        boolean open = (mode == null ? DEFAULT_MODE : mode) == Mode.OPEN;
        ReqRespSettings settings = new ReqRespSettings(rate, requesters == null ? DEFAULT_REQUESTERS : requesters,
                responders == null ? queueCount : responders, warmup, durationNs, size, persistent,
                syncpoint == null ? DEFAULT_SYNCPOINT : syncpoint, queueCount,
                requestPrefix == null ? DEFAULT_REQUEST_PREFIX : requestPrefix,
                replyPrefix == null ? DEFAULT_REPLY_PREFIX : replyPrefix,
                replyTimeoutNs == null ? DEFAULT_REPLY_TIMEOUT_NS : replyTimeoutNs, open, drainTimeoutNs, Shard.WHOLE);
        if (open) {
            settings.openModeCapacity(); // a ring too large for the reply timeout is refused before any connection
        }
        return settings;
    }

    /** These settings for shard I of N: its share of the round trips, on request and reply queues of its own. */
    public ReqRespSettings withShard(Shard s) {
        ReqRespSettings settings = new ReqRespSettings(rate, requesters, responders, warmup, durationNs, size, persistent,
                syncpoint, queues, requestPrefix, replyPrefix, replyTimeoutNs, open, drainTimeoutNs, s, maxInFlight,
                consumeDelayNs, replyBy);
        if (open) {
            settings.openModeCapacity();
        }
        return settings;
    }

    /**
     * These settings as a warm-up burst of {@code lengthNs} before the run, on request and reply
     * queues of the harness's own ({@link WorkloadSettings#WARMUP_QUEUE_PREFIX}), as fast as
     * {@link PutSettings#warmingBurst}; null when the responders run elsewhere, since they answer
     * the run's queues only.
     */
    public ReqRespSettings warmingBurst(long lengthNs) {
        if (responders == 0) {
            return null;
        }
        return new ReqRespSettings(rate == 0 ? 0 : Math.max(rate, WARMUP_BURST_RATE), Math.max(requesters, WARMUP_BURST_WORKERS),
                responders, Warmup.fixed(0), lengthNs, size, persistent, syncpoint, queues,
                WARMUP_QUEUE_PREFIX + requestPrefix, WARMUP_QUEUE_PREFIX + replyPrefix,
                Math.min(replyTimeoutNs, WARMUP_BURST_DRAIN_NS), open, WARMUP_BURST_DRAIN_NS, shard, maxInFlight, 0, replyBy);
    }

    /** The request (and reply) queues of this process: all of them, or a shard's share. */
    public int ownQueues() {
        return WorkloadSettings.ownQueues(shard, queues);
    }

    /** Most requests a requester can have out in open mode: ring slots, 16 bytes each. */
    public static final int MAX_OUTSTANDING = 1 << 20;

    /**
     * Open mode: slots for twice the requests a requester sends within one reply timeout (a
     * catch-up burst sends faster than the schedule), as a power of two.
     */
    public int openModeCapacity() {
        return openModeCapacity(0);
    }

    /** As above, each request held {@code deliveryDelayNs} by the broker before its reply timeout runs. */
    int openModeCapacity(long deliveryDelayNs) {
        double needed = shard.share(rate) / requesters * ((replyTimeoutNs + deliveryDelayNs) / 1e9) * 2 + 16;
        if (needed > MAX_OUTSTANDING) {
            throw new SettingsException(deliveryDelayNs > 0 ? "--delivery-delay" : "--mode open", String.format(Locale.ROOT,
                    "open mode would keep %.0f requests out per requester within the reply timeout%s (at most %d):"
                            + " lower --reply-timeout%s, or add requesters", needed / 2,
                    deliveryDelayNs > 0 ? " and the delivery delay" : "", MAX_OUTSTANDING / 2,
                    deliveryDelayNs > 0 ? " or --delivery-delay" : ""));
        }
        return Integer.highestOneBit((int) needed - 1) << 1;
    }

    String requestQueue(int index) {
        return requestPrefix + (shard.globalIndex(index) + 1);
    }

    String replyQueue(int index) {
        return replyPrefix + (shard.globalIndex(index) + 1);
    }

    @Override
    public List<Setting> describe() {
        List<Setting> s = new ArrayList<>();
        s.add(new Setting("rate", rate == 0 ? "max (a closed loop: each requester sends its next request as its reply"
                + " comes, response measured from that send)" : Format.rate(rate) + " " + WorkloadKind.REQRESP.rateUnit()));
        s.add(new Setting("mode", open ? "open (requests leave on schedule; replies matched as they come)"
                : "closed (each requester waits for its reply before its next request)"));
        s.add(new Setting("requesters", Integer.toString(requesters)));
        s.add(respondersSetting(false));
        s.add(new Setting("warmup", warmup.describe()));
        s.add(new Setting("duration", Format.duration(durationNs)));
        s.add(new Setting("size", size.single() ? size.describe() + " (request and reply)" : "request and reply: " + size.describe()));
        s.add(new Setting("persistence", persistent ? "persistent" : "non-persistent"));
        s.add(new Setting("syncpoint", syncpoint == 0 ? "outside syncpoint"
                : "in syncpoint: requesters commit puts" + (open && syncpoint > 1 ? " every " + syncpoint : "")
                        + " and gets; responders commit each get with its reply"));
        String replies = replyBy == ReplyBy.TEMPORARY ? "; replies on a temporary queue per requester"
                : String.format(Locale.ROOT, " and %d reply (%s..)", ownQueues(), replyQueue(0));
        s.add(new Setting("queues", String.format(Locale.ROOT, "%d request (%s..)%s%s", ownQueues(), requestQueue(0),
                replies, shard.whole() ? "" : ", every " + Format.ordinal(shard.count()) + " of " + queues)));
        s.add(new Setting("reply by", replyBy.describe()));
        s.add(new Setting("reply timeout", Format.duration(replyTimeoutNs)));
        if (open) {
            s.add(new Setting("in flight", WorkloadSettings.describeInFlight(maxInFlight, "requester")));
        }
        return s;
    }
}
