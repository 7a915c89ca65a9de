package dev.harness.agent.probe;

import java.lang.reflect.Field;
import java.util.concurrent.atomic.LongAdder;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;
import org.LatencyUtils.PauseDetectorListener;
import org.LatencyUtils.SimplePauseDetector;

/**
 * The {@code pause-corrected} view of each operation (shared/seeds/003): the calls that returned
 * (the raw view) plus the calls a pause of this JVM held back, added as LatencyUtils' LatencyStats
 * adds them (HdrHistogram's recordValueWithExpectedInterval of the pause less one interval), but
 * from a listener of the probe's own on its own detector: LatencyStats keeps its interval
 * estimate in a private final field, which the probe would have to overwrite by reflection (a
 * warning on the host's stderr from JDK 26, JEP 500). The traps of shared/notes/measurement.md,
 * handled here as in harness-core's own PauseCorrectedStats but without depending on it:
 * <ul>
 * <li>a pause detector of the probe's own, never LatencyStats' shared static default, coarse
 * ({@link #RESOLUTION_NS}, {@link #DETECTOR_THREADS} threads: ~300 wake-ups a second, whose CPU
 * the session measures and reports), shut down at the end;</li>
 * <li>an interval estimate a catch-up burst cannot collapse ({@link RateEstimator}: calls per
 * second over the last seconds of wall time, not the last 1,024 calls);</li>
 * <li>pauses beyond the histograms' range clamped before they are corrected for.</li>
 * </ul>
 * Recording ({@link #record}) is one LongAdder increment; the corrections go into a wait-free
 * {@link Recorder} per operation on the detector's thread.
 */
final class PauseCorrection {
    /** How often each detector thread wakes, and the shortest pause it reports: 10 ms. */
    static final long RESOLUTION_NS = 10_000_000L;
    /** Threads that must agree on a pause: one descheduled thread is not a pause of the JVM. */
    static final int DETECTOR_THREADS = 3;

    private final Detector detector;
    private final Recorder[] corrections = new Recorder[Ops.COUNT];
    private final Histogram[] spare = new Histogram[Ops.COUNT];
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
                    corrections[op] = Recorders.recorder();
                }
                PauseDetectorListener listener = this::corrected;
                detector.addListener(listener);
            } catch (Throwable e) {
                stop();
                why = "no pause-corrected view: " + e;
            }
        }
        this.note = why;
    }

    /**
     * A pause of this JVM, on the detector's thread: per operation, the calls it held back at the
     * operation's estimated interval, as LatencyStats counts them (none for an operation with no
     * calls in the estimator's window, or whose interval is as long as the pause).
     */
    private void corrected(long pauseLengthNs, long pauseEndTimeNs) {
        for (int op = 0; op < Ops.COUNT; op++) {
            try {
                long interval = rates[op].getEstimatedInterval(pauseEndTimeNs);
                long minbar = pauseLengthNs - interval;
                if (interval != Long.MAX_VALUE && minbar >= interval) {
                    corrections[op].recordValueWithExpectedInterval(minbar, interval);
                }
            } catch (Throwable e) {
                // One operation's correction lost; the detector's thread lives on for the others.
            }
        }
    }

    /** Whether there is a pause-corrected view. */
    boolean active() {
        return note == null;
    }

    /** One call of {@code op} that returned: counted for the interval estimate. */
    void record(int op) {
        RateEstimator r = rates[op];
        if (r != null) {
            r.calls.increment();
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

    /**
     * The interval's corrections of {@code op} (the samples added for pauses, without the calls
     * themselves), valid until the next take of {@code op}; on the shipper's thread.
     */
    Histogram corrections(int op) {
        Recorder r = corrections[op];
        if (r == null) {
            if (spare[op] == null) {
                spare[op] = Recorders.histogram();
            }
            spare[op].reset();
            return spare[op];
        }
        spare[op] = spare[op] == null ? r.getIntervalHistogram() : r.getIntervalHistogram(spare[op]);
        return spare[op];
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

    /** Shuts the detector down: no thread of it is left behind. */
    void stop() {
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
    static final class RateEstimator {
        static final long WINDOW_NS = 10_000_000_000L;
        private static final int SAMPLES = 64;
        final LongAdder calls = new LongAdder();
        private final long[] times = new long[SAMPLES];
        private final long[] counts = new long[SAMPLES];
        private int next;
        private int size;

        /** Notes the count of calls at {@code nowNs}. On the shipper's thread. */
        synchronized void sample(long nowNs) {
            times[next] = nowNs;
            counts[next] = calls.sum();
            next = (next + 1) % SAMPLES;
            size = Math.min(size + 1, SAMPLES);
        }

        /** The interval between calls around {@code when} (a pause's end), or Long.MAX_VALUE when there is no estimate. */
        synchronized long getEstimatedInterval(long when) {
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
