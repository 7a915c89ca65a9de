package dev.harness.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Freezes the harness process itself with SIGSTOP for 2 s at 1,000 msg/s. Ground truth: about
 * 2,000 messages are delayed by 0 to 2 s, so about 1,000 responses lie above 1 s and the
 * maximum is about 2 s; pause-corrected gains about 2,000 samples, not millions.
 *
 * The formula assumes the backlog clears at once after SIGCONT; on a loaded 2-core machine it
 * takes most of a second, and {@link StallTruth} bounds the tail by the measured catch-up rate.
 */
@Isolated
class HarnessPauseIT {
    private static final long SECOND = 1_000_000_000L;

    @TempDir
    Path dir;

    @Test
    void aTwoSecondStopOfTheHarnessShowsInResponseAndPauseCorrected() throws Exception {
        Path json = dir.resolve("run.json");
        Path hlog = dir.resolve("run.hlog");
        StallTruth.Freeze freeze;
        try (HarnessProcess p = HarnessProcess.start(dir, "run", "--rate", "1000", "--non-persistent",
                "--warmup", "2s", "--duration", "10s", "--json", json.toString(), "--hlog", hlog.toString(),
                "--events", dir.resolve("events.jsonl").toString())) {
            p.awaitInterval(5, 60);
            freeze = StallTruth.Freeze.of(p, 2_000);
            assertEquals(0, p.waitFor(120), () -> {
                try {
                    return p.stdout() + p.stderr();
                } catch (Exception e) {
                    return e.toString();
                }
            });
        }
        JsonNode s = HarnessProcess.json(json).get("summary");
        assertEquals(0, s.get("unsent").asLong());
        assertEquals(12_000, s.get("totalCompleted").asLong());

        Histogram response = HlogFiles.sum(hlog, "response");
        response.add(HlogFiles.sum(hlog, "warmup-response"));
        StallTruth.assertAboveOneSecond(hlog, HarnessProcess.json(json), 1000, freeze, "");
        assertTrue(response.getMaxValue() > 1.8 * SECOND && response.getMaxValue() < 3 * SECOND,
                "response max " + response.getMaxValue());

        JsonNode views = s.get("views");
        long responseP99 = views.get("response").get("p99Ns").asLong();
        long serviceP99 = views.get("service").get("p99Ns").asLong();
        // p99 of 10 s with one 2 s stall: about 2 - 0.01 * 10 = 1.9 s.
        assertTrue(responseP99 > 1.5 * SECOND && responseP99 < 2.5 * SECOND, "response p99 " + responseP99);
        assertTrue(serviceP99 < responseP99 / 5, "service p99 " + serviceP99 + " shows the stall");
        // The stop was the harness's own: the sends due in it are late in own-lag too, through the
        // whole catch-up after it (each catch-up send inherits only the calls before it). Unless the
        // stop fell inside a send call (a few percent of the time at this rate): own-lag gives a
        // call's time to the system, pause or not, and put's max then holds the stop instead.
        long sendLagP99 = views.get("send-lag").get("p99Ns").asLong();
        long ownLagP99 = views.get("own-lag").get("p99Ns").asLong();
        long putMax = views.get("put").get("maxNs").asLong();
        assertTrue(ownLagP99 > SECOND && ownLagP99 > 0.8 * sendLagP99 || putMax > 1.8 * SECOND && ownLagP99 < SECOND,
                "own-lag p99 " + ownLagP99 / 1e6 + " ms against send-lag p99 " + sendLagP99 / 1e6 + " ms, put max "
                        + putMax / 1e6 + " ms");

        JsonNode pauses = s.get("jvmPauses");
        long corrections = pauses.get("correctionsAdded").asLong();
        assertTrue(pauses.get("longest").get(0).get("lengthNs").asLong() > 1.8 * SECOND);
        // The 2 s pause alone adds about 2,000; every pause P adds at most P / 1 ms (the
        // schedule's interval), so the run's whole pause time bounds the total. Not millions.
        long bound = pauses.get("totalNs").asLong() / 1_000_000L;
        assertTrue(corrections > 1_800 && corrections <= bound,
                corrections + " corrections; expected about 2,000 and at most " + bound);
        long correctedCount = views.get("pause-corrected").get("count").asLong()
                + s.get("warmupViews").get("pause-corrected").get("count").asLong();
        long putCount = views.get("put").get("count").asLong() + s.get("warmupViews").get("put").get("count").asLong();
        assertEquals(corrections, correctedCount - putCount, "pause-corrected = every put + the corrections");
    }
}
