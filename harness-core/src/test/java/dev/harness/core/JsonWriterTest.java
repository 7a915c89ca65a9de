package dev.harness.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;


class JsonWriterTest {
    @Test
    void writesValidJsonWithEscapesAndNesting() throws Exception {
        JsonWriter j = new JsonWriter().beginObject()
                .field("text", "a \"quoted\"\\ line\nnext\u0001")
                .field("count", 42L)
                .field("rate", 999.8123456789)
                .field("whole", 3.0)
                .field("nan", Double.NaN)
                .field("flag", true)
                .field("none", (String) null);
        j.name("list").beginArray().value(1L).value(2L).beginObject().field("x", 1L).endObject().endArray();
        j.name("empty").beginObject().endObject();
        j.endObject();
        JsonNode n = new ObjectMapper().readTree(j.toString());
        assertEquals("a \"quoted\"\\ line\nnext\u0001", n.get("text").asText());
        assertEquals(42, n.get("count").asLong());
        assertEquals(999.812346, n.get("rate").asDouble(), 1e-9);
        assertEquals(3, n.get("whole").asLong());
        assertTrue(n.get("nan").isNull());
        assertTrue(n.get("none").isNull());
        assertEquals(3, n.get("list").size());
        assertEquals(1, n.get("list").get(2).get("x").asInt());
        assertEquals(0, n.get("empty").size());
    }
}
