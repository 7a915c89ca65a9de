package dev.harness.core.measure;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.LatencyUtils.PauseDetector;
import org.LatencyUtils.PauseDetectorListener;
import org.LatencyUtils.SimplePauseDetector;

/**
 * Stands between a {@link SimplePauseDetector} of our own (never LatencyUtils' shared static
 * default) and the LatencyStats that listens to it. It clamps each pause below the histograms'
 * highest trackable value, because a correction above it throws on the detector's dispatcher
 * thread, which then dies and corrects nothing more; and it remembers the longest pauses of the
 * harness JVM for the summary.
 */
final class PauseRelay extends PauseDetector implements PauseDetectorListener {
    static final int LONGEST_KEPT = 5;

    private final SimplePauseDetector detector;
    private final List<JvmPause> longest = new ArrayList<>();
    private final long nanoToEpochOffsetNs;
    private long count;
    private long totalNs;

    PauseRelay(SimplePauseDetector detector) {
        this.detector = detector;
        this.nanoToEpochOffsetNs = System.currentTimeMillis() * 1_000_000L - System.nanoTime();
        if (detector != null) {
            detector.addListener(this, true);
        }
    }

    @Override
    public void handlePauseEvent(long pauseLengthNs, long pauseEndTimeNs) {
        long clamped = Math.min(pauseLengthNs, Histograms.HIGHEST_NS - 1);
        synchronized (this) {
            count++;
            totalNs += clamped;
            longest.add(new JvmPause(clamped, Instant.ofEpochSecond(0, pauseEndTimeNs + nanoToEpochOffsetNs)));
            longest.sort(Comparator.comparingLong(JvmPause::lengthNs).reversed());
            if (longest.size() > LONGEST_KEPT) {
                longest.remove(longest.size() - 1);
            }
        }
        notifyListeners(clamped, pauseEndTimeNs);
    }

    synchronized long count() {
        return count;
    }

    synchronized long totalNs() {
        return totalNs;
    }

    synchronized List<JvmPause> longest() {
        return List.copyOf(longest);
    }

    @Override
    public void shutdown() {
        if (detector != null) {
            detector.removeListener(this);
            detector.shutdown();
        }
        super.shutdown();
    }
}
