package dev.harness.core.disturbance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.harness.core.SettingsException;

/** --kill-cmd, --start-cmd, the readiness rule and --drop-caches check themselves, one line naming the option. */
class BrokerCommandsTest {
    private static final long S = 1_000_000_000L;
    private static final String NOT_ROOT = BrokerCommands.whyNoDropCaches(BrokerCommands.DROP_CACHES, true, false, 1000);

    @TempDir
    Path dir;

    private static BrokerCommands of(String kill, String start, Path log, String ready, String startLine, boolean drop,
            boolean ownBroker, boolean root) {
        return BrokerCommands.of(kill, start, null, log, ready, startLine, drop, 30 * S, ownBroker, root ? null : NOT_ROOT,
                List.of());
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
        assertNull(of(null, null, null, null, null, true, true, true), "--drop-caches alone: the harness's own broker's");
        assertEquals("--drop-caches", assertThrows(SettingsException.class,
                () -> BrokerCommands.dropCachesAlone(null, true, false, null)).option(), "no broker the harness restarts");
        assertTrue(BrokerCommands.dropCachesAlone(null, true, true, null));
        assertEquals("--drop-caches: " + NOT_ROOT, assertThrows(SettingsException.class,
                () -> BrokerCommands.dropCachesAlone(null, true, true, NOT_ROOT)).getMessage());
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
        assertEquals("--drop-caches: needs root: it writes 3 to /proc/sys/vm/drop_caches, which this user (uid 1000) cannot"
                + " write", notRoot.getMessage());
        assertEquals("--ready-timeout", assertThrows(SettingsException.class,
                () -> BrokerCommands.of("kill", "start", null, null, null, null, false, 0, false, null, List.of())).option());
    }

    @Test
    void readyWhenNamesTheRuleAndMustAgreeWithTheLog() {
        Path log = dir.resolve("broker.log");
        assertInstanceOf(Readiness.Connect.class, BrokerCommands.of("kill", "start", Readiness.Rule.connection, null, null,
                null, false, 30 * S, false, null, List.of()).readiness());
        assertInstanceOf(Readiness.LogLine.class, BrokerCommands.of("kill", "start", Readiness.Rule.log, log, "ready",
                null, false, 30 * S, false, null, List.of()).readiness());
        assertEquals("--ready-when", assertThrows(SettingsException.class, () -> BrokerCommands.of("kill", "start",
                Readiness.Rule.log, null, null, null, false, 30 * S, false, null, List.of())).option(), "log without a log");
        assertEquals("--ready-when", assertThrows(SettingsException.class, () -> BrokerCommands.of("kill", "start",
                Readiness.Rule.connection, log, "ready", null, false, 30 * S, false, null, List.of())).option(), "two rules at once");
        assertEquals("--ready-when", assertThrows(SettingsException.class, () -> BrokerCommands.of(null, null,
                Readiness.Rule.connection, null, null, null, false, 30 * S, false, null, List.of())).option(), "without --kill-cmd");
    }

    @Test
    void dropCachesSaysWhatStandsInItsWay() {
        Path knob = BrokerCommands.DROP_CACHES;
        assertNull(BrokerCommands.whyNoDropCaches(knob, true, true, 0));
        assertTrue(BrokerCommands.whyNoDropCaches(knob, true, false, 1000).startsWith("needs root"));
        // Root in a container whose /proc/sys is read-only: not told it needs root.
        String readOnly = BrokerCommands.whyNoDropCaches(knob, true, false, 0);
        assertTrue(readOnly.startsWith("this is root, but /proc/sys/vm/drop_caches is not writable (read-only /proc/sys"),
                readOnly);
        assertTrue(BrokerCommands.whyNoDropCaches(knob, false, false, 0).contains("which is not there"));
    }

    @Test
    void aKillPatternThatMatchesTheHarnessItselfIsRefused() {
        // What pgrep -f reads of the harness when the option was given on its command line.
        String jvm = "java -jar harness.jar run --provider ibmmq --kill-cmd kill -9 $(pgrep -f \"amqzxma0 -m QM1\")"
                + " --start-cmd strmqm QM1";
        SettingsException e = assertThrows(SettingsException.class, () -> BrokerCommands.of(
                "kill -9 $(pgrep -f \"amqzxma0 -m QM1\")", "strmqm QM1", null, null, null, null, false, 30 * S, false, null,
                List.of(jvm)));
        assertEquals("--kill-cmd", e.option());
        assertTrue(e.getMessage().contains("[a]mqzxma0"), e.getMessage());
        // The bracket form matches the queue manager, not its own text; nor does a pattern found in no command line.
        String bracketed = jvm.replace("\"amqzxma0", "\"[a]mqzxma0");
        assertEquals("kill -9 $(pgrep -f \"[a]mqzxma0 -m QM1\")", BrokerCommands.of("kill -9 $(pgrep -f \"[a]mqzxma0 -m QM1\")",
                "strmqm QM1", null, null, null, null, false, 30 * S, false, null, List.of(bracketed)).killCmd());
        assertEquals("--kill-cmd", assertThrows(SettingsException.class, () -> BrokerCommands.of("pkill -9 -f 'harness.jar run'",
                "start", null, null, null, null, false, 30 * S, false, null, List.of("bash", jvm))).option(),
                "pkill -f, and a pattern in single quotes");
    }
}
