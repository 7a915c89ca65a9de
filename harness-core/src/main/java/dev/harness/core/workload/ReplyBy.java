package dev.harness.core.workload;

import java.util.Locale;

/** How a requester gets its replies ({@code --reply-by}). */
public enum ReplyBy {
    /** One consumer per reply queue hands each reply to the requester its body names. */
    ROUTER("one consumer per reply queue hands each reply to the requester named in it"),
    /**
     * Each request's reply is got with a JMSCorrelationID selector on the request's JMSMessageID, a
     * consumer per request on the requester's own session, as MQ requesters do. One reply at a
     * time: closed mode only.
     */
    CORRELATION_ID("each requester gets each reply with a selector JMSCorrelationID = the request's JMSMessageID,"
            + " a consumer per request on its own session, as MQ requesters do"),
    /** A temporary queue per requester, created on a connection of its own, named in each request's JMSReplyTo. */
    TEMPORARY("a temporary reply queue per requester, with a consumer of its own");

    private final String describe;

    ReplyBy(String describe) {
        this.describe = describe;
    }

    /** The name on the command line: router, correlation-id, temporary. */
    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** What the header says. */
    public String describe() {
        return this + ": " + describe;
    }

    /** The choice of this name (as on the command line, any case), or null. */
    public static ReplyBy of(String name) {
        for (ReplyBy r : values()) {
            if (r.toString().equalsIgnoreCase(name.strip())) {
                return r;
            }
        }
        return null;
    }
}
