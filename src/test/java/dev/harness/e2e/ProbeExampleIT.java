package dev.harness.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The probe walkthrough's example application as a user runs it: examples/probe-app/run.sh
 * builds it with javac against the jars the build left in harness-cli/target (the Jakarta
 * variant on the Artemis client inside harness-jakarta.jar, the javax one on harness.jar's),
 * runs it against a harness broker on 127.0.0.1, and harness probe --pid times its sends,
 * commits and onMessage calls. The Jakarta variant loads the probe's classes from
 * harness-jakarta.jar, shaded with IBM's package names relocated: its sends once went untimed,
 * without a word. The build's classes go into a temporary directory, removed when it ends.
 */
class ProbeExampleIT {
    private static final long S = 1_000_000_000L;
    private static final Pattern PID = Pattern.compile("ProbeApp: pid (\\d+),");

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"jakarta", "javax"})
    void theExampleBuildsRunsAndTheProbeTimesItsSends(String api) throws Exception {
        Path script = Path.of(System.getProperty("e2e.examples"), "probe-app", "run.sh");
        Path tmp = Files.createDirectory(dir.resolve("tmp"));
        try (BrokerProcess broker = BrokerProcess.start(dir, dir.resolve("data"))) {
            ProcessBuilder builder = new ProcessBuilder("bash", script.toString(), api, broker.url(), "200", "120")
                    .directory(dir.toFile()).redirectOutput(dir.resolve("app.out").toFile())
                    .redirectError(dir.resolve("app.err").toFile());
            builder.environment().put("TMPDIR", tmp.toString());
            builder.environment().put("PATH", HarnessProcess.java().getParent() + File.pathSeparator
                    + System.getenv("PATH")); // javac and java of the JDK that runs the suite
            Process app = builder.start();
            long pid = 0;
            try {
                pid = awaitPid(app);
                Path json = dir.resolve("probe.json");
                HarnessProcess.Result probe = HarnessProcess.run(dir, 90, "probe", "--pid", Long.toString(pid),
                        "--duration", "4s", "--interval", "1s", "--json", json.toString());
                assertEquals(0, probe.exitCode(), probe::toString);
                assertFalse(probe.stdout().contains("could not read"), probe::toString);
                JsonNode ops = HarnessProcess.json(json).get("operations");
                JsonNode sends = ops.get("send-syncpoint");
                assertTrue(sends != null && sends.get("count").asLong() > 100, "sends inside syncpoint timed: " + ops);
                assertEquals(sends.get("count").asLong(), sends.get("persistent").asLong(), "read from the producer: " + sends);
                assertTrue(ops.get("commit").get("count").asLong() > 10, ops::toString);
                assertTrue(ops.get("on-message").get("count").asLong() > 100, ops::toString);
                assertEquals(0, HarnessProcess.json(json).get("errors").size(), probe::toString);
            } finally {
                if (pid > 0) {
                    ProcessHandle.of(pid).ifPresent(ProcessHandle::destroy); // SIGTERM: the script's trap cleans up
                }
                if (!app.waitFor(60, TimeUnit.SECONDS)) {
                    app.destroyForcibly();
                }
            }
            assertEquals(List.of(), files(tmp), "the example's build left behind");
        }
    }

    /** The application's pid, from its first line (bounded: javac and the connection take seconds). */
    private long awaitPid(Process app) throws Exception {
        long deadline = System.nanoTime() + 120 * S;
        while (true) {
            Matcher m = PID.matcher(read("app.out"));
            if (m.find()) {
                return Long.parseLong(m.group(1));
            }
            assertTrue(app.isAlive(), () -> "run.sh ended: exit " + app.exitValue() + "\n" + read("app.out")
                    + read("app.err"));
            assertTrue(System.nanoTime() < deadline, () -> "no pid from the example\n" + read("app.out") + read("app.err"));
            Thread.sleep(100);
        }
    }

    private static List<String> files(Path tmp) throws IOException {
        try (Stream<Path> all = Files.walk(tmp)) {
            return all.filter(p -> !p.equals(tmp)).map(p -> tmp.relativize(p).toString()).sorted().toList();
        }
    }

    private String read(String name) {
        try {
            return Files.readString(dir.resolve(name));
        } catch (IOException e) {
            return "";
        }
    }
}
