package dev.harness.agent.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/**
 * The agent at JVM start makes a plain host pause, reports it, and lets it run and exit normally.
 * The settings make pauses of tens of ms within seconds on a 2-core machine: a 256 MB heap with
 * the serial collector, a 64 MB live set and a 30% budget fragged at 200 MB/s.
 */
class AgentPausesIT {
    static final String OPTIONS = "alloc=200,live=64,heap=0.3,prune=0.9,report=20";
    static final long REPORT_MS = 20;
    static final List<String> HEAP = List.of("-Xmx256m", "-XX:+UseSerialGC");
    static final Pattern PAUSE = Pattern.compile("pause of (\\d+) ms at (\\S+)");
    static final String START = "harness-agent: fragging at 200 MB/s, live set 64 MB, heap budget ";

    @Test
    void aHostWithTheAgentPausesRunsOnAndExitsNormally() throws Exception {
        List<String> jvm = new ArrayList<>(HEAP);
        jvm.add("-javaagent:" + ChildJvm.agentJar() + "=" + OPTIONS);
        try (ChildJvm child = ChildJvm.start(jvm, 120)) {
            long started = System.nanoTime();
            child.awaitErr(line -> line.startsWith(START), "the start line");
            assertPauseLine(child.awaitErr(PAUSE.asMatchPredicate(), "a pause line"));
            long first = System.nanoTime() - started;
            // Not a one-off at start (building the live set pauses too): the fragging goes on pausing it.
            assertPauseLine(child.awaitErr(PAUSE.asMatchPredicate(), 5, "five pause lines"));
            System.out.println("first pause line " + first / 1_000_000 + " ms, fifth "
                    + (System.nanoTime() - started) / 1_000_000 + " ms after the child started");

            int alive = aliveLines(child);
            child.awaitOut(("host alive " + (alive + 2))::equals, "more alive lines after the pause");
            assertEquals(0, child.exit(), child.transcript());

            List<String> out = child.out();
            assertTrue(out.contains("thread harness-agent-fragger daemon=true"), child.transcript());
            assertTrue(out.contains("thread harness-agent-pause-detector daemon=true"), child.transcript());
            assertTrue(out.contains("host done"), child.transcript());
            assertOnlyAgentLines(child);
            List<String> pauses = child.err().stream().filter(PAUSE.asMatchPredicate()).toList();
            System.out.println(pauses.size() + " pause lines: " + pauses);
        }
    }

    /** {@code pause of N ms at <instant>} with N at least the threshold and a recent ISO-8601 instant. */
    static void assertPauseLine(String line) {
        Matcher m = PAUSE.matcher(line);
        assertTrue(m.matches(), line);
        assertTrue(Long.parseLong(m.group(1)) >= REPORT_MS, line);
        Instant at = Instant.parse(m.group(2));
        assertTrue(Duration.between(at, Instant.now()).abs().compareTo(Duration.ofMinutes(5)) < 0, line);
    }

    static int aliveLines(ChildJvm child) {
        return (int) child.out().stream().filter(line -> line.startsWith("host alive ")).count();
    }

    /** Exactly one start line; everything else on stderr is a pause line: no stack trace, no noise. */
    static void assertOnlyAgentLines(ChildJvm child) {
        List<String> err = child.err();
        assertEquals(1, err.stream().filter(line -> line.startsWith(START)).count(), child.transcript());
        for (String line : err) {
            assertTrue(line.startsWith(START) || PAUSE.matcher(line).matches()
                    || line.startsWith("harness-agent: already running"), "unexpected stderr line: " + line);
        }
    }
}
