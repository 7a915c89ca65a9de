package dev.harness.core.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import dev.harness.core.measure.Measurement;
import dev.harness.core.run.Delivery;
import dev.harness.core.run.RunControl;
import dev.harness.core.schedule.Schedule;
import dev.harness.core.schedule.Shard;
import dev.harness.core.schedule.Warmup;

/**
 * The shards of one schedule name their senders and number their messages so that nothing
 * repeats across the set: real senders and requesters of two shards on stand-in JMS (FakeJms),
 * their headers as a receiver reads them, and each shard's ledger fed with them. Counts and
 * values only, no times.
 */
class ShardNumberingTest {
    private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);
    private static final long RUN = 11;
    private static final int SHARDS = 2;
    private static final int PER_SHARD = 2;
    /** 2,000/s for 20 ms: messages 0 .. 39 of the whole schedule. */
    private static final long WHOLE = 40;

    private final RunControl control = new RunControl();

    private static PutSettings puts(Shard shard) {
        return new PutSettings(2_000, PER_SHARD, Warmup.fixed(0), 20 * MS, SizeMix.of(64), false, 0, SHARDS, "Q.", 0, 1_000 * MS, shard);
    }

    /** Runs shard {@code shard}'s senders on a schedule starting at {@code startNs}; the headers they sent. */
    private List<MessageHeader> send(Shard shard, long startNs) throws Exception {
        FakeJms jms = new FakeJms();
        PutSettings settings = puts(shard);
        Reconnect reconnect = new Reconnect(jms.provider(), control, 0);
        Ledger untracked = Ledger.untracked("no drainers");
        Schedule schedule = new Schedule(startNs, settings.rate(), settings.durationNs(), shard);
        List<Thread> threads = new ArrayList<>();
        try (Measurement m = Measurement.start(0, 60, schedule.intervalNs(), 5 * MS)) {
            m.begin(schedule);
            for (int s = 0; s < PER_SHARD; s++) {
                Sender sender = new Sender(s, settings, control, RUN, MessageContent.of(settings.size()), untracked, reconnect, SizeResponses.none());
                sender.open(jms.provider());
                sender.bind(schedule, m);
                threads.add(new Thread(sender, "sender-" + shard + "-" + s));
            }
            threads.forEach(Thread::start);
            for (Thread t : threads) {
                t.join(TimeUnit.SECONDS.toMillis(20));
                assertFalse(t.isAlive(), "a sender did not finish");
            }
        }
        assertEquals(null, control.failure());
        return new ArrayList<>(jms.sent);
    }

    @Test
    @Timeout(60)
    void sendersOfTwoShardsShareNoIdAndNoNumberAndTogetherSendTheWholeSchedule() throws Exception {
        long startNs = System.nanoTime() + 50 * MS;
        Schedule whole = new Schedule(startNs, 2_000, 20 * MS);
        assertEquals(WHOLE, whole.total());
        Map<Integer, List<MessageHeader>> byShard = new HashMap<>();
        TreeSet<Long> sequences = new TreeSet<>();
        TreeSet<Integer> senders = new TreeSet<>();
        for (int i = 0; i < SHARDS; i++) {
            Shard shard = new Shard(i, SHARDS);
            List<MessageHeader> sent = send(shard, startNs);
            byShard.put(i, sent);
            assertEquals(WHOLE / SHARDS, sent.size(), "shard " + shard + " sends its half");
            for (MessageHeader h : sent) {
                assertEquals(i, h.sender % SHARDS, "shard " + i + "'s senders are I, I+N, ...");
                assertEquals(h.sender, h.sequence % (SHARDS * PER_SHARD), "sender g of G sends k with k mod G = g");
                assertEquals(whole.intendedNs(h.sequence), h.intendedNs, "the number is the whole schedule's k");
                assertTrue(sequences.add(h.sequence), "message " + h.sequence + " numbered twice");
                senders.add(h.sender);
            }
        }
        assertEquals(List.of(0, 1, 2, 3), new ArrayList<>(senders), "four senders across the set, each once");
        assertEquals(WHOLE, sequences.size());
        assertEquals(0L, sequences.first());
        assertEquals(WHOLE - 1, sequences.last().longValue(), "0 .. 39: nothing doubled or missing");

        // Each shard's ledger ticks off its own numbers, turns the other shard's away, and the sum adds up.
        long lost = 0;
        long received = 0;
        for (int i = 0; i < SHARDS; i++) {
            Shard shard = new Shard(i, SHARDS);
            Ledger ledger = Ledger.of(new Schedule(startNs, 2_000, 20 * MS, shard).total(), PER_SHARD, shard);
            for (MessageHeader h : byShard.get(i)) {
                ledger.committed(h.sequence);
                if (h.sequence != 7) { // one message the broker loses
                    assertTrue(ledger.received(h.sequence));
                }
            }
            for (MessageHeader h : byShard.get(1 - i)) {
                assertFalse(ledger.received(h.sequence), "another shard's message is no receipt of this one's");
            }
            assertEquals(0, ledger.duplicates(), "nor a duplicate");
            Delivery d = ledger.delivery(false, 0, 0);
            assertEquals(WHOLE / SHARDS, d.committed());
            lost += d.lost();
            received += d.received();
        }
        assertEquals(1, lost, "the ledgers of the shards add up: the one message lost");
        assertEquals(WHOLE - 1, received);
    }

    @Test
    @Timeout(60)
    void aShardsRequestersAreNamedAcrossTheSetAndTheirRepliesFindThem() throws Exception {
        Shard shard = new Shard(1, SHARDS);
        ReqRespSettings settings = new ReqRespSettings(2_000, PER_SHARD, 0, Warmup.fixed(0), 20 * MS, SizeMix.of(64), false, 0, SHARDS, "REQ.", "REP.",
                5_000 * MS, true, 1_000 * MS, shard);
        FakeJms jms = new FakeJms();
        Reconnect reconnect = new Reconnect(jms.provider(), control, 0);
        Schedule schedule = new Schedule(System.nanoTime() + 50 * MS, settings.rate(), settings.durationNs(), shard);
        Ledger ledger = Ledger.of(schedule.total(), PER_SHARD, shard);
        Requester[] requesters = new Requester[PER_SHARD];
        List<Thread> threads = new ArrayList<>();
        try (Measurement m = Measurement.start(0, 60, schedule.intervalNs(), 5 * MS)) {
            m.begin(schedule);
            for (int r = 0; r < PER_SHARD; r++) {
                requesters[r] = new Requester(r, settings, control, RUN, MessageContent.of(settings.size()), ledger, reconnect, SizeResponses.none());
                requesters[r].open(jms.provider());
                requesters[r].bind(schedule, m);
                threads.add(new Thread(requesters[r], "requester-" + r));
            }
            ReplyRouter router = new ReplyRouter(0, requesters, shard, control, RUN);
            router.bind(jms.provider(), reconnect, false);
            MessageHeader header = new MessageHeader();
            threads.forEach(Thread::start);
            // The responder's side: every request comes back at once, through the router.
            TreeSet<Long> sequences = new TreeSet<>();
            TreeSet<Integer> senders = new TreeSet<>();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (sequences.size() < WHOLE / SHARDS && System.nanoTime() < deadline) {
                MessageHeader h;
                while ((h = jms.sent.poll()) != null) {
                    sequences.add(h.sequence);
                    senders.add(h.sender);
                    router.route(FakeJms.incoming(RUN, h.intendedNs, h.sendNs, h.sender, h.sequence, false), null, header);
                }
                Thread.sleep(1);
            }
            for (Thread t : threads) {
                t.join(TimeUnit.SECONDS.toMillis(20));
                assertFalse(t.isAlive(), "a requester did not finish");
            }
            assertEquals(List.of(1, 3), new ArrayList<>(senders), "shard 1 of 2's requesters are 1 and 3 of the set");
            assertEquals(WHOLE / SHARDS, sequences.size());
            sequences.forEach(k -> assertEquals(1, k % SHARDS, "shard 1's numbers are the whole schedule's odd k"));
            assertEquals(WHOLE / SHARDS, requesters[0].resolved() + requesters[1].resolved(), "every reply found its requester");
            assertEquals(0, ledger.delivery(false, 0, 0).lost());

            // A reply naming a requester of shard 0 (sender 0 or 2) is no reply of this shard's.
            router.route(FakeJms.incoming(RUN, 0, 0, 2, 2, false), null, header);
            assertEquals(1, router.stale());
        }
        assertEquals(null, control.failure());
    }
}
