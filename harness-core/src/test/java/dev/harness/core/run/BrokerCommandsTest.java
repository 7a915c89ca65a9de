package dev.harness.core.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.harness.core.SettingsException;

/** --kill-cmd, --start-cmd, the readiness rule and --drop-caches check themselves, one line naming the option. */
class BrokerCommandsTest {
    private static final long S = 1_000_000_000L;

    @TempDir
    Path dir;

    private static BrokerCommands of(String kill, String start, Path log, String ready, String startLine, boolean drop,
            boolean ownBroker, boolean root) {
        return BrokerCommands.of(kill, start, null, log, ready, startLine, drop, 30 * S, ownBroker, root);
    }

    private static String refusedOption(String kill, String start, Path log, String ready, String startLine, boolean drop,
            boolean ownBroker, boolean root) {
        return assertThrows(SettingsException.class, () -> of(kill, start, log, ready, startLine, drop, ownBroker, root))
                .option();
    }

    @Test
    void commandsWithTheConnectRuleByDefault() {
        BrokerCommands c = of("kill -9 $(cat pid)", "./start", null, null, null, false, false, false);
        assertInstanceOf(Readiness.Connect.class, c.readiness());
        assertEquals("--start-cmd to the first connection that succeeded", c.restartSpan());
        assertNull(c.startLineSpan());
        assertNull(of(null, null, null, null, null, false, true, false), "nothing asked for");
    }

    @Test
    void theSeedsLogRule() {
        Path log = dir.resolve("AMQERR01.LOG"); // not there yet: a queue manager writes it when it starts
        BrokerCommands c = of("kill -9 1", "strmqm QM1", log, "AMQ8024I", "AMQ5051I", true, false, true);
        assertEquals(new Readiness.LogLine(log, "AMQ8024I", "AMQ5051I"), c.readiness());
        assertEquals("AMQ5051I to AMQ8024I", c.startLineSpan());
        assertEquals("--start-cmd to 'AMQ8024I' in AMQERR01.LOG", c.restartSpan());
        assertTrue(c.dropCaches());
    }

    @Test
    void eachRefusalNamesItsOption() {
        Path log = dir.resolve("broker.log");
        assertEquals("--start-cmd", refusedOption(null, "strmqm QM1", null, null, null, false, false, false));
        assertEquals("--ready-log", refusedOption(null, null, log, "x", null, false, false, false));
        assertEquals("--drop-caches", refusedOption(null, null, null, null, null, true, false, true));
        assertEquals("--kill-cmd", refusedOption(" ", "start", null, null, null, false, false, false));
        assertEquals("--start-cmd", refusedOption("kill", null, null, null, null, false, false, false));
        assertEquals("--kill-cmd", refusedOption("kill", "start", null, null, null, false, true, false),
                "the embedded broker lives in this process");
        assertEquals("--ready-line", refusedOption("kill", "start", null, "AMQ8024I", null, false, false, false));
        assertEquals("--start-line", refusedOption("kill", "start", null, null, "AMQ5051I", false, false, false));
        assertEquals("--ready-log", refusedOption("kill", "start", log, null, null, false, false, false));
        assertEquals("--ready-log", refusedOption("kill", "start", dir.resolve("no/such/dir/x.log"), "r", null, false,
                false, false));
        assertEquals("--ready-log", refusedOption("kill", "start", dir, "r", null, false, false, false), "a directory");
        SettingsException notRoot = assertThrows(SettingsException.class,
                () -> of("kill", "start", null, null, null, true, false, false));
        assertEquals("--drop-caches: needs root: it writes 3 to /proc/sys/vm/drop_caches, which this user cannot write",
                notRoot.getMessage());
        assertEquals("--ready-timeout", assertThrows(SettingsException.class,
                () -> BrokerCommands.of("kill", "start", null, null, null, null, false, 0, false, false)).option());
    }

    @Test
    void readyWhenNamesTheRuleAndMustAgreeWithTheLog() {
        Path log = dir.resolve("broker.log");
        assertInstanceOf(Readiness.Connect.class, BrokerCommands.of("kill", "start", Readiness.Rule.connection, null, null,
                null, false, 30 * S, false, false).readiness());
        assertInstanceOf(Readiness.LogLine.class, BrokerCommands.of("kill", "start", Readiness.Rule.log, log, "ready",
                null, false, 30 * S, false, false).readiness());
        assertEquals("--ready-when", assertThrows(SettingsException.class, () -> BrokerCommands.of("kill", "start",
                Readiness.Rule.log, null, null, null, false, 30 * S, false, false)).option(), "log without a log");
        assertEquals("--ready-when", assertThrows(SettingsException.class, () -> BrokerCommands.of("kill", "start",
                Readiness.Rule.connection, log, "ready", null, false, 30 * S, false, false)).option(), "two rules at once");
        assertEquals("--ready-when", assertThrows(SettingsException.class, () -> BrokerCommands.of(null, null,
                Readiness.Rule.connection, null, null, null, false, 30 * S, false, false)).option(), "without --kill-cmd");
    }
}
