package dev.harness.core.workload;

import java.util.concurrent.TimeUnit;

import dev.harness.core.Units;

/**
 * --delivery-delay kept by the broker, or not: a message got well before its intended time plus the
 * delay means the broker ignores the delay (ActiveMQ Classic without its scheduler does), and every
 * response measured from the delay's end would read as none. The run fails saying so, rather than
 * report zeros. A millisecond either way is the delay's own rounding and the clocks'.
 */
final class EarlyDelivery {
    private static final long MOST_TOLERANCE_NS = TimeUnit.MILLISECONDS.toNanos(10);

    private EarlyDelivery() {
    }

    /** Whether a message got at {@code receivedNs} came too early for one due at {@code dueNs}. */
    static boolean early(long receivedNs, long dueNs, long delayNs) {
        return delayNs > 0 && dueNs - receivedNs > Math.min(MOST_TOLERANCE_NS, delayNs / 2);
    }

    /** The run's failure, in one line. */
    static String why(String who, long receivedNs, long dueNs, long delayNs) {
        return who + ": a message came " + Units.ms(dueNs - receivedNs) + " ms before its --delivery-delay of "
                + Units.ms(delayNs) + " ms had passed: the broker does not hold messages for their delivery delay (ActiveMQ"
                + " Classic needs schedulerSupport=\"true\"), so no response could be measured from it";
    }
}
