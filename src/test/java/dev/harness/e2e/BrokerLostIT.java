package dev.harness.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.List;

import org.apache.activemq.artemis.core.config.impl.ConfigurationImpl;
import org.apache.activemq.artemis.core.server.embedded.EmbeddedActiveMQ;
import org.apache.activemq.artemis.core.settings.impl.AddressFullMessagePolicy;
import org.apache.activemq.artemis.core.settings.impl.AddressSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The broker dies mid-run and does not come back: the workers try to reconnect for
 * --reconnect-timeout, then the run ends with exit code 4, every measurement taken so far kept.
 * A broker that refuses a request ends the run at once.
 */
class BrokerLostIT {
    @TempDir
    Path dir;

    @Test
    void killingTheBrokerEndsTheRunWithItsMeasurementsKept() throws Exception {
        Path json = dir.resolve("run.json");
        Path hlog = dir.resolve("run.hlog");
        String out;
        String err;
        int code;
        try (BrokerProcess broker = BrokerProcess.start(dir, dir.resolve("data"));
                HarnessProcess run = HarnessProcess.start(dir, "run", "--url", broker.url(), "--rate", "300",
                        "--non-persistent", "--warmup", "1s", "--duration", "30s", "--reconnect-timeout", "2s",
                        "--json", json.toString(), "--slo", "response.max < 1us",
                        "--hlog", hlog.toString(), "--events", dir.resolve("events.jsonl").toString())) {
            run.awaitInterval(4, 60);
            broker.process.signal("KILL");
            code = run.waitFor(60);
            out = run.stdout();
            err = run.stderr();
        }
        // A failing objective does not hide the broken run: 4, not 5.
        assertEquals(4, code, out + err);
        assertTrue(out.contains("== summary") && out.contains("FAILED:"), out);
        assertTrue(out.contains("FAIL  response.max < 1us"), "the verdict is printed all the same: " + out);
        List<String> errLines = err.strip().lines().toList();
        assertTrue(errLines.get(errLines.size() - 1).startsWith("harness run: the broker failed during the run: "), err);

        JsonNode s = HarnessProcess.json(json).get("summary");
        // Which report of the loss comes first varies (the connection's listener, or a send on
        // the closed session), and so does Artemis's wording; a clean line naming who failed must not.
        String failure = s.get("failure").asText();
        assertTrue(failure.matches("(sender|drainer) \\d+ lost its connection and could not connect again within 2s"
                + " \\(--reconnect-timeout\\): .*") && !failure.contains("errorType=") && !failure.contains("Exception"),
                failure);
        long measured = s.get("views").get("response").get("count").asLong();
        assertTrue(measured >= 600, measured + " measured responses before the kill; expected about 900");
        assertEquals(measured, HlogFiles.sum(hlog, "response").getTotalCount(), "the hlog holds what was measured");
    }

    /**
     * A broker that refuses the send (here a full address, policy FAIL) has not gone away: the run
     * fails at once with its reason, instead of reconnecting and sending again until
     * --reconnect-timeout (30 s by default) passes. The broker runs in this JVM, configured so.
     */
    @Test
    void aFullQueueFailsTheRunAtOnceWithoutReconnecting() throws Exception {
        int port;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = socket.getLocalPort();
        }
        EmbeddedActiveMQ broker = new EmbeddedActiveMQ();
        broker.setConfiguration(new ConfigurationImpl()
                .setPersistenceEnabled(false)
                .setSecurityEnabled(false)
                .setJMXManagementEnabled(false)
                .addAcceptorConfiguration("tcp", "tcp://127.0.0.1:" + port)
                .addAddressSetting("FULL.#", new AddressSettings()
                        .setMaxSizeBytes(256 * 1024)
                        .setAddressFullMessagePolicy(AddressFullMessagePolicy.FAIL)));
        broker.start();
        Path json = dir.resolve("full.json");
        HarnessProcess.Result r;
        try {
            r = HarnessProcess.run(dir, 120, "run", "--url", "tcp://127.0.0.1:" + port, "--queue-prefix", "FULL.",
                    "--drainers", "0", "--rate", "500", "--warmup", "0s", "--duration", "20s", "--json", json.toString());
        } finally {
            broker.stop();
        }
        assertEquals(4, r.exitCode(), r::toString);
        JsonNode s = HarnessProcess.json(json).get("summary");
        String failure = s.get("failure").asText();
        assertTrue(failure.startsWith("sender 0: AMQ") && failure.contains("full"), failure);
        assertTrue(s.get("recovery").isNull(), "no reconnection, no outage: " + s.get("recovery"));
        assertTrue(s.get("totalSent").asLong() < 500, "sent until the address was full: " + r);
    }
}
