package dev.harness.core.workload;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * A requester's outstanding requests: a ring of (sequence, send time) slots, request {@code j} of
 * the requester in slot {@code j mod capacity}. A reply (on a router's thread) or a timeout (on
 * the requester's) resolves a slot exactly once, by compare-and-set, so a reply after its timeout
 * is late, never a second outcome. Allocated once; nothing here allocates per request.
 */
final class PendingReplies {
    /** A free slot: no request awaits a reply in it. */
    static final long RESOLVED = -1;

    private final AtomicLongArray sequence;
    private final AtomicLongArray sendNs;
    private final int mask;

    /** @param capacity a power of two */
    PendingReplies(int capacity) {
        if (Integer.bitCount(capacity) != 1) {
            throw new IllegalArgumentException("a ring of a power of two slots, not " + capacity);
        }
        this.mask = capacity - 1;
        this.sequence = new AtomicLongArray(capacity);
        this.sendNs = new AtomicLongArray(capacity);
        for (int i = 0; i < capacity; i++) {
            sequence.set(i, RESOLVED);
        }
    }

    /** The slot of the requester's request {@code j} (its j-th, from 0). */
    int slotOf(long j) {
        return (int) (j & mask);
    }

    /** Request {@code seq} now awaits its reply in {@code slot}, sent (first) at {@code sentNs}. */
    void await(int slot, long seq, long sentNs) {
        sendNs.set(slot, sentNs); // before the sequence: whoever sees the sequence sees its time
        sequence.set(slot, seq);
    }

    /** Sent again (after a reconnect): its timeout runs from this send, if it still awaits a reply. */
    void sentAgain(int slot, long seq, long sentNs) {
        if (sequence.get(slot) == seq) {
            sendNs.set(slot, sentNs);
        }
    }

    /** The request awaiting a reply in the slot, or {@link #RESOLVED}. */
    long sequenceAt(int slot) {
        return sequence.get(slot);
    }

    /** When the request in the slot was sent (last). */
    long sentNsAt(int slot) {
        return sendNs.get(slot);
    }

    /** Resolves request {@code seq} in its slot: true for the one caller that did, false if it was resolved already. */
    boolean resolve(int slot, long seq) {
        return sequence.compareAndSet(slot, seq, RESOLVED);
    }
}
