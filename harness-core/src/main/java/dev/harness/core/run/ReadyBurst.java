package dev.harness.core.run;

import java.util.Collections;
import java.util.Locale;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import dev.harness.core.WorkloadKind;
import dev.harness.core.jms.Errors;
import dev.harness.core.jms.Provider;
import dev.harness.core.measure.Measurement;
import dev.harness.core.schedule.Schedule;

/**
 * Before message 0: the run's own workload as a short, fast burst on queues of the harness's own,
 * unmeasured, so that what the first messages would otherwise pay is paid before the schedule
 * starts: class loading, the JIT's compilations of the send, receive and record path (the same
 * classes, recording into a {@link Measurement#scratch} measurement) up to its full optimization,
 * which takes some 10,000 calls of each, the first connections, the broker's first queue and its
 * journal's first writes and syncs. The run's queues, ledger and measurement are never touched; a
 * burst that fails or finds no queue of its own only says so.
 */
public final class ReadyBurst {
    /**
     * Before the run's queue names, the names of the queues the burst warms up on before message 0
     * ({@code HARNESS.WARMUP.DEV.QUEUE.1}): never the run's own, and a shard's differ from the other
     * shards' as the run's queues do.
     */
    public static final String QUEUE_PREFIX = "HARNESS.WARMUP.";
    /** How long a burst waits after its last send for its messages (or replies). */
    public static final long DRAIN_NS = TimeUnit.SECONDS.toNanos(2);
    /** How long the burst sends at most; it stops earlier once the JIT has caught up (see {@link JitWatch}). */
    static final long LENGTH_NS = TimeUnit.SECONDS.toNanos(5);
    /** How long it sends at least: the broker's first journal files and syncs, the first compilations queued. */
    static final long MIN_LENGTH_NS = TimeUnit.SECONDS.toNanos(1);
    /** A burst shorter than this warms too little to be worth its connections. */
    static final long SHORTEST_NS = TimeUnit.MILLISECONDS.toNanos(500);
    /** Time between the burst's workers starting and its message 0. */
    private static final long LEAD_NS = TimeUnit.MILLISECONDS.toNanos(50);
    private static final long POLL_NS = TimeUnit.MILLISECONDS.toNanos(10);
    /** How long a stopped burst waits for a sender stuck in a send; closing its connection frees it. */
    private static final long STUCK_NS = TimeUnit.SECONDS.toNanos(5);
    /**
     * Providers a burst has warmed in this JVM: the JIT's code, the classes and the broker's journal
     * stay warm, so the next run on the same one (bench's trials) needs none.
     */
    private static final Set<Provider> WARMED = Collections.synchronizedSet(Collections.newSetFromMap(new WeakHashMap<>()));

    /** What the header says when the user asked for none (--cold-start). */
    public static final String COLD_START = "cold start (--cold-start): no warming burst, so the first messages pay for"
            + " class loading, the JIT's compilations and the broker's first writes, as a freshly started application's do"
            + " (its connections are made before message 0 either way)";

    private ReadyBurst() {
    }

    /**
     * Runs the burst, within {@code budgetNs} (the time left before a --start-at), and says for the
     * run header what it did: how many messages in how long, or why there was none.
     *
     * @param control the run's: a stop asked for during the burst ends it
     */
    public static String run(Provider provider, Workload workload, RunControl control, long budgetNs) {
        if (WARMED.contains(provider)) {
            return "warm: an earlier run in this process warmed this broker and this JVM";
        }
        if (!provider.createsQueues()) {
            return "not warmed with messages: " + provider.target() + " may not create queues on demand, and the run's"
                    + " own are not touched; the warmup carries the start";
        }
        long lengthNs = Math.min(LENGTH_NS, budgetNs - LEAD_NS - DRAIN_NS);
        Workload burst = workload.warmingBurst(Math.max(1, lengthNs));
        if (burst == null) {
            return "not warmed with messages: " + workload.noWarmingBurst() + "; the warmup carries the start";
        }
        if (lengthNs < SHORTEST_NS) {
            return "not warmed with messages: no time for it before --start-at; the warmup carries the start";
        }
        long startNs = System.nanoTime();
        RunControl own = new RunControl();
        try {
            burst.open(provider, own, ThreadLocalRandom.current().nextLong());
        } catch (Exception e) {
            burst.close();
            return "not warmed with messages: " + Errors.oneLine(e) + "; the warmup carries the start";
        }
        int keepSeconds = (int) TimeUnit.NANOSECONDS.toSeconds(lengthNs + burst.drainTimeoutNs()) + 10;
        try (Measurement scratch = Measurement.scratch(keepSeconds,
                Schedule.intervalNs(burst.rate() / burst.shard().count()))) {
            Schedule schedule = new Schedule(System.nanoTime() + LEAD_NS, burst.rate(), lengthNs, burst.shard());
            scratch.begin(schedule);
            burst.start(schedule, scratch, provider);
            // Paced faster than most systems go: sending stops once the JIT has caught up with it, or
            // at the burst's length, never at its count.
            JitWatch jit = JitWatch.start(schedule.startNs());
            long sendUntilNs = schedule.endNs();
            long deadlineNs = sendUntilNs + burst.drainTimeoutNs();
            while (true) {
                long now = System.nanoTime();
                if (now - sendUntilNs < 0 && now - schedule.startNs() - MIN_LENGTH_NS >= 0 && jit.caughtUp(now)) {
                    sendUntilNs = now;
                    deadlineNs = now + burst.drainTimeoutNs();
                }
                boolean sent = burst.sendingDone();
                if (sent && (burst.completed() >= burst.committed() || now - deadlineNs >= 0 || own.failure() != null)) {
                    break;
                }
                if (!sent && (now - sendUntilNs >= 0 || control.stopRequested() || own.failure() != null)) {
                    own.requestStop("the warm-up burst's time is up");
                }
                if (now - deadlineNs - STUCK_NS >= 0) {
                    break; // a sender stuck in a send: closing its connection frees it
                }
                LockSupport.parkNanos(POLL_NS);
            }
            long completed = burst.completed();
            double seconds = (System.nanoTime() - startNs) / 1e9;
            if (own.failure() != null) {
                return String.format(Locale.ROOT, "warm-up burst failed after %d messages in %.1f s (%s); the warmup"
                        + " carries the start", completed, seconds, own.failure());
            }
            WARMED.add(provider);
            return String.format(Locale.ROOT, "warmed %,d messages in %.1f s before message 0 (this workload as fast as it"
                    + " goes, up to %,.0f/s, on %s %s*, unmeasured)%s", completed, seconds, burst.rate(),
                    workload.kind() == WorkloadKind.PUBSUB ? "topics" : "queues",
                    QUEUE_PREFIX, jit.caughtUp() ? ", until the JIT had caught up"
                            : jit.watched() ? ", the JIT still compiling at the " + TimeUnit.NANOSECONDS.toSeconds(lengthNs)
                                    + " s bound" : "");
        } catch (Exception e) {
            return "not warmed with messages: " + Errors.oneLine(e) + "; the warmup carries the start";
        } finally {
            burst.close();
        }
    }
}
