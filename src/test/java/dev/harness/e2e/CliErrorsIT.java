package dev.harness.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;

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

    @Test
    void unreachableBrokerGetsOneLineAndExitCode3() throws Exception {
        int closedPort;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = s.getLocalPort();
        }
        HarnessProcess.Result r = HarnessProcess.run(dir, 60, "run", "--url", "tcp://127.0.0.1:" + closedPort,
                "--duration", "1s");
        assertEquals(3, r.exitCode(), r::toString);
        r.assertOneLine("127.0.0.1:" + closedPort);
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
