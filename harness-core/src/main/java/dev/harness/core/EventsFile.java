package dev.harness.core;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * The --events file: what a harness process is doing, for the programs that watch it (a script,
 * the end-to-end tests), one JSON object a line, {@code "event"} first, each line flushed as it is
 * written, so that a reader never has to parse the console, whose wording may change. The fields
 * are a contract (docs/reference/events.md). A run's own events are written by
 * {@code report.EventLog}; other commands (harness respond's {@code ready}, say) {@link #emit} theirs.
 */
public class EventsFile implements AutoCloseable {
    public static final String SCHEMA = "harness-events/1";

    private final Writer file;
    private volatile String writeFailure;

    /** Opens (creates or truncates) the file at once, so a bad path fails before any work. */
    public EventsFile(Path path) throws IOException {
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
