package dev.harness.agent.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Bad options give one line on stderr naming the option, no stack trace, and no agent; the host
 * runs as if the agent were not there and exits 0.
 */
class AgentBadOptionsIT {
    static Stream<String> badOptions() {
        String unwritable = Paths.get(System.getProperty("java.io.tmpdir"), "no-such-dir-" + System.nanoTime(),
                "agent.log").toString();
        return Stream.of("alloc=abc", "bogus=1", "prune=1", "live=64,heap=0.9", "log=" + unwritable);
    }

    @ParameterizedTest
    @MethodSource("badOptions")
    void oneLineNoAgentAndTheHostRunsOn(String options) throws Exception {
        List<String> jvm = new ArrayList<>(AgentPausesIT.HEAP);
        jvm.add("-javaagent:" + ChildJvm.agentJar() + "=" + options);
        try (ChildJvm child = ChildJvm.start(jvm, 120)) {
            child.awaitOut("host alive 3"::equals, "its alive lines");
            assertEquals(0, child.exit(), child.transcript());

            List<String> err = child.err();
            assertEquals(1, err.size(), "exactly one line on stderr; " + child.transcript());
            String line = err.get(0);
            assertTrue(line.startsWith("harness-agent: " + options + ": "), line);
            assertTrue(line.endsWith("; agent not started"), line);
            assertFalse(line.contains("Exception"), line);
            assertTrue(child.out().contains("host done"), child.transcript());
            assertTrue(child.out().stream().noneMatch(l -> l.startsWith("thread harness-agent")),
                    "no agent threads; " + child.transcript());
        }
    }
}
