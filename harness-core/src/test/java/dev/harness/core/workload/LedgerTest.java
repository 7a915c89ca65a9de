package dev.harness.core.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

import dev.harness.core.run.Delivery;

class LedgerTest {
    @Test
    void committedButNeverReceivedIsLostAndASecondReceiptIsADuplicate() {
        Ledger ledger = Ledger.of(200, 1);
        for (long s = 0; s < 200; s++) {
            ledger.committed(s);
        }
        for (long s = 0; s < 200; s++) {
            if (s != 7 && s != 64 && s != 199) { // across word boundaries
                assertTrue(ledger.received(s));
            }
        }
        assertFalse(ledger.received(5), "seen before");
        assertFalse(ledger.received(128), "seen before");
        assertTrue(ledger.received(7), "late, but the first receipt");
        ledger.rolledBack(3);
        ledger.inDoubt(10);

        Delivery d = ledger.delivery(true, 10, 4);
        assertTrue(d.tracked());
        assertEquals(200, d.committed());
        assertEquals(198, d.received());
        assertEquals(2, d.lost());
        assertEquals(2, d.duplicates());
        assertEquals(3, d.rolledBack());
        assertEquals(10, d.inDoubt());
        assertEquals(4, d.rolledBackWork());
        assertTrue(d.lostPersistent());
        assertEquals("persistent, syncpoint 10", d.setting());
    }

    @Test
    void aReceiptBeforeItsCommitIsNoLoss() {
        // A drainer may get a message before its sender has ticked off the commit.
        Ledger ledger = Ledger.of(10, 1);
        assertTrue(ledger.received(3));
        ledger.committed(3);
        Delivery d = ledger.delivery(false, 0, 0);
        assertEquals(1, d.committed());
        assertEquals(0, d.lost());
        assertFalse(d.lostPersistent());
        assertEquals("non-persistent, outside syncpoint", d.setting());
    }

    @Test
    void sequencesOutsideTheScheduleAreNeitherSamplesNorCounted() {
        Ledger ledger = Ledger.of(10, 1);
        assertFalse(ledger.received(10));
        assertFalse(ledger.received(-1));
        ledger.committed(12);
        Delivery d = ledger.delivery(true, 0, 0);
        assertEquals(0, d.committed());
        assertEquals(0, d.received());
        assertEquals(0, d.duplicates());
    }

    @Test
    void anUntrackedRunSaysWhyAndLetsEveryMessageThrough() {
        Ledger ledger = Ledger.untracked("no drainers");
        assertTrue(ledger.received(42));
        assertTrue(ledger.received(42));
        Delivery d = ledger.delivery(true, 0, 0);
        assertFalse(d.tracked());
        assertEquals("no drainers", d.untracked());
        assertFalse(d.lostPersistent());
        assertTrue(Ledger.of((1L << 28) + 1, 1).tracked(), "a long run is checked like any other");
        assertTrue(Ledger.of(Ledger.NO_TOTAL, 4).tracked(), "so is an unthrottled one");
    }

    @Test
    void tickingMessagesOffAllocatesNothing() {
        com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        Ledger ledger = Ledger.of(400_000, 1);
        tick(ledger, 0, 200_000); // warm up the JIT
        long tid = Thread.currentThread().getId();
        long before = threads.getThreadAllocatedBytes(tid);
        tick(ledger, 200_000, 400_000);
        long allocated = threads.getThreadAllocatedBytes(tid) - before;
        assertTrue(allocated < 64 * 1024, allocated + " bytes allocated for 200,000 messages");
    }

    private static void tick(Ledger ledger, long from, long to) {
        for (long s = from; s < to; s++) {
            ledger.committed(s);
            ledger.received(s);
            ledger.received(s); // a duplicate
        }
    }

    @Test
    void concurrentReceiptsOfOneWordCountEachMessageOnce() throws Exception {
        Ledger ledger = Ledger.of(64, 1);
        AtomicInteger firsts = new AtomicInteger();
        Thread[] threads = new Thread[4];
        for (int t = 0; t < threads.length; t++) {
            threads[t] = new Thread(() -> {
                for (long s = 0; s < 64; s++) {
                    if (ledger.received(s)) {
                        firsts.incrementAndGet();
                    }
                }
            });
            threads[t].start();
        }
        for (Thread t : threads) {
            t.join(10_000);
        }
        assertEquals(64, firsts.get());
        assertEquals(3 * 64, ledger.duplicates());
    }

    @Test
    void aRunPastTwoToThe29MessagesIsCheckedInMemoryForTheMessagesInFlight() {
        long total = (1L << 29) + 1_001;
        int owners = 4;
        Ledger ledger = Ledger.of(total, owners);
        // The run's last 6 million messages or so, as if it had got there (each sender at the
        // start of a chunk, as when it starts at its first message).
        long first = (total - 6_000_000) & -(owners * (long) Ledger.CHUNK);
        long sent = total - first;
        int inFlight = 50_000; // sent, not yet received: half a second at 100,000/s
        long lostEarly = first + 10; // its chunk is retired with it missing
        long lateEarly = first + 21; // arrives after its chunk was retired
        long lostLate = total - 100; // still in the ring at the end
        for (long s = first; s < total + inFlight; s++) {
            if (s < total) {
                ledger.committed(s);
            }
            long r = s - inFlight;
            if (r >= first && r != lostEarly && r != lateEarly && r != lostLate) {
                assertTrue(ledger.received(r), "first receipt of " + r);
            }
        }
        assertTrue(ledger.received(lateEarly), "very late, but the first receipt");
        assertFalse(ledger.received(lateEarly), "now a duplicate");
        assertFalse(ledger.received(total - 5), "a duplicate of a recent one");
        assertFalse(ledger.received(first + 30), "a duplicate of one long released");
        assertFalse(ledger.received(total), "beyond the schedule");

        Delivery d = ledger.delivery(true, 0, 0);
        assertEquals(sent, d.committed());
        assertEquals(sent - 2, d.received());
        assertEquals(2, d.lost());
        assertEquals(3, d.duplicates());
        assertTrue(d.lostPersistent());
        // One bit per scheduled message would be total / 64 words a bitmap; held: the chunks in flight.
        long words = ledger.wordsHeld();
        assertTrue(words <= owners * 32L * 2 * Ledger.WORDS, words + " words held");
        assertTrue(words < total / 64 / 100, words + " words held");
    }

    @Test
    void aMassLossIsCountedAndKeptAtTwoBitsAMessage() {
        Ledger ledger = Ledger.of(Ledger.NO_TOTAL, 1);
        long lostFrom = 100_000;
        long lostTo = 110_000; // a broker dropped these: never received
        int inFlight = 20_000;
        long end = 2_000_000; // long past the window: the chunks of the loss are retired
        for (long s = 0; s < end + inFlight; s++) {
            if (s < end) {
                ledger.committed(s);
            }
            long r = s - inFlight;
            if (r >= 0 && (r < lostFrom || r >= lostTo)) {
                assertTrue(ledger.received(r));
            }
        }
        assertTrue(ledger.received(lostFrom + 5), "very late, but the first receipt");
        assertFalse(ledger.received(lostFrom + 5), "now a duplicate");
        assertFalse(ledger.received(lostFrom - 1), "a duplicate next to the loss");
        Delivery d = ledger.delivery(false, 0, 0);
        assertEquals(end, d.committed());
        assertEquals(end - 9_999, d.received());
        assertEquals(9_999, d.lost());
        assertEquals(2, d.duplicates());
        long words = ledger.wordsHeld();
        assertTrue(words <= 40L * 2 * Ledger.WORDS, words + " words held");
    }

    @Test
    void anUnthrottledRunIsCheckedToo() {
        Ledger ledger = Ledger.of(Ledger.NO_TOTAL, 3);
        for (long s = 0; s < 100_000; s++) {
            ledger.committed(s);
        }
        for (long s = 0; s < 100_000; s++) {
            if (s != 77_777) {
                assertTrue(ledger.received(s));
            }
        }
        assertFalse(ledger.received(12_345), "a redelivery");
        assertFalse(ledger.received(99_999), "a redelivery");
        assertFalse(ledger.received(-1));
        // No total bounds it, but its sender is nowhere near: not a message this run sent.
        assertFalse(ledger.received(1L << 40));

        Delivery d = ledger.delivery(false, 0, 0);
        assertEquals(100_000, d.committed());
        assertEquals(99_999, d.received());
        assertEquals(1, d.lost());
        assertEquals(2, d.duplicates());
    }

    @Test
    void tickingOffWithMessagesInFlightAllocatesNothing() {
        com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        Ledger ledger = Ledger.of(Ledger.NO_TOTAL, 4);
        tickInFlight(ledger, 0, 400_000, 20_000); // warm up the JIT; the rings grow to the window
        long held = ledger.wordsHeld();
        long tid = Thread.currentThread().getId();
        long before = threads.getThreadAllocatedBytes(tid);
        tickInFlight(ledger, 400_000, 800_000, 20_000);
        long allocated = threads.getThreadAllocatedBytes(tid) - before;
        assertTrue(allocated < 64 * 1024, allocated + " bytes allocated for 400,000 messages");
        assertEquals(held, ledger.wordsHeld(), "chunks recycled, none added");
        assertTrue(held <= 4 * 4 * 2 * Ledger.WORDS, held + " words held for 20,000 messages in flight");
    }

    /** Commits [from, to), receiving each (twice) {@code lag} messages later. */
    private static void tickInFlight(Ledger ledger, long from, long to, int lag) {
        for (long s = from; s < to; s++) {
            ledger.committed(s);
            if (s - lag >= 0) {
                ledger.received(s - lag);
                ledger.received(s - lag);
            }
        }
    }

    @Test
    void concurrentReceiptsWhileChunksAreReleasedAndRetiredCountEachMessageOnce() throws Exception {
        long total = 300_000;
        int owners = 2;
        // A window of two chunks: chunks are released and retired under the receivers all the time.
        Ledger ledger = new Ledger(total, owners, 2, null);
        AtomicInteger firsts = new AtomicInteger();
        Thread[] threads = new Thread[owners + 3];
        for (int o = 0; o < owners; o++) {
            long owner = o;
            threads[o] = new Thread(() -> {
                for (long s = owner; s < total; s += owners) {
                    ledger.committed(s);
                }
            });
        }
        for (int t = owners; t < threads.length; t++) {
            threads[t] = new Thread(() -> {
                for (long s = 0; s < total; s++) {
                    if (s % 10_007 != 0 && ledger.received(s)) {
                        firsts.incrementAndGet();
                    }
                }
            });
        }
        for (Thread t : threads) {
            t.start();
        }
        for (Thread t : threads) {
            t.join(60_000);
            assertFalse(t.isAlive());
        }
        long lost = (total + 10_006) / 10_007;
        assertEquals(total - lost, firsts.get());
        assertEquals(2 * (total - lost), ledger.duplicates());
        Delivery d = ledger.delivery(true, 0, 0);
        assertEquals(total, d.committed());
        assertEquals(total - lost, d.received());
        assertEquals(lost, d.lost());
    }
}
