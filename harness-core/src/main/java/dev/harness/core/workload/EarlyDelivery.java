package dev.harness.core.workload;

import dev.harness.core.Units;

/**
 * --delivery-delay kept by the broker, or not: a message got before half its delay had passed means
 * the broker ignores the delay (it comes about the whole delay early then), and every response
 * measured from the delay's end would read as none. The run fails saying so, rather than report
 * zeros. Half the delay leaves room for the delay's millisecond rounding and for the skew between
 * the clock that stamps the delivery time and the one that keeps it (a client's and a broker's).
 */
final class EarlyDelivery {
    private EarlyDelivery() {
    }

    /** Whether a message got at {@code receivedNs} came too early for one due at {@code dueNs}. */
    static boolean early(long receivedNs, long dueNs, long delayNs) {
        return delayNs > 0 && dueNs - receivedNs > delayNs / 2;
    }

    /** The run's failure, in one line. */
    static String why(String who, long receivedNs, long dueNs, long delayNs) {
        return who + ": a message came " + Units.ms(dueNs - receivedNs) + " ms before its --delivery-delay of "
                + Units.ms(delayNs) + " ms had passed: the broker does not hold messages for their delivery delay (or its"
                + " clock and this host's are that far apart), so no response could be measured from it";
    }
}
