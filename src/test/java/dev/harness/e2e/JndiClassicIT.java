package dev.harness.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.apache.activemq.ActiveMQConnectionFactory;
import org.apache.activemq.broker.BrokerService;
import org.apache.activemq.broker.TransportConnector;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Through JNDI with a provider other than Artemis: ActiveMQ Classic 6, a Jakarta Messaging
 * broker, run in this test's JVM on 127.0.0.1. Its client jars (not the harness's) go to the
 * harness on HARNESS_CLASSPATH, as a user's would, and its own JNDI context factory looks the
 * connection factory and the topics up.
 */
class JndiClassicIT {
    @TempDir
    static Path dir;

    private static BrokerService broker;
    private static Path jndi;
    private static Map<String, String> classpath;

    @BeforeAll
    static void startBroker() throws Exception {
        broker = new BrokerService();
        broker.setBrokerName("harness-classic");
        broker.setPersistent(false);
        broker.setUseJmx(false);
        broker.setDataDirectoryFile(dir.resolve("classic").toFile());
        TransportConnector connector = broker.addConnector("tcp://127.0.0.1:0");
        broker.start();
        broker.waitUntilStarted();
        String url = connector.getPublishableConnectString();
        jndi = Files.writeString(dir.resolve("classic.properties"), """
                java.naming.factory.initial=org.apache.activemq.jndi.ActiveMQInitialContextFactory
                java.naming.provider.url=%s
                connectionFactoryNames=HarnessCF
                topic.CLASSIC.TOPIC.1=CLASSIC.TOPIC.1
                """.formatted(url));
        classpath = Map.of("HARNESS_CLASSPATH", jarOf(ActiveMQConnectionFactory.class) + File.pathSeparator
                + jarOf(org.fusesource.hawtbuf.Buffer.class));
    }

    @AfterAll
    static void stopBroker() throws Exception {
        if (broker != null) {
            broker.stop();
            broker.waitUntilStopped();
        }
    }

    private static String jarOf(Class<?> c) throws Exception {
        return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    }

    /** Topics looked up from JNDI or created from their names; every copy to every subscription, none lost or twice. */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"nondurable", "durable"})
    void publishSubscribeThroughClassicsJndi(String kind) throws Exception {
        Path json = dir.resolve("classic-" + kind + ".json");
        HarnessProcess.Result r = HarnessProcess.run(dir, classpath, 120, "run", "--cold-start", "--api", "jakarta", "--provider", "jndi",
                "--jndi", jndi.toString(), "--cf", "HarnessCF", "--workload", "pubsub", "--topics", "2", "--topic-prefix",
                "CLASSIC.TOPIC.", "--subscribers", "2", "--subscription", kind, "--rate", "100", "--warmup", "1s",
                "--duration", "2s", "--json", json.toString());
        assertEquals(0, r.exitCode(), r::toString);
        assertTrue(r.stdout().contains("topics from JNDI: CLASSIC.TOPIC.1"), r::toString);
        JsonNode run = HarnessProcess.json(json);
        assertTrue(run.get("settings").get("client").asText().toLowerCase(java.util.Locale.ROOT).contains("activemq"),
                "driven by Classic's client: " + run.get("settings"));
        JsonNode d = run.get("summary").get("delivery");
        assertEquals(600, d.get("committed").asLong(), "300 messages, two copies each: " + r);
        assertEquals(600, d.get("received").asLong(), r::toString);
        assertEquals(0, d.get("duplicates").asLong(), r::toString);
        if (kind.equals("durable")) {
            assertTrue(r.stdout().contains("4 of 4 durable subscriptions removed after the run"), r::toString);
        }
    }

    /** Puts through Classic: its queues created from their names, the run's own messages selected by their property. */
    @org.junit.jupiter.api.Test
    void putsThroughClassicsJndi() throws Exception {
        Path json = dir.resolve("classic-put.json");
        HarnessProcess.Result r = HarnessProcess.run(dir, classpath, 120, "run", "--cold-start", "--api", "jakarta", "--provider", "jndi",
                "--jndi", jndi.toString(), "--cf", "HarnessCF", "--queue-prefix", "CLASSIC.QUEUE.", "--queues", "2",
                "--rate", "100", "--warmup", "0s", "--duration", "2s", "--json", json.toString());
        assertEquals(0, r.exitCode(), r::toString);
        assertTrue(r.stdout().contains("selector harness_run"), r::toString);
        JsonNode s = HarnessProcess.json(json).get("summary");
        assertEquals(200, s.get("totalCompleted").asLong(), r::toString);
        assertEquals(0, s.get("delivery").get("lost").asLong(), r::toString);
    }

    /**
     * An application's shape through Classic: text messages with five properties from four senders
     * on one connection, drained by a synchronous receive with client acknowledgement; and object
     * messages, which Classic deserializes only for trusted classes (a byte array is).
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"--message-type text --properties 5 --ack client --receive sync --senders 4"
            + " --sessions-per-connection 4", "--message-type object --syncpoint 10"})
    void anApplicationsShapeThroughClassicsJndi(String shape) throws Exception {
        Path json = dir.resolve("classic-shape.json");
        String prefix = "CLASSIC.SHAPE." + (shape.contains("text") ? "TEXT." : "OBJECT.");
        java.util.List<String> args = new java.util.ArrayList<>(java.util.List.of("run", "--cold-start", "--api", "jakarta",
                "--provider", "jndi", "--jndi", jndi.toString(), "--cf", "HarnessCF", "--queue-prefix", prefix, "--rate", "200",
                "--warmup", "1s", "--duration", "2s", "--json", json.toString()));
        args.addAll(java.util.List.of(shape.split(" ")));
        HarnessProcess.Result r = HarnessProcess.run(dir, classpath, 120, args.toArray(String[]::new));
        assertEquals(0, r.exitCode(), r::toString);
        JsonNode s = HarnessProcess.json(json).get("summary");
        assertEquals(600, s.get("totalSent").asLong(), "200/s for 3 s");
        assertEquals(600, s.get("totalCompleted").asLong(), r::toString);
        assertEquals(0, s.get("delivery").get("lost").asLong(), r::toString);
        assertEquals(0, s.get("delivery").get("duplicates").asLong(), r::toString);
        if (shape.contains("--sessions-per-connection")) {
            assertTrue(r.stdout().contains("\n  connections  1 for 4 senders: "), r::toString);
        }
    }

    /** Requesters that get their replies by a JMSCorrelationID selector, as MQ applications do, through Classic. */
    @org.junit.jupiter.api.Test
    void repliesByCorrelationIdThroughClassicsJndi() throws Exception {
        Path json = dir.resolve("classic-reqresp.json");
        HarnessProcess.Result r = HarnessProcess.run(dir, classpath, 120, "run", "--cold-start", "--api", "jakarta", "--provider",
                "jndi", "--jndi", jndi.toString(), "--cf", "HarnessCF", "--workload", "reqresp", "--reply-by",
                "correlation-id", "--request-prefix", "CLASSIC.REQUEST.", "--reply-prefix", "CLASSIC.REPLY.", "--rate", "50",
                "--requesters", "2", "--responders", "2", "--warmup", "1s", "--duration", "2s", "--json", json.toString());
        assertEquals(0, r.exitCode(), r::toString);
        JsonNode s = HarnessProcess.json(json).get("summary");
        assertEquals(150, s.get("totalCompleted").asLong(), r::toString);
        assertEquals(0, s.get("delivery").get("lost").asLong(), r::toString);
    }

    /** Classic's client has no JMS 2.0 delivery delay: the run refuses it in one line before any load. */
    @org.junit.jupiter.api.Test
    void aClientWithoutDeliveryDelayRefusesItInOneLine() throws Exception {
        HarnessProcess.Result r = HarnessProcess.run(dir, classpath, 120, "run", "--cold-start", "--api", "jakarta", "--provider",
                "jndi", "--jndi", jndi.toString(), "--cf", "HarnessCF", "--queue-prefix", "CLASSIC.DELAYED.", "--rate", "100",
                "--warmup", "1s", "--duration", "1s", "--delivery-delay", "1s");
        assertEquals(2, r.exitCode(), r::toString);
        r.assertOneLine("--delivery-delay", "this provider's client does not support it");
    }
}
