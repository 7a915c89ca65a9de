package dev.harness.core.disturbance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;


/** The pgrep/pkill -f patterns read out of a kill command, and the harness's own command lines they would match. */
class KillPatternTest {
    @Test
    void patternsAfterFullMatchingOnly() {
        assertEquals(List.of("amqzxma0 -m QM1"), KillPattern.patterns("kill -9 $(pgrep -f \"amqzxma0 -m QM1\")"));
        assertEquals(List.of("runmqlsr"), KillPattern.patterns("pgrep -u mqm -f runmqlsr | xargs kill -9"), "-u takes a value");
        assertEquals(List.of("a b"), KillPattern.patterns("/usr/bin/pkill --signal KILL --full 'a b'"));
        assertEquals(List.of("x"), KillPattern.patterns("pgrep -af x"), "-f among other letters");
        assertEquals(List.of(), KillPattern.patterns("kill -9 $(pgrep amqzxma0)"), "without -f pgrep reads names only");
        assertEquals(List.of(), KillPattern.patterns("pgrep -f \"amqzxma0 -m $QM\""), "the shell expands it: not judged");
        assertEquals(List.of("amqzxma0 -m $QM"), KillPattern.patterns("pgrep -f 'amqzxma0 -m $QM'"), "single quotes: literal");
    }

    @Test
    void theHarnessOwnCommandLineIsAmongThoseLookedAt() {
        List<String> lines = KillPattern.harnessCommandLines();
        assertTrue(!lines.isEmpty() && lines.get(0).contains("java"), lines::toString);
        assertNull(KillPattern.matchedCommandLine("kill -9 $(pgrep -f \"[n]o such process " + System.nanoTime() + "\")",
                lines));
        // This test's own JVM, found by a piece of its own command line.
        String piece = lines.get(0).split(" ")[0];
        assertEquals(lines.get(0), KillPattern.matchedCommandLine("pkill -f '" + piece + "'", lines));
    }
}
