package dev.harness.core.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import dev.harness.core.schedule.Schedule;

/**
 * --delivery-delay: messages are due for delivery a delay after their intended sends, so the
 * silence before the first delivery is no gap, and a real one is measured from when deliveries
 * were due. Exact arithmetic on a schedule of 100 messages a second.
 */
class DeliveryDelayGapsTest {
    private static final long MS = 1_000_000L;
    private static final long S = 1_000 * MS;

    private static ThroughputMeter meter(Schedule schedule, long delayNs) {
        ThroughputMeter meter = new ThroughputMeter(60);
        meter.startAt(schedule.startNs());
        meter.measureGapsFrom(schedule.startNs());
        meter.follow(schedule);
        if (delayNs > 0) {
            meter.deliveredAfter(delayNs);
        }
        return meter;
    }

    @Test
    void theDelayBeforeTheFirstDeliveryIsNoGap() {
        Schedule schedule = new Schedule(10 * S, 100, 5 * S);
        ThroughputMeter delayed = meter(schedule, S);
        ThroughputMeter unaware = meter(schedule, 0);
        for (long k = 0; k < schedule.total(); k++) {
            long dueNs = schedule.intendedNs(k) + S;
            delayed.completion(dueNs + MS, dueNs);
            unaware.completion(dueNs + MS, dueNs);
        }
        assertEquals(MS, delayed.longestGapNs(), "every delivery 1 ms after it was due: the first 1 ms late, no more");
        assertEquals(S + MS, unaware.longestGapNs(), "a meter that does not know the delay sees its silence as a gap");
    }

    @Test
    void aStallAfterTheDelayIsMeasuredFromWhenDeliveriesWereDue() {
        Schedule schedule = new Schedule(10 * S, 100, 5 * S);
        ThroughputMeter meter = meter(schedule, 500 * MS);
        long stallFrom = schedule.startNs() + 2 * S + 500 * MS; // deliveries due from here wait 300 ms
        for (long k = 0; k < schedule.total(); k++) {
            long dueNs = schedule.intendedNs(k) + 500 * MS;
            long deliveredNs = dueNs >= stallFrom && dueNs < stallFrom + 300 * MS ? stallFrom + 300 * MS : dueNs + MS;
            meter.completion(deliveredNs, dueNs);
        }
        assertEquals(300 * MS, meter.longestGapNs(), "from the first delivery due in the stall to its end");
        assertTrue(meter.longestGapStartNs() == stallFrom, () -> "at " + (meter.longestGapStartNs() - schedule.startNs()));
    }
}
