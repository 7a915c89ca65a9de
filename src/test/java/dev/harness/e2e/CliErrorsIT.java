package dev.harness.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Bad input and an unreachable broker: one line naming what is wrong, the right exit code. */
class CliErrorsIT {
    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({
        "--rate, fast",
        "--rate, 0",
        "--size, 10",
        "--size, huge",
        "--duration, 5parsecs",
        "--senders, 0",
        "--syncpoint, -1",
        "--url, http://127.0.0.1:61616",
        "--hlog, /nonexistent-dir/run.hlog",
        "--json, /nonexistent-dir/run.json",
        "--password-env, HARNESS_TEST_UNSET_VARIABLE",
        "--hiccup-resolution, 10us",
        "--metrics, graphite:2003",
        "--start-at, yesterday",
    })
    void badOptionValueGetsOneLineNamingTheOptionAndExitCode2(String option, String value) throws Exception {
        HarnessProcess.Result r = HarnessProcess.run(dir, 60, "run", "--user", "u", "--url", "tcp://127.0.0.1:1",
                option, value, "--duration", "1s");
        assertEquals(2, r.exitCode(), r::toString);
        r.assertOneLine(option);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"run", "respond", "bench", "ab"})
    void unreachableBrokerGetsOneLineAndExitCode3(String command) throws Exception {
        int closedPort;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = s.getLocalPort();
        }
        String url = "tcp://127.0.0.1:" + closedPort;
        String[] args = switch (command) {
            // With an objective that cannot be met: nothing was measured, and that is the code (3), not 5.
            case "run" -> new String[] {"run", "--url", url, "--duration", "1s", "--slo", "response.max < 1us"};
            case "respond" -> new String[] {"respond", "--url", url, "--duration", "1s"};
            case "bench" -> new String[] {"bench", "--url", url, "--warmup", "0s", "--trial", "1s",
                "--out", dir.resolve("bench.md").toString()};
            default -> new String[] {"ab", "--a", "--syncpoint 1", "--b", "--syncpoint 0", "--rounds", "1",
                "--url", url, "--duration", "1s", "--report", dir.resolve("ab.html").toString()};
        };
        HarnessProcess.Result r = HarnessProcess.run(dir, 60, args);
        assertEquals(3, r.exitCode(), r::toString);
        if (command.equals("ab")) {
            // The round's own line, then ab's naming the round.
            assertTrue(r.stderr().contains("harness run: cannot reach Artemis at " + url), r::toString);
            assertTrue(r.stderr().contains("harness ab: round 1 of side A"), r::toString);
        } else {
            r.assertOneLine("harness " + command + ": cannot reach", "127.0.0.1:" + closedPort);
        }
    }

    @Test
    void refusedLoginIsOneLineSayingSoAndExitCode3() throws Exception {
        Map<String, String> env = Map.of("HARNESS_TEST_PASSWORD", "right", "HARNESS_TEST_WRONG", "wrong");
        try (BrokerProcess broker = BrokerProcess.start(dir, dir.resolve("data"), env, "--user", "u",
                "--password-env", "HARNESS_TEST_PASSWORD")) {
            HarnessProcess.Result r = HarnessProcess.run(dir, env, 60, "run", "--url", broker.url(), "--user", "u",
                    "--password-env", "HARNESS_TEST_WRONG", "--warmup", "0s", "--duration", "1s");
            assertEquals(3, r.exitCode(), r::toString);
            r.assertOneLine("harness run: Artemis at " + broker.url() + ": refused the login of user u", "AMQ229031",
                    "check --user and the password");
            assertFalse(r.stderr().contains("cannot reach"), r::toString);
        }
    }

    @Test
    void anOutputThatCannotBeWrittenAfterACompleteRunIsExitCode6() throws Exception {
        Path out = Files.createDirectory(dir.resolve("out"));
        Path report = out.resolve("run.html");
        try (HarnessProcess p = HarnessProcess.start(dir, "run", "--rate", "100", "--warmup", "0s", "--duration", "2s",
                "--report", report.toString(), "--events", dir.resolve("events.jsonl").toString())) {
            p.awaitEvent("started", 60);
            Files.delete(out); // writable when checked before the run, gone when the report is written
            int code = p.waitFor(60);
            HarnessProcess.Result r = new HarnessProcess.Result(code, p.stdout(), p.stderr());
            assertEquals(6, code, r::toString);
            assertTrue(r.stdout().contains("response"), "the summary was printed: " + r);
            r.assertOneLine("harness run: --report " + report, "cannot write");
        }
    }

    @ParameterizedTest(name = "{0} --help")
    @CsvSource({"run", "respond", "broker", "bench", "logdisk", "gc-inject", "report", "merge", "ab", "restart-study"})
    void everyCommandExplainsItselfWithHelp(String command) throws Exception {
        // Every error line ends with "see harness <command> --help": that must work.
        HarnessProcess.Result r = HarnessProcess.run(dir, 60, command, "--help");
        assertEquals(0, r.exitCode(), r::toString);
        assertTrue(r.stdout().startsWith("Usage: harness " + command), r::toString);
        assertFalse(r.stderr().contains("WARN"), "help text that picocli cannot format:\n" + r);
    }
}
