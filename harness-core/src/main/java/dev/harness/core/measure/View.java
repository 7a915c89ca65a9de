package dev.harness.core.measure;

import java.util.Map;

import org.HdrHistogram.Histogram;

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
    /**
     * The part of send-lag that is the harness's own: of the time from the intended send to the
     * actual send, what the worker did not spend waiting on the system under test (in a send or
     * commit call, for a slot of its in-flight window, for a closed loop's reply, through a
     * reconnect). Pacing, bookkeeping, waiting for a CPU and pauses of this JVM are its own; the
     * rest of send-lag was inherited from the system holding earlier sends up.
     */
    OWN_LAG("own-lag"),
    /** Duration of each send() call (MQPUT). */
    PUT("put"),
    /** Duration of each commit() call (MQCMIT). */
    COMMIT("commit"),
    /**
     * Asynchronous sends ({@code --max-in-flight} above 1): from the send call to the broker's
     * acknowledgement of that send (its CompletionListener).
     */
    ACK("ack"),
    /**
     * The put timings with LatencyStats' correction for pauses of the harness JVM during which
     * sends were due, and nothing for time when none was due (see DuePause).
     */
    PAUSE_CORRECTED("pause-corrected"),
    /** Request/response: a responder's get-to-commit time for one request. */
    RESPONDER("responder"),
    /**
     * Request/response: the requests given up at their reply timeout, each at the least its
     * {@code response} can be (the timeout's end minus the intended send time). {@code response}
     * and {@code service} hold these values too, so their percentiles never leave a lost request
     * out; this view says how many of their values are such, and readers of a log subtract it to
     * count completions.
     */
    LOST("lost"),
    /**
     * Publish/subscribe: the whole fan-out of one message, from its intended publish time until the
     * last subscription that should have it has it; one sample per message. {@code response} and
     * {@code service} there hold one sample per delivery, so this view's count is the completions.
     */
    FANOUT("fanout"),
    /**
     * {@code --reconnect-every}: a worker's closing of its connection and making of a new one
     * (connection, session, producers), as an application that reconnects does; one sample per
     * reconnect, at the intended time of the last message the old connection carried.
     */
    CONNECT("connect");

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

    /**
     * The completions among these histograms of one phase: a message's fan-out where the run
     * publishes ({@code fanOut}), one sample each; elsewhere response's samples less the requests
     * given up, which it holds too. The rule for the summary; the measurement's interval count and a
     * log's reader ({@code HlogRun}) apply the same, to their own histograms.
     */
    public static long completions(Map<View, Histogram> views, boolean fanOut) {
        if (fanOut) {
            return views.get(FANOUT).getTotalCount();
        }
        return views.get(RESPONSE).getTotalCount() - views.get(LOST).getTotalCount();
    }
}
