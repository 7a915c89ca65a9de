package dev.harness.core.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import javax.jms.JMSException;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import dev.harness.core.measure.Measurement;
import dev.harness.core.run.Delivery;
import dev.harness.core.run.RunControl;
import dev.harness.core.schedule.Schedule;
import dev.harness.core.schedule.Shard;
import dev.harness.core.schedule.Warmup;

/**
 * A sender's asynchronous sends ({@code --max-in-flight}) on stand-in JMS objects (FakeJms), the
 * test playing the broker's acknowledgements and its lost connections: what is sent, how often,
 * what is counted in doubt, when a unit commits. Nothing here asserts a time.
 */
class SenderTest {
    private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);
    private static final int TOTAL = 40;

    private final FakeJms jms = new FakeJms();
    private final RunControl control = new RunControl();
    private final Ledger ledger = Ledger.of(TOTAL, 1);
    private final ScheduledExecutorService broker = Executors.newSingleThreadScheduledExecutor();

    @AfterEach
    void stopBroker() {
        broker.shutdownNow();
    }

    /** 40 messages at 2,000/s, 4 in flight, reconnecting for up to 30 s; returns the sender once it is done. */
    private Sender run(int syncpoint, long drainTimeoutNs) throws Exception {
        PutSettings settings = new PutSettings(2_000, 1, Warmup.fixed(0), 20 * MS, SizeMix.of(64), true, syncpoint, 2, "Q", 0, drainTimeoutNs,
                Shard.WHOLE, 4);
        Reconnect reconnect = new Reconnect(jms.provider(), control, TimeUnit.SECONDS.toNanos(30));
        Sender sender = new Sender(0, settings, control, 1, MessageContent.of(settings.size()), ledger, reconnect, SizeResponses.none());
        sender.open(jms.provider());
        Schedule schedule = new Schedule(System.nanoTime() + 50 * MS, settings.rate(), settings.durationNs());
        try (Measurement m = Measurement.start(0, 60, schedule.intervalNs(), 5 * MS)) {
            m.begin(schedule);
            reconnect.bind(m.outages());
            sender.bind(schedule, m);
            Thread t = new Thread(sender, "sender-under-test");
            t.start();
            t.join(TimeUnit.SECONDS.toMillis(30));
            assertTrue(!t.isAlive(), "the sender did not finish");
        }
        assertNull(control.failure());
        return sender;
    }

    /** How often each sequence went out (and was not refused). */
    private Map<Long, Integer> sends() {
        Map<Long, Integer> n = new TreeMap<>();
        jms.sent.forEach(h -> n.merge(h.sequence, 1, Integer::sum));
        return n;
    }

    @Test
    @Timeout(60)
    void aMessageWhoseBuildingFailsIsSentOnceOnTheNextConnection() throws Exception {
        jms.failCreateAt = 5; // the session is gone before the sixth message is built
        Sender sender = run(0, 1_000 * MS);
        Map<Long, Integer> sends = sends();
        assertEquals(TOTAL, sends.size());
        sends.forEach((sequence, n) -> assertEquals(1, n, "message " + sequence + " sent once: it never left"));
        assertEquals(TOTAL, sender.committed());
        Delivery d = ledger.delivery(true, 0, 0);
        assertEquals(0, d.inDoubt(), "a message never handed to the client is no doubt");
        assertEquals(2, jms.connects.get(), "connected again once");
    }

    @Test
    @Timeout(60)
    void aSendInDoubtIsCountedOnceThoughItsResendFailsToo() throws Exception {
        jms.asyncSend = (h, l, connection) -> {
            if (connection == 1 && h.sequence == 6) {
                throw new JMSException("connection lost");
            }
            if (connection == 2) {
                throw new JMSException("connection lost again"); // the first resend fails too
            }
            if (connection != 1 || h.sequence != 5) {
                l.onCompletion(null); // message 5's acknowledgement never comes on the first connection
            }
        };
        Sender sender = run(0, 1_000 * MS);
        assertEquals(3, jms.connects.get());
        assertEquals(TOTAL, sender.committed());
        assertEquals(TOTAL, sends().size(), "every message went out");
        assertEquals(2, ledger.delivery(true, 0, 0).inDoubt(), "messages 5 and 6, each once");
    }

    @Test
    @Timeout(60)
    void aCommitWaitsForItsUnitsAcknowledgementsWhateverTheDrainTimeout() throws Exception {
        // Acknowledgements come a little later, on the client's thread; --drain-timeout 0s.
        jms.asyncSend = (h, l, connection) -> broker.schedule(() -> l.onCompletion(null), 2, TimeUnit.MILLISECONDS);
        Sender sender = run(10, 0);
        assertEquals(4, jms.commits.get(), "40 messages, a commit every 10, none given up");
        assertEquals(1, jms.connects.get(), "no unit failed");
        assertEquals(TOTAL, sender.committed());
        sends().forEach((sequence, n) -> assertEquals(1, n, "message " + sequence));
    }
}
