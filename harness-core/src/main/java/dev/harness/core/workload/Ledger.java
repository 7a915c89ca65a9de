package dev.harness.core.workload;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReferenceArray;

import dev.harness.core.run.Delivery;
import dev.harness.core.schedule.Shard;

/**
 * Which messages were committed and which received, so that a second receipt is told from the
 * first (a duplicate: no sample, no completion) and a committed message never received is counted
 * lost. Its memory follows the messages in flight, not the run's length, so a soak of hours and an
 * unthrottled run are checked like any other.
 *
 * <p>Sequence numbers are unique across the run's owners (senders or requesters): owner {@code o}
 * of {@code n} sends {@code o, o+n, o+2n, ...} in that order, its {@code j}-th message being
 * sequence {@code o + j*n}; an unthrottled run numbers them the same, there is just no total. A
 * message may be sent again with its sequence (a unit of work after a reconnect): a second receipt
 * is a duplicate. In shard I of N the sequences are the whole schedule's k, unique across the
 * shard set ({@link Shard#owner}); the ledger keys them by the shard's own number
 * {@code t = (k - I) / N}, which is again {@code o + j*n} for its owner o of n, so everything below
 * (owners, chunks, windows) is in the shard's own terms, and a k of another shard is foreign. Each owner has a ring of chunks, each chunk two bitmaps (committed, received)
 * for {@link #CHUNK} consecutive {@code j}. A chunk whose messages are all committed and received
 * is released when its owner's commits have moved past it, and recycled for a later chunk: ticking
 * a message off allocates nothing. The ring grows (allocates a chunk, and now and then a larger
 * ring) only when more chunks are in flight at once than before, at most to the owner's window.
 *
 * <p>A message lost (or very late) must not hold its chunk, and all after it, for ever. A chunk
 * {@link #SPARSE_AGE} chunks behind its owner's commits with a few messages not done is retired:
 * those move to a sorted side record, one long each, where a late arrival is still told from a
 * duplicate and one that never comes is counted lost at the end. A chunk a whole window behind is
 * retired whatever it misses; with many missing (a broker dropped a queue's worth) it is kept
 * whole out of the ring, two bits a message, until they all arrive. Below the ring, a message is
 * done unless the side record or a chunk kept whole holds it, or it lies in a range the ring
 * skipped (never seen: its owner's first message came later), where it is untouched unless the
 * side record holds it. So the memory follows the messages not done, never the run's length.
 *
 * <p>Receipts come on many threads at once; marking a bit in a live chunk is one compare-and-set,
 * without a lock. Each 64-bit word holds 32 messages' bits and, in its upper half, a tag naming the
 * chunk it belongs to ({@code k mod 2^31}), so a receipt racing with the release and recycling of
 * that chunk fails its compare-and-set and never marks a stranger's bit: retiring swaps each word
 * for {@link #DEAD}, taking its final bits and turning late markers away to the slow path, which
 * holds the owner's lock, as does everything else (installing, retiring, the side record). A
 * receipt may come before its commit (a drainer can see a message before its sender's commit
 * returns) and installs the chunk itself; one a whole window ahead of anything its owner sent is
 * no message of this run's.
 */
final class Ledger implements Commits {
    /** No total: an unthrottled run, whose owners send until the time is up. */
    static final long NO_TOTAL = -1;
    /** Messages (per owner) per chunk. */
    static final int CHUNK_SHIFT = 12;
    static final int CHUNK = 1 << CHUNK_SHIFT;
    /** Words per bitmap of a chunk: 32 messages a word. */
    static final int WORDS = CHUNK / 32;
    /**
     * Chunks an owner keeps in its ring at most: 2^20 messages, 512 KiB. At 100,000 messages a
     * second to one owner a message may be 10 s in flight before its chunk leaves the ring; after
     * that its receipt takes the owner's lock.
     */
    static final int WINDOW = 256;
    private static final int INITIAL_SLOTS = 4;
    /** A released word: tag -1, which no chunk has. */
    private static final long DEAD = -1L;
    private static final long TAG = 0xFFFF_FFFF_0000_0000L;
    /** A chunk this many behind its owner's commits with at most {@link #SPARSE} messages not done is retired. */
    private static final int SPARSE_AGE = 8;
    /** Side-record entries a retired chunk may cost: a quarter of its bitmaps. */
    private static final int SPARSE = WORDS / 2;
    private static final int FIRST = 1;
    private static final int AGAIN = 0;
    private static final int FOREIGN = -1;
    private static final int C = 1;
    private static final int R = 2;
    private static final int DONE = C | R;

    private final long limit;
    private final int window;
    private final Owner[] owners;
    private final AtomicLong duplicates = new AtomicLong();
    private final AtomicLong answeredAgain = new AtomicLong();
    private final AtomicLong rolledBack = new AtomicLong();
    private final AtomicLong inDoubt = new AtomicLong();
    private final String untracked;
    private final Shard shard;

    Ledger(long total, int owners, int window, String untracked) {
        this(total, owners, window, untracked, Shard.WHOLE);
    }

    /** @param total the shard's messages, as owners number them: {@code t} below this */
    Ledger(long total, int owners, int window, String untracked, Shard shard) {
        if (owners < 1 || window < 2 || total < NO_TOTAL) {
            throw new IllegalArgumentException("ledger: " + total + " messages, " + owners + " owners");
        }
        this.limit = total == NO_TOTAL ? Long.MAX_VALUE : total;
        this.window = window;
        this.untracked = untracked;
        this.shard = shard;
        this.owners = new Owner[untracked == null ? owners : 0];
        for (int o = 0; o < this.owners.length; o++) {
            this.owners[o] = new Owner(o, owners);
        }
    }

    /**
     * A ledger for {@code total} scheduled messages ({@link #NO_TOTAL} when unthrottled) sent by
     * {@code owners} senders or requesters.
     */
    static Ledger of(long total, int owners) {
        return new Ledger(total, owners, WINDOW, null);
    }

    /**
     * A ledger for shard I of N: {@code total} is the shard's count of messages, {@code owners} its
     * senders or requesters; the sequences it is given are the whole schedule's.
     */
    static Ledger of(long total, int owners, Shard shard) {
        return new Ledger(total, owners, WINDOW, null, shard);
    }

    /** No ledger: nothing here receives the messages; {@code why} says so in the summary. */
    static Ledger untracked(String why) {
        return new Ledger(0, 1, WINDOW, why);
    }

    boolean tracked() {
        return untracked == null;
    }

    @Override
    public void committed(long number) {
        long sequence = own(number);
        if (untracked != null || sequence < 0 || sequence >= limit) {
            return;
        }
        Owner o = owners[(int) (sequence % owners.length)];
        long j = sequence / owners.length;
        o.mark(j, false); // a second commit of one message changes nothing
        long k = j >>> CHUNK_SHIFT;
        if (k > o.tidied) {
            o.tidy(k); // once a chunk: release what is done behind it
        }
    }

    /**
     * This message arrived. False when it had arrived before (a duplicate, counted) or is not one
     * of this run's scheduled messages; such a receipt is no sample and no completion.
     */
    boolean received(long sequence) {
        int first = receipt(sequence);
        if (first == AGAIN) {
            duplicates.incrementAndGet();
        }
        return first == FIRST;
    }

    /**
     * A reply its responder marked as the answer to a redelivered request. Like {@link #received},
     * but a second one is the responder's doing (its acknowledgement was lost), counted apart
     * from the broker's duplicates.
     */
    boolean answeredAgain(long sequence) {
        int first = receipt(sequence);
        if (first == AGAIN) {
            answeredAgain.incrementAndGet();
        }
        return first == FIRST;
    }

    private int receipt(long k) {
        if (untracked != null) {
            return FIRST;
        }
        long sequence = own(k);
        if (sequence < 0 || sequence >= limit) {
            return FOREIGN;
        }
        return owners[(int) (sequence % owners.length)].mark(sequence / owners.length, true);
    }

    /** This shard's number of the whole schedule's message k; -1 when k is another shard's. */
    private long own(long k) {
        return shard.whole() ? k : shard.localOf(k);
    }

    /** Second replies that responders made for redelivered requests (see {@link #answeredAgain(long)}). */
    long answeredAgain() {
        return answeredAgain.get();
    }

    @Override
    public void rolledBack(int messages) {
        rolledBack.addAndGet(messages);
    }

    @Override
    public void inDoubt(int messages) {
        inDoubt.addAndGet(messages);
    }

    long duplicates() {
        return duplicates.get();
    }

    /** Longs held for the bookkeeping: chunks (in the ring, free, or kept whole), the side record, the skipped ranges. */
    long wordsHeld() {
        long words = 0;
        for (Owner o : owners) {
            words += o.wordsHeld();
        }
        return words;
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
        long[] sum = new long[3]; // committed, received, lost
        for (Owner o : owners) {
            o.tally(sum);
        }
        return new Delivery(true, null, persistent, syncpoint, sum[0], sum[1], sum[2], duplicates.get(),
                rolledBack.get(), inDoubt.get(), rolledBackWork, answeredAgain.get(), 0);
    }

    /** Two bitmaps of {@link #CHUNK} messages, each word tagged with the chunk it holds now. */
    private static final class Chunk {
        final AtomicLongArray committed = new AtomicLongArray(WORDS);
        final AtomicLongArray received = new AtomicLongArray(WORDS);
        /** Retired whole: its messages not yet done. Under the owner's lock, as is the rest. */
        int pending;
        /** Retired whole: the chunk it holds. */
        long k;
        /** The free list. */
        Chunk next;

        void tag(long k) {
            long word = (k & 0x7FFF_FFFFL) << 32;
            for (int w = 0; w < WORDS; w++) {
                committed.set(w, word);
                received.set(w, word);
            }
        }
    }

    /** One sender's (or requester's) messages, by their index {@code j} in its own order. */
    private final class Owner {
        /** Its messages in the schedule: j below this. */
        private final long count;
        /** Chunk {@code k} sits at {@code k & (length - 1)}; replaced (grown) under the lock. */
        private volatile AtomicReferenceArray<Chunk> slots = new AtomicReferenceArray<>(INITIAL_SLOTS);
        /** The newest chunk its commits have tidied behind. */
        private volatile long tidied = -1;
        // The rest under this owner's lock.
        /** The ring holds chunks [low, high); below low they are retired or skipped. */
        private long low;
        private long high;
        /** Anything seen yet. */
        private boolean started;
        private Chunk free;
        private int freeCount;
        /** Chunks allocated and still referenced: in the ring, free, or retired whole. */
        private int chunks;
        /** Retired whole, being mostly not done: ascending k. */
        private Chunk[] whole = new Chunk[0];
        private int wholeSize;
        /** Counts of the chunks retired into the side record, and of the side record's marks since. */
        private long retiredCommitted;
        private long retiredReceived;
        /** Retired messages not done (or touched where skipped), sorted: {@code j << 2 | state}. */
        private long[] side = new long[0];
        private int sideSize;
        /** Ranges of j the ring skipped, never seen then: [from, to) pairs, ascending. */
        private long[] skipped = new long[0];
        private int skippedSize;

        Owner(int index, int n) {
            this.count = limit == Long.MAX_VALUE ? Long.MAX_VALUE : Math.max(0, (limit - index + n - 1) / n);
        }

        /** Sets j's bit: {@link #FIRST}, {@link #AGAIN} when it was set already, or {@link #FOREIGN}. */
        int mark(long j, boolean receipt) {
            long k = j >>> CHUNK_SHIFT;
            int bit = (int) j & (CHUNK - 1);
            int word = bit >>> 5;
            long mask = 1L << (bit & 31);
            long tag = (k & 0x7FFF_FFFFL) << 32;
            AtomicReferenceArray<Chunk> ring = slots;
            Chunk c = ring.get((int) k & (ring.length() - 1));
            if (c != null) {
                AtomicLongArray bits = receipt ? c.received : c.committed;
                while (true) {
                    long old = bits.get(word);
                    if ((old & TAG) != tag) {
                        break; // not (or no longer) k's: the slow path
                    }
                    if ((old & mask) != 0) {
                        return AGAIN;
                    }
                    if (bits.compareAndSet(word, old, old | mask)) {
                        return FIRST;
                    }
                }
            }
            return markSlowly(j, receipt);
        }

        private synchronized int markSlowly(long j, boolean receipt) {
            long k = j >>> CHUNK_SHIFT;
            if (k < low) {
                return markRetired(j, receipt ? R : C) ? FIRST : AGAIN;
            }
            if (k >= high) {
                if (receipt && started && k - high >= window) {
                    // Its sender committed nothing near: no message this run sent in order.
                    return FOREIGN;
                }
                install(k);
            }
            // Live, and stays so while this lock is held; receipts may still mark other bits.
            Chunk c = slots.get((int) k & (slots.length() - 1));
            AtomicLongArray bits = receipt ? c.received : c.committed;
            int word = ((int) j & (CHUNK - 1)) >>> 5;
            long mask = 1L << (j & 31);
            while (true) {
                long old = bits.get(word);
                if ((old & mask) != 0) {
                    return AGAIN;
                }
                if (bits.compareAndSet(word, old, old | mask)) {
                    return FIRST;
                }
            }
        }

        /** Brings chunk k (not below high) into the ring. */
        private void install(long k) {
            if (low == high || k - high >= window) {
                // Nothing live, or a jump past a whole window: what lies between was never seen.
                while (low < high) {
                    retireLowest();
                }
                if (k > high) {
                    addSkipped(high << CHUNK_SHIFT, k << CHUNK_SHIFT);
                }
                low = k;
                high = k;
            }
            started = true;
            while (high <= k) {
                if (high - low >= window) {
                    retireLowest();
                }
                AtomicReferenceArray<Chunk> ring = slots;
                if (high - low >= ring.length()) {
                    // More in flight than ever before: the ring grows, at most to the window.
                    AtomicReferenceArray<Chunk> grown = new AtomicReferenceArray<>(ring.length() * 2);
                    for (long i = low; i < high; i++) {
                        grown.set((int) i & (grown.length() - 1), ring.get((int) i & (ring.length() - 1)));
                    }
                    slots = grown;
                    ring = grown;
                }
                Chunk c = free;
                if (c != null) {
                    free = c.next;
                    c.next = null;
                    freeCount--;
                } else {
                    c = new Chunk(); // the window widened: an allocation per CHUNK messages at most
                    chunks++;
                }
                c.tag(high);
                ring.set((int) high & (ring.length() - 1), c);
                high++;
            }
        }

        /**
         * Its owner's commits reached chunk k: release the chunks behind that are done; retire
         * those a few chunks behind with a few messages missing (to the side record), and those a
         * window behind whatever they miss.
         */
        synchronized void tidy(long k) {
            if (k <= tidied) {
                return;
            }
            tidied = k;
            while (low < k && low < high) {
                int missing = notDone(slots.get((int) low & (slots.length() - 1)), low);
                if (missing == 0 || k - low >= SPARSE_AGE && missing <= SPARSE || k - low >= window) {
                    retireLowest();
                } else {
                    break;
                }
            }
        }

        /** Messages of chunk k (live or retired whole) in the schedule and not both committed and received. */
        private int notDone(Chunk c, long k) {
            int missing = 0;
            for (int w = 0; w < WORDS; w++) {
                missing += Integer.bitCount(~((int) c.committed.get(w) & (int) c.received.get(w)) & scheduled(k, w));
            }
            return missing;
        }

        /** The bits of word w of chunk k that are messages of the schedule. */
        private int scheduled(long k, int w) {
            long first = (k << CHUNK_SHIFT) + w * 32L;
            return first + 32 <= count ? -1 : first >= count ? 0 : (int) ((1L << (count - first)) - 1);
        }

        /**
         * Takes chunk low out of the ring. Its few messages not done go to the side record and the
         * chunk is released; a chunk with more than {@link #SPARSE} is kept whole, out of the ring.
         */
        private void retireLowest() {
            AtomicReferenceArray<Chunk> ring = slots;
            int slot = (int) low & (ring.length() - 1);
            Chunk c = ring.get(slot);
            for (int w = 0; w < WORDS; w++) {
                // Swapping the word out takes its final bits; a marker too late finds no tag of its
                // chunk, and takes this lock to find the bits here or in the side record.
                int r = (int) c.received.getAndSet(w, DEAD);
                int cm = (int) c.committed.getAndSet(w, DEAD);
                c.received.set(w, TAG | (r & 0xFFFF_FFFFL));
                c.committed.set(w, TAG | (cm & 0xFFFF_FFFFL));
            }
            int missing = notDone(c, low);
            ring.set(slot, null);
            if (missing > SPARSE) {
                c.k = low;
                c.pending = missing;
                if (wholeSize == whole.length) {
                    whole = Arrays.copyOf(whole, Math.max(4, whole.length * 2));
                }
                whole[wholeSize++] = c;
            } else {
                long base = low << CHUNK_SHIFT;
                for (int w = 0; w < WORDS; w++) {
                    int r = (int) c.received.get(w);
                    int cm = (int) c.committed.get(w);
                    retiredReceived += Integer.bitCount(r);
                    retiredCommitted += Integer.bitCount(cm);
                    int notDone = ~(r & cm) & scheduled(low, w);
                    while (notDone != 0) {
                        int b = Integer.numberOfTrailingZeros(notDone);
                        notDone &= notDone - 1;
                        insertSide((base + w * 32L + b) << 2 | ((cm >>> b) & 1) * C | ((r >>> b) & 1) * R);
                    }
                }
                release(c);
            }
            low++;
        }

        private void release(Chunk c) {
            if (freeCount < Math.max(8, high - low)) {
                c.next = free;
                free = c;
                freeCount++;
            } else {
                chunks--; // more free than in the ring: let it go
            }
        }

        /** Marks j below the ring; false when that bit was set already. */
        private boolean markRetired(long j, int bit) {
            long k = j >>> CHUNK_SHIFT;
            int h = wholeIndex(k);
            if (h >= 0) {
                return markWhole(h, j, bit);
            }
            int i = sideIndex(j);
            boolean skip = inSkipped(j);
            int state = i >= 0 ? (int) side[i] & DONE : skip ? 0 : DONE;
            if ((state & bit) != 0) {
                return false;
            }
            state |= bit;
            if (bit == C) {
                retiredCommitted++;
            } else {
                retiredReceived++;
            }
            if (i < 0) {
                insertSide(j << 2 | state);
            } else if (state == DONE && !skip) {
                System.arraycopy(side, i + 1, side, i, sideSize - i - 1);
                sideSize--;
            } else {
                side[i] = j << 2 | state;
            }
            return true;
        }

        private boolean markWhole(int h, long j, int bit) {
            Chunk c = whole[h];
            int word = ((int) j & (CHUNK - 1)) >>> 5;
            long mask = 1L << (j & 31);
            AtomicLongArray bits = bit == C ? c.committed : c.received;
            AtomicLongArray other = bit == C ? c.received : c.committed;
            long old = bits.get(word);
            if ((old & mask) != 0) {
                return false;
            }
            bits.set(word, old | mask);
            if ((other.get(word) & mask) != 0 && --c.pending == 0) {
                // All done at last: counted with the side record's, and released.
                for (int w = 0; w < WORDS; w++) {
                    retiredCommitted += Integer.bitCount((int) c.committed.get(w));
                    retiredReceived += Integer.bitCount((int) c.received.get(w));
                }
                System.arraycopy(whole, h + 1, whole, h, wholeSize - h - 1);
                whole[--wholeSize] = null;
                release(c);
            }
            return true;
        }

        private int wholeIndex(long k) {
            int lo = 0;
            int hi = wholeSize - 1;
            while (lo <= hi) {
                int mid = (lo + hi) >>> 1;
                long m = whole[mid].k;
                if (m < k) {
                    lo = mid + 1;
                } else if (m > k) {
                    hi = mid - 1;
                } else {
                    return mid;
                }
            }
            return -1;
        }

        private int sideIndex(long j) {
            int lo = 0;
            int hi = sideSize - 1;
            while (lo <= hi) {
                int mid = (lo + hi) >>> 1;
                long m = side[mid] >>> 2;
                if (m < j) {
                    lo = mid + 1;
                } else if (m > j) {
                    hi = mid - 1;
                } else {
                    return mid;
                }
            }
            return -(lo + 1);
        }

        private void insertSide(long entry) {
            int at = sideSize == 0 || side[sideSize - 1] >>> 2 < entry >>> 2 ? sideSize : -sideIndex(entry >>> 2) - 1;
            if (sideSize == side.length) {
                side = Arrays.copyOf(side, Math.max(16, side.length * 2));
            }
            System.arraycopy(side, at, side, at + 1, sideSize - at);
            side[at] = entry;
            sideSize++;
        }

        private boolean inSkipped(long j) {
            for (int i = skippedSize - 2; i >= 0; i -= 2) {
                if (j >= skipped[i]) {
                    return j < skipped[i + 1];
                }
            }
            return false;
        }

        private void addSkipped(long from, long to) {
            if (skippedSize == skipped.length) {
                skipped = Arrays.copyOf(skipped, Math.max(4, skipped.length * 2));
            }
            skipped[skippedSize++] = from;
            skipped[skippedSize++] = to;
        }

        synchronized long wordsHeld() {
            return (long) chunks * 2 * WORDS + side.length + skipped.length;
        }

        synchronized void tally(long[] sum) {
            sum[0] += retiredCommitted;
            sum[1] += retiredReceived;
            for (int i = 0; i < sideSize; i++) {
                if (((int) side[i] & DONE) == C) {
                    sum[2]++;
                }
            }
            for (int h = 0; h < wholeSize; h++) {
                tally(whole[h], sum);
            }
            for (long k = low; k < high; k++) {
                tally(slots.get((int) k & (slots.length() - 1)), sum);
            }
        }

        private void tally(Chunk chunk, long[] sum) {
            for (int w = 0; w < WORDS; w++) {
                int cw = (int) chunk.committed.get(w);
                int rw = (int) chunk.received.get(w);
                sum[0] += Integer.bitCount(cw);
                sum[1] += Integer.bitCount(rw);
                sum[2] += Integer.bitCount(cw & ~rw);
            }
        }
    }
}
