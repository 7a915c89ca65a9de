package dev.harness.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * harness run --kill-broker-at: the broker (a harness broker child) is killed with SIGKILL mid-run
 * and started again on its journal. The workers reconnect, the schedule runs on, and the run
 * reports the outage and what was lost or duplicated.
 */
@Isolated
class BrokerKillIT {
    @TempDir
    Path dir;

    /** Runs for 16 s ({@code rate} x 16 scheduled) with the broker killed at 4 s: a restarted broker is a cold JVM, and catching up takes seconds. */
    private HarnessProcess.Result run(Path json, int rate, String... workload) throws Exception {
        List<String> args = new ArrayList<>(List.of("run", "--rate", Integer.toString(rate), "--warmup", "1s", "--duration", "15s",
                "--kill-broker-at", "4s", "--drain-timeout", "5s", "--json", json.toString()));
        args.addAll(List.of(workload));
        return HarnessProcess.run(dir, 150, args.toArray(String[]::new));
    }

    @ParameterizedTest(name = "api={0}")
    @ValueSource(strings = {"javax", "jakarta"})
    void persistentPutsInSyncpointLoseNothingAndTheOutageIsMeasured(String api) throws Exception {
        Path json = dir.resolve("put.json");
        HarnessProcess.Result r = run(json, 300, "--syncpoint", "10", "--api", api);
        assertEquals(0, r.exitCode(), r::toString);
        HarnessProcess.assertDrivenBy(HarnessProcess.json(json), api, "artemis-" + (api.equals("jakarta") ? "jakarta" : "jms") + "-client ");
        JsonNode s = HarnessProcess.json(json).get("summary");

        JsonNode d = s.get("delivery");
        assertTrue(d.get("tracked").asBoolean() && d.get("persistent").asBoolean(), d::toString);
        assertEquals(10, d.get("syncpoint").asInt());
        assertEquals(4_800, d.get("committed").asLong(), "every scheduled message committed, some of them sent again");
        assertEquals(0, d.get("lost").asLong(), r::toString);
        assertEquals(4_800, d.get("received").asLong());
        assertTrue(r.stdout().contains("delivery (persistent, syncpoint 10): 4,800 committed, 4,800 received, 0 lost, "
                + d.get("duplicates").asLong() + " duplicates"), r::toString);
        // Duplicates are not samples: each message is measured once.
        assertEquals(4_800, s.get("views").get("response").get("count").asLong()
                + s.get("warmupViews").get("response").get("count").asLong());

        assertOutageMeasured(s, r);
    }

    /** javax only: the jakarta client's reconnect across a kill is the put case's. */
    @ParameterizedTest(name = "api={0}")
    @ValueSource(strings = {"javax"})
    void persistentRequestResponseLosesNothingAcrossTheKill(String api) throws Exception {
        Path json = dir.resolve("reqresp.json");
        // Persistent round trips, each request and each get-and-reply committed: 100/s is what this
        // 2-core machine keeps up with beside a broker and responders, with room to catch up.
        HarnessProcess.Result r = run(json, 100, "--workload", "reqresp", "--requesters", "10", "--queues", "2", "--api", api);
        assertEquals(0, r.exitCode(), r::toString);
        HarnessProcess.assertDrivenBy(HarnessProcess.json(json), api, "artemis-" + (api.equals("jakarta") ? "jakarta" : "jms") + "-client ");
        JsonNode s = HarnessProcess.json(json).get("summary");
        JsonNode d = s.get("delivery");
        assertTrue(d.get("tracked").asBoolean() && d.get("persistent").asBoolean(), d::toString);
        assertEquals(1_600, d.get("committed").asLong(), r::toString);
        assertEquals(1_600, d.get("received").asLong(), "every committed request answered: " + r);
        assertEquals(0, d.get("lost").asLong());
        assertEquals(0, s.get("lost").asLong(), "no reply timed out");
        assertTrue(r.stdout().contains("delivery (persistent, syncpoint 1): 1,600 committed, 1,600 answered, 0 lost"),
                r::toString);
        assertOutageMeasured(s, r);
    }

    @Test
    void openModeRequestersCatchUpAfterAnOutageLongerThanTheirRing() throws Exception {
        Path json = dir.resolve("open.json");
        // Open mode keeps at most twice a reply timeout's worth of requests out per requester: 128
        // at 50/s and 1 s. The broker is down for 4 s and more: each requester comes back 200 or
        // more requests behind. Nobody answers, so each request holds its slot for the whole
        // timeout: the requesters send as slots free up, and the run ends on time.
        HarnessProcess.Result r = run(json, 100, "--workload", "reqresp", "--mode", "open", "--requesters", "2",
                "--responders", "0", "--reply-timeout", "1s", "--restart-after", "4s");
        assertEquals(0, r.exitCode(), r::toString);
        JsonNode s = HarnessProcess.json(json).get("summary");
        assertEquals(1_600, s.get("delivery").get("committed").asLong(), "every scheduled request sent: " + r);
        assertEquals(0, s.get("unsent").asLong(), r::toString);
        assertEquals(1_600, s.get("lost").asLong(), "each request given up at its timeout: " + r);
        // Requests due during the outage were sent when the broker was back.
        long sendLagMax = s.get("views").get("send-lag").get("maxNs").asLong();
        assertTrue(sendLagMax > 4_000_000_000L, "send-lag max " + sendLagMax + " ns: " + r);
        // Late by the outage and by replies that never came, not by the requesters themselves.
        long ownLagMax = s.get("views").get("own-lag").get("maxNs").asLong();
        assertTrue(ownLagMax < sendLagMax / 4, "own-lag max " + ownLagMax + " ns against send-lag max " + sendLagMax + ": " + r);
    }

    /** Restart time, the client-visible outage around the kill, and its cost in the response view. */
    private static void assertOutageMeasured(JsonNode s, HarnessProcess.Result r) {
        JsonNode o = s.get("recovery");
        assertFalse(o.isNull(), r::toString);
        long killedAt = o.get("brokerKilledAtNs").asLong();
        assertTrue(Math.abs(killedAt - 4_000_000_000L) < 500_000_000L, "killed at 4 s: " + killedAt);
        assertTrue(o.get("brokerRestartMs").asLong() > 0, o::toString);
        assertTrue(o.get("brokerRestartedAtNs").asLong() > killedAt, o::toString);
        // The outage clients saw begins at the kill and lasts at least until the broker was back. A
        // drainer may still hand on messages its client had buffered for a few ms after the kill.
        assertTrue(o.get("outageFromNs").asLong() <= killedAt + 250_000_000L && o.get("outageToNs").asLong() > killedAt,
                o::toString);
        assertTrue(o.get("outageToNs").asLong() >= o.get("brokerRestartedAtNs").asLong(), o::toString);
        assertTrue(o.get("reconnections").asLong() >= 2, o::toString);
        assertFalse(o.get("unfinished").asBoolean(), "everyone back and the backlog drained before the end: " + r);
        assertTrue(o.get("backlogDrainNs").asLong() >= 0, o::toString);
        // Messages due during the outage went late, and response says so; without the outage
        // intervals it is back to what the broker does when it is up.
        long responseMax = s.get("views").get("response").get("maxNs").asLong();
        long outageAfterKill = o.get("outageToNs").asLong() - killedAt;
        assertTrue(responseMax >= outageAfterKill * 9 / 10, responseMax + " ns max response for an outage of "
                + outageAfterKill + " ns after the kill");
        JsonNode calm = o.get("responseWithoutOutage");
        assertTrue(calm.get("count").asLong() > 0 && calm.get("maxNs").asLong() < outageAfterKill, calm::toString);
        assertTrue(r.stdout().contains("broker: killed (SIGKILL) at +4.0") && r.stdout().contains("client-visible outage: ")
                && r.stdout().contains("  outside outage"), r::toString);
    }
}
