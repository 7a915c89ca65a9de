package dev.harness.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;

import dev.harness.core.broker.EmbeddedArtemis;

/**
 * --provider jndi with Artemis's own JNDI context factory, against a harness broker child over
 * TCP on 127.0.0.1: the workloads need nothing of the provider but JNDI.
 */
class JndiIT {
    @TempDir
    static Path dir;

    private static BrokerProcess broker;
    private static Path jndi;

    @BeforeAll
    static void startBroker() throws Exception {
        broker = BrokerProcess.start(dir, dir.resolve("data"));
        // DEV.QUEUE.1 is bound in JNDI; every other queue must be created from its name.
        jndi = Files.writeString(dir.resolve("jndi.properties"), """
                java.naming.factory.initial=org.apache.activemq.artemis.jndi.ActiveMQInitialContextFactory
                connectionFactory.HarnessCF=%s
                queue.DEV.QUEUE.1=DEV.QUEUE.1
                topic.JNDI.TOPIC.1=JNDI.TOPIC.1
                """.formatted(broker.url()));
    }

    @AfterAll
    static void stopBroker() {
        if (broker != null) {
            broker.close();
        }
    }

    @Test
    void persistentPutsInSyncpointThroughJndi() throws Exception {
        Path json = dir.resolve("put.json");
        HarnessProcess.Result r = HarnessProcess.run(dir, 120, "run", "--cold-start", "--provider", "jndi", "--jndi", jndi.toString(),
                "--cf", "HarnessCF", "--persistent", "--syncpoint", "10", "--queues", "2", "--rate", "200",
                "--warmup", "1s", "--duration", "2s", "--json", json.toString());
        assertEquals(0, r.exitCode(), r::toString);
        assertTrue(r.stdout().contains("JNDI connection factory HarnessCF"), r::toString);
        assertTrue(r.stdout().contains("queues from JNDI: DEV.QUEUE.1"), r::toString);
        assertTrue(r.stdout().contains("created from their names: DEV.QUEUE.2"), r::toString);
        assertTrue(r.stdout().contains("blockOnDurableSend=true"), "the factory's own settings are stated");
        assertTrue(HarnessProcess.json(json).get("notes").toString().contains("blockOnDurableSend=true"),
                "the notes are kept with the results");
        JsonNode s = HarnessProcess.json(json).get("summary");
        assertEquals(600, s.get("totalSent").asLong(), "200/s for 3 s");
        assertEquals(600, s.get("totalCompleted").asLong(), "every message drained");
        assertEquals(40, s.get("views").get("commit").get("count").asLong(), "a commit every 10 of 400 measured");
    }

    @Test
    void requestResponseThroughJndi() throws Exception {
        Path json = dir.resolve("rr.json");
        HarnessProcess.Result r = HarnessProcess.run(dir, 120, "run", "--cold-start", "--provider", "jndi", "--jndi", jndi.toString(),
                "--cf", "HarnessCF", "--workload", "reqresp", "--requesters", "4", "--queues", "2", "--rate", "100",
                "--warmup", "1s", "--duration", "2s", "--json", json.toString());
        assertEquals(0, r.exitCode(), r::toString);
        JsonNode s = HarnessProcess.json(json).get("summary");
        assertEquals(300, s.get("totalSent").asLong());
        assertEquals(300, s.get("totalCompleted").asLong(), "every request answered");
        assertEquals(0, s.get("lost").asLong());
        assertEquals(200, s.get("views").get("responder").get("count").asLong());
    }

    /**
     * Request/response through Artemis's Jakarta JNDI context factory (the same class name as the
     * javax one: --api jakarta picks it) against a broker in this test's own JVM rather than a child.
     */
    @Test
    void requestResponseThroughArtemisJakartaJndiAgainstABrokerInThisJvm() throws Exception {
        Path json = dir.resolve("rr-jakarta.json");
        try (EmbeddedArtemis inJvm = EmbeddedArtemis.startTemporary()) {
            Path file = Files.writeString(dir.resolve("jndi-in-jvm.properties"), """
                    java.naming.factory.initial=org.apache.activemq.artemis.jndi.ActiveMQInitialContextFactory
                    connectionFactory.HarnessCF=%s
                    queue.REQUEST1=REQUEST1
                    """.formatted(inJvm.url()));
            HarnessProcess.Result r = HarnessProcess.run(dir, 120, "run", "--cold-start", "--api", "jakarta", "--provider", "jndi", "--jndi",
                    file.toString(), "--cf", "HarnessCF", "--workload", "reqresp", "--requesters", "2", "--queues", "2",
                    "--rate", "100", "--warmup", "0s", "--duration", "2s", "--json", json.toString());
            assertEquals(0, r.exitCode(), r::toString);
            assertTrue(r.stdout().contains("queues from JNDI: REQUEST1"), r::toString);
            assertTrue(r.stdout().contains("blockOnDurableSend=true"), "the Jakarta factory is read as Artemis's: " + r);
        }
        JsonNode run = HarnessProcess.json(json);
        HarnessProcess.assertDrivenBy(run, "jakarta", "harness-jakarta.jar");
        JsonNode s = run.get("summary");
        assertEquals(200, s.get("totalSent").asLong());
        assertEquals(200, s.get("totalCompleted").asLong(), "every request answered");
        assertEquals(0, s.get("lost").asLong());
        assertEquals(200, s.get("views").get("responder").get("count").asLong());
    }

    @Test
    void unknownFactoryNameIsAUsageError() throws Exception {
        HarnessProcess.Result r = HarnessProcess.run(dir, 60, "run", "--provider", "jndi", "--jndi", jndi.toString(),
                "--cf", "NoSuchFactory", "--duration", "1s");
        assertEquals(2, r.exitCode(), r::toString);
        r.assertOneLine("--cf NoSuchFactory");
    }

    @Test
    void contextFactoryNotOnTheClassPathIsAUsageError() throws Exception {
        Path other = Files.writeString(dir.resolve("other.properties"),
                "java.naming.factory.initial=com.example.NotOnTheClassPath\n");
        HarnessProcess.Result r = HarnessProcess.run(dir, 60, "run", "--provider", "jndi", "--jndi", other.toString(),
                "--duration", "1s");
        assertEquals(2, r.exitCode(), r::toString);
        r.assertOneLine("--jndi", "com.example.NotOnTheClassPath", "HARNESS_CLASSPATH");
    }


    /** Topics through JNDI: looked up as Topic objects, or created from their names; a queue where a topic is needed is refused. */
    @Test
    void publishSubscribeThroughJndi() throws Exception {
        Path json = dir.resolve("pubsub.json");
        HarnessProcess.Result r = HarnessProcess.run(dir, 120, "run", "--cold-start", "--provider", "jndi", "--jndi", jndi.toString(),
                "--cf", "HarnessCF", "--workload", "pubsub", "--topics", "2", "--topic-prefix", "JNDI.TOPIC.", "--subscribers", "2",
                "--rate", "100", "--warmup", "1s", "--duration", "2s", "--json", json.toString());
        assertEquals(0, r.exitCode(), r::toString);
        assertTrue(r.stdout().contains("topics from JNDI: JNDI.TOPIC.1"), r::toString);
        assertTrue(r.stdout().contains("topics not in JNDI, created from their names: JNDI.TOPIC.2"), r::toString);
        JsonNode d = HarnessProcess.json(json).get("summary").get("delivery");
        assertEquals(600, d.get("committed").asLong(), "300 messages, two copies each: " + r);
        assertEquals(600, d.get("received").asLong(), r::toString);

        HarnessProcess.Result wrong = HarnessProcess.run(dir, 120, "run", "--cold-start", "--provider", "jndi", "--jndi", jndi.toString(),
                "--cf", "HarnessCF", "--workload", "pubsub", "--topic-prefix", "DEV.QUEUE.", "--rate", "100", "--warmup", "1s",
                "--duration", "1s");
        assertTrue(wrong.exitCode() != 0, wrong::toString);
        assertTrue(wrong.stderr().contains("JNDI holds a queue under DEV.QUEUE.1, where a topic is needed"), wrong::toString);
        assertFalse(wrong.stderr().contains("\tat "), "one line, no stack trace: " + wrong);
    }

    /** Consume-only through JNDI: a queue another client filled, emptied and counted, its depth browsed (JNDI tells no count). */
    @Test
    void drainThroughJndi() throws Exception {
        OtherClient.put(broker.url(), "JNDI.ORDERS", 2_000, false);
        Path json = dir.resolve("drain.json");
        HarnessProcess.Result r = HarnessProcess.run(dir, 120, "drain", "--provider", "jndi", "--jndi", jndi.toString(),
                "--cf", "HarnessCF", "--queue", "JNDI.ORDERS", "--json", json.toString());
        assertEquals(0, r.exitCode(), r::toString);
        assertTrue(r.stdout().contains("depth of JNDI.ORDERS: 2,000 at the start, 0 at the end; 2,000 received from it"),
                r::toString);
        assertEquals(2_000, HarnessProcess.json(json).get("received").asLong(), r::toString);
        assertEquals(0, OtherClient.count(broker.url(), "JNDI.ORDERS"), "the queue is empty");
    }
}
