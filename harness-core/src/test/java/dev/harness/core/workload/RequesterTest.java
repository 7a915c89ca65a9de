package dev.harness.core.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import dev.harness.core.measure.IntervalSnapshot;
import dev.harness.core.measure.Measurement;
import dev.harness.core.measure.View;
import dev.harness.core.run.RunControl;
import dev.harness.core.schedule.Schedule;
import dev.harness.core.schedule.Warmup;

/**
 * A requester's decisions, on stand-in JMS objects (FakeJms): when it commits, what it sends, and
 * what becomes of requests with no reply. The schedule is short and real; nothing here asserts a
 * time, only counts and values the timeout sets.
 */
class RequesterTest {
    private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);
    private static final long RUN = 7;

    private final FakeJms jms = new FakeJms();
    private final RunControl control = new RunControl();
    private final List<MessageHeader> answered = new ArrayList<>();
    private Schedule schedule;

    private ReqRespSettings settings(boolean open, int syncpoint, long replyTimeoutNs) {
        return new ReqRespSettings(2_000, 1, 0, Warmup.fixed(0), 20 * MS, SizeMix.of(64), true, syncpoint, 2, "REQUEST", "REPLY", replyTimeoutNs,
                open, 1_000 * MS, dev.harness.core.schedule.Shard.WHOLE);
    }

    /** Runs one requester over a 20 ms schedule at 2,000/s (40 requests); returns the cut interval. */
    private IntervalSnapshot run(ReqRespSettings settings, Ledger ledger, boolean answer) throws Exception {
        return run(settings, ledger, answer, 0);
    }

    private IntervalSnapshot run(ReqRespSettings settings, Ledger ledger, boolean answer, long reconnectTimeoutNs)
            throws Exception {
        Reconnect reconnect = new Reconnect(jms.provider(), control, reconnectTimeoutNs);
        Requester requester = new Requester(0, settings, control, RUN, MessageContent.of(settings.size()), ledger, reconnect, SizeResponses.none());
        requester.open(jms.provider());
        schedule = new Schedule(System.nanoTime() + 50 * MS, settings.rate(), settings.durationNs());
        try (Measurement m = Measurement.start(0, 60, schedule.intervalNs(), 5 * MS)) {
            m.begin(schedule);
            reconnect.bind(m.outages());
            requester.bind(schedule, m);
            Thread t = new Thread(requester, "requester-under-test");
            t.start();
            // The responder's side, if any: every request sent gets its reply at once.
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (t.isAlive() && System.nanoTime() < deadline) {
                MessageHeader h;
                while (answer && (h = jms.sent.poll()) != null) {
                    requester.replied(h.sequence, h.intendedNs, h.sendNs, System.nanoTime(), false);
                    answered.add(h);
                }
                t.join(1);
            }
            assertTrue(!t.isAlive(), "the requester did not finish");
            assertEquals(answer ? 40 : 0, answered.size());
            assertEquals(40, requester.resolved(), "every request answered or given up");
            return m.takeInterval(System.nanoTime());
        }
    }

    @Test
    @Timeout(60)
    void openModeCommitsEveryNRequests() throws Exception {
        IntervalSnapshot i = run(settings(true, 10, 5_000 * MS), Ledger.of(40, 1), true);
        assertEquals(4, jms.commits.get(), "40 requests, a commit every 10");
        assertEquals(40, i.counts().completed());
        assertEquals(0, i.counts().lost());
    }

    @Test
    @Timeout(60)
    void requestsGoOutInScheduleOrderWithTheirIntendedTimes() throws Exception {
        run(settings(true, 1, 5_000 * MS), Ledger.of(40, 1), true);
        assertEquals(40, jms.commits.get(), "syncpoint 1: each request alone");
        for (int k = 0; k < 40; k++) {
            MessageHeader h = answered.get(k);
            assertEquals(k, h.sequence, "schedule order");
            assertEquals(schedule.intendedNs(k), h.intendedNs);
            assertEquals(RUN, h.runId);
            assertTrue(h.sendNs - h.intendedNs >= 0, "never sent before it is due");
        }
    }

    @Test
    @Timeout(60)
    void requestsWithNoReplyAreLostAndStayInTheViewsAtTheirTimeout() throws Exception {
        long timeoutNs = 30 * MS;
        IntervalSnapshot i = run(settings(true, 1, timeoutNs), Ledger.of(40, 1), false);
        List<Long> sequences = new ArrayList<>();
        jms.sent.forEach(h -> sequences.add(h.sequence));
        assertEquals(40, sequences.size());
        for (int k = 0; k < 40; k++) {
            assertEquals(k, sequences.get(k), "schedule order");
        }
        assertEquals(0, i.counts().completed());
        assertEquals(40, i.counts().lost());
        assertEquals(40, i.measured().get(View.LOST).getTotalCount());
        assertEquals(40, i.measured().get(View.RESPONSE).getTotalCount());
        // Service of a lost request is its timeout exactly (3 significant digits).
        assertEquals(timeoutNs, i.measured().get(View.SERVICE).getMinValue(), timeoutNs / 500);
        assertEquals(timeoutNs, i.measured().get(View.SERVICE).getMaxValue(), timeoutNs / 500);
        assertTrue(i.measured().get(View.RESPONSE).getMinValue() >= timeoutNs * 0.998, "response at least the timeout");
    }

    @Test
    @Timeout(60)
    void closedModeCommitsEachRequestAndWaitsForItsReply() throws Exception {
        IntervalSnapshot i = run(settings(false, 1, 5_000 * MS), Ledger.of(40, 1), true);
        assertEquals(40, jms.commits.get());
        assertEquals(40, i.counts().completed());
    }

    @Test
    @Timeout(60)
    void aRequestWhoseBuildingFailsIsSentOnceOnTheNextConnection() throws Exception {
        jms.failCreateAt = 5; // the session is gone before the sixth request is built
        Ledger ledger = Ledger.of(40, 1);
        IntervalSnapshot i = run(settings(true, 0, 5_000 * MS).withMaxInFlight(4), ledger, true, TimeUnit.SECONDS.toNanos(30));
        java.util.Map<Long, Integer> sends = new java.util.TreeMap<>();
        answered.forEach(h -> sends.merge(h.sequence, 1, Integer::sum));
        assertEquals(40, sends.size());
        sends.forEach((sequence, n) -> assertEquals(1, n, "request " + sequence + " sent once: it never left"));
        assertEquals(2, jms.connects.get(), "connected again once");
        assertEquals(0, ledger.delivery(true, 0, 0).inDoubt(), "a request never handed to the client is no doubt");
        assertEquals(40, i.counts().completed());
    }
}
