package dev.harness.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Publish/subscribe on a real broker over TCP, in a child process: every subscription of a topic
 * gets each message once, every copy is a {@code response} sample, and each message's whole
 * fan-out is one {@code fanout} sample.
 */
class PubSubIT {
    @TempDir
    Path dir;

    /** Three publishers: each starts its round robin over the topics at its own number, and every ledger follows. */
    @ParameterizedTest(name = "{0} consumers={1} publishers={2} api={3} --ack {4}")
    @CsvSource({
        "nondurable, 1, 3, javax, auto",
        "durable, 1, 1, javax, client",
        "shared, 2, 1, javax, transacted",
        // The same classes relocated to jakarta.jms, with Artemis's Jakarta client.
        "shared-durable, 2, 2, jakarta, dups-ok",
    })
    void everySubscriptionGetsEachMessageOnceAndTheFanOutIsOneSamplePerMessage(String kind, int consumers, int publishers,
            String api, String ack) throws Exception {
        Path json = dir.resolve("run.json");
        Path hlog = dir.resolve("run.hlog");
        List<String> args = new ArrayList<>(List.of("run", "--cold-start", "--workload", "pubsub", "--topics", "2", "--subscribers", "3",
                "--subscription", kind, "--rate", "200", "--warmup", "1s", "--duration", "2s", "--json", json.toString(),
                "--hlog", hlog.toString(), "--api", api, "--senders", Integer.toString(publishers)));
        if (consumers > 1) {
            args.addAll(List.of("--consumers-per-subscription", Integer.toString(consumers)));
        }
        if (!ack.equals("auto")) {
            args.addAll(List.of("--ack", ack));
        }
        HarnessProcess.Result r = HarnessProcess.run(dir, 120, args.toArray(String[]::new));
        assertEquals(0, r.exitCode(), r::toString);
        assertTrue(r.stdout().contains("\n  receive      message listener; " + (ack.equals("auto") ? "auto-acknowledge"
                : ack.equals("client") ? "client acknowledge" : ack.equals("dups-ok") ? "dups-ok" : "transacted")), r::toString);
        HarnessProcess.assertDrivenBy(HarnessProcess.json(json), api,
                "artemis-" + (api.equals("jakarta") ? "jakarta" : "jms") + "-client ");

        JsonNode s = HarnessProcess.json(json).get("summary");
        assertEquals(600, s.get("totalSent").asLong(), "200/s for 3 s, published");
        assertEquals(600, s.get("totalCompleted").asLong(), "every message's fan-out complete");
        assertEquals(400, s.get("measuredCompleted").asLong());
        JsonNode delivery = s.get("delivery");
        assertEquals(1800, delivery.get("committed").asLong(), "each message due at its topic's 3 subscriptions");
        assertEquals(1800, delivery.get("received").asLong());
        assertEquals(0, delivery.get("lost").asLong());
        assertEquals(0, delivery.get("duplicates").asLong());
        assertEquals(1200, s.get("views").get("response").get("count").asLong(), "one sample per delivery");
        assertEquals(400, s.get("views").get("fanout").get("count").asLong(), "one sample per message");
        assertTrue(s.get("views").get("fanout").get("p50Ns").asLong() >= s.get("views").get("response").get("p50Ns").asLong(),
                "a message's fan-out ends with its last copy");
        assertEquals(400, HlogFiles.sum(hlog, "fanout").getTotalCount());
        assertEquals(1200, HlogFiles.sum(hlog, "response").getTotalCount());

        JsonNode subs = s.get("subscriptions");
        assertEquals(kind, subs.get("kind").asText());
        assertEquals(1800, subs.get("deliveries").asLong());
        assertEquals(0, subs.get("incompleteFanOuts").asLong());
        assertEquals(6, subs.get("each").size());
        for (JsonNode each : subs.get("each")) {
            assertEquals(300, each.get("received").asLong(), "one topic's half of the messages: " + each);
            assertEquals(200, each.get("response").get("count").asLong(), each.toString());
            assertTrue(each.get("name").asText().matches("harness-[0-9a-f]+-t[12]-s[123]"), each.toString());
        }
        assertTrue(r.stdout().contains("deliveries: 1,800 copies to 6 " + kind + " subscriptions"), r::toString);
        assertTrue(r.stdout().contains("slowest subscription: harness-"), r::toString);
        assertTrue(r.stdout().contains("delivery (persistent, outside syncpoint): 1,800 copies committed, 1,800 received, 0 lost"),
                r::toString);
        if (kind.endsWith("durable") && !kind.equals("nondurable")) {
            assertTrue(r.stdout().contains("6 of 6 durable subscriptions removed after the run"), r::toString);
        }
    }

    /**
     * On a broker that outlives the run: its durable subscriptions are gone after it, unless it was
     * asked to keep them; a kept one still holds what is published to its topic.
     */
    @Test
    void durableSubscriptionsAreRemovedAfterTheRunUnlessKept() throws Exception {
        try (BrokerProcess broker = BrokerProcess.start(dir, dir.resolve("broker-data"))) {
            for (boolean keep : new boolean[] {false, true}) {
                Path json = dir.resolve("run-" + keep + ".json");
                List<String> args = new ArrayList<>(List.of("run", "--cold-start", "--url", broker.url(), "--workload", "pubsub",
                        "--subscription", "durable", "--subscribers", "2", "--rate", "100", "--warmup", "1s", "--duration",
                        "1s", "--json", json.toString()));
                if (keep) {
                    args.add("--keep-subscriptions");
                }
                HarnessProcess.Result r = HarnessProcess.run(dir, 120, args.toArray(String[]::new));
                assertEquals(0, r.exitCode(), r::toString);
                JsonNode subs = HarnessProcess.json(json).get("summary").get("subscriptions");
                for (JsonNode each : subs.get("each")) {
                    String name = each.get("name").asText();
                    // Artemis keeps an unshared durable subscription as the queue clientID.name; the client ID is its name.
                    boolean there = OtherClient.exists(broker.url(), name + "." + name);
                    assertEquals(keep, there, name + (keep ? " kept" : " removed") + "\n" + r);
                }
                assertTrue(r.stdout().contains(keep ? "2 durable subscriptions kept on the broker (--keep-subscriptions)"
                        : "2 of 2 durable subscriptions removed after the run"), r::toString);
            }
        }
    }

    @Test
    void optionsOfAnotherWorkloadAreRefusedInOneLine() throws Exception {
        HarnessProcess.Result r = HarnessProcess.run(dir, 60, "run", "--workload", "pubsub", "--drainers", "2");
        assertEquals(2, r.exitCode(), r::toString);
        assertTrue(r.stderr().contains("--drainers: applies to --workload put and reqresp only"), r::toString);
        assertFalse(r.stderr().contains("Exception"), r::toString);
    }
}
