package dev.harness.core.run;

import dev.harness.core.disturbance.Stop;
import dev.harness.core.measure.IntervalSnapshot;

/**
 * Receives a run's header, its intervals and its summary, in that order (a preload's start before them), one call at a time, all
 * on the run's writer thread: never on a sender's or drainer's, nor on the thread that cuts the
 * intervals, which a slow listener must not hold up. Reporters implement this and only read what
 * they are given.
 */
public interface RunListener {
    /** Before the header: the run puts its {@code --preload} backlog, which may take a while; what it puts. */
    default void preloading(String what) {
    }

    default void started(RunHeader header) {
    }

    default void interval(IntervalSnapshot snapshot) {
    }

    /** The broker was stopped and goes on again ({@code --freeze-at}): when, and for how long. */
    default void froze(Stop stop) {
    }

    default void finished(RunSummary summary) {
    }
}
