package dev.harness.agent.probe;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

import dev.harness.agent.boot.ProbeHooks;

/**
 * The advice benchmark measures what it says: one {@code sendAdvice} is a send timed once into
 * the raw view and counted persistent outside syncpoint, by asking Artemis' real producer (a
 * producer the handles could not read would count as unknown, a transacted one under
 * send-syncpoint), and the probe's sink is gone afterwards.
 */
class ProbeAdviceBenchmarkTest {
    @Test
    void aSendAdviceIsOnePersistentSendRecorded() throws Exception {
        ProbeAdviceBenchmark b = new ProbeAdviceBenchmark();
        ProbeAdviceBenchmark.ArtemisProducer p = new ProbeAdviceBenchmark.ArtemisProducer();
        b.setup();
        p.setup();
        try {
            assertEquals(Producers.PERSISTENT, b.askProducer(p), "not transacted, persistent");
            b.sendAdvice(p);
            assertArrayEquals(new long[] {0, 0, 1}, b.recorders.delivery(ProbeHooks.SEND));
            assertArrayEquals(new long[] {0, 0, 0}, b.recorders.delivery(ProbeHooks.SEND_SYNCPOINT));
            assertEquals(1, b.recorders.calls[ProbeHooks.SEND].getIntervalHistogram().getTotalCount());
        } finally {
            p.tearDown();
            b.tearDown();
        }
        assertNull(ProbeHooks.sink);
    }
}
