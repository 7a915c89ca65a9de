package dev.harness.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;

import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import com.fasterxml.jackson.databind.JsonNode;

import jakarta.jms.BytesMessage;
import jakarta.jms.Connection;
import jakarta.jms.QueueBrowser;
import jakarta.jms.Session;

/**
 * The messages' shape as a run really sends it, browsed on a broker by Artemis's own client: a
 * --size mix (the same for every run of one schedule, and response per size), --payload, and
 * --properties.
 */
class MessageShapesIT {
    @TempDir
    Path dir;

    @TempDir
    static Path brokerDir;

    /** One broker for the class: each test sends on queues of its own. */
    private static BrokerProcess broker;

    @BeforeAll
    static void startBroker() throws Exception {
        broker = BrokerProcess.start(brokerDir, brokerDir.resolve("data"));
    }

    @AfterAll
    static void stopBroker() {
        if (broker != null) {
            broker.close();
        }
    }

    /** The body lengths of the messages on the queue, in order, browsed by Artemis's own client: nothing taken. */
    private static List<Long> sizesOn(String url, String queue) throws Exception {
        try (ActiveMQConnectionFactory factory = new ActiveMQConnectionFactory(url);
                Connection c = factory.createConnection()) {
            c.start();
            Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
            List<Long> sizes = new ArrayList<>();
            try (QueueBrowser b = s.createBrowser(s.createQueue(queue))) {
                for (Enumeration<?> e = b.getEnumeration(); e.hasMoreElements();) {
                    sizes.add(((BytesMessage) e.nextElement()).getBodyLength());
                }
            }
            return sizes;
        }
    }

    @Test
    void aMixIsSentAsAskedTheSameByEveryRunOfTheScheduleAndTimedPerSize() throws Exception {
        List<List<Long>> runs = new ArrayList<>();
        for (String prefix : List.of("SIZES.A.", "SIZES.B.")) {
            Path json = dir.resolve(prefix + "json");
            // Nobody drains: the messages stay on the queue to be browsed, each completed when its send returns.
            HarnessProcess.Result r = HarnessProcess.run(dir, 120, "run", "--cold-start", "--url", broker.url(), "--rate", "200",
                    "--warmup", "0s", "--duration", "2s", "--drainers", "0", "--queue-prefix", prefix,
                    "--size", "512:50,8KiB:50", "--json", json.toString());
            assertEquals(0, r.exitCode(), r::toString);
            assertTrue(r.stdout().contains("512 bytes 50 %, 8192 bytes 50 % (mean 4,352 bytes)"), r::toString);
            List<Long> sent = sizesOn(broker.url(), prefix + "1");
            assertEquals(400, sent.size(), "200/s for 2 s");
            assertTrue(sent.stream().allMatch(b -> b == 512 || b == 8192), sent::toString);
            double mean = sent.stream().mapToLong(Long::longValue).average().orElseThrow();
            assertEquals(4352, mean, 4352 * 0.01, "the mix's mean, within 1 %");
            runs.add(sent);

            JsonNode s = HarnessProcess.json(json).get("summary");
            JsonNode each = s.get("sizes").get("each");
            assertEquals(2, each.size(), s.get("sizes")::toString);
            assertEquals(512, each.get(0).get("bytes").asInt());
            assertEquals(8192, each.get(1).get("bytes").asInt());
            long perSize = each.get(0).get("response").get("count").asLong() + each.get(1).get("response").get("count").asLong();
            assertEquals(s.get("views").get("response").get("count").asLong(), perSize, "every response under its size");
            assertEquals(4352, s.get("sizes").get("meanBytes").asDouble(), 4352 * 0.01);
            assertTrue(r.stdout().contains("  8192 bytes "), r::toString);
        }
        assertEquals(runs.get(0), runs.get(1), "two runs of one schedule send the same sizes in the same order");
    }

    /** The first message's body after the harness's 36-byte header, browsed. */
    private static byte[] firstBody(String url, String queue) throws Exception {
        try (ActiveMQConnectionFactory factory = new ActiveMQConnectionFactory(url);
                Connection c = factory.createConnection()) {
            c.start();
            Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
            try (QueueBrowser b = s.createBrowser(s.createQueue(queue))) {
                BytesMessage m = (BytesMessage) b.getEnumeration().nextElement();
                byte[] all = new byte[(int) m.getBodyLength()];
                m.readBytes(all);
                return java.util.Arrays.copyOfRange(all, 36, all.length);
            }
        }
    }

    private static double deflated(byte[] body) {
        java.util.zip.Deflater d = new java.util.zip.Deflater();
        d.setInput(body);
        d.finish();
        int n = d.deflate(new byte[body.length * 2 + 64]);
        d.end();
        return (double) body.length / n;
    }

    /**
     * --ack and --receive on the drainers: each way gets every message once and leaves the queues
     * empty, a transaction of 10 committing its last gets when the queue goes quiet.
     */
    @ParameterizedTest(name = "--ack {0} --receive {1} {2}")
    @CsvSource({
        "transacted:10, sync, --persistent",
        "client, sync, --non-persistent",
        "transacted, listener, --persistent",
    })
    void everyWayOfReceivingTakesEachMessageOnce(String ack, String receive, String persistence) throws Exception {
        String prefix = "RECEIVE." + ack.replace(':', '.').toUpperCase(java.util.Locale.ROOT) + "." + receive.toUpperCase(java.util.Locale.ROOT) + ".";
        Path json = dir.resolve("run.json");
        HarnessProcess.Result r = HarnessProcess.run(dir, 120, "run", "--cold-start", "--url", broker.url(), "--rate", "200",
                "--warmup", "1s", "--duration", "2s", persistence, "--queues", "2", "--drainers", "2", "--queue-prefix", prefix,
                "--ack", ack, "--receive", receive, "--json", json.toString());
        assertEquals(0, r.exitCode(), r::toString);
        assertTrue(r.stdout().contains("\n  receive      " + (receive.equals("sync") ? "synchronous receive" : "message listener")),
                r::toString);
        JsonNode s = HarnessProcess.json(json).get("summary");
        assertEquals(600, s.get("totalSent").asLong(), "200/s for 3 s");
        assertEquals(600, s.get("totalCompleted").asLong(), r::toString);
        assertEquals(0, s.get("delivery").get("lost").asLong(), r::toString);
        for (int q = 1; q <= 2; q++) {
            assertEquals(0, OtherClient.count(broker.url(), prefix + q), prefix + q + ": every get acknowledged or committed");
        }
    }

    /**
     * --message-type: each type goes through the broker and is read by the run's own receivers,
     * drainers or subscriptions; text with the done-when's acknowledgement, receive and shared
     * connections (--sessions-per-connection).
     */
    @ParameterizedTest(name = "--message-type {0} --workload {1} {2}")
    @CsvSource({
        "text, put, --ack client --receive sync --properties 5 --senders 4 --sessions-per-connection 2",
        "map, pubsub, --properties 5 --senders 3 --sessions-per-connection 3",
        "stream, put, --syncpoint 10",
        "object, pubsub, --non-persistent --receive sync --ack transacted:4",
    })
    void everyMessageTypeIsSentReadAndTimed(String type, String workload, String more) throws Exception {
        Path json = dir.resolve("run.json");
        List<String> args = new ArrayList<>(List.of("run", "--cold-start", "--url", broker.url(), "--workload", workload,
                "--rate", "200", "--warmup", "1s", "--duration", "1s", "--message-type", type, "--size", "512:50,2KiB:50",
                "--json", json.toString()));
        args.addAll(List.of(workload.equals("put") ? "--queue-prefix" : "--topic-prefix", "TYPE." + type.toUpperCase(java.util.Locale.ROOT) + "."));
        args.addAll(List.of(more.split(" ")));
        HarnessProcess.Result r = HarnessProcess.run(dir, 120, args.toArray(String[]::new));
        assertEquals(0, r.exitCode(), r::toString);
        assertTrue(r.stdout().contains("\n  message type " + type + " ("), r::toString);
        if (more.contains("--receive sync")) {
            assertTrue(r.stdout().contains("\n  receive      synchronous receive(timeout), "), r::toString);
        }
        if (more.contains("--sessions-per-connection")) {
            String senders = workload.equals("put") ? "4 senders" : "3 publishers";
            String connections = workload.equals("put") ? "2" : "1";
            assertTrue(r.stdout().contains("\n  connections  " + connections + " for " + senders + ": "), r::toString);
        }
        JsonNode s = HarnessProcess.json(json).get("summary");
        assertEquals(400, s.get("totalSent").asLong(), "200/s for 2 s");
        assertEquals(400, s.get("totalCompleted").asLong(), r::toString);
        assertEquals(0, s.get("delivery").get("lost").asLong(), r::toString);
        assertEquals(0, s.get("delivery").get("duplicates").asLong(), r::toString);
        if (workload.equals("put")) {
            assertEquals(0, OtherClient.count(broker.url(), "TYPE." + type.toUpperCase(java.util.Locale.ROOT) + ".1"),
                    "every message taken");
        }
    }

    /**
     * --reconnect-every: each sender makes a new connection once its connection has carried N
     * messages, each reconnect one sample of connect, and nothing is lost across them.
     */
    @Test
    void sendersThatReconnectEveryNMessagesTimeEachReconnect() throws Exception {
        Path json = dir.resolve("run.json");
        Path hlog = dir.resolve("run.hlog");
        HarnessProcess.Result r = HarnessProcess.run(dir, 120, "run", "--cold-start", "--url", broker.url(), "--rate", "200",
                "--warmup", "1s", "--duration", "2s", "--persistent", "--syncpoint", "10", "--senders", "2",
                "--queue-prefix", "CHURN.", "--reconnect-every", "50", "--json", json.toString(), "--hlog", hlog.toString());
        assertEquals(0, r.exitCode(), r::toString);
        assertTrue(r.stdout().contains("\n  reconnect every 50 messages: "), r::toString);
        JsonNode s = HarnessProcess.json(json).get("summary");
        assertEquals(600, s.get("totalCompleted").asLong(), r::toString);
        assertEquals(0, s.get("delivery").get("lost").asLong(), r::toString);
        // 300 messages a sender, a new connection after each 50th: 6 each, warmup and measured together.
        assertEquals(12, HlogFiles.sum(hlog, "connect").getTotalCount() + HlogFiles.sum(hlog, "warmup-connect").getTotalCount(),
                r::toString);
        assertEquals(HlogFiles.sum(hlog, "connect").getTotalCount(), s.get("views").get("connect").get("count").asLong());
    }

    /**
     * Requesters share connections or reconnect as applications do, whichever way they get their
     * replies: every request answered, each reconnect one sample of connect.
     */
    @ParameterizedTest(name = "--reply-by {0} {1}")
    @CsvSource({
        "correlation-id, --reconnect-every 50",
        "temporary, --sessions-per-connection 2",
        "router, --syncpoint 0 --ack client --receive sync",
    })
    void requestersThatReconnectOrShareConnectionsGetEveryReply(String replyBy, String more) throws Exception {
        Path json = dir.resolve("reqresp.json");
        Path hlog = dir.resolve("reqresp.hlog");
        String prefix = "REQ." + replyBy.toUpperCase(java.util.Locale.ROOT) + ".";
        List<String> args = new ArrayList<>(List.of("run", "--cold-start", "--url", broker.url(), "--workload", "reqresp",
                "--reply-by", replyBy, "--requesters", "4", "--rate", "200", "--warmup", "1s", "--duration", "1s",
                "--request-prefix", prefix, "--json", json.toString(), "--hlog", hlog.toString()));
        args.addAll(List.of(more.split(" ")));
        if (!replyBy.equals("temporary")) {
            args.addAll(List.of("--reply-prefix", prefix + "REPLY."));
        }
        HarnessProcess.Result r = HarnessProcess.run(dir, 120, args.toArray(String[]::new));
        assertEquals(0, r.exitCode(), r::toString);
        JsonNode s = HarnessProcess.json(json).get("summary");
        assertEquals(400, s.get("totalCompleted").asLong(), r::toString);
        assertEquals(0, s.get("delivery").get("lost").asLong(), r::toString);
        long connects = HlogFiles.sum(hlog, "connect").getTotalCount() + HlogFiles.sum(hlog, "warmup-connect").getTotalCount();
        if (more.contains("--reconnect-every")) {
            assertEquals(8, connects, "100 requests a requester, a new connection after each 50th: " + r);
        } else if (more.contains("--sessions-per-connection")) {
            assertEquals(0, connects, r::toString);
            assertTrue(r.stdout().contains("\n  connections  2 for 4 requesters: "), r::toString);
        } else {
            assertTrue(r.stdout().contains("\n  receive      synchronous receive(timeout), a thread and a session per"
                    + " consumer; client acknowledge"), r::toString);
            for (int q = 1; q <= 10; q++) {
                assertEquals(0, OtherClient.count(broker.url(), prefix + q), "every request acknowledged");
                assertEquals(0, OtherClient.count(broker.url(), prefix + "REPLY." + q), "every reply acknowledged");
            }
        }
    }

    /**
     * --delivery-delay: the broker holds each message (a request) 2 s, and response is measured from
     * the intended time plus the delay: a response of 2 s would be the delay counted as latency.
     * Request/response in open mode, whose requests are out while the broker holds them: none is
     * given up at a 1 s reply timeout, which runs from the delay's end.
     */
    @ParameterizedTest(name = "--workload {0}")
    @CsvSource({"put", "reqresp"})
    void aDeliveryDelayIsMeasuredFromTheIntendedTimePlusTheDelay(String workload) throws Exception {
        Path json = dir.resolve("delay.json");
        List<String> args = new ArrayList<>(List.of("run", "--cold-start", "--url", broker.url(), "--workload", workload,
                "--rate", "100", "--warmup", "2s", "--duration", "1s", "--delivery-delay", "2s", "--json", json.toString()));
        args.addAll(workload.equals("put") ? List.of("--queue-prefix", "DELAYED.")
                : List.of("--mode", "open", "--reply-timeout", "1s", "--request-prefix", "DELAYED.REQ.", "--reply-prefix",
                        "DELAYED.REPLY."));
        HarnessProcess.Result r = HarnessProcess.run(dir, 120, args.toArray(String[]::new));
        assertEquals(0, r.exitCode(), r::toString);
        assertTrue(r.stdout().contains("\n  delivery delay 2s: "), r::toString);
        JsonNode s = HarnessProcess.json(json).get("summary");
        assertEquals(300, s.get("totalCompleted").asLong(), r::toString);
        assertEquals(0, s.get("delivery").get("lost").asLong(), r::toString);
        if (workload.equals("reqresp")) {
            assertEquals(0, s.get("lost").asLong(), "no reply given up while its request was held: " + r);
        }
        long p50Ms = s.get("views").get("response").get("p50Ns").asLong() / 1_000_000;
        assertTrue(p50Ms < 1_000, "response from the intended time plus the delay, not the delay itself: p50 " + p50Ms + " ms");
        assertTrue(s.get("longestGapNs").asLong() < 1_000_000_000L, "the delay is no gap: " + s.get("longestGapNs"));
    }

    /**
     * --ttl with consumers slower than the rate: the backlog's oldest messages expire on the broker,
     * and the run counts them expired, not lost, waiting for its last messages only as long as they live.
     */
    @Test
    void messagesThatOutliveTheirTimeToLiveAreCountedExpiredNotLost() throws Exception {
        Path json = dir.resolve("ttl.json");
        HarnessProcess.Result r = HarnessProcess.run(dir, 120, "run", "--cold-start", "--url", broker.url(), "--rate", "100",
                "--warmup", "1s", "--duration", "3s", "--queue-prefix", "EXPIRING.", "--consume-delay", "20ms", "--ttl", "1s",
                "--json", json.toString());
        assertEquals(0, r.exitCode(), r::toString);
        assertTrue(r.stdout().contains("\n  ttl          1s ("), r::toString);
        JsonNode d = HarnessProcess.json(json).get("summary").get("delivery");
        long expired = d.get("expired").asLong();
        assertTrue(expired > 50, "half the messages wait longer than 1 s behind a drainer at 50/s: " + d);
        assertEquals(0, d.get("lost").asLong(), r::toString);
        assertEquals(d.get("committed").asLong(), d.get("received").asLong() + expired, r::toString);
        assertTrue(r.stdout().contains("\nEXPIRED: " + String.format(java.util.Locale.ROOT, "%,d", expired)
                + " sent messages never came, and their --ttl had passed"), r::toString);
        assertEquals(0, OtherClient.count(broker.url(), "EXPIRING.1"), "what expired left the queue");
    }

    /**
     * --ttl for request/response, its one responder held to 50 requests/s at 100/s (--consume-delay):
     * a request that waited longer than its 1 s time to live expires on the broker and gets no reply;
     * at a reply timeout of 1 s it is counted expired, not lost, and is no sample. One answered after
     * its timeout had not expired: it is lost and late, as without --ttl.
     */
    @Test
    void requestsThatOutliveTheirTimeToLiveAreCountedExpiredNotLost() throws Exception {
        Path json = dir.resolve("ttl-rr.json");
        HarnessProcess.Result r = HarnessProcess.run(dir, 120, "run", "--cold-start", "--url", broker.url(), "--workload",
                "reqresp", "--mode", "open", "--rate", "100", "--warmup", "1s", "--duration", "3s", "--responders", "1",
                "--queues", "1", "--request-prefix", "EXPIRING.REQ.", "--reply-prefix", "EXPIRING.REPLY.", "--consume-delay",
                "20ms", "--ttl", "1s", "--reply-timeout", "1s", "--json", json.toString());
        assertEquals(0, r.exitCode(), r::toString);
        JsonNode s = HarnessProcess.json(json).get("summary");
        JsonNode d = s.get("delivery");
        long expired = d.get("expired").asLong();
        assertTrue(expired > 50, "half the requests wait longer than 1 s behind a responder at 50/s: " + d);
        assertEquals(0, d.get("lost").asLong(), r::toString);
        assertEquals(d.get("committed").asLong(), d.get("received").asLong() + expired, r::toString);
        assertEquals(s.get("late").asLong(), s.get("lost").asLong(), "every request lost at its timeout was answered late: " + r);
        assertTrue(r.stdout().contains("\nEXPIRED: " + String.format(java.util.Locale.ROOT, "%,d", expired)
                + " requests got no reply, and their --ttl had passed"), r::toString);
        assertEquals(0, OtherClient.count(broker.url(), "EXPIRING.REQ.1"), "what expired left the queue");
    }

    @Test
    void thePayloadIsWhatTheRunSaysItIs() throws Exception {
        String sample = "{\"order\":12345,\"type\":\"limit\",\"region\":\"eu\"}";
        java.nio.file.Files.writeString(dir.resolve("orders.jsonl"), sample + "\n" + sample.replace("eu", "us") + "\n");
        for (String payload : List.of("zeros", "random", "text", "file:" + dir.resolve("orders.jsonl"))) {
            String prefix = "PAYLOAD." + (payload.startsWith("file:") ? "FILE" : payload.toUpperCase(java.util.Locale.ROOT)) + ".";
            HarnessProcess.Result r = HarnessProcess.run(dir, 120, "run", "--cold-start", "--url", broker.url(), "--rate", "50",
                    "--warmup", "0s", "--duration", "1s", "--drainers", "0", "--queue-prefix", prefix,
                    "--size", "4KiB", "--payload", payload);
            assertEquals(0, r.exitCode(), r::toString);
            assertTrue(r.stdout().contains("  payload      " + payload + " ("), r::toString);
            byte[] body = firstBody(broker.url(), prefix + "1");
            assertEquals(4096 - 36, body.length);
            double ratio = deflated(body);
            switch (payload) {
                case "zeros" -> assertTrue(java.util.stream.IntStream.range(0, body.length).allMatch(i -> body[i] == 0));
                case "random" -> assertTrue(ratio < 1.01, "random does not compress: " + ratio);
                case "text" -> assertTrue(ratio > 2 && ratio < 6, "text compresses as prose: " + ratio);
                default -> assertTrue(new String(body, java.nio.charset.StandardCharsets.UTF_8).contains(sample + "\n"
                        + sample.replace("eu", "us") + "\n" + sample), "the samples in turn");
            }
        }
    }

    @Test
    void everyMessageCarriesTheAskedPropertiesAndPriorityBesidesTheRunsOwn() throws Exception {
        HarnessProcess.Result r = HarnessProcess.run(dir, 120, "run", "--cold-start", "--url", broker.url(), "--rate", "50",
                "--warmup", "0s", "--duration", "1s", "--drainers", "0", "--queue-prefix", "PROPS.",
                "--properties", "5", "--property", "ORDER_TYPE=limit", "--priority", "7");
        assertEquals(0, r.exitCode(), r::toString);
        assertTrue(r.stdout().contains("  properties   5 (prop1 .. prop5: string, int, long, double, boolean),"
                + " ORDER_TYPE=limit on every message the schedule sends"), r::toString);
        assertTrue(r.stdout().contains("  priority     7 (JMS priority, 0 to 9)"), r::toString);
        try (ActiveMQConnectionFactory factory = new ActiveMQConnectionFactory(broker.url());
                Connection c = factory.createConnection()) {
            c.start();
            Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
            int n = 0;
            try (QueueBrowser b = s.createBrowser(s.createQueue("PROPS.1"))) {
                for (Enumeration<?> e = b.getEnumeration(); e.hasMoreElements(); n++) {
                    jakarta.jms.Message m = (jakarta.jms.Message) e.nextElement();
                    assertTrue(m.getObjectProperty("prop1") instanceof String);
                    assertTrue(m.getObjectProperty("prop2") instanceof Integer);
                    assertTrue(m.getObjectProperty("prop3") instanceof Long);
                    assertTrue(m.getObjectProperty("prop4") instanceof Double);
                    assertTrue(m.getObjectProperty("prop5") instanceof Boolean);
                    assertEquals("limit", m.getStringProperty("ORDER_TYPE"));
                    assertTrue(m.propertyExists("harness_run"), "the run's own as well");
                    assertEquals(7, m.getJMSPriority());
                }
            }
            assertEquals(50, n, "every message");
        }
        HarnessProcess.Result bad = HarnessProcess.run(dir, 60, "run", "--property", "JMSType=x");
        assertEquals(2, bad.exitCode(), bad::toString);
        bad.assertOneLine("--property", "belong to JMS");
    }

    @Test
    void requestsOfAMixGetRepliesOfTheirSizeAndTypeAndEachSizeItsResponse() throws Exception {
        Path json = dir.resolve("reqresp.json");
        HarnessProcess.Result r = HarnessProcess.run(dir, 120, "run", "--cold-start", "--workload", "reqresp", "--rate", "100",
                "--warmup", "0s", "--duration", "2s", "--size", "1KiB:75,64KiB:25", "--message-type", "text", "--json",
                json.toString());
        assertEquals(0, r.exitCode(), r::toString);
        JsonNode s = HarnessProcess.json(json).get("summary");
        assertEquals(0, s.get("lost").asLong(), r::toString);
        JsonNode each = s.get("sizes").get("each");
        assertEquals(150, each.get(0).get("response").get("count").asLong(), 2, "75 % of 200");
        assertEquals(50, each.get(1).get("response").get("count").asLong(), 2, "25 % of 200");
        assertTrue(HarnessProcess.json(json).get("settings").get("size").asText().startsWith("request and reply: 1024 bytes 75 %"),
                r::toString);
        assertTrue(HarnessProcess.json(json).get("settings").get("message type").asText().startsWith("text (TextMessage"),
                r::toString);
    }

    @Test
    void aMixThatIsNotOneIsRefusedInOneLine() throws Exception {
        HarnessProcess.Result r = HarnessProcess.run(dir, 60, "run", "--size", "512:50,8KiB:40");
        assertEquals(2, r.exitCode(), r::toString);
        r.assertOneLine("--size", "add up to 90 %");
    }
}
