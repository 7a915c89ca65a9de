package dev.harness.core.workload;

import java.util.ArrayList;
import java.util.List;

import org.HdrHistogram.Recorder;

import dev.harness.core.measure.Histograms;
import dev.harness.core.measure.Measurement;
import dev.harness.core.run.SizeClass;

/**
 * The measured phase's response per size of a --size mix. A receiver records each completed
 * message under its size, which follows from its number (no size travels with it); with one size
 * nothing is kept, as response itself is that size's. Recording allocates nothing.
 */
final class SizeResponses {
    private final SizeMix sizes;
    private final Recorder[] measured;
    /** Bound before the workers start; read for where the measured phase begins (--warmup auto moves it). */
    private volatile Measurement measurement;
    private List<SizeClass> summary;

    /** Keeps nothing: for workers whose messages complete elsewhere. */
    static SizeResponses none() {
        return new SizeResponses(SizeMix.of(MessageHeader.BYTES));
    }

    SizeResponses(SizeMix sizes) {
        this.sizes = sizes;
        this.measured = new Recorder[sizes.single() ? 0 : sizes.shares().size()];
        for (int i = 0; i < measured.length; i++) {
            measured[i] = new Recorder(Histograms.LOWEST_NS, Histograms.HIGHEST_NS, Histograms.DIGITS);
        }
    }

    void bind(Measurement measurement) {
        this.measurement = measurement;
    }

    /** Message {@code sequence} of the schedule, intended at {@code intendedNs}, completed after {@code responseNs}. */
    void record(long sequence, long intendedNs, long responseNs) {
        if (measured.length == 0 || intendedNs < measurement.warmupEndNs()) {
            return;
        }
        measured[sizes.classOf(sequence)].recordValue(Histograms.clamp(responseNs));
    }

    /** Each size with its measured responses; empty with one size. Taken once the receivers are done, then kept. */
    synchronized List<SizeClass> summary() {
        if (summary != null) {
            return summary;
        }
        List<SizeClass> each = new ArrayList<>();
        for (int i = 0; i < measured.length; i++) {
            SizeMix.Share s = sizes.shares().get(i);
            each.add(new SizeClass(s.bytes(), s.percent(), measured[i].getIntervalHistogram()));
        }
        summary = List.copyOf(each);
        return summary;
    }
}
