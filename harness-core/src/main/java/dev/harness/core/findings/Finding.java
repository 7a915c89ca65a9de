package dev.harness.core.findings;

/**
 * One sentence of a run's reading, the same words in every output.
 *
 * @param code a stable name (JSON {@code findings[].code}): {@code offered-load}, {@code schedule}, {@code back-pressure},
 *     {@code understatement}, {@code hiccups},
 *     {@code jvm-pauses}, {@code gc-pauses}, {@code host-queue}, {@code outage}, {@code delivery},
 *     {@code subscription-backlog}
 * @param text the sentence
 */
public record Finding(String code, String text) {
    public static final String OFFERED_LOAD = "offered-load";
    public static final String SCHEDULE = "schedule";
    /** The schedule held, but the broker's late confirmations filled the in-flight window and sends waited for it. */
    public static final String BACK_PRESSURE = "back-pressure";
    public static final String HICCUPS = "hiccups";
    public static final String UNDERSTATEMENT = "understatement";
    public static final String JVM_PAUSES = "jvm-pauses";
    public static final String GC_PAUSES = "gc-pauses";
    public static final String HOST_QUEUE = "host-queue";
    public static final String OUTAGE = "outage";
    public static final String DELIVERY = "delivery";
    /** Publish/subscribe: subscriptions whose backlog grew through the measured phase, and whose limit that was. */
    public static final String SUBSCRIPTION_BACKLOG = "subscription-backlog";
}
