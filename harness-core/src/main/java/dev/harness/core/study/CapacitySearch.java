package dev.harness.core.study;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.BooleanSupplier;

import dev.harness.core.SettingsException;
import dev.harness.core.run.Saturation;

/**
 * harness bench's search for the highest sustainable rate of a configuration: a trial without a
 * schedule finds its capacity, then fixed rates step down from there, 10 % a step, until one is
 * sustained: achieved within 2 % of its target, nothing unsent or lost, the trial not stopped, and
 * response p99 within a bound. A search over shapes goes on from one sender and one send in flight,
 * each next shape led by what limited the last (its {@link Saturation}).
 *
 * @param <C> a configuration, as the launcher runs it
 * @param <R> the run behind a trial, for the caller's table
 */
public final class CapacitySearch<C, R> {
    /** Each step's target is this much of the last's. */
    static final double STEP = 0.9;
    /** A rate is sustained when at least this much of it was achieved. */
    static final double KEPT = 0.98;
    /** Shapes a search tries at most. */
    static final int MAX_SHAPES = 12;
    /**
     * Request/response runs on a schedule: its unthrottled trial is a closed loop at a rate no system
     * reaches, every requester as fast as its round trips allow, the last replies waited for this long.
     */
    public static final long CLOSED_PROBE_RATE = 1_000_000;
    public static final String CLOSED_PROBE_REPLY_TIMEOUT = "5s";
    public static final long CLOSED_PROBE_REPLY_TIMEOUT_NS = 5_000_000_000L;

    /**
     * One trial's figures, as the search judges them.
     *
     * @param target the rate asked; 0 for the trial without a schedule
     * @param stopped the trial was stopped before its end (it fell too far behind, or was interrupted)
     */
    public record Trial<R>(double target, double achievedRate, boolean stopped, long unsent, long lost, long responseP99Ns,
            Saturation saturation, R run) {
        public boolean sustained(long maxP99Ns) {
            return !stopped && unsent == 0 && lost == 0 && achievedRate >= KEPT * target && responseP99Ns <= maxP99Ns;
        }
    }

    /** Runs one trial of a configuration at a rate; 0 runs it without a schedule, as fast as it goes. */
    @FunctionalInterface
    public interface Launcher<C, R> {
        Trial<R> trial(C config, double rate) throws Exception;
    }

    /** The trial without a schedule, the highest sustained (or null), and the first that was not (or null). */
    public record Bench<R>(Trial<R> max, Trial<R> best, Trial<R> firstFailed) {
        public double sustainedRate() {
            return best == null ? 0 : best.target();
        }
    }

    /** Nothing completed even without a schedule: there is no rate to step down from. */
    public static final class NothingCompleted extends Exception {
        private final transient Object config;

        NothingCompleted(Object config) {
            super("nothing completed in the unthrottled trial");
            this.config = config;
        }

        /** The configuration, as the launcher was given it. */
        public Object config() {
            return config;
        }
    }

    /** One shape a search tried, and its bench. */
    public record Tried<R>(int senders, int inFlight, Bench<R> bench) {
    }

    /**
     * A search's shapes in the order tried.
     *
     * @param best the index of the shape that sustained the highest rate; -1 when none sustained one
     * @param ended why the search ended before it ran out of better shapes, or null
     */
    public record Searched<R>(List<Tried<R>> tried, int best, String ended) {
    }

    /** Makes the configuration of a shape: so many senders, each with so many sends in flight. */
    @FunctionalInterface
    public interface Shapes<C> {
        C of(int senders, int inFlight);
    }

    private final int steps;
    private final long maxP99Ns;
    private final Launcher<C, R> launcher;
    private final BooleanSupplier interrupted;

    /**
     * @param steps fixed-rate trials at most per configuration
     * @param maxP99Ns the response p99 a sustained rate keeps within
     * @param interrupted asked between trials: true stops the search
     */
    public CapacitySearch(int steps, long maxP99Ns, Launcher<C, R> launcher, BooleanSupplier interrupted) {
        SettingsException.atLeast("--steps", steps, 1);
        this.steps = steps;
        this.maxP99Ns = maxP99Ns;
        this.launcher = launcher;
        this.interrupted = interrupted;
    }

    /** Probes the capacity, then steps down from it until a rate is sustained; null when interrupted. */
    public Bench<R> bench(C config) throws Exception {
        Trial<R> max = launcher.trial(config, 0);
        if (interrupted.getAsBoolean()) {
            return null;
        }
        if (max.achievedRate() < 1) {
            throw new NothingCompleted(config);
        }
        Trial<R> firstFailed = null;
        double target = Math.floor(max.achievedRate());
        for (int i = 0; i < steps && target >= 1 && !interrupted.getAsBoolean(); i++) {
            Trial<R> t = launcher.trial(config, target);
            if (t.sustained(maxP99Ns)) {
                return new Bench<>(max, t, firstFailed);
            }
            if (firstFailed == null) {
                firstFailed = t;
            }
            target = Math.floor(target * STEP);
        }
        return new Bench<>(max, null, firstFailed);
    }

    /**
     * From 1 blocking sender, each shape follows what limited the last: blocking senders busy, sends
     * in flight (8); the window full, more in flight (x4); senders busy with sends in flight, more
     * senders (x2). It ends when the host was contended, when the senders were not busy (the broker
     * or this JVM was the limit), when a shape sustained no more than the best so far, or at the bounds.
     */
    public Searched<R> search(Shapes<C> shapes, int maxSenders, int maxInFlight) throws Exception {
        int senders = 1;
        int inFlight = 1;
        List<Tried<R>> tried = new ArrayList<>();
        int best = -1;
        for (int round = 0; round < MAX_SHAPES && !interrupted.getAsBoolean(); round++) {
            Bench<R> b = bench(shapes.of(senders, inFlight));
            if (b == null) {
                break;
            }
            tried.add(new Tried<>(senders, inFlight, b));
            if (best >= 0 && b.sustainedRate() <= tried.get(best).bench().sustainedRate()) {
                break;
            }
            best = tried.size() - 1;
            // What held the first rate not sustained back: the senders' own time says, whether or not
            // the rate fell short (a missed p99 bound is no shortfall, yet busy senders still cause it).
            // When the probe's rate itself was sustained, the probe's senders (never waiting for a
            // schedule) were the limit of what was asked: try more of them. So is a configuration that
            // sustained no rate at all: its probe says what held it back.
            Saturation why = (b.firstFailed() != null && b.best() != null ? b.firstFailed() : b.max()).saturation();
            if (Saturation.HOST.equals(why.limit())) {
                // Busy senders on a contended host waited for a CPU: more of them would only add to the queue.
                return searched(tried, best, why.sentence());
            }
            boolean busy = why.busyFraction() >= 0.9;
            boolean windowFull = busy && inFlight > 1 && why.windowFullFraction() >= why.busyFraction() / 2;
            if (busy && inFlight == 1 && inFlight < maxInFlight) {
                inFlight = Math.min(maxInFlight, 8);
            } else if (windowFull && inFlight < maxInFlight) {
                inFlight = Math.min(maxInFlight, inFlight * 4);
            } else if (busy && senders < maxSenders) {
                senders = Math.min(maxSenders, senders * 2);
            } else {
                return searched(tried, best, busy ? "--search-max-senders and --search-max-in-flight reached"
                        : String.format(Locale.ROOT, "senders busy %.0f %% of the time, so not the limit%s",
                                why.busyFraction() * 100, why.sentence() == null ? "" : ": " + why.sentence()));
            }
        }
        return searched(tried, best, null);
    }

    private static <R> Searched<R> searched(List<Tried<R>> tried, int best, String ended) {
        boolean sustained = best >= 0 && tried.get(best).bench().sustainedRate() > 0;
        return new Searched<>(List.copyOf(tried), sustained ? best : -1, ended);
    }
}
