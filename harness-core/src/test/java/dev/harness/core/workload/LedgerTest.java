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
        Ledger ledger = Ledger.of(200, null);
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
        Ledger ledger = Ledger.of(10, null);
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
        Ledger ledger = Ledger.of(10, null);
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
        Ledger ledger = Ledger.of(0, "no drainers");
        assertTrue(ledger.received(42));
        assertTrue(ledger.received(42));
        Delivery d = ledger.delivery(true, 0, 0);
        assertFalse(d.tracked());
        assertEquals("no drainers", d.untracked());
        assertFalse(d.lostPersistent());
        assertFalse(Ledger.of(Ledger.MAX_TRACKED + 1, null).tracked());
    }

    @Test
    void tickingMessagesOffAllocatesNothing() {
        com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        Ledger ledger = Ledger.of(400_000, null);
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
        Ledger ledger = Ledger.of(64, null);
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
}
