package dev.harness.core.run;

import dev.harness.core.measure.IntervalSnapshot;

/**
 * Receives a run's header, its intervals and its summary, all on the run's interval thread,
 * never on a sender's or drainer's. Reporters implement this and only read what they are given.
 */
public interface RunListener {
    default void started(RunHeader header) {
    }

    default void interval(IntervalSnapshot snapshot) {
    }

    default void finished(RunSummary summary) {
    }
}
