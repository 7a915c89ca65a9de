package dev.harness.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;

/** --metrics prometheus:PORT, scraped over HTTP on 127.0.0.1 while the run goes on. */
class MetricsIT {
    @TempDir
    Path dir;

    private static final String P99 = "harness_latency_seconds{quantile=\"0.99\",view=\"response\",workload=\"put\"}";

    @Test
    void scrapedCountsAgreeWithTheRunsOwn() throws Exception {
        int port = BrokerProcess.freePort();
        Path json = dir.resolve("run.json");
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        HttpRequest get = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics"))
                .timeout(Duration.ofSeconds(5)).build();
        Map<String, Double> last = null;
        Double lastP99 = null;
        int scrapes = 0;
        int exit;
        String stdout;
        try (HarnessProcess p = HarnessProcess.start(dir, "run", "--metrics", "prometheus:" + port, "--non-persistent",
                "--rate", "200", "--warmup", "1s", "--duration", "5s", "--json", json.toString())) {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
            while (p.isAlive() && System.nanoTime() < deadline) {
                try {
                    HttpResponse<String> r = http.send(get, HttpResponse.BodyHandlers.ofString());
                    if (r.statusCode() == 200) {
                        assertTrue(r.headers().firstValue("Content-Type").orElse("").startsWith("text/plain"));
                        Map<String, Double> parsed = parse(r.body());
                        if (parsed.containsKey("harness_messages_completed_total{workload=\"put\"}")) {
                            last = parsed;
                            scrapes++;
                            // The run's last interval, a few ms after its last completion, may hold none.
                            Double p99 = parsed.get(P99);
                            if (p99 != null && p99 > 0) {
                                lastP99 = p99;
                            }
                        }
                    }
                } catch (IOException e) {
                    // Not listening yet, or already closed at the end of the run.
                }
                Thread.sleep(250);
            }
            exit = p.waitFor(60);
            stdout = p.stdout();
        }
        assertEquals(0, exit, stdout);
        assertTrue(stdout.contains("metrics: Prometheus text at http://127.0.0.1:" + port + "/metrics"), stdout);
        assertNotNull(last, "never scraped harness figures");
        Map<String, Double> scraped = last;
        assertTrue(scrapes >= 3, "scraped " + scrapes + " times");

        // The counters move once per interval, so a scrape holds the totals of some interval's end.
        Set<Long> cumulativeCompleted = new HashSet<>();
        Set<Long> cumulativeSent = new HashSet<>();
        long sent = 0;
        for (JsonNode i : HarnessProcess.json(json).get("intervals")) {
            cumulativeCompleted.add(i.get("cumulativeCompleted").asLong());
            sent += i.get("sent").asLong();
            cumulativeSent.add(sent);
        }
        long completed = scraped.get("harness_messages_completed_total{workload=\"put\"}").longValue();
        assertTrue(completed > 0, scraped::toString);
        assertTrue(cumulativeCompleted.contains(completed), completed + " not among " + cumulativeCompleted);
        long scrapedSent = scraped.get("harness_messages_sent_total{workload=\"put\"}").longValue();
        assertTrue(cumulativeSent.contains(scrapedSent), scrapedSent + " not among " + cumulativeSent);
        assertEquals(0, scraped.get("harness_messages_lost_total{workload=\"put\"}"));

        assertTrue(scraped.containsKey(P99), () -> "no response p99 among " + scraped.keySet());
        Double p99 = lastP99;
        assertTrue(p99 != null && p99 < 60, "p99 " + p99 + " s");
        assertTrue(scraped.keySet().stream().anyMatch(k -> k.startsWith("jvm_memory_used_bytes")), "JVM binders");
        assertTrue(scraped.keySet().stream().anyMatch(k -> k.startsWith("harness_messages_in_flight")), "in flight");
    }

    /** The Prometheus text format: {@code name{labels} value}, comments skipped. */
    private static Map<String, Double> parse(String body) {
        Map<String, Double> values = new HashMap<>();
        for (String line : body.split("\n")) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            int space = line.lastIndexOf(' ');
            String key = line.substring(0, space).replace(",}", "}");
            values.put(key, Double.parseDouble(line.substring(space + 1)));
        }
        return values;
    }
}
