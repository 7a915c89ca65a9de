package dev.harness.agent.probe;

import java.lang.reflect.Field;
import java.util.concurrent.atomic.LongAdder;

import org.HdrHistogram.Histogram;
import org.LatencyUtils.IntervalEstimator;
import org.LatencyUtils.LatencyStats;
import org.LatencyUtils.SimplePauseDetector;
import org.LatencyUtils.TimeCappedMovingAverageIntervalEstimator;

/**
 * The {@code pause-corrected} view of each operation (shared/seeds/003): LatencyUtils'
 * LatencyStats, fed the same call times as the raw view, adds the calls a pause of this JVM held
 * back. The traps of shared/notes/measurement.md, handled here as in harness-core's own
 * PauseCorrectedStats but without depending on it:
 * <ul>
 * <li>a pause detector of the probe's own, never LatencyStats' shared static default, coarse
 * ({@link #RESOLUTION_NS}, {@link #DETECTOR_THREADS} threads: ~300 wake-ups a second, whose CPU
 * the session measures and reports), shut down at the end;</li>
 * <li>an interval estimate a catch-up burst cannot collapse ({@link RateEstimator}: calls per
 * second over the last seconds of wall time, not the last 1,024 calls);</li>
 * <li>pauses beyond the histograms' range clamped before LatencyStats sees them (above it, the
 * correction throws on the detector's thread, which dies);</li>
 * <li>fail soft: if LatencyStats cannot be given the estimator (a LatencyUtils that renamed its
 * field), there is no pause-corrected view and {@link #note} says why; nothing is thrown.</li>
 * </ul>
 * Recording ({@link #record}) is LatencyStats.recordLatency: a WriterReaderPhaser and an
 * AtomicHistogram, wait-free and allocation-free, plus one LongAdder increment.
 */
final class PauseCorrection {
    /** How often each detector thread wakes, and the shortest pause it reports: 10 ms. */
    static final long RESOLUTION_NS = 10_000_000L;
    /** Threads that must agree on a pause: one descheduled thread is not a pause of the JVM. */
    static final int DETECTOR_THREADS = 3;

    private final Detector detector;
    private final LatencyStats[] stats = new LatencyStats[Ops.COUNT];
    private final RateEstimator[] rates = new RateEstimator[Ops.COUNT];
    /** Why there is no pause-corrected view, or null. */
    final String note;

    /** A SimplePauseDetector whose reports are clamped to what the histograms can hold. */
    static final class Detector extends SimplePauseDetector {
        Detector(long resolutionNs, long thresholdNs, int threads) {
            super(resolutionNs, thresholdNs, threads);
        }

        @Override
        protected synchronized void notifyListeners(long pauseLengthNs, long pauseEndTimeNs) {
            super.notifyListeners(Math.min(pauseLengthNs, Recorders.HIGHEST_NS / 2), pauseEndTimeNs);
        }

        /** A pause, as if detected: for tests. */
        void inject(long pauseLengthNs, long pauseEndTimeNs) {
            notifyListeners(pauseLengthNs, pauseEndTimeNs);
        }
    }

    /** The probe's view, with its own detector at {@link #RESOLUTION_NS}. Never throws. */
    static PauseCorrection start() {
        Detector d;
        try {
            d = new Detector(RESOLUTION_NS, RESOLUTION_NS, DETECTOR_THREADS);
        } catch (Throwable e) {
            return new PauseCorrection(null, "no pause-corrected view: the pause detector did not start (" + e + ")");
        }
        return new PauseCorrection(d, null);
    }

    /** With {@code detector}; tests pass one whose threshold no real pause reaches and inject pauses. */
    PauseCorrection(Detector detector, String note) {
        this.detector = detector;
        String why = note;
        if (detector != null) {
            try {
                for (int op = 0; op < Ops.COUNT; op++) {
                    rates[op] = new RateEstimator();
                    stats[op] = new LatencyStats.Builder().lowestTrackableLatency(1)
                            .highestTrackableLatency(Recorders.HIGHEST_NS).numberOfSignificantValueDigits(Recorders.DIGITS)
                            .pauseDetector(detector).build();
                    useEstimator(stats[op], rates[op]);
                }
            } catch (Throwable e) {
                stopAll();
                why = "no pause-corrected view: " + e.getMessage();
            }
        }
        this.note = why;
    }

    /**
     * LatencyStats builds its estimator privately (a moving average of the last 1,024 calls,
     * which a burst collapses) and offers no way to supply one: it is replaced in place before
     * the first recording.
     */
    private static void useEstimator(LatencyStats stats, IntervalEstimator estimator) {
        IntervalEstimator builtIn = stats.getIntervalEstimator();
        try {
            Field f = LatencyStats.class.getDeclaredField("intervalEstimator");
            f.setAccessible(true);
            f.set(stats, estimator);
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new IllegalStateException("this LatencyUtils does not let the probe set its interval estimate (" + e
                    + ")", e);
        }
        if (stats.getIntervalEstimator() != estimator) {
            throw new IllegalStateException("this LatencyUtils did not take the probe's interval estimate");
        }
        if (builtIn instanceof TimeCappedMovingAverageIntervalEstimator capped) {
            capped.stop(); // it listens to the detector; it would never be asked again
        }
    }

    /** Whether there is a pause-corrected view. */
    boolean active() {
        return note == null;
    }

    /** One call of {@code op} that returned, taking {@code nanos} (at most the histograms' highest). */
    void record(int op, long nanos) {
        LatencyStats s = stats[op];
        if (s != null) {
            rates[op].calls.increment();
            s.recordLatency(nanos);
        }
    }

    /** The shipper's clock tick: each estimator notes its count of calls now. */
    void tick(long nowNs) {
        for (RateEstimator r : rates) {
            if (r != null) {
                r.sample(nowNs);
            }
        }
    }

    /** The interval's calls of {@code op} plus the corrections, into {@code into} (shaped as the recorders'). */
    void take(int op, Histogram into) {
        LatencyStats s = stats[op];
        if (s == null) {
            into.reset();
        } else {
            s.getIntervalHistogramInto(into);
        }
    }

    /**
     * The detector's threads (its sleepers and its notifier), read from LatencyUtils' private
     * fields, for the probe's cost line; none if they cannot be read.
     */
    java.util.List<Thread> detectorThreads() {
        java.util.List<Thread> out = new java.util.ArrayList<>();
        if (detector == null) {
            return out;
        }
        try {
            Field sleepers = SimplePauseDetector.class.getDeclaredField("detectors");
            sleepers.setAccessible(true);
            for (Object t : (Object[]) sleepers.get(detector)) {
                if (t instanceof Thread thread) {
                    out.add(thread);
                }
            }
            Field notifier = org.LatencyUtils.PauseDetector.class.getDeclaredField("pauseDetectorThread");
            notifier.setAccessible(true);
            if (notifier.get(detector) instanceof Thread thread) {
                out.add(thread);
            }
        } catch (Throwable e) {
            // A LatencyUtils with other fields: its cost goes unmeasured.
        }
        return out;
    }

    /** Stops every LatencyStats and shuts the detector down: no thread of it is left behind. */
    void stop() {
        stopAll();
    }

    private void stopAll() {
        for (LatencyStats s : stats) {
            if (s != null) {
                try {
                    s.stop();
                } catch (Throwable e) {
                    // Stopping the others matters more.
                }
            }
        }
        if (detector != null) {
            try {
                detector.shutdown();
            } catch (Throwable e) {
                // Its threads are daemons: the JVM still exits.
            }
        }
    }

    /**
     * The interval between calls, as the count of calls over the last seconds of wall time
     * (the shipper samples the count once a ship): a burst of thousands of calls in a millisecond
     * after a stall moves it by its share of {@link #WINDOW_NS}, not to nanoseconds. The window
     * holds the pause itself, with no calls, so the estimate errs long: fewer corrections, never
     * invented ones. The count and the span both run up to the moment of asking. No calls in the
     * window: no estimate, no correction.
     */
    static final class RateEstimator extends IntervalEstimator {
        static final long WINDOW_NS = 10_000_000_000L;
        private static final int SAMPLES = 64;
        final LongAdder calls = new LongAdder();
        private final long[] times = new long[SAMPLES];
        private final long[] counts = new long[SAMPLES];
        private int next;
        private int size;

        @Override
        public void recordInterval(long when) {
            // Counted in record(), beside the raw count: nothing to do per call here.
        }

        /** Notes the count of calls at {@code nowNs}. On the shipper's thread. */
        synchronized void sample(long nowNs) {
            times[next] = nowNs;
            counts[next] = calls.sum();
            next = (next + 1) % SAMPLES;
            size = Math.min(size + 1, SAMPLES);
        }

        @Override
        public synchronized long getEstimatedInterval(long when) {
            long oldestTime = 0;
            long oldestCount = 0;
            boolean found = false;
            for (int i = 0; i < size; i++) {
                int k = Math.floorMod(next - 1 - i, SAMPLES); // newest first
                if (times[k] - when > 0) {
                    continue; // after the pause ended
                }
                if (!found || when - times[k] <= WINDOW_NS) {
                    oldestTime = times[k];
                    oldestCount = counts[k];
                    found = true;
                }
            }
            // The calls counted up to now, over the span up to now: the catch-up burst after the
            // pause is counted, so its time is too (a span that stopped at the pause's end would
            // read the interval short and invent corrections).
            long n = calls.sum() - oldestCount;
            long span = Math.max(when, System.nanoTime()) - oldestTime;
            if (!found || n <= 0 || span <= 0) {
                return Long.MAX_VALUE;
            }
            return Math.max(1, span / n);
        }
    }
}
