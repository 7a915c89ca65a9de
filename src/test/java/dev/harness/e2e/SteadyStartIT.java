package dev.harness.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

import com.fasterxml.jackson.databind.JsonNode;

import dev.harness.core.schedule.ScheduleBounds;

/**
 * The run everyone makes first, {@code ./harness run} with its defaults (here 10 s measured),
 * measures the steady state, not its own start: its first measured interval's response p99 is
 * within 3x of the median of its own later intervals' (issue 32), and it did not begin behind its
 * schedule (a start-up backlog that never clears is as bad in every interval). Through the
 * launcher script, so with the JVM options users get, not the suite's.
 */
@Isolated // its readings are of timing: nothing else of the suite's may run beside it
class SteadyStartIT {
    /** How far the first measured interval's p99 may be from the median of the later ones'. */
    private static final double WITHIN = 3;

    @TempDir
    Path dir;

    @Test
    void theFirstMeasuredIntervalCarriesNoStartUp() throws Exception {
        // A start-up carried into the measured phase shows in every run; a burst of other work on
        // two shared cores in one: only a second run that reads the same decides.
        List<String> readings = new ArrayList<>();
        for (int attempt = 1; attempt <= 2; attempt++) {
            String problem = firstIntervalAgainstLater(attempt);
            if (problem == null) {
                return;
            }
            readings.add("run " + attempt + ": " + problem);
        }
        fail("the default run's first measured interval carries its start-up, twice:\n" + String.join("\n", readings));
    }

    /** Runs ./harness run --duration 10s once; null when its first measured interval is steady, else what it read. */
    private String firstIntervalAgainstLater(int attempt) throws Exception {
        Path json = dir.resolve("run-" + attempt + ".json");
        Path root = HarnessProcess.jar().toAbsolutePath().getParent().getParent().getParent();
        ProcessBuilder pb = new ProcessBuilder(root.resolve("harness").toString(), "run", "--duration", "10s", "--json",
                json.toString()).directory(dir.toFile())
                .redirectOutput(dir.resolve("stdout-" + attempt + ".txt").toFile())
                .redirectError(dir.resolve("stderr-" + attempt + ".txt").toFile());
        pb.environment().remove("HARNESS_JAVA_OPTS"); // the launcher's own JVM options, as a user gets them
        pb.environment().remove("HARNESS_CLASSPATH");
        Process p = pb.start();
        if (!p.waitFor(200, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            fail("./harness run did not finish within 200 s:\n" + Files.readString(dir.resolve("stdout-" + attempt + ".txt")));
        }
        String out = Files.readString(dir.resolve("stdout-" + attempt + ".txt"));
        String err = Files.readString(dir.resolve("stderr-" + attempt + ".txt"));
        assertEquals(0, p.exitValue(), () -> out + err);

        JsonNode run = HarnessProcess.json(json);
        double intervalS = 1;
        List<Double> p99s = new ArrayList<>();
        double firstLagMs = -1;
        for (JsonNode i : run.get("intervals")) {
            JsonNode response = i.get("views").get("response");
            // Whole measured intervals: the last one, the drain's tail after the schedule, is not.
            if (i.get("phase").asText().equals("measured") && response.get("count").asLong() > 0
                    && i.get("endS").asDouble() - i.get("startS").asDouble() >= 0.9 * intervalS) {
                p99s.add(response.get("p99Ns").asDouble() / 1e6);
                if (firstLagMs < 0) {
                    firstLagMs = i.get("views").get("send-lag").get("p50Ns").asDouble() / 1e6;
                }
            }
        }
        assertTrue(p99s.size() >= 8, () -> "10 s measured in 1 s intervals: " + p99s + "\n" + out);
        List<Double> later = new ArrayList<>(p99s.subList(1, p99s.size()));
        later.sort(null);
        double median = later.size() % 2 == 1 ? later.get(later.size() / 2)
                : (later.get(later.size() / 2 - 1) + later.get(later.size() / 2)) / 2;
        double first = p99s.get(0);
        double lagBoundMs = ScheduleBounds.lagBoundNs(500, 1) / 1e6;
        if (firstLagMs > lagBoundMs) {
            return String.format(Locale.ROOT, "the measured phase began behind its schedule: send-lag p50 %.1f ms in its"
                    + " first interval, more than the %.0f ms of a kept schedule; response p99s %s", firstLagMs, lagBoundMs, p99s);
        }
        return first <= WITHIN * median ? null : String.format(Locale.ROOT,
                "first measured interval p99 %.1f ms, %.1fx the median %.1f ms of the later ones %s", first, first / median,
                median, p99s.subList(1, p99s.size()));
    }
}
