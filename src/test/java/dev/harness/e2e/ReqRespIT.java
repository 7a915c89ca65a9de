package dev.harness.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import com.fasterxml.jackson.databind.JsonNode;

/** Request/response on real brokers over TCP: exactly one reply per request, lost replies counted. */
class ReqRespIT {
    @TempDir
    Path dir;

    @ParameterizedTest(name = "mode={0} {1} syncpoint={2} api={3}")
    @CsvSource({
        // Every pair of mode, persistence (with its syncpoint) and api, in four runs: the relocation
        // to jakarta is the same classes, and other classes run jakarta too.
        "closed, --persistent, 1, javax",
        "open, --non-persistent, 0, javax",
        "open, --persistent, 1, jakarta",
        "closed, --non-persistent, 0, jakarta",
    })
    void everyRequestGetsExactlyOneReply(String mode, String persistence, int syncpoint, String api) throws Exception {
        Path json = dir.resolve("rr.json");
        HarnessProcess.Result r = HarnessProcess.run(dir, 120, "run", "--cold-start", "--workload", "reqresp", "--mode", mode,
                persistence, "--syncpoint", Integer.toString(syncpoint), "--requesters", "4", "--queues", "2",
                "--rate", "100", "--warmup", "1s", "--duration", "2s", "--json", json.toString(), "--api", api);
        assertEquals(0, r.exitCode(), r::toString);
        HarnessProcess.assertDrivenBy(HarnessProcess.json(json), api, "artemis-" + (api.equals("jakarta") ? "jakarta" : "jms") + "-client ");
        JsonNode s = HarnessProcess.json(json).get("summary");
        assertEquals(300, s.get("totalSent").asLong(), "100/s for 3 s");
        assertEquals(300, s.get("totalCompleted").asLong(), "every request answered");
        assertEquals(0, s.get("lost").asLong());
        assertEquals(0, s.get("late").asLong(), "no request answered twice");
        assertEquals(0, s.get("othersConsumed").asLong());
        assertEquals(0, s.get("othersLeft").asLong(), "nothing of others on the run's queues");
        JsonNode views = s.get("views");
        assertEquals(200, views.get("response").get("count").asLong());
        assertEquals(200, views.get("responder").get("count").asLong(), "one get-to-commit per measured request");
        assertEquals(syncpoint == 0 ? 0 : 200, views.get("commit").get("count").asLong());
        assertTrue(views.get("response").get("p50Ns").asLong() >= views.get("responder").get("p50Ns").asLong() / 2);
    }

    @Test
    void openModeRequestersCommitEveryNPutsAtASustainableRate() throws Exception {
        // 200/s is far below what the embedded broker sustains: before, a requester committed
        // whatever it held whenever its next request was not yet due, so every request alone.
        Path hlog = dir.resolve("rr.hlog");
        HarnessProcess.Result r = HarnessProcess.run(dir, 120, "run", "--cold-start", "--workload", "reqresp", "--mode", "open",
                "--syncpoint", "10", "--requesters", "4", "--queues", "2", "--rate", "200", "--warmup", "1s",
                "--duration", "2s", "--hlog", hlog.toString());
        assertEquals(0, r.exitCode(), r::toString);
        long puts = HlogFiles.sum(hlog, "put").getTotalCount() + HlogFiles.sum(hlog, "warmup-put").getTotalCount();
        long commits = HlogFiles.sum(hlog, "commit").getTotalCount()
                + HlogFiles.sum(hlog, "warmup-commit").getTotalCount();
        assertEquals(600, puts, "200/s for 3 s");
        assertEquals(60, commits, "4 requesters, 150 requests each, a commit every 10:\n" + r);
    }

    /**
     * --reply-by as MQ requesters get replies: by a JMSCorrelationID selector, or on a temporary
     * queue of each requester's (answered here, or by harness respond in its own process). Every
     * request answered once, and nothing left on the reply queues: browsed by Artemis's own client.
     */
    @ParameterizedTest(name = "reply-by={0} mode={1} {2} responders here={4}")
    @CsvSource({
        "correlation-id, closed, --persistent, 1, true",
        "temporary, open, --non-persistent, 0, true",
        "temporary, closed, --persistent, 1, false",
    })
    void everyWayOfReplyingGetsEachReplyOnce(String replyBy, String mode, String persistence, int syncpoint, boolean here)
            throws Exception {
        Path json = dir.resolve("rr.json");
        try (BrokerProcess broker = BrokerProcess.start(dir, dir.resolve("data"));
                HarnessProcess respond = here ? null : HarnessProcess.start(dir, "respond", "--url", broker.url(),
                        "--responders", "2", "--queues", "2", "--syncpoint", Integer.toString(syncpoint), "--events",
                        dir.resolve("respond.jsonl").toString())) {
            if (respond != null) {
                respond.awaitEvent("ready", 60);
            }
            HarnessProcess.Result r = HarnessProcess.run(dir, 120, "run", "--cold-start", "--url", broker.url(), "--workload",
                    "reqresp", "--mode", mode, persistence, "--syncpoint", Integer.toString(syncpoint), "--reply-by", replyBy,
                    "--responders", here ? "2" : "0", "--requesters", "3", "--queues", "2", "--rate", "30", "--warmup", "1s",
                    "--duration", "2s", "--json", json.toString());
            assertEquals(0, r.exitCode(), r::toString);
            assertTrue(r.stdout().contains("\n  reply by     " + replyBy + ": "), r::toString);
            JsonNode s = HarnessProcess.json(json).get("summary");
            // 30/s: a consumer made for each reply costs a cold JVM some 30 ms, and three requesters keep up.
            assertEquals(90, s.get("totalSent").asLong(), "30/s for 3 s");
            assertEquals(90, s.get("totalCompleted").asLong(), "every request answered: " + r);
            assertEquals(0, s.get("lost").asLong());
            assertEquals(0, s.get("late").asLong(), "no request answered twice");
            assertEquals(60, s.get("views").get("response").get("count").asLong());
            for (String q : List.of("REPLY1", "REPLY2", "REQUEST1", "REQUEST2")) {
                assertEquals(0, OtherClient.count(broker.url(), q), q + " holds nothing after the run");
            }
        }
    }

    /**
     * By correlation ID, a reply after its request's timeout is got by nobody: the run counts it
     * late and removes it (its own message), so the reply queues are empty afterwards. Responders
     * that take 1.2 s over each request, against a 1 s reply timeout, two on each request queue so
     * that no request waits for one.
     */
    @Test
    void correlationIdRepliesAfterTheirTimeoutAreCountedLateAndRemoved() throws Exception {
        Path json = dir.resolve("rr.json");
        try (BrokerProcess broker = BrokerProcess.start(dir, dir.resolve("data"))) {
            HarnessProcess.Result r = HarnessProcess.run(dir, 120, "run", "--cold-start", "--url", broker.url(), "--workload",
                    "reqresp", "--reply-by", "correlation-id", "--requesters", "2", "--responders", "4", "--queues", "2",
                    "--consume-delay", "1200ms", "--reply-timeout", "1s", "--rate", "2", "--warmup", "0s", "--duration", "2s",
                    "--json", json.toString());
            assertEquals(0, r.exitCode(), r::toString);
            JsonNode s = HarnessProcess.json(json).get("summary");
            assertEquals(4, s.get("totalSent").asLong(), r::toString);
            assertEquals(4, s.get("lost").asLong(), "every reply came after its timeout: " + r);
            assertEquals(4, s.get("late").asLong(), "and was counted late, taken by nobody: " + r);
            for (String q : List.of("REPLY1", "REPLY2")) {
                assertEquals(0, OtherClient.count(broker.url(), q), q + ": the late replies were removed");
            }
        }
    }

    @ParameterizedTest(name = "api={0}, ack={1}, receive={2}")
    @CsvSource({"javax, client, listener", "jakarta, dups-ok, sync"})
    void respondersInTheirOwnProcessAnswerAndLogTheirOwnView(String api, String ack, String receive) throws Exception {
        Path json = dir.resolve("rr.json");
        Path respondHlog = dir.resolve("respond.hlog");
        List<JsonNode> events;
        try (BrokerProcess broker = BrokerProcess.start(dir, dir.resolve("data"))) {
            // Requests of another application on a queue that respond answers: it takes only a harness's.
            OtherClient.put(broker.url(), "REQUEST1", 25, false);
            try (HarnessProcess respond = HarnessProcess.start(dir, "respond", "--api", api, "--url", broker.url(), "--responders", "2",
                    "--queues", "2", "--syncpoint", "0", "--ack", ack, "--receive", receive, "--reply-by", "router", "--hlog", respondHlog.toString(), "--events", dir.resolve("respond.jsonl").toString())) {
                assertEquals(2, respond.awaitEvent("ready", 60).get("responders").asInt());
                HarnessProcess.Result r = HarnessProcess.run(dir, 120, "run", "--cold-start", "--url", broker.url(), "--workload", "reqresp",
                        "--responders", "0", "--queues", "2", "--requesters", "2", "--rate", "100", "--warmup", "0s",
                        "--duration", "2s", "--json", json.toString(), "--api", api);
                assertEquals(0, r.exitCode(), r::toString);
                String client = api.equals("jakarta") ? "artemis-jakarta-client 2." : "artemis-jms-client 2.";
                // The console header names the API and the client library, in run and in respond alike.
                assertTrue(r.stdout().contains("\n  api          " + api + "\n  client       " + client), r::toString);
                respond.signal("TERM");
                assertEquals(143, respond.waitFor(60), respond.stdout());
                String respondOut = respond.stdout();
                assertTrue(respondOut.contains("\n  api          " + api + "\n  client       " + client), respondOut);
                assertTrue(respondOut.contains("\n  receives     " + (receive.equals("sync") ? "synchronous receive(timeout), a"
                        + " thread and a session per consumer; " : "message listener; ")), respondOut);
                assertTrue(respondOut.contains("; 25 messages of others found on the request queues, left where they are"),
                        respondOut);
                assertTrue(respondOut.contains("whichever way they get replies (--reply-by router)"), respondOut);
                assertTrue(respondOut.contains("; " + (ack.equals("client") ? "client acknowledge" : "dups-ok")), respondOut);
                events = respond.events();
            }
            assertEquals(25, OtherClient.count(broker.url(), "REQUEST1"), "the other application's requests, all still there");
        }
        JsonNode s = HarnessProcess.json(json).get("summary");
        assertEquals(200, s.get("totalSent").asLong());
        assertEquals(200, s.get("totalCompleted").asLong());
        assertEquals(0, s.get("lost").asLong());
        assertEquals(0, s.get("views").get("responder").get("count").asLong(), "the responders ran elsewhere");
        assertEquals(200, HlogFiles.sum(respondHlog, "responder").getTotalCount(), "the respond process's own log");
        // Its events: ready first, intervals whose answers add up, finished after a SIGTERM too.
        assertEquals("ready", events.get(0).get("event").asText(), events::toString);
        JsonNode finished = events.get(events.size() - 1);
        assertEquals("finished", finished.get("event").asText(), events::toString);
        assertEquals(200, finished.get("answered").asLong(), events::toString);
        assertEquals(200, events.stream().filter(e -> e.get("event").asText().equals("interval"))
                .mapToLong(e -> e.get("answered").asLong()).sum(), events::toString);
    }

    @ParameterizedTest(name = "mode={0}")
    @CsvSource({"closed", "open"})
    void aResponderStoppedMidRunMakesRequestersReportLostRepliesNotHang(String mode) throws Exception {
        Path json = dir.resolve("rr.json");
        HarnessProcess.Result r;
        try (BrokerProcess broker = BrokerProcess.start(dir, dir.resolve("data"))) {
            // Asked by name, respond removes another application's requests before it answers.
            OtherClient.put(broker.url(), "REQUEST2", 10, false);
            try (HarnessProcess respond = HarnessProcess.start(dir, "respond", "--url", broker.url(), "--responders", "2",
                    "--queues", "2", "--purge", "--events", dir.resolve("respond.jsonl").toString())) {
                respond.awaitEvent("ready", 60);
                assertTrue(respond.stdout().contains("\n  takes        --purge removed 0 from REQUEST1, 10 from REQUEST2;"
                        + " requests a harness sent only"), respond.stdout());
                assertEquals(0, OtherClient.count(broker.url(), "REQUEST2"), "purged before the responders started");
                List<String> args = new ArrayList<>(List.of("run", "--cold-start", "--url", broker.url(), "--workload", "reqresp",
                        "--mode", mode, "--responders", "0", "--queues", "2", "--requesters", "2", "--rate", "20", "--warmup",
                        "0s", "--duration", "4s", "--reply-timeout", "1s", "--drain-timeout", "2s", "--json", json.toString(),
                        "--events", dir.resolve("run.jsonl").toString()));
                try (HarnessProcess run = HarnessProcess.start(dir, args.toArray(String[]::new))) {
                    run.awaitInterval(2, 60);
                    respond.signal("KILL");
                    int code = run.waitFor(90);
                    r = new HarnessProcess.Result(code, run.stdout(), run.stderr());
                }
            }
        }
        assertEquals(0, r.exitCode(), r::toString);
        JsonNode s = HarnessProcess.json(json).get("summary");
        long lost = s.get("lost").asLong();
        assertTrue(lost > 0, "no lost replies reported:\n" + r);
        assertEquals(s.get("totalSent").asLong(), s.get("totalCompleted").asLong() + lost,
                "every request either answered or reported lost");
        assertTrue(r.stdout().contains("LOST"), r::toString);
    }

    @Test
    void repliesAfterTheirTimeoutAreCountedLateNeverAsSamples() throws Exception {
        Path json = dir.resolve("rr.json");
        HarnessProcess.Result r;
        try (BrokerProcess broker = BrokerProcess.start(dir, dir.resolve("data"));
                HarnessProcess respond = HarnessProcess.start(dir, "respond", "--url", broker.url(), "--responders", "2",
                        "--queues", "2", "--events", dir.resolve("respond.jsonl").toString())) {
            respond.awaitEvent("ready", 60);
            try (HarnessProcess run = HarnessProcess.start(dir, "run", "--cold-start", "--url", broker.url(), "--workload", "reqresp",
                    "--mode", "open", "--responders", "0", "--queues", "2", "--requesters", "2", "--rate", "50",
                    "--warmup", "0s", "--duration", "6s", "--reply-timeout", "1s", "--json", json.toString(),
                    "--events", dir.resolve("run.jsonl").toString())) {
                run.awaitInterval(2, 60);
                respond.signal("STOP"); // requests wait on the queue past their timeout
                Thread.sleep(2_500);
                respond.signal("CONT");
                int code = run.waitFor(90);
                r = new HarnessProcess.Result(code, run.stdout(), run.stderr());
            }
        }
        assertEquals(0, r.exitCode(), r::toString);
        JsonNode s = HarnessProcess.json(json).get("summary");
        long lost = s.get("lost").asLong();
        assertTrue(lost > 50, "a 2.5 s freeze at 50/s with a 1 s timeout loses about 75 requests; lost " + lost + "\n" + r);
        assertTrue(s.get("late").asLong() > 0, "the frozen responders answered after all:\n" + r);
        assertEquals(s.get("totalSent").asLong(), s.get("totalCompleted").asLong() + lost);
        // Lost requests stay in the distribution at their timeout (1 s after their send); the late
        // replies (about 2.5 s) never become samples.
        JsonNode views = s.get("views");
        assertEquals(lost, views.get("lost").get("count").asLong(), "every lost request is in the lost view");
        assertEquals(s.get("totalCompleted").asLong() + lost, views.get("response").get("count").asLong(),
                "response holds the completions and the lost requests");
        assertEquals(views.get("response").get("count").asLong(), views.get("service").get("count").asLong());
        // HdrHistogram keeps 3 significant digits: 1 s may read as 999.x ms.
        assertTrue(views.get("lost").get("p50Ns").asLong() >= 990_000_000L, "lost requests below their timeout");
        assertTrue(views.get("response").get("p99Ns").asLong() >= 990_000_000L,
                "with a quarter of the requests lost, the p99 must show the timeout:\n" + r);
        // A request's sample ends at its timeout, 1 s after its actual send: at most its send lag later
        // than that (plus HdrHistogram's 0.1 %). A late reply (about 2.5 s) as a sample would go past it.
        long maxNs = views.get("response").get("maxNs").asLong();
        long boundNs = 1_000_000_000L + views.get("send-lag").get("maxNs").asLong() + 3_000_000L;
        assertTrue(maxNs <= boundNs, "a reply after its 1 s timeout became a sample of " + maxNs / 1e6 + " ms (bound "
                + boundNs / 1e6 + " ms)");
        assertTrue(r.stdout().contains("response and service hold each at its timeout"), r::toString);
    }
}
