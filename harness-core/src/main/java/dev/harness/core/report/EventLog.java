package dev.harness.core.report;

import java.io.IOException;
import java.nio.file.Path;

import dev.harness.core.EventsFile;
import dev.harness.core.disturbance.Stop;
import dev.harness.core.findings.Reading;
import dev.harness.core.findings.ReadingListener;
import dev.harness.core.measure.IntervalSnapshot;
import dev.harness.core.measure.Phase;
import dev.harness.core.run.RunHeader;
import dev.harness.core.run.RunSummary;

/**
 * A run's events in the --events file ({@link EventsFile}): its {@code started}, {@code interval},
 * {@code freeze} and {@code finished}.
 */
public final class EventLog extends EventsFile implements ReadingListener {
    /** Opens (creates or truncates) the file at once, so a bad path fails before any work. */
    public EventLog(Path path) throws IOException {
        super(path);
    }

    @Override
    public void started(RunHeader h) {
        emit("started", j -> j.field("schema", EventsFile.SCHEMA)
                .field("workload", h.workload().tag())
                .field("target", h.target())
                .field("start", h.start().toString()));
    }

    @Override
    public void interval(IntervalSnapshot s) {
        emit("interval", j -> j.field("index", s.span().index())
                .field("startS", s.span().startNs() / 1e9)
                .field("endS", s.span().endNs() / 1e9)
                .field("phase", s.span().phase() == Phase.WARMUP ? "warmup" : "measured")
                .field("completed", s.counts().completed())
                .field("sent", s.counts().sent())
                .field("lost", s.counts().lost())
                .field("cumulativeCompleted", s.counts().cumulativeCompleted())
                .field("brokerAway", s.broker().away())
                .field("reconnections", s.broker().reconnections())
                .field("recoveries", s.broker().recoveries()));
    }

    /** A stop of the broker (--freeze-at), once it goes on: its real start from the schedule's start, and length. */
    @Override
    public void froze(Stop stop) {
        emit("freeze", j -> j.field("atNs", stop.atNs())
                .field("lengthNs", stop.lengthNs())
                .field("uncertaintyNs", stop.uncertaintyNs()));
    }

    @Override
    public void finished(RunSummary r, Reading reading) {
        // The names of the JSON summary's (harness-run/1) fields of the same figures.
        // Whether the run was a valid test too, as harness-run/1's "validity" says it; finished stays the last event.
        emit("finished", j -> {
            j.field("stopReason", r.ending().stopReason())
                    .field("failure", r.ending().failure())
                    .field("achievedRate", r.throughput().achievedRate())
                    .field("totalSent", r.counts().committed())
                    .field("totalCompleted", r.counts().completed())
                    .field("lost", r.counts().lost());
            j.name("validity").beginObject().field("valid", reading.validity().valid());
            j.name("reasons").beginArray();
            reading.validity().reasons().forEach(reason -> j.beginObject().field("code", reason.code())
                    .field("text", reason.text()).field("advice", reason.advice()).endObject());
            j.endArray().endObject();
        });
    }
}
