package dev.harness.agent.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The session's end on the probed JVM's exit hook: a shipper blocked writing to a harness probe
 * that stopped reading (stopped with Ctrl-Z, say) holds the session; the exit must not wait on it.
 */
class ProbeSessionTest {
    /** A wire whose flush blocks, as a write to a full socket does, until the output is aborted. */
    static final class StuckOutput implements Output {
        final CountDownLatch writing = new CountDownLatch(1);
        final CountDownLatch aborted = new CountDownLatch(1);
        volatile String ended;

        @Override
        public void message(String text) {
        }

        @Override
        public void interval(String outcome, String tag, long startMs, long endMs, Histogram h) {
        }

        @Override
        public void errorKinds(Map<String, Long> kinds) {
        }

        @Override
        public void delivery(String tag, long persistent, long nonPersistent, long unknown) {
        }

        @Override
        public void cost(long cpuNs, long wallNs, long detectorNs, long meterNs) {
        }

        @Override
        public void flush() throws IOException {
            writing.countDown();
            try {
                aborted.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            throw new IOException("Socket closed");
        }

        @Override
        public void end(String reason) {
            ended = reason;
        }

        @Override
        public void abort() {
            aborted.countDown();
        }
    }

    @AfterEach
    void clear() {
        System.clearProperty(ProbeSession.STATUS_PROPERTY);
    }

    @Test
    void theExitHookDoesNotWaitOnAShipperBlockedInAWrite() throws Exception {
        StuckOutput out = new StuckOutput();
        ProbeSession session = new ProbeSession(null, out, 1_000, new PauseCorrection(null, "no view in this test"));
        Thread shipper = new Thread(() -> {
            try {
                session.shipOnce();
            } catch (IOException e) {
                // closed under it: as the real shipper sees it
            }
        }, "test-shipper");
        shipper.setDaemon(true);
        shipper.start();
        assertTrue(out.writing.await(30, TimeUnit.SECONDS), "the shipper never wrote");

        // A hang here is the bug: the hook waiting for the shipper's lock, forever.
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> session.stop("the probed JVM is exiting", false));
        assertEquals(0, out.aborted.getCount(), "the output was not closed under the blocked shipper");
        shipper.join(30_000);
        assertFalse(shipper.isAlive(), "the shipper is still blocked");
    }
}
