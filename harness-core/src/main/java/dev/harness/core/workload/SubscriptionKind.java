package dev.harness.core.workload;

/**
 * The four kinds of JMS 2.0 subscription ({@code --subscription}): who else may consume from it,
 * and whether it outlives its consumers.
 */
public enum SubscriptionKind {
    /** One consumer; it exists while the consumer does, and misses what is published while it is gone. */
    NONDURABLE("nondurable", false, false),
    /** One consumer under a client ID; kept by the broker between consumers, until unsubscribed. */
    DURABLE("durable", true, false),
    /** Several consumers share its messages, each message to one; exists while any consumer does. */
    SHARED("shared", false, true),
    /** Several consumers share it, and the broker keeps it between them, until unsubscribed. */
    SHARED_DURABLE("shared-durable", true, true);

    private final String tag;
    private final boolean durable;
    private final boolean shared;

    SubscriptionKind(String tag, boolean durable, boolean shared) {
        this.tag = tag;
        this.durable = durable;
        this.shared = shared;
    }

    public boolean durable() {
        return durable;
    }

    public boolean shared() {
        return shared;
    }

    /** The name on the command line: nondurable, durable, shared, shared-durable. */
    @Override
    public String toString() {
        return tag;
    }
}
