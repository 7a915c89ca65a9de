package dev.harness.core.findings;

import java.util.List;

import dev.harness.core.disturbance.Stop;
import dev.harness.core.measure.IntervalSnapshot;
import dev.harness.core.run.RunHeader;
import dev.harness.core.run.RunListener;
import dev.harness.core.run.RunSummary;

/**
 * A run's listeners as one, in their order: the summary is read once, and that reading handed
 * beside it to each {@link ReadingListener}, then kept for what is written after the run.
 */
public final class ReadOnce implements RunListener {
    private final List<RunListener> listeners;
    private volatile Reading reading;

    public ReadOnce(List<RunListener> listeners) {
        this.listeners = List.copyOf(listeners);
    }

    @Override
    public void preloading(String what) {
        listeners.forEach(l -> l.preloading(what));
    }

    @Override
    public void started(RunHeader header) {
        listeners.forEach(l -> l.started(header));
    }

    @Override
    public void interval(IntervalSnapshot snapshot) {
        listeners.forEach(l -> l.interval(snapshot));
    }

    @Override
    public void froze(Stop stop) {
        listeners.forEach(l -> l.froze(stop));
    }

    @Override
    public void finished(RunSummary summary) {
        Reading r = Reading.of(summary);
        reading = r;
        for (RunListener l : listeners) {
            if (l instanceof ReadingListener reader) {
                reader.finished(summary, r);
            } else {
                l.finished(summary);
            }
        }
    }

    /** The run's reading, once it has finished; null before. */
    public Reading reading() {
        return reading;
    }
}
