package dev.harness.core.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ConsumerSpreadTest {
    private static final long MS4 = 4_000_000; // 250 a second per handler

    @Test
    void evenlySpreadConsumersTakeTheirNumberOverTheDelay() {
        assertEquals(200, ConsumerSpread.taken(1, 1, 5_000_000, 500, false), 1e-9, "1 drainer at 5 ms");
        assertEquals(500, ConsumerSpread.taken(2, 4, MS4, 600, false), 1e-9);
        assertEquals(500, ConsumerSpread.taken(4, 2, MS4 * 2, 600, false), 1e-9, "2 on each queue, 125 a second each");
        assertEquals(300, ConsumerSpread.taken(2, 4, MS4, 300, false), 1e-9, "faster than the rate: all of it");
        assertFalse(ConsumerSpread.uneven(2, 4, false));
        assertFalse(ConsumerSpread.uneven(4, 2, false));
        assertFalse(ConsumerSpread.uneven(1, 1, false));
    }

    /** 3 queues over 2 drainers at 4 ms, 500 a second: one drainer has 333 a second on two queues, the other 167. */
    @Test
    void threeQueuesOverTwoDrainersLoadOneTwiceAsMuch() {
        assertEquals(250 + 500.0 / 3, ConsumerSpread.taken(2, 3, MS4, 500, false), 1e-9);
        assertTrue(ConsumerSpread.uneven(2, 3, false));
        // A loop per queue: each queue its own 250 a second, more than its 167.
        assertEquals(500, ConsumerSpread.taken(2, 3, MS4, 500, true), 1e-9);
        assertFalse(ConsumerSpread.uneven(2, 3, true));
        assertEquals(750, ConsumerSpread.taken(2, 3, MS4, 900, true), 1e-9);
    }

    /** 3 drainers on 2 queues: queue 0 has two of them, queue 1 one; each queue gets half the rate. */
    @Test
    void moreConsumersThanQueuesShareTheQueuesUnevenly() {
        assertEquals(300 + 250, ConsumerSpread.taken(3, 2, MS4, 600, false), 1e-9, "queue 0: 300 of 500; queue 1: 250 of 300");
        assertEquals(300 + 250, ConsumerSpread.taken(3, 2, MS4, 600, true), 1e-9);
        assertTrue(ConsumerSpread.uneven(3, 2, false));
        assertTrue(ConsumerSpread.uneven(3, 2, true));
    }

    /** However fast messages come: a listener's consumers one at a time each; a loop per queue as many as consumers or queues. */
    @Test
    void theMostIsTheHandlersOverTheDelay() {
        assertEquals(2 * 250, ConsumerSpread.most(2, 3, MS4, false), 1e-9, "both drainers always busy");
        assertEquals(3 * 250, ConsumerSpread.most(2, 3, MS4, true), 1e-9);
        assertEquals(3 * 250, ConsumerSpread.most(3, 2, MS4, true), 1e-9);
        assertEquals(Double.POSITIVE_INFINITY, ConsumerSpread.most(2, 3, 0, true));
    }

    @Test
    void noDelayOrNoConsumersHereSetNoLimit() {
        assertEquals(1234, ConsumerSpread.taken(2, 3, 0, 1234, false), 1e-9);
        assertEquals(1234, ConsumerSpread.taken(0, 3, MS4, 1234, false), 1e-9, "responders elsewhere: not this run's design");
    }
}
