package dev.harness.core.workload;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Which published messages have reached how many of the subscriptions that should have them, so
 * that the delivery completing a message's fan-out is known: the {@code fanout} view takes one
 * sample there. Deliveries come here after each subscription's own {@link Ledger} has turned its
 * duplicates away, so every call is a distinct (message, subscription) pair.
 *
 * <p>A ring of {@code slots} longs, message k at {@code k mod slots}, each holding k + 1 in its
 * upper {@value #SEQUENCE_BITS} bits and the copies delivered in the rest. Marking a delivery is one
 * compare-and-set, allocating nothing. A completed message stays in its slot, full, until the
 * message {@code slots} later takes it. A message still incomplete when that one takes its slot (a subscription that
 * far behind, or one that lost its copy) is counted {@link #incomplete}, as are those left at the
 * end: their fan-out has no sample. The memory is 8 bytes a slot, whatever the run's length.
 */
final class FanOut {
    static final int COUNT_BITS = 20;
    static final int SEQUENCE_BITS = 64 - COUNT_BITS;
    private static final long COUNT_MASK = (1L << COUNT_BITS) - 1;
    /** The most subscriptions a message may go to. */
    static final int MAX_COPIES = (int) COUNT_MASK;
    /** Ten seconds of messages at the run's rate, within these bounds. */
    static final int MIN_SLOTS = 1 << 16;
    static final int MAX_SLOTS = 1 << 22;

    private final int copies;
    private final AtomicLongArray slots;
    private final int mask;
    private final AtomicLong overtaken = new AtomicLong();

    /**
     * @param copies how many subscriptions each message goes to
     * @param slots messages whose fan-out may be in progress at once: a power of two
     */
    FanOut(int copies, int slots) {
        if (copies < 1 || copies > MAX_COPIES) {
            throw new IllegalArgumentException("copies " + copies);
        }
        if (Integer.bitCount(slots) != 1) {
            throw new IllegalArgumentException("slots must be a power of two: " + slots);
        }
        this.copies = copies;
        this.slots = new AtomicLongArray(copies == 1 ? 1 : slots); // one copy completes at once: no ring
        this.mask = slots - 1;
    }

    /** For a run at {@code rate} msg/s (0: unthrottled): ten seconds of its messages, bounded. */
    static FanOut forRate(int copies, double rate) {
        long wanted = rate == 0 ? MAX_SLOTS / 4 : (long) Math.ceil(rate * 10);
        long slots = Long.highestOneBit(Math.max(MIN_SLOTS, Math.min(MAX_SLOTS, wanted)) - 1) << 1;
        return new FanOut(copies, (int) slots);
    }

    /** A subscription got message {@code sequence} for the first time; true when that completes its fan-out. */
    boolean delivered(long sequence) {
        if (copies == 1) {
            return true;
        }
        int i = (int) (sequence & mask);
        long tag = sequence + 1;
        while (true) {
            long v = slots.get(i);
            long held = v >>> COUNT_BITS;
            if (held == tag) {
                long n = (v & COUNT_MASK) + 1;
                if (n > copies) {
                    return false; // complete already: no copy of it can come again here (each ledger turned duplicates away)
                }
                // A completed message keeps its slot, full, until a later one takes it: an empty slot would let a
                // copy of a message a whole ring earlier take it back.
                if (slots.compareAndSet(i, v, v + 1)) {
                    return n == copies;
                }
            } else if (held < tag) {
                // Empty, a completed message, or an earlier one whose fan-out never completed: this one takes the slot.
                if (slots.compareAndSet(i, v, tag << COUNT_BITS | 1)) {
                    if (held != 0 && (v & COUNT_MASK) < copies) {
                        overtaken.incrementAndGet();
                    }
                    return false;
                }
            } else {
                return false; // a later message has the slot: this one was counted incomplete when it lost it
            }
        }
    }

    /**
     * Messages some but not all of whose copies arrived: overtaken in the ring, or still waiting
     * now. Call once the subscriptions are done.
     */
    long incomplete() {
        long waiting = 0;
        if (copies > 1) {
            for (int i = 0; i < slots.length(); i++) {
                long v = slots.get(i);
                if (v != 0 && (v & COUNT_MASK) < copies) {
                    waiting++;
                }
            }
        }
        return overtaken.get() + waiting;
    }

    /** Messages whose fan-out may be in progress at once before one is overtaken; 0 with one copy a message, where none waits. */
    int capacity() {
        return copies == 1 ? 0 : mask + 1;
    }
}
