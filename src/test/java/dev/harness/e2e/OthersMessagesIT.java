package dev.harness.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import com.fasterxml.jackson.databind.JsonNode;

import jakarta.jms.JMSException;

/**
 * The harness never consumes a message it did not send. Another application here is
 * {@link OtherClient}, Artemis's own Jakarta client in this test's JVM, on a broker of its own
 * (harness broker) over TCP on 127.0.0.1; what is left is counted by browsing, which takes nothing.
 */
class OthersMessagesIT {
    @TempDir
    Path dir;

    @Test
    void aQueueHoldingOthersMessagesIsRefusedAndTheyStayThere() throws Exception {
        try (BrokerProcess broker = BrokerProcess.start(dir, dir.resolve("data"))) {
            put(broker.url(), "DEV.QUEUE.1", 100);
            HarnessProcess.Result r = HarnessProcess.run(dir, 120, "run", "--cold-start", "--url", broker.url(), "--rate", "100",
                    "--warmup", "0s", "--duration", "1s", "--queues", "1");
            assertEquals(2, r.exitCode(), r::toString);
            r.assertOneLine("queue DEV.QUEUE.1 holds 100 messages that this run did not put there", "--purge",
                    "--queue-prefix");
            assertEquals(List.of(100), others(broker.url(), "DEV.QUEUE.1"), "all 100 are still there");

            // Request/response with its responders here consumes the request queues too.
            put(broker.url(), "REQUEST2", 7);
            HarnessProcess.Result rr = HarnessProcess.run(dir, 120, "run", "--cold-start", "--url", broker.url(), "--workload", "reqresp",
                    "--rate", "50", "--warmup", "0s", "--duration", "1s", "--queues", "2");
            assertEquals(2, rr.exitCode(), rr::toString);
            rr.assertOneLine("queue REQUEST2 holds 7 messages", "--purge", "--request-prefix and --reply-prefix");
            assertEquals(List.of(7), others(broker.url(), "REQUEST2"));
        }
    }

    @Test
    void purgeRemovesThemFirstAndSaysHowMany() throws Exception {
        try (BrokerProcess broker = BrokerProcess.start(dir, dir.resolve("data"))) {
            put(broker.url(), "DEV.QUEUE.2", 30);
            Path json = dir.resolve("purge.json");
            HarnessProcess.Result r = HarnessProcess.run(dir, 120, "run", "--cold-start", "--url", broker.url(), "--rate", "100",
                    "--warmup", "0s", "--duration", "1s", "--queues", "2", "--purge", "--json", json.toString());
            assertEquals(0, r.exitCode(), r::toString);
            assertTrue(r.stdout().contains("--purge removed 30 from DEV.QUEUE.2 before the run"), r::toString);
            JsonNode s = HarnessProcess.json(json).get("summary");
            assertEquals(0, s.get("delivery").get("lost").asLong(), r::toString);
            assertEquals(0, s.get("othersLeft").asLong(), r::toString);
            assertEquals(List.of(0), others(broker.url(), "DEV.QUEUE.2"), "purged, and the run left nothing");
        }
    }

    /**
     * Messages another application puts on the run's queues while it runs (on the drained queue of
     * a put run; on a request queue of a request/response run, whose responders are here) are left
     * where they were, and the summary counts them.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"put", "reqresp"})
    void othersMessagesPutDuringTheRunAreLeftWhereTheyWere(String workload) throws Exception {
        try (BrokerProcess broker = BrokerProcess.start(dir, dir.resolve("data"))) {
            String queue = workload.equals("put") ? "DEV.QUEUE.1" : "REQUEST1";
            Path json = dir.resolve(workload + ".json");
            try (HarnessProcess run = HarnessProcess.start(dir, "run", "--cold-start", "--url", broker.url(), "--workload", workload,
                    "--rate", "200", "--warmup", "1s", "--duration", "8s", "--queues", "1", "--json", json.toString(),
                    "--events", "events.jsonl")) {
                run.awaitInterval(2.0, 90);
                put(broker.url(), queue, 50); // well before the schedule's end (9 s), when the run counts them
                assertTrue(run.isAlive(), "the run was still running when the others' messages were put");
                assertEquals(0, run.waitFor(120), run::toString);
                String out = run.stdout();
                JsonNode s = HarnessProcess.json(json).get("summary");
                assertEquals(50, s.get("othersLeft").asLong(), out);
                assertEquals(0, s.get("othersConsumed").asLong(), out);
                assertEquals(0, s.get("delivery").get("lost").asLong(), out);
                assertTrue(out.contains("others' messages: 50 put on the run's queues during it by someone else, left where"
                        + " they were"), out);
                assertTrue(out.contains("its consumers take only its own messages (selector harness_run)"), out);
            }
            assertEquals(List.of(50), others(broker.url(), queue), "all 50 are still there, and nothing of the run's");
        }
    }

    private static void put(String url, String queue, int count) throws JMSException {
        OtherClient.put(url, queue, count, true);
    }

    /** What the queue holds, all of it the other client's. */
    private static List<Integer> others(String url, String queue) throws JMSException {
        return List.of(OtherClient.count(url, queue));
    }
}
