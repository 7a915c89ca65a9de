package dev.harness.core.workload;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

import dev.harness.core.run.Delivery;

/**
 * One bit per scheduled message for "committed" and one for "received", indexed by the
 * message's sequence number (unique across senders: sender i of n owns i, i+n, ...). Sized at
 * open from the schedule's length, so marking allocates nothing. A receipt whose bit is already
 * set is a duplicate.
 */
final class Ledger {
    /** Beyond this many messages (64 MiB of bits) the run is not tracked. */
    static final long MAX_TRACKED = 1L << 28;

    private final long total;
    private final AtomicLongArray committed;
    private final AtomicLongArray received;
    private final AtomicLong duplicates = new AtomicLong();
    private final AtomicLong answeredAgain = new AtomicLong();
    private final AtomicLong rolledBack = new AtomicLong();
    private final AtomicLong inDoubt = new AtomicLong();
    private final String untracked;

    private Ledger(long total, String untracked) {
        this.total = untracked == null ? total : 0;
        this.untracked = untracked;
        int words = (int) ((this.total + 63) / 64);
        this.committed = new AtomicLongArray(words);
        this.received = new AtomicLongArray(words);
    }

    /** A ledger for {@code total} scheduled messages; {@code untracked} says why not, or is null. */
    static Ledger of(long total, String untracked) {
        if (untracked == null && total > MAX_TRACKED) {
            untracked = "more than " + MAX_TRACKED + " messages scheduled";
        }
        return new Ledger(total, untracked);
    }

    boolean tracked() {
        return untracked == null;
    }

    /** The send (outside syncpoint) or commit of this message returned. */
    void committed(long sequence) {
        if (sequence >= 0 && sequence < total) {
            set(committed, sequence);
        }
    }

    /**
     * This message arrived. False when it had arrived before (a duplicate, counted) or is not one
     * of this run's scheduled messages; such a receipt is no sample and no completion.
     */
    boolean received(long sequence) {
        if (untracked != null) {
            return true;
        }
        if (sequence < 0 || sequence >= total) {
            return false;
        }
        if (!set(received, sequence)) {
            duplicates.incrementAndGet();
            return false;
        }
        return true;
    }

    /**
     * A reply its responder marked as the answer to a redelivered request. Like {@link #received},
     * but a second one is the responder's doing (its acknowledgement was lost), counted apart
     * from the broker's duplicates.
     */
    boolean answeredAgain(long sequence) {
        if (untracked != null) {
            return true;
        }
        if (sequence < 0 || sequence >= total) {
            return false;
        }
        if (!set(received, sequence)) {
            answeredAgain.incrementAndGet();
            return false;
        }
        return true;
    }

    long answeredAgain() {
        return answeredAgain.get();
    }

    /** Sets the bit; false when it was set already. */
    private static boolean set(AtomicLongArray bits, long index) {
        int word = (int) (index >>> 6);
        long mask = 1L << (index & 63);
        while (true) {
            long old = bits.get(word);
            if ((old & mask) != 0) {
                return false;
            }
            if (bits.compareAndSet(word, old, old | mask)) {
                return true;
            }
        }
    }

    void rolledBack(int messages) {
        rolledBack.addAndGet(messages);
    }

    void inDoubt(int messages) {
        inDoubt.addAndGet(messages);
    }

    long duplicates() {
        return duplicates.get();
    }

    /**
     * The tally; call once the workers are done.
     *
     * @param rolledBackWork responders' units of work rolled back by a lost connection
     */
    Delivery delivery(boolean persistent, int syncpoint, long rolledBackWork) {
        if (untracked != null) {
            return Delivery.notTracked(untracked, persistent, syncpoint);
        }
        long c = 0;
        long r = 0;
        long lost = 0;
        for (int i = 0; i < committed.length(); i++) {
            long cw = committed.get(i);
            long rw = received.get(i);
            c += Long.bitCount(cw);
            r += Long.bitCount(rw);
            lost += Long.bitCount(cw & ~rw);
        }
        return new Delivery(true, null, persistent, syncpoint, c, r, lost, duplicates.get(), rolledBack.get(),
                inDoubt.get(), rolledBackWork);
    }
}
