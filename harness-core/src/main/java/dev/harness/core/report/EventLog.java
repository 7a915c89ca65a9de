package dev.harness.core.report;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;

import dev.harness.core.measure.IntervalSnapshot;
import dev.harness.core.measure.Phase;
import dev.harness.core.run.RunHeader;
import dev.harness.core.run.RunListener;
import dev.harness.core.run.RunSummary;
import dev.harness.core.run.Stop;

/**
 * What a harness process is doing, for the programs that watch it (a script, the end-to-end
 * tests): one JSON object a line, {@code "event"} first, each line flushed as it is written, so
 * that a reader never has to parse the console, whose wording may change. The fields are a
 * contract (docs/reference/events.md). As a {@link RunListener} it writes a run's {@code started},
 * {@code interval} and {@code finished}; {@link #emit} writes the events of other commands
 * ({@code harness respond}'s {@code ready}, say).
 */
public final class EventLog implements RunListener, AutoCloseable {
    public static final String SCHEMA = "harness-events/1";

    private final Writer file;
    private volatile String writeFailure;

    /** Opens (creates or truncates) the file at once, so a bad path fails before any work. */
    public EventLog(Path path) throws IOException {
        this.file = Files.newBufferedWriter(path, StandardCharsets.UTF_8);
    }

    /**
     * Writes one event: {@code {"event":NAME, ...fields}} on a line of its own, flushed. A write
     * that fails is remembered ({@link #writeFailure}) and the events after it are dropped: the
     * work watched goes on.
     */
    public synchronized void emit(String event, Consumer<JsonWriter> fields) {
        if (writeFailure != null) {
            return;
        }
        JsonWriter j = JsonWriter.oneLine().beginObject().field("event", event);
        fields.accept(j);
        j.endObject();
        try {
            file.write(j.toString());
            file.write('\n');
            file.flush();
        } catch (IOException e) {
            writeFailure = e.getMessage() == null ? "I/O error" : e.getMessage();
        }
    }

    @Override
    public void started(RunHeader h) {
        emit("started", j -> j.field("schema", SCHEMA)
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
    public void finished(RunSummary r) {
        // The names of the JSON summary's (harness-run/1) fields of the same figures.
        // Whether the run was a valid test too, as harness-run/1's "validity" says it; finished stays the last event.
        emit("finished", j -> {
            j.field("stopReason", r.ending().stopReason())
                    .field("failure", r.ending().failure())
                    .field("achievedRate", r.throughput().achievedRate())
                    .field("totalSent", r.counts().committed())
                    .field("totalCompleted", r.counts().completed())
                    .field("lost", r.counts().lost());
            j.name("validity").beginObject().field("valid", r.reading().validity().valid());
            j.name("reasons").beginArray();
            r.reading().validity().reasons().forEach(reason -> j.beginObject().field("code", reason.code())
                    .field("text", reason.text()).field("advice", reason.advice()).endObject());
            j.endArray().endObject();
        });
    }

    /** Why a line could not be written, or null. */
    public String writeFailure() {
        return writeFailure;
    }

    @Override
    public synchronized void close() {
        try {
            file.close();
        } catch (IOException e) {
            if (writeFailure == null) {
                writeFailure = e.getMessage() == null ? "I/O error" : e.getMessage();
            }
        }
    }
}
