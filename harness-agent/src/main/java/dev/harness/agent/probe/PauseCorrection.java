package dev.harness.agent.probe;

import java.lang.reflect.Field;
import java.util.concurrent.atomic.LongAdder;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;
import org.LatencyUtils.PauseDetectorListener;
import org.LatencyUtils.SimplePauseDetector;

/**
 * The {@code pause-corrected} view of each operation (shared/seeds/003): the operation's calls
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
 * second over the seconds the probe watched before the pause, up to 10, not the last 1,024
 * calls);</li>
 * <li>pauses beyond the histograms' range clamped before they are corrected for.</li>
 * </ul>
 * Recording ({@link #record}) is one LongAdder increment (and a clock read on an operation's first
 * call); the corrections go into a wait-free {@link Recorder} per operation on the detector's
 * thread.
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
                long interval = rates[op].getEstimatedInterval(pauseLengthNs, pauseEndTimeNs);
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

    /** One call of {@code op}: counted for the interval estimate. */
    void record(int op) {
        RateEstimator r = rates[op];
        if (r != null) {
            r.call();
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
     * The interval between an operation's calls before a pause: the calls counted between two of
     * the shipper's samples (one at the probe's start, then one a ship) over the time between
     * them, the later one the last before the pause began, the earlier one as far back as
     * {@link #WINDOW_NS} allows, but never before the operation's first call. The time is what the
     * probe watched, so right after an attach the rate is not diluted by seconds it never saw;
     * and neither the pause (no calls) nor the catch-up burst after it (thousands of calls in a
     * millisecond) is in it. Only when no two samples precede the pause (its first ship interval)
     * is the count up to now taken over the time up to now: pause and catch-up included, erring
     * long (fewer corrections, never invented ones). No calls before the pause: no estimate, no
     * correction.
     */
    static final class RateEstimator {
        static final long WINDOW_NS = 10_000_000_000L;
        private static final int SAMPLES = 64;
        final LongAdder calls = new LongAdder();
        /** When the first call was counted (0: none yet); written once, by whichever thread makes it. */
        private volatile long firstCallNs;
        private final long[] times = new long[SAMPLES];
        private final long[] counts = new long[SAMPLES];
        private int next;
        private int size;

        /** One call, on the application's thread: a counter increment, and a clock read on the first only. */
        void call() {
            if (firstCallNs == 0) {
                long now = System.nanoTime();
                firstCallNs = now == 0 ? 1 : now;
            }
            calls.increment();
        }

        /** For tests: the first call was at {@code ns}. */
        void firstCallAt(long ns) {
            firstCallNs = ns;
        }

        /** Notes the count of calls at {@code nowNs}. On the shipper's thread. */
        void sample(long nowNs) {
            sample(nowNs, calls.sum());
        }

        synchronized void sample(long nowNs, long count) {
            times[next] = nowNs;
            counts[next] = count;
            next = (next + 1) % SAMPLES;
            size = Math.min(size + 1, SAMPLES);
        }

        /** The interval between calls before a pause of {@code pauseNs} that ended at {@code endNs}, or Long.MAX_VALUE. */
        long getEstimatedInterval(long pauseNs, long endNs) {
            return interval(endNs - pauseNs, System.nanoTime(), calls.sum());
        }

        /**
         * The estimate for a pause that began at {@code pauseStartNs}, asked at {@code nowNs} with
         * {@code callsNow} calls counted: pure, for tests. Long.MAX_VALUE when there is none.
         */
        synchronized long interval(long pauseStartNs, long nowNs, long callsNow) {
            long first = firstCallNs;
            if (first == 0 || first - pauseStartNs > 0) {
                return Long.MAX_VALUE; // no call before the pause: none held back
            }
            int newest = -1; // the last sample before the pause began
            for (int i = 0; i < size; i++) {
                int k = Math.floorMod(next - 1 - i, SAMPLES); // newest first
                if (times[k] - pauseStartNs <= 0) {
                    newest = k;
                    break;
                }
            }
            if (newest < 0) {
                return Long.MAX_VALUE; // the pause began before the probe's first sample
            }
            int oldest = newest; // the earliest sample within the window before it
            for (int i = 0; i < size; i++) {
                int k = Math.floorMod(next - 1 - i, SAMPLES);
                if (times[k] - times[newest] <= 0 && times[newest] - times[k] <= WINDOW_NS) {
                    oldest = k;
                }
            }
            // A first call after the oldest sample: the count there was 0, the time watched starts at the call.
            long from = first - times[oldest] > 0 ? first : times[oldest];
            long n = counts[newest] - counts[oldest];
            long span = times[newest] - from;
            if (n <= 0 || span <= 0) {
                // Within the first ship interval of the calls (or none counted by the last sample):
                // everything up to now over the time up to now.
                from = first - times[newest] > 0 ? first : times[newest];
                n = callsNow - counts[newest];
                span = nowNs - from;
            }
            if (n <= 0 || span <= 0) {
                return Long.MAX_VALUE;
            }
            return Math.max(1, span / n);
        }
    }
}
