package dev.harness.core.findings;

import dev.harness.core.run.RunListener;
import dev.harness.core.run.RunSummary;

/**
 * A listener that renders the run's reading (validity, findings) with its summary. Behind
 * {@link ReadOnce} it is handed the one reading of the run; on its own it reads the summary
 * itself.
 */
public interface ReadingListener extends RunListener {
    void finished(RunSummary summary, Reading reading);

    @Override
    default void finished(RunSummary summary) {
        finished(summary, Reading.of(summary));
    }
}
