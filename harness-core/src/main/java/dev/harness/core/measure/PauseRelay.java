package dev.harness.core.measure;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.LatencyUtils.PauseDetector;
import org.LatencyUtils.PauseDetectorListener;

import dev.harness.core.schedule.Schedule;

/**
 * Stands between a pause detector of our own ({@link ConsensusPauseDetector}, never LatencyUtils'
 * shared static default) and the LatencyStats that listens to it. It clamps each pause below the histograms'
 * highest trackable value, because a correction above it throws on the detector's dispatcher
 * thread, which then dies and corrects nothing more; and it remembers the longest pauses of the
 * harness JVM for the summary. LatencyStats hears of a pause only where sends were due in it
 * ({@link DuePause}): every pause counts in the summary, but one before the schedule's start or
 * after its last message corrects nothing.
 */
final class PauseRelay extends PauseDetector implements PauseDetectorListener {
    static final int LONGEST_KEPT = 5;

    private final PauseDetector detector;
    private final List<JvmPause> longest = new ArrayList<>();
    private final long nanoToEpochOffsetNs;
    private long count;
    private long totalNs;
    /** Set when the schedule starts; until then no send is due, and nothing is corrected. */
    private volatile Schedule schedule;
    /** Null when unthrottled: LatencyStats' own estimator stands. */
    private volatile ScheduledIntervalEstimator estimator;

    PauseRelay(PauseDetector detector) {
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
        // LatencyStats hears only of the part of the pause in which sends were due.
        Schedule s = schedule;
        DuePause due = s == null ? null : DuePause.of(s, clamped, pauseEndTimeNs);
        if (due == null) {
            return;
        }
        ScheduledIntervalEstimator e = estimator;
        if (e != null && due.intervalNs() > 0) {
            e.expect(pauseEndTimeNs, due.intervalNs());
        }
        notifyListeners(Math.min(due.lengthNs(), Histograms.HIGHEST_NS - 1), pauseEndTimeNs);
    }

    void follow(Schedule schedule, ScheduledIntervalEstimator estimator) {
        this.estimator = estimator;
        this.schedule = schedule;
    }

    /** Forgets the pauses seen so far (those before the schedule's start). */
    synchronized void forget() {
        count = 0;
        totalNs = 0;
        longest.clear();
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
