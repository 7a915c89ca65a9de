package dev.harness.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * harness sweep as its issue's done-when runs it: five persistent steps on the embedded broker, the
 * curve checked in Chromium, a second curve compared on the same chart, and a request/response
 * profile swept to its capacity on a standalone broker. Which steps are VALID depends on this host:
 * the assertions follow what each step's JSON says of it, never a figure of this machine.
 */
class SweepIT {
    @TempDir
    Path dir;

    @Test
    void fiveStepsEachJudgedTheKneeNamedTheCurveDrawnAndASecondCompared() throws Exception {
        Path json = dir.resolve("persistent.json");
        Path html = dir.resolve("persistent.html");
        Path hlogs = dir.resolve("hlogs");
        // The done-when's rates, in shorter steps; --drain-timeout bounds the steps past the knee (they
        // give up sooner), --stop-after-failed keeps a loaded CI host from ending it before its fifth step.
        HarnessProcess.Result r = HarnessProcess.run(dir, 600, "sweep", "--persistent", "--rates", "250,500,1000,2000,4000",
                "--duration", "5s", "--drain-timeout", "10s", "--stop-after-failed", "5", "--json", json.toString(),
                "--report", html.toString(), "--hlog-dir", hlogs.toString(), "--label", "persistent");
        assertEquals(0, r.exitCode(), r::toString);
        String out = r.stdout();
        for (int i = 1; i <= 5; i++) {
            assertTrue(Pattern.compile("step " + i + " of 5: target [0-9,]+ msg/s .*(VALID|NOT VALID)").matcher(out).find(), out);
        }
        assertTrue(out.contains("knee: "), out);
        JsonNode sweep = HarnessProcess.json(json);
        JsonNode steps = sweep.get("steps");
        assertEquals(5, steps.size(), out);
        double[] targets = {250, 500, 1000, 2000, 4000};
        List<JsonNode> invalid = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            JsonNode s = steps.get(i);
            assertEquals(targets[i], s.get("target").asDouble());
            assertEquals(s.get("valid").asBoolean(), s.get("reasons").isEmpty() && s.get("stopped").isNull(), s.toString());
            Path hlog = Path.of(s.get("hlog").asText());
            assertTrue(Files.size(hlog) > 0 && Files.readString(hlog).contains("response"), "a step's own hlog: " + hlog);
            if (!s.get("valid").asBoolean()) {
                invalid.add(s);
            }
        }
        JsonNode knee = sweep.get("knee");
        assertTrue(knee.get("rule").asText().contains("within 2x of that lightest step's"));
        if (knee.get("target").isNull()) {
            assertEquals(5, invalid.size(), "no knee only when no step was VALID: " + out);
        } else {
            double at = knee.get("target").asDouble();
            assertTrue(out.contains(String.format(Locale.ROOT, "knee: %,.0f msg/s", at)), out);
        }

        // The curve as a person's browser draws it.
        String dom = Chromium.run(dir, "--dump-dom", html.toUri().toString());
        assertTrue(dom.contains("<svg id=\"sweep-curve\""), "the chart");
        for (String series : List.of("response p50", "response p99", "response p99.9", "service p99")) {
            assertTrue(dom.contains("data-series=\"" + series + "\""), series);
        }
        int drawnInvalid = 0;
        for (JsonNode s : invalid) {
            if (s.get("response").get("count").asLong() > 0) {
                drawnInvalid++;
                String x = point(Math.log10(s.get("achieved").asDouble()));
                assertTrue(Pattern.compile("<circle class=\"pt noted\"[^>]*data-x=\"" + Pattern.quote(x) + "\"[^>]*><title>NOT VALID at"
                        + " target " + String.format(Locale.ROOT, "%,.0f", s.get("target").asDouble())).matcher(dom).find(),
                        "the NOT VALID step at " + x + " is drawn hollow with its reason: " + dom);
            }
        }
        assertEquals(4 * drawnInvalid, count(dom, "class=\"pt noted\""), "each NOT VALID step hollow on each curve");
        assertEquals(!knee.get("target").isNull(), dom.contains("<line class=\"knee\""), "the knee marked when named");

        // A second curve on the same chart, each labelled.
        Path compared = dir.resolve("compared.html");
        Path second = dir.resolve("non-persistent.json");
        HarnessProcess.Result r2 = HarnessProcess.run(dir, 300, "sweep", "--non-persistent", "--rates", "250,1000",
                "--duration", "3s", "--label", "non-persistent", "--compare", json.toString(), "--json", second.toString(),
                "--report", compared.toString());
        assertEquals(0, r2.exitCode(), r2::toString);
        String both = Chromium.run(dir, "--dump-dom", compared.toUri().toString());
        assertEquals(1, count(both, "<svg "), "one chart");
        for (String label : List.of("persistent", "non-persistent")) {
            assertTrue(both.contains("data-series=\"" + label + ": response p99\""), label + " in " + both);
            assertTrue(both.contains("data-series=\"" + label + ": service p99\""), label);
        }
        // harness report draws the same from the two files.
        Path reported = dir.resolve("reported.html");
        HarnessProcess.Result r3 = HarnessProcess.run(dir, 60, "report", second.toString(), json.toString(), "--out",
                reported.toString());
        assertEquals(0, r3.exitCode(), r3::toString);
        String page = Files.readString(reported);
        assertTrue(page.contains("data-series=\"non-persistent: response p99\"") && page.contains(
                "data-series=\"persistent: response p99\""), page);
    }

    @Test
    void aRequestResponseProfileSweptToItsCapacityOnAStandaloneBroker() throws Exception {
        Path profile = HarnessProcess.jar().toAbsolutePath().getParent().getParent().getParent()
                .resolve("config/reqresp-standard.args");
        Path json = dir.resolve("reqresp.json");
        try (BrokerProcess broker = BrokerProcess.start(dir, dir.resolve("data"))) {
            HarnessProcess.Result r = HarnessProcess.run(dir, 600, "sweep", "@" + profile, "--url", broker.url(), "--to", "max",
                    "--steps", "6", "--warmup", "2s", "--duration", "3s", "--drain-timeout", "5s", "--json", json.toString());
            assertEquals(0, r.exitCode(), r::toString);
            Matcher capacity = Pattern.compile("capacity: ([0-9,]+) round trips/s").matcher(r.stdout());
            assertTrue(capacity.find(), r.stdout());
            JsonNode sweep = HarnessProcess.json(json);
            assertEquals("round trips/s", sweep.get("unit").asText());
            assertTrue(sweep.get("target").asText().contains(broker.url().replace("tcp://", "")), sweep.get("target").asText());
            double max = sweep.get("capacity").get("achieved").asDouble();
            assertTrue(max >= 10, "the capacity: " + max);
            JsonNode steps = sweep.get("steps");
            assertTrue(steps.size() >= 2, r.stdout());
            // From a tenth of the capacity, each step the same factor above the last, to 110 % of it.
            double factor = Math.pow(Math.floor(max * 1.1) / Math.floor(max * 0.1), 1.0 / 5);
            for (int i = 0; i < steps.size(); i++) {
                assertEquals(Math.floor(max * 0.1) * Math.pow(factor, i), steps.get(i).get("target").asDouble(), 0.6,
                        "step " + (i + 1) + " of " + r.stdout());
            }
            assertTrue(steps.size() == 6 || sweep.get("ended").asText().contains("NOT VALID"), r.stdout());

            // The same profile over requester counts: each step a closed loop without a schedule.
            Path counts = dir.resolve("counts.json");
            HarnessProcess.Result c = HarnessProcess.run(dir, 300, "sweep", "@" + profile, "--url", broker.url(),
                    "--requester-counts", "1,4", "--warmup", "1s", "--duration", "2s", "--json", counts.toString());
            assertEquals(0, c.exitCode(), c::toString);
            assertTrue(c.stdout().contains("sweep: 2 steps at 1, 4 requesters, each a closed loop (--mode closed --rate max)"),
                    c.stdout());
            JsonNode closed = HarnessProcess.json(counts);
            assertEquals("requesters", closed.get("sweptBy").asText());
            JsonNode each = closed.get("steps");
            assertEquals(2, each.size(), c.stdout());
            for (int i = 0; i < 2; i++) {
                JsonNode step = each.get(i);
                assertEquals(i == 0 ? 1 : 4, step.get("target").asInt());
                assertTrue(step.get("achieved").asDouble() > 0 && step.get("response").get("count").asLong() > 0, c.stdout());
                // No schedule: a round trip's response runs from its send, as its service does.
                assertEquals(step.get("service").get("p50").asDouble(), step.get("response").get("p50").asDouble(), 1e6,
                        step::toString);
            }
        }
    }

    @Test
    void ctrlCKeepsTheStepsDoneInEveryOutput() throws Exception {
        Path json = dir.resolve("s.json");
        Path html = dir.resolve("s.html");
        try (HarnessProcess p = HarnessProcess.start(dir, "sweep", "--non-persistent", "--rates", "100,200,400", "--warmup", "0s",
                "--duration", "2s", "--json", json.toString(), "--report", html.toString())) {
            long deadline = System.nanoTime() + 120_000_000_000L;
            while (!p.stdout().contains("step 1 of 3") && System.nanoTime() < deadline && p.isAlive()) {
                Thread.sleep(100);
            }
            assertTrue(p.stdout().contains("step 1 of 3"), p.stdout());
            Thread.sleep(500); // into step 2
            p.signal("INT");
            assertEquals(130, p.waitFor(60), p.stdout());
            JsonNode sweep = HarnessProcess.json(json);
            assertTrue(sweep.get("interrupted").asBoolean());
            assertEquals(1, sweep.get("steps").size(), "step 1 kept, the one interrupted left out");
            assertEquals(100, sweep.get("steps").get(0).get("target").asDouble());
            assertTrue(Files.readString(html).contains("data-series=\"response p99\" data-points=\"1\""));
            assertTrue(p.stdout().contains("the sweep was interrupted: 1 of its steps ran"), p.stdout());
        }
    }

    /**
     * --shards 2: each step as two harness run processes, shard 0/2 and 1/2 of one schedule, on a broker
     * child of the step's own, merged per step: the step's counts are the whole schedule's, its hlog
     * the merged one.
     */
    @Test
    void eachStepRunsAsAShardSetMergedPerStep() throws Exception {
        Path json = dir.resolve("sharded.json");
        Path hlogs = dir.resolve("hlogs");
        HarnessProcess.Result r = HarnessProcess.run(dir, 300, "sweep", "--non-persistent", "--rates", "100,200", "--shards", "2",
                "--queues", "2", "--warmup", "1s", "--duration", "3s", "--json", json.toString(), "--hlog-dir", hlogs.toString());
        assertEquals(0, r.exitCode(), r::toString);
        assertTrue(r.stdout().contains("sweep: 2 steps at 100, 200 msg/s, each as 2 shards (harness run --shard I/2) on this"
                + " host"), r.stdout());
        JsonNode sweep = HarnessProcess.json(json);
        assertEquals(2, sweep.get("shards").asInt());
        assertTrue(sweep.get("options").asText().endsWith("--shards 2"), sweep.toString());
        assertEquals("a harness broker child per step, shared by its shards", sweep.get("target").asText());
        JsonNode steps = sweep.get("steps");
        assertEquals(2, steps.size(), r.stdout());
        for (int i = 0; i < 2; i++) {
            JsonNode step = steps.get(i);
            double rate = step.get("target").asDouble();
            // Both shards' measured messages: the whole schedule's 3 s, whichever shard sent each.
            long count = step.get("response").get("count").asLong();
            assertEquals(rate * 3, count, 2, step::toString);
            assertEquals(rate, step.get("achieved").asDouble(), rate * 0.1, step::toString);
            assertTrue(step.get("cpuMsPerMessage").asDouble() > 0, "both shards' CPU, per message: " + step);
            Path hlog = Path.of(step.get("hlog").asText());
            assertEquals(hlogs.resolve(String.format(Locale.ROOT, "step-%02d-%s.hlog", i + 1, i == 0 ? "100" : "200")), hlog);
            assertEquals(count, HlogFiles.sum(hlog, "response").getTotalCount(), "the merged hlog holds both shards'");
        }
    }

    /**
     * On the user's broker, a step past the knee leaves messages that its drainers gave up on; the next
     * step's shards are other processes, yet they remove them as the harness's own (the run ids of the
     * step before), rather than refuse them as another application's.
     */
    @Test
    void aShardedStepRemovesTheLeftoversOfTheStepBefore() throws Exception {
        Path json = dir.resolve("leftovers.json");
        try (BrokerProcess broker = BrokerProcess.start(dir, dir.resolve("data"))) {
            // A drainer a shard at 25 ms takes 40 msg/s of its 100 or 120: each step leaves a backlog.
            HarnessProcess.Result r = HarnessProcess.run(dir, 300, "sweep", "--url", broker.url(), "--non-persistent",
                    "--rates", "200,240", "--shards", "2", "--queues", "2", "--drainers", "1", "--consume-delay", "25ms",
                    "--warmup", "1s", "--duration", "2s", "--drain-timeout", "1s", "--stop-after-failed", "2", "--json",
                    json.toString());
            assertEquals(0, r.exitCode(), r::toString);
            JsonNode steps = HarnessProcess.json(json).get("steps");
            assertEquals(2, steps.size(), r.stdout());
            // What is left is the last step's backlog alone, one shard's run on each queue: the first step's
            // leftovers (another run each) were removed by the second's shards, which then ran.
            for (String queue : List.of("DEV.QUEUE.1", "DEV.QUEUE.2")) {
                assertEquals(1, OtherClient.harnessRunsOn(broker.url(), queue).size(), queue + " holds the messages of "
                        + OtherClient.harnessRunsOn(broker.url(), queue) + "\n" + r.stdout());
            }
        }
    }

    /** Publish/subscribe is swept as any run: each step a fixed publish rate, every copy in response. */
    @Test
    void publishSubscribeIsSweptAsAnyRun() throws Exception {
        Path json = dir.resolve("pubsub.json");
        HarnessProcess.Result r = HarnessProcess.run(dir, 300, "sweep", "--workload", "pubsub", "--subscribers", "2",
                "--rates", "50,100", "--warmup", "1s", "--duration", "2s", "--json", json.toString());
        assertEquals(0, r.exitCode(), r::toString);
        JsonNode sweep = HarnessProcess.json(json);
        assertEquals("msg/s", sweep.get("unit").asText());
        JsonNode steps = sweep.get("steps");
        assertEquals(2, steps.size(), r.stdout());
        for (int i = 0; i < 2; i++) {
            JsonNode step = steps.get(i);
            assertEquals(i == 0 ? 50 : 100, step.get("target").asDouble());
            // Two subscribers: two copies of each of the 2 s's messages, each measured from its intended time.
            assertEquals(2 * 2 * step.get("target").asDouble(), step.get("response").get("count").asDouble(), 2, step::toString);
        }
    }

    /** As the chart writes a point's x: four significant digits. */
    private static String point(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%.4g", v);
    }

    private static int count(String text, String what) {
        return text.split(Pattern.quote(what), -1).length - 1;
    }
}
