package dev.harness.agent.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The session's end on the probed JVM's exit hook: a shipper blocked writing to a harness probe
 * that stopped reading (stopped with Ctrl-Z, say) holds the session; the exit must not wait on it.
 * What the session ships of a failed call.
 */
class ProbeSessionTest {
    private static final long S = 1_000_000_000L;

    @TempDir
    Path dir;

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

    /**
     * A send that blocked 30 s and then threw is what the application waited: it is the send
     * tag's max in the hlog and in its pause-corrected view, and is counted as failed too.
     */
    @Test
    void aFailedCallsTimeIsTheOperationsMax() throws Exception {
        Path hlog = dir.resolve("app.hlog");
        Output.Files out = new Output.Files(ProbeOptions.parse("probe,hlog=" + hlog + ",interval=1s"), System.currentTimeMillis(),
                "test");
        // A detector whose threshold no real pause reaches: the view holds the calls and nothing else.
        PauseCorrection view = new PauseCorrection(new PauseCorrection.Detector(100_000_000L, 3_600 * S, 1), null);
        try {
            ProbeSession session = new ProbeSession(null, out, 1_000, view);
            session.recorders.send(1_000_000L, null, 0, null);
            session.recorders.send(30 * S, null, 0, new IllegalStateException("AMQ219014: timed out"));
            session.shipOnce();
        } finally {
            view.stop();
            out.end("test over");
        }
        Map<String, Histogram> tags = new java.util.HashMap<>();
        HistogramLogReader reader = new HistogramLogReader(hlog.toFile());
        EncodableHistogram h;
        while ((h = reader.nextIntervalHistogram()) != null) {
            tags.computeIfAbsent(h.getTag(), t -> Recorders.histogram()).add((Histogram) h);
        }
        for (String tag : java.util.List.of("send", "send-pause-corrected")) {
            Histogram t = tags.get(tag);
            assertTrue(t != null && t.getTotalCount() == 2, tag + ": both calls, in " + tags.keySet());
            assertTrue(t.getMaxValue() >= 30 * S, tag + "'s max " + t.getMaxValue() + " ns");
        }
        String table = Files.readString(Path.of(hlog + ".txt"));
        assertTrue(table.contains("send failed 1 times"), table);
        assertTrue(table.contains("send IllegalStateException: 1"), table);
        assertTrue(table.matches("(?s).*\\nsend +2 .* 30\\d{6}\\n.*"), "the summary's send row: 2 calls, max 30 s\n" + table);
    }
}
