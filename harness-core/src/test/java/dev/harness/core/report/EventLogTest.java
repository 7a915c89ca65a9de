package dev.harness.core.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

class EventLogTest {
    @TempDir
    Path dir;

    @Test
    void eachEventIsOneJsonLineReadableBeforeTheLogIsClosed() throws Exception {
        Path file = dir.resolve("events.jsonl");
        try (EventLog log = new EventLog(file)) {
            log.emit("ready", j -> j.field("responders", 2L).field("target", "a \"broker\"\non two lines"));
            // Flushed per line: a reader sees it while the process still runs.
            List<String> lines = Files.readAllLines(file);
            assertEquals(1, lines.size(), lines::toString);
            log.emit("interval", j -> j.field("index", 0L).field("endS", 1.0015));
        }
        List<String> lines = Files.readAllLines(file);
        assertEquals(2, lines.size(), lines::toString);
        ObjectMapper mapper = new ObjectMapper();
        JsonNode ready = mapper.readTree(lines.get(0));
        assertEquals("ready", ready.get("event").asText(), "the event's name comes first");
        assertEquals(2, ready.get("responders").asInt());
        assertEquals("a \"broker\"\non two lines", ready.get("target").asText());
        JsonNode interval = mapper.readTree(lines.get(1));
        assertEquals("interval", interval.get("event").asText());
        assertEquals(1.0015, interval.get("endS").asDouble(), 1e-9);
        assertTrue(lines.get(0).startsWith("{\"event\":\"ready\""), lines.get(0));
    }
}
