package dev.harness.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The entry points never throw into the host and say what is wrong in one line. Only paths that
 * start nothing are run here; the ITs start the agent for real, in child JVMs.
 */
class GcAgentTest {
    /** Runs {@code GcAgent.start(args)} with standard error captured; returns what it printed. */
    private static String stderrOf(String args, boolean[] started) {
        PrintStream original = System.err;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        System.setErr(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        try {
            started[0] = GcAgent.start(args);
        } finally {
            System.setErr(original);
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @ParameterizedTest
    @ValueSource(strings = {"alloc=abc", "nonsense", "live=999999999", "prune=1", "report=0,alloc=5"})
    void badOptionsGiveOneLineAndStartNothing(String args) {
        boolean[] started = {true};
        String err = stderrOf(args, started);
        assertFalse(started[0]);
        assertEquals(1, err.lines().count(), err);
        assertTrue(err.startsWith("harness-agent: "), err);
        assertTrue(err.strip().endsWith("; agent not started"), err);
        assertFalse(err.contains("Exception"), err);
    }

    @Test
    void theLineNamesTheOptionAndWhatWasExpected() {
        String err = stderrOf("alloc=abc", new boolean[1]);
        assertEquals("harness-agent: alloc=abc: expected a rate in MB/s, a positive number up to 10000"
                + " (e.g. alloc=100); agent not started", err.strip());
    }

    @Test
    void anUnwritableLogFileIsABadOption(@TempDir Path dir) {
        String log = dir.resolve("no-such-dir").resolve("agent.log").toString();
        boolean[] started = {true};
        String err = stderrOf("log=" + log, started);
        assertFalse(started[0]);
        assertEquals(1, err.lines().count(), err);
        assertTrue(err.startsWith("harness-agent: log=" + log + ": expected a writable file path"), err);
        assertTrue(err.strip().endsWith("; agent not started"), err);
        // And, refused once, a later load is not taken for a second one.
        String again = stderrOf("log=" + dir.resolve("elsewhere").resolve("agent.log"), started);
        assertFalse(again.contains("already running"), again);
    }

    @Test
    void helpPrintsTheOptionsAndStartsNothing() {
        boolean[] started = {true};
        String err = stderrOf("help", started);
        assertFalse(started[0]);
        assertTrue(err.contains("alloc=") && err.contains("heap=") && err.contains("log="), err);
    }

    @Test
    void theEntryPointsNeverThrow() {
        PrintStream original = System.err;
        System.setErr(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        try {
            GcAgent.premain("alloc=-1", null);
            GcAgent.agentmain("heap=2.0", null);
        } finally {
            System.setErr(original);
        }
    }
}
