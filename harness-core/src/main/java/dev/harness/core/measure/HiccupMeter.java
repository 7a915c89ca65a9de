package dev.harness.core.measure;

import java.util.concurrent.locks.LockSupport;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * jHiccup's idea inside the harness: a thread that sleeps 1 ms, again and again, and records how
 * late it wakes. Anything that stops this JVM (a GC pause, a safepoint, the machine taking the
 * CPU away) shows as a hiccup, whatever the workload was doing at the time.
 */
public final class HiccupMeter implements AutoCloseable {
    /**
     * 10 ms, as the probe's agent: jHiccup's 1 ms cost 2.6 % of a core on an idle harness on the
     * project's 2-core VM, 10 ms 0.4 % (bench/results-light.md). A hiccup shorter than the
     * resolution is still seen when a wake-up falls in it, and a longer one always is.
     */
    public static final long DEFAULT_RESOLUTION_NS = 10_000_000L;

    private final long resolutionNs;
    /** This thread's vote in the pause detector's consensus, or null. */
    private final ConsensusPauseDetector.Voter voter;

    private final Recorder recorder = new Recorder(Histograms.LOWEST_NS, Histograms.HIGHEST_NS, Histograms.DIGITS);
    private final Thread thread;
    private volatile boolean stopped;
    private Histogram last;

    private HiccupMeter(long resolutionNs, ConsensusPauseDetector.Voter voter) {
        this.resolutionNs = resolutionNs;
        this.voter = voter;
        thread = new Thread(this::run, "harness-hiccup-meter");
        thread.setDaemon(true);
    }

    /** @param resolutionNs how long each sleep is: shorter sees shorter hiccups and costs more CPU */
    public static HiccupMeter start(long resolutionNs) {
        return start(resolutionNs, null);
    }

    /** As above, its thread also voting in a pause detector's consensus (see {@link ConsensusPauseDetector}). */
    static HiccupMeter start(long resolutionNs, ConsensusPauseDetector.Voter voter) {
        if (resolutionNs <= 0) {
            throw new IllegalArgumentException("resolution must be positive");
        }
        HiccupMeter m = new HiccupMeter(resolutionNs, voter);
        m.thread.start();
        return m;
    }

    private void run() {
        long before = System.nanoTime();
        while (!stopped) {
            // Thread.sleep(ms, nanos) rounds to whole milliseconds before JDK 21: at 200 us it
            // would sleep 1 ms and read every wake-up as a hiccup. parkNanos sleeps what it is
            // asked; it may return early, so park again until the wake-up is due.
            long dueNs = before + resolutionNs;
            long now;
            while ((now = System.nanoTime()) - dueNs < 0) {
                LockSupport.parkNanos(dueNs - now);
                if (stopped) {
                    return;
                }
            }
            long hiccupNs = Histograms.clamp(now - dueNs);
            // As jHiccup does: a 50 ms stall also stood in the way of the 49 wake-ups that were
            // due during it, and they count.
            recorder.recordValueWithExpectedInterval(hiccupNs, resolutionNs);
            if (voter != null) {
                voter.woke(now);
            }
            before = now;
        }
    }

    /**
     * The hiccups since the last call. The histogram returned is recycled by the next call: read
     * it, never keep it.
     */
    public Histogram takeInterval() {
        last = recorder.getIntervalHistogram(last);
        return last;
    }

    @Override
    public void close() {
        stopped = true;
        thread.interrupt();
    }
}
