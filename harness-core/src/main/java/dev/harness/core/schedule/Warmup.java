package dev.harness.core.schedule;

import java.util.concurrent.TimeUnit;

import dev.harness.core.Format;
import dev.harness.core.SettingsException;

/**
 * {@code --warmup}: a fixed time from the schedule's start, or {@code auto[:MAX]}: until the
 * schedule is kept and the throughput holds for three intervals in a row, at least
 * {@link #AUTO_MIN_NS}, at most MAX (default {@link #AUTO_MAX_NS}); the run decides where
 * (the runner).
 *
 * @param ns the warmup, or with auto its shortest
 * @param autoMaxNs with auto, the longest; 0 for a fixed warmup
 */
public record Warmup(long ns, long autoMaxNs) {
    /** auto's shortest warmup: the first seconds of a run are never its steady state. */
    public static final long AUTO_MIN_NS = TimeUnit.SECONDS.toNanos(2);
    /** auto's longest by default: a system that is not steady by then is not going to be. */
    public static final long AUTO_MAX_NS = TimeUnit.MINUTES.toNanos(2);
    /**
     * harness run's default, as typed: on two shared CPUs a fixed 5 s still let the measured phase
     * begin with the start of a cold harness and broker (bench/results-warmup.md). Where the
     * measured phase must begin at a time known ahead (a shard set, a broker kill) the default is
     * the fixed {@code WorkloadSettings.DEFAULT_WARMUP_NS} instead.
     */
    public static final String DEFAULT_TEXT = "auto";
    /** auto ends once the schedule was kept for this many intervals in a row. */
    public static final int AUTO_STEADY_INTERVALS = 3;

    public Warmup {
        SettingsException.require(ns >= 0 && ns <= Schedule.MAX_RUN_NS, "--warmup", "expected 0s to 7 days");
        SettingsException.require(autoMaxNs == 0 || autoMaxNs >= AUTO_MIN_NS && autoMaxNs <= Schedule.MAX_RUN_NS,
                "--warmup", "auto:MAX needs a MAX of " + Format.duration(AUTO_MIN_NS) + " to 7 days");
    }

    public static Warmup fixed(long ns) {
        return new Warmup(ns, 0);
    }

    /** @param maxNs the longest, or null for {@link #AUTO_MAX_NS} */
    public static Warmup auto(Long maxNs) {
        return new Warmup(AUTO_MIN_NS, maxNs == null ? AUTO_MAX_NS : maxNs);
    }

    public boolean auto() {
        return autoMaxNs > 0;
    }

    /**
     * This warmup at a reporting interval: auto:MAX must leave room for its steady intervals, or
     * the run could never end its warmup steady and would be NOT VALID whatever the system did.
     */
    public Warmup checkedAgainst(long intervalNs) {
        SettingsException.require(!auto() || autoMaxNs >= AUTO_STEADY_INTERVALS * intervalNs, "--warmup", "auto:"
                + Format.duration(autoMaxNs) + " can never be steady: it needs " + AUTO_STEADY_INTERVALS
                + " intervals in a row, " + Format.duration(AUTO_STEADY_INTERVALS * intervalNs) + " with --interval "
                + Format.duration(intervalNs) + "; give a longer MAX or a shorter --interval");
        return this;
    }

    /** The longest the warmup can last: what the schedule, the ledger and the timeouts are made for. */
    public long longestNs() {
        return auto() ? autoMaxNs : ns;
    }

    /** As the run header says it. */
    public String describe() {
        return auto() ? "auto: until the schedule is kept for " + AUTO_STEADY_INTERVALS + " intervals in a row, " + Format.duration(ns) + " to "
                + Format.duration(autoMaxNs) : Format.duration(ns);
    }
}
