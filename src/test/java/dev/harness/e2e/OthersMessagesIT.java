package dev.harness.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;

import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import com.fasterxml.jackson.databind.JsonNode;

import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import jakarta.jms.MessageProducer;
import jakarta.jms.Queue;
import jakarta.jms.QueueBrowser;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;

/**
 * The harness never consumes a message it did not send. Another application here is Artemis's
 * own Jakarta client in this test's JVM, no code of the harness's, on a broker of its own
 * (harness broker) over TCP on 127.0.0.1; what is left is counted by browsing, which takes nothing.
 */
class OthersMessagesIT {
    @TempDir
    Path dir;

    @Test
    void aQueueHoldingOthersMessagesIsRefusedAndTheyStayThere() throws Exception {
        try (BrokerProcess broker = BrokerProcess.start(dir, dir.resolve("data"))) {
            put(broker.url(), "DEV.QUEUE.1", 100);
            HarnessProcess.Result r = HarnessProcess.run(dir, 120, "run", "--url", broker.url(), "--rate", "100",
                    "--warmup", "0s", "--duration", "1s", "--queues", "1");
            assertEquals(2, r.exitCode(), r::toString);
            r.assertOneLine("queue DEV.QUEUE.1 holds 100 messages that this run did not put there", "--purge",
                    "--queue-prefix");
            assertEquals(List.of(100), others(broker.url(), "DEV.QUEUE.1"), "all 100 are still there");

            // Request/response with its responders here consumes the request queues too.
            put(broker.url(), "REQUEST2", 7);
            HarnessProcess.Result rr = HarnessProcess.run(dir, 120, "run", "--url", broker.url(), "--workload", "reqresp",
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
            HarnessProcess.Result r = HarnessProcess.run(dir, 120, "run", "--url", broker.url(), "--rate", "100",
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
            try (HarnessProcess run = HarnessProcess.start(dir, "run", "--url", broker.url(), "--workload", workload,
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

    /** Text messages, as an application of someone else's might put them, persistent. */
    private static void put(String url, String queue, int count) throws JMSException {
        try (ActiveMQConnectionFactory factory = new ActiveMQConnectionFactory(url);
                Connection c = factory.createConnection()) {
            Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
            MessageProducer p = s.createProducer(s.createQueue(queue));
            for (int i = 0; i < count; i++) {
                p.send(s.createTextMessage("order " + i + " of someone else's"));
            }
        }
    }

    /** How many messages the queue holds, browsed (nothing taken); each must be one put by {@link #put}. */
    private static List<Integer> others(String url, String queue) throws JMSException {
        try (ActiveMQConnectionFactory factory = new ActiveMQConnectionFactory(url);
                Connection c = factory.createConnection()) {
            c.start();
            Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
            Queue q = s.createQueue(queue);
            int n = 0;
            List<String> notOthers = new ArrayList<>();
            try (QueueBrowser b = s.createBrowser(q)) {
                for (Enumeration<?> e = b.getEnumeration(); e.hasMoreElements(); n++) {
                    Object m = e.nextElement();
                    if (!(m instanceof TextMessage t) || !t.getText().endsWith("of someone else's")) {
                        notOthers.add(String.valueOf(m));
                    }
                }
            }
            assertEquals(List.of(), notOthers, "only the other application's messages are left on " + queue);
            return List.of(n);
        }
    }
}
