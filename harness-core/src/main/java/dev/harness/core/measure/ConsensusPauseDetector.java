package dev.harness.core.measure;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

import org.LatencyUtils.PauseDetector;

/**
 * LatencyUtils' SimplePauseDetector's rule, with voters that need not be threads of its own: a
 * pause of this JVM is a stretch in which none of several threads, each waking regularly, got to
 * run. Each voter, when it wakes, moves a shared consensus time forward; the one that finds it
 * further back than its own shortest loop plus the threshold reports the difference as a pause.
 * One thread alone being descheduled is not a pause: another voter moved the consensus meanwhile.
 *
 * <p>Every wake-up costs CPU (tens of microseconds each on a busy 2-core VM), so the hiccup
 * meter's thread, which wakes anyway, is one of the voters ({@link #voter}) and the detector runs
 * fewer threads of its own than SimplePauseDetector's three.
 */
final class ConsensusPauseDetector extends PauseDetector {
    private final long thresholdNs;
    private final AtomicLong consensusNs = new AtomicLong();
    private final Thread[] threads;
    private volatile boolean stopped;

    /**
     * @param sleepNs how long each of its own threads sleeps between votes
     * @param thresholdNs the shortest pause reported
     * @param ownThreads threads of its own; 0 when every voter is someone else's (tests)
     */
    ConsensusPauseDetector(long sleepNs, long thresholdNs, int ownThreads) {
        this.thresholdNs = thresholdNs;
        this.threads = new Thread[ownThreads];
        for (int i = 0; i < ownThreads; i++) {
            Voter v = voter();
            threads[i] = new Thread(() -> {
                while (!stopped) {
                    LockSupport.parkNanos(sleepNs);
                    v.woke(System.nanoTime());
                }
            }, "harness-pause-detector-" + i);
            threads[i].setDaemon(true);
            threads[i].start();
        }
    }

    /** A new voter, for one thread that calls {@link Voter#woke} each time it wakes. */
    Voter voter() {
        return new Voter();
    }

    /** One thread's votes. Not thread-safe: one thread votes through it. Allocates nothing. */
    final class Voter {
        private boolean voted;
        private long previousNs;
        private long shortestLoopNs = Long.MAX_VALUE;

        void woke(long nowNs) {
            if (!voted) {
                voted = true;
                previousNs = nowNs;
                // A first vote reports nothing: the consensus may be older than this voter.
                consensusNs.accumulateAndGet(nowNs, (a, b) -> Math.max(a, b));
                return;
            }
            shortestLoopNs = Math.min(shortestLoopNs, nowNs - previousNs);
            previousNs = nowNs;
            long observed = consensusNs.get();
            while (nowNs - observed > 0) {
                if (consensusNs.compareAndSet(observed, nowNs)) {
                    long pauseNs = nowNs - observed - shortestLoopNs;
                    if (pauseNs > thresholdNs) {
                        notifyListeners(pauseNs, nowNs);
                    }
                    return;
                }
                observed = consensusNs.get();
            }
        }
    }

    @Override
    public void shutdown() {
        stopped = true;
        for (Thread t : threads) {
            t.interrupt();
        }
        super.shutdown();
    }
}
