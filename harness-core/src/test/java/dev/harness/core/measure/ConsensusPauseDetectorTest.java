package dev.harness.core.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The consensus rule on votes with made-up times (no thread of its own, no sleeping): a pause is
 * reported only when every voter was silent, with its length less one loop.
 */
class ConsensusPauseDetectorTest {
    private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);

    private final ConsensusPauseDetector detector = new ConsensusPauseDetector(10 * MS, 10 * MS, 0);
    private final List<long[]> pauses = new CopyOnWriteArrayList<>();

    ConsensusPauseDetectorTest() {
        detector.addListener((lengthNs, endNs) -> pauses.add(new long[] {lengthNs, endNs}), true);
    }

    @AfterEach
    void shutdown() {
        detector.shutdown();
    }

    /** Two voters 10 ms apart each, half a loop out of step, from {@code fromMs} to {@code toMs}. */
    private static void steady(ConsensusPauseDetector.Voter a, ConsensusPauseDetector.Voter b, long fromMs, long toMs) {
        for (long t = fromMs; t <= toMs; t += 10) {
            a.woke(t * MS);
            b.woke((t + 5) * MS);
        }
    }

    /** Listeners hear on the detector's dispatcher thread: waits for that many reports, or 10 s. */
    private void awaitReports(int n) throws InterruptedException {
        for (int i = 0; i < 1_000 && pauses.size() < n; i++) {
            Thread.sleep(10);
        }
    }

    @Test
    void aStretchWithNoVoteIsAPauseLessOneLoop() throws Exception {
        ConsensusPauseDetector.Voter a = detector.voter();
        ConsensusPauseDetector.Voter b = detector.voter();
        steady(a, b, 1_000, 1_100); // last votes: a at 1,100 ms, b at 1,105 ms
        a.woke(3_100 * MS); // both silent for 2 s
        b.woke(3_105 * MS);
        steady(a, b, 3_110, 3_200);
        awaitReports(1);
        Thread.sleep(50); // a second, wrong report would have arrived by now
        assertEquals(1, pauses.size(), "one pause");
        assertEquals(3_100 * MS - 1_105 * MS - 10 * MS, pauses.get(0)[0], "from the last vote of anyone, less a's loop");
        assertEquals(3_100 * MS, pauses.get(0)[1]);
    }

    @Test
    void oneVoterLateWhileTheOtherVotesIsNoPause() throws Exception {
        ConsensusPauseDetector.Voter a = detector.voter();
        ConsensusPauseDetector.Voter b = detector.voter();
        steady(a, b, 1_000, 1_100);
        for (long t = 1_115; t <= 1_600; t += 10) {
            b.woke(t * MS); // a is descheduled for half a second; b keeps voting
        }
        a.woke(1_610 * MS);
        steady(a, b, 1_620, 1_700);
        // A real pause afterwards is reported: so the listener works and the earlier silence was no pause.
        a.woke(2_000 * MS);
        awaitReports(1);
        assertEquals(1, pauses.size());
        assertEquals(2_000 * MS, pauses.get(0)[1]);
    }

    @Test
    void aGapUnderTheThresholdIsNoPause() throws Exception {
        ConsensusPauseDetector.Voter a = detector.voter();
        steady(a, detector.voter(), 1_000, 1_100);
        a.woke(1_125 * MS); // 20 ms after the last vote, one loop of 10: 10 ms, not over the threshold
        a.woke(1_200 * MS); // 75 ms after the last vote: a pause of 65 ms
        awaitReports(1);
        assertEquals(1, pauses.size());
        assertEquals(65 * MS, pauses.get(0)[0]);
    }

    @Test
    void aFirstVoteReportsNothing() throws Exception {
        ConsensusPauseDetector.Voter a = detector.voter();
        steady(a, detector.voter(), 1_000, 1_100);
        ConsensusPauseDetector.Voter late = detector.voter();
        late.woke(5_000 * MS); // a voter that joins late: its first vote finds the consensus old
        a.woke(5_010 * MS);
        a.woke(6_000 * MS); // a true pause after it
        awaitReports(1);
        assertEquals(1, pauses.size());
        assertTrue(pauses.get(0)[1] == 6_000 * MS, "only the pause after the late voter's first vote");
    }
}
