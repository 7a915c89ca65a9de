package dev.harness.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * harness drain, consume-only: it empties a queue that another application filled
 * ({@link OtherClient}, Artemis's own client), on a broker of its own over TCP on 127.0.0.1, and
 * says how fast, how old and how deep. The counts are asserted, never the speed.
 */
class DrainIT {
    @TempDir
    Path dir;

    @Test
    void drainEmptiesAQueueAnotherClientFilledAndReportsItsThroughputAgesAndDepth() throws Exception {
        try (BrokerProcess broker = BrokerProcess.start(dir, dir.resolve("data"))) {
            OtherClient.put(broker.url(), "ORDERS", 10_000, false);
            Path json = dir.resolve("drain.json");
            HarnessProcess.Result r = HarnessProcess.run(dir, 120, "drain", "--url", broker.url(), "--queue", "ORDERS",
                    "--ack", "client", "--json", json.toString());
            assertEquals(0, r.exitCode(), r::toString);
            assertTrue(r.stdout().contains("synchronous receive; client acknowledge, each message once it is handled"),
                    r::toString);
            assertTrue(r.stdout().contains("takes every message on the queues named, whoever put it there"), r::toString);
            assertTrue(r.stdout().contains("ended: the queues were empty"), r::toString);
            assertTrue(r.stdout().contains("depth of ORDERS: 10,000 at the start, 0 at the end; 10,000 received from it"),
                    r::toString);
            JsonNode d = HarnessProcess.json(json);
            assertEquals("empty", d.get("stopReason").asText());
            assertEquals(10_000, d.get("received").asLong());
            assertTrue(d.get("rate").asDouble() > 0, d::toString);
            JsonNode q = d.get("queues").get(0);
            assertEquals(10_000, q.get("depthAtStart").asLong());
            assertEquals(0, q.get("depthAtEnd").asLong());
            // Every message had its producer's timestamp, and the clocks are one here: an age each, none skewed.
            JsonNode age = d.get("age");
            assertEquals(10_000, age.get("count").asLong(), d::toString);
            assertTrue(age.get("maxNs").asLong() >= age.get("p50Ns").asLong() && age.get("p50Ns").asLong() >= 0, d::toString);
            assertEquals(0, d.get("clockSkewed").asLong());
            assertEquals(0, OtherClient.count(broker.url(), "ORDERS"), "the queue is empty");
        }
    }

    @Test
    void aCountStopsItAndTheRestStaysOnTheQueue() throws Exception {
        try (BrokerProcess broker = BrokerProcess.start(dir, dir.resolve("data"))) {
            OtherClient.put(broker.url(), "BACKLOG", 3_000, false);
            Path json = dir.resolve("count.json");
            HarnessProcess.Result r = HarnessProcess.run(dir, 120, "drain", "--url", broker.url(), "--queue", "BACKLOG",
                    "--count", "1000", "--syncpoint", "100", "--json", json.toString());
            assertEquals(0, r.exitCode(), r::toString);
            JsonNode d = HarnessProcess.json(json);
            assertEquals("count", d.get("stopReason").asText(), r::toString);
            assertEquals(1_000, d.get("received").asLong(), r::toString);
            assertEquals(2_000, OtherClient.count(broker.url(), "BACKLOG"), "taken: 1,000 and no more");
            assertEquals(2_000, d.get("queues").get(0).get("depthAtEnd").asLong());
        }
    }

    @Test
    void aQueueThatDoesNotExistIsRefusedAndNotCreated() throws Exception {
        try (BrokerProcess broker = BrokerProcess.start(dir, dir.resolve("data"))) {
            HarnessProcess.Result r = HarnessProcess.run(dir, 120, "drain", "--url", broker.url(), "--queue", "NO.SUCH.QUEUE");
            assertEquals(2, r.exitCode(), r::toString);
            r.assertOneLine("--queue", "NO.SUCH.QUEUE: no such queue");
            assertFalse(OtherClient.exists(broker.url(), "NO.SUCH.QUEUE"), "the drain did not create it");
        }
    }
}
