package dev.harness.agent;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

/**
 * Fragments the heap so that the collector has to compact it, in the manner of Gil Tene's
 * HeapFragger (our own code, after the idea). It holds a static live set for every old-generation
 * collection to mark and move, then runs passes:
 * <ol>
 * <li>allocate a set of objects of one size, half the heap budget in all;</li>
 * <li>keep it alive while allocating throwaway objects until a few collections have passed, so
 * the set is promoted (aged) instead of dying young;</li>
 * <li>prune it: drop the prune fraction, keeping an evenly spread remainder alive, which leaves
 * the set's old-generation space riddled with small holes;</li>
 * <li>make the objects of the next pass larger, so they do not fit the holes left so far.</li>
 * </ol>
 * When the next set would take the remainders past the budget, they are all dropped and the
 * object size starts small again. Over the passes the old generation fills with sparse garbage
 * between live objects, and only a compacting (usually stop-the-world) collection gets the space
 * back. That collection, and the young collections that copy whole sets, are the pauses.
 *
 * <p>Everything it allocates (live set, sets, throwaway objects) is paced to the allocation rate:
 * after each chunk it parks until the chunk is due. After a stall (a GC pause, a busy machine) it
 * carries on from now rather than allocating flat out to catch up.
 */
final class Fragger implements Runnable {
    static final String THREAD_NAME = "harness-agent-fragger";

    private static final int ARRAY_HEADER_BYTES = 16;
    private static final int REFERENCE_BYTES = 4; // compressed oops; an estimate is all pacing needs
    private static final int LIVE_OBJECT_LONGS = 126; // 1 KB objects: many objects, not a few big arrays
    private static final int MIN_LONGS = 6; // 64-byte objects in the first pass of a round
    private static final int MAX_LONGS = 2046; // 16 KB: well below any humongous/large-object threshold
    private static final double GROWTH = 1.5; // each pass's objects are half again the size of the last
    private static final int AGING_COLLECTIONS = 3;
    private static final long PACE_CHUNK_BYTES = 256 * 1024;
    private static final long MAX_BEHIND_NS = 100_000_000L;
    private static final int CHURN_SLOTS = 64;

    private final double bytesPerNano;
    private final long liveBytes;
    private final long budgetBytes;
    private final double keep;
    private final long delayNs;
    private final long maxHeapBytes;
    private final AgentLog log;

    private volatile boolean stopped;
    private volatile long allocatedBytes;

    // What the fragger keeps alive. Touched by the fragger thread only.
    private long[][] liveSet;
    private final List<long[][]> remainders = new ArrayList<>();
    private long remainderBytes;
    // Throwaway objects are stored here, so the JIT cannot prove them unused and skip allocating.
    private final Object[] churn = new Object[CHURN_SLOTS];
    private int churnNext;

    // Pacing and collection counting. Touched by the fragger thread only.
    private long paceStartNs;
    private long pacedBytes;
    private long sinceCheck;
    private long counted;
    private long lastUsedBytes;
    private long collections;

    Fragger(AgentOptions options, AgentLog log) {
        this(options.allocMBPerSec(), options.liveMB() * AgentOptions.MB, options.budgetBytes(), options.prune(),
                options.delaySeconds() * 1_000_000_000L, options.maxHeapBytes(), log);
    }

    Fragger(double allocMBPerSec, long liveBytes, long budgetBytes, double prune, long delayNs, long maxHeapBytes,
            AgentLog log) {
        this.bytesPerNano = allocMBPerSec * AgentOptions.MB / 1e9;
        this.liveBytes = liveBytes;
        this.budgetBytes = budgetBytes;
        this.keep = 1 - prune;
        this.delayNs = delayNs;
        this.maxHeapBytes = maxHeapBytes;
        this.log = log;
    }

    /** Starts the fragger on a daemon thread, so the host JVM exits as if it were not there. */
    Thread start() {
        Thread thread = new Thread(this, THREAD_NAME);
        thread.setDaemon(true);
        thread.start();
        return thread;
    }

    /** Ends the passes soon (within one paced chunk) and lets go of everything held. */
    void stop() {
        stopped = true;
    }

    /** Bytes allocated so far, as counted for pacing (updated once per chunk). */
    long allocatedBytes() {
        return allocatedBytes;
    }

    @Override
    public void run() {
        try {
            parkUntil(System.nanoTime() + delayNs);
            paceStartNs = System.nanoTime();
            liveSet = allocateSet(LIVE_OBJECT_LONGS, liveBytes);
            int longs = MIN_LONGS;
            long setBytes = Math.max(budgetBytes / 2, objectBytes(MIN_LONGS));
            while (!stopped) {
                if (remainderBytes + setBytes > budgetBytes) {
                    // A round is over: let the remainders go and start again with small objects.
                    remainders.clear();
                    remainderBytes = 0;
                    longs = MIN_LONGS;
                }
                // No local holds the full set once pruned (the interpreter would keep it alive).
                long[][] kept = prune(agedSet(longs, setBytes));
                remainders.add(kept);
                remainderBytes += arrayBytes(kept.length) + (long) kept.length * objectBytes(longs);
                longs = Math.min(MAX_LONGS, (int) (longs * GROWTH) + 1);
            }
        } catch (OutOfMemoryError e) {
            dropAll(); // first, so the line below (and the host) have room again
            log.line("harness-agent: the fragger ran out of heap (OutOfMemoryError) and stopped, dropping all it"
                    + " held; give the JVM more heap or the agent a smaller live or heap");
        } catch (Throwable e) {
            log.line("harness-agent: the fragger stopped: " + e);
        } finally {
            dropAll();
        }
    }

    private void dropAll() {
        liveSet = null;
        remainders.clear();
        remainderBytes = 0;
        Arrays.fill(churn, null);
    }

    /** {@code bytes} worth of objects of {@code longs} longs each, in one array that holds them. */
    private long[][] allocateSet(int longs, long bytes) {
        long each = objectBytes(longs) + REFERENCE_BYTES;
        int count = (int) Math.min(bytes / each, Integer.MAX_VALUE - 16);
        long[][] set = new long[count][];
        paced(arrayBytes(count));
        for (int i = 0; i < count && !stopped; i++) {
            set[i] = new long[longs];
            paced(objectBytes(longs));
        }
        return set;
    }

    /** A set of {@code bytes} worth of objects of {@code longs} longs each, aged. */
    private long[][] agedSet(int longs, long bytes) {
        long[][] set = allocateSet(longs, bytes);
        age(longs);
        return set;
    }

    /**
     * Allocates throwaway objects until {@value #AGING_COLLECTIONS} collections have passed (or,
     * should the collector never run, a few heaps' worth), so what is held now is promoted.
     */
    private void age(int longs) {
        long start = collections;
        long limit = maxHeapBytes > Long.MAX_VALUE / AGING_COLLECTIONS // no limit on the heap: none here
                ? Long.MAX_VALUE
                : AGING_COLLECTIONS * maxHeapBytes;
        for (long churned = 0; !stopped && collections - start < AGING_COLLECTIONS && churned < limit;
                churned += objectBytes(longs)) {
            churn[churnNext++ & (CHURN_SLOTS - 1)] = new long[longs];
            paced(objectBytes(longs));
        }
    }

    /** Keeps an evenly spread (1 - prune) of the set; the rest becomes garbage where it lies. */
    private long[][] prune(long[][] set) {
        long[][] kept = new long[(int) (set.length * keep)][];
        double owed = 0;
        int k = 0;
        for (int i = 0; i < set.length && k < kept.length; i++) {
            owed += keep;
            if (owed >= 1) {
                owed -= 1;
                kept[k++] = set[i];
            }
        }
        paced(arrayBytes(kept.length));
        return kept;
    }

    /**
     * Counts {@code bytes} allocated; once a chunk is done, notes whether a collection has passed
     * and parks until the chunk is due at the requested rate.
     */
    private void paced(long bytes) {
        pacedBytes += bytes;
        sinceCheck += bytes;
        if (sinceCheck < PACE_CHUNK_BYTES) {
            return;
        }
        counted += sinceCheck;
        allocatedBytes = counted;
        sinceCheck = 0;
        // Heap in use only ever shrinks when a collection has freed some. (A weakly held sentinel
        // object would not do: in a young collection that promotes the WeakReference itself, its
        // referent is kept as if strongly held, and then it lives until a full collection.)
        Runtime runtime = Runtime.getRuntime();
        long used = runtime.totalMemory() - runtime.freeMemory();
        if (used < lastUsedBytes) {
            collections++;
        }
        lastUsedBytes = used;
        long now = System.nanoTime();
        long due = paceStartNs + (long) (pacedBytes / bytesPerNano);
        if (now - due > MAX_BEHIND_NS) {
            paceStartNs = now; // behind after a stall: resume the rate from now, do not burst to catch up
            pacedBytes = 0;
        } else {
            parkUntil(due);
        }
    }

    private void parkUntil(long deadlineNs) {
        long left;
        while (!stopped && (left = deadlineNs - System.nanoTime()) > 0) {
            LockSupport.parkNanos(Math.min(left, 100_000_000L)); // wake now and then to see stop()
        }
    }

    private static long objectBytes(int longs) {
        return ARRAY_HEADER_BYTES + 8L * longs;
    }

    private static long arrayBytes(int references) {
        return ARRAY_HEADER_BYTES + (long) REFERENCE_BYTES * references;
    }
}
