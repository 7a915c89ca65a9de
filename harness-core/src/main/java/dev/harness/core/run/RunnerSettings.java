package dev.harness.core.run;

import java.time.Instant;
import java.util.concurrent.TimeUnit;

import dev.harness.core.SettingsException;
import dev.harness.core.measure.HiccupMeter;

/**
 * How the runner cuts and watches a run, whatever the workload: the reporting interval, how
 * finely this JVM's pauses and hiccups are watched, and when the schedule starts.
 *
 * @param intervalNs the reporting interval of the console and the hlog
 * @param pauseResolutionNs how often the pause detector's threads wake (pause-corrected)
 * @param hiccupResolutionNs how long the hiccup meter's sleeps are
 * @param startAt the wall-clock time of message 0, or null for at once
 * @param coldStart no warming burst before message 0 ({@link ReadyBurst}): the first messages pay
 *        for the JIT and the broker's first writes, as a freshly started application's do
 * @param runId the run's id, which its messages carry; 0 for a new random one (a sweep's shards are
 *        given theirs, so that the next step's shards know their leftovers for the harness's own)
 */
public record RunnerSettings(long intervalNs, long pauseResolutionNs, long hiccupResolutionNs, Instant startAt,
        boolean coldStart, long runId) {
    public static final long DEFAULT_INTERVAL_NS = TimeUnit.SECONDS.toNanos(1);
    /** 10 ms, as the probe's agent: each detector thread's wake-ups cost CPU (see PauseCorrectedStats). */
    public static final long DEFAULT_PAUSE_RESOLUTION_NS = TimeUnit.MILLISECONDS.toNanos(10);
    /** 10 ms (see HiccupMeter). */
    public static final long DEFAULT_HICCUP_RESOLUTION_NS = HiccupMeter.DEFAULT_RESOLUTION_NS;

    public RunnerSettings {
        SettingsException.require(intervalNs >= TimeUnit.MILLISECONDS.toNanos(100), "--interval", "expected at least 100ms");
        SettingsException.require(pauseResolutionNs >= TimeUnit.MILLISECONDS.toNanos(1)
                && pauseResolutionNs <= TimeUnit.SECONDS.toNanos(1), "--pause-resolution", "expected 1ms to 1s");
        SettingsException.require(hiccupResolutionNs >= TimeUnit.MICROSECONDS.toNanos(100)
                && hiccupResolutionNs <= TimeUnit.SECONDS.toNanos(1), "--hiccup-resolution", "expected 100us to 1s");
    }

    /** A run with a new random id. */
    public RunnerSettings(long intervalNs, long pauseResolutionNs, long hiccupResolutionNs, Instant startAt,
            boolean coldStart) {
        this(intervalNs, pauseResolutionNs, hiccupResolutionNs, startAt, coldStart, 0);
    }

    /** The defaults, at this interval: what bench, ab's rounds and tests use. */
    public static RunnerSettings every(long intervalNs) {
        return new RunnerSettings(intervalNs, DEFAULT_PAUSE_RESOLUTION_NS, DEFAULT_HICCUP_RESOLUTION_NS, null, false);
    }
}
