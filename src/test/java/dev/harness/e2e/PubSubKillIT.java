package dev.harness.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * harness run --workload pubsub --kill-broker-at: counts, not timings, so it runs beside other
 * classes (BrokerKillIT, which times the kill, runs alone). Each run starts a broker child of its own.
 */
class PubSubKillIT {
    @TempDir
    Path dir;

    /**
     * Publish/subscribe across the kill: a durable subscription keeps every committed persistent
     * copy; a nondurable one ends with its connection, and what was published before it subscribed
     * again is missed, as nondurable means, not lost.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"durable", "nondurable"})
    void subscriptionsAcrossTheKillLoseNothingCommittedOrMissWhatNondurableMisses(String kind) throws Exception {
        Path json = dir.resolve("pubsub-" + kind + ".json");
        HarnessProcess.Result r = HarnessProcess.run(dir, 150, "run", "--workload", "pubsub", "--subscribers", "2",
                "--subscription", kind, "--persistent", "--rate", "200", "--warmup", "1s", "--duration", "8s",
                "--kill-broker-at", "3s", "--drain-timeout", "10s", "--json", json.toString());
        assertEquals(0, r.exitCode(), r::toString);
        JsonNode s = HarnessProcess.json(json).get("summary");
        JsonNode d = s.get("delivery");
        assertEquals(1_800, s.get("totalSent").asLong(), "every scheduled message published: " + r);
        assertEquals(3_600, d.get("committed").asLong(), "two copies of each: " + r);
        assertEquals(0, d.get("lost").asLong(), r::toString);
        long missed = 0;
        for (JsonNode each : s.get("subscriptions").get("each")) {
            missed += each.get("missed").asLong();
            assertEquals(0, each.get("lost").asLong(), each.toString());
        }
        if (kind.equals("durable")) {
            assertEquals(3_600, d.get("received").asLong(), "every committed copy, the durable subscriptions kept them: " + r);
            assertEquals(0, missed);
            assertTrue(r.stdout().contains("2 of 2 durable subscriptions removed after the run"), r::toString);
        } else {
            assertTrue(missed > 0, "a nondurable subscription misses what is published while it is gone: " + r);
            assertEquals(3_600, d.get("received").asLong() + missed, r::toString);
            assertTrue(r.stdout().contains("copies missed by nondurable subscriptions whose connection was lost"),
                    r::toString);
            assertFalse(r.stdout().contains("LOST:"), r::toString);
        }
        assertFalse(s.get("recovery").isNull(), r::toString);
    }

}
