package dev.harness.core.disturbance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;

import javax.jms.Connection;
import javax.jms.JMSException;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.harness.core.Setting;
import dev.harness.core.jms.Provider;
import dev.harness.core.jms.StandInProvider;

/**
 * Real shell commands and a real log appended by a real thread: the readiness rules, the times they
 * give, and the one-line failures of commands that fail or hang. Every wait is bounded.
 */
class CommandBrokerKillerTest {
    private static final long MS = 1_000_000L;

    @TempDir
    Path dir;

    private final List<String> log = new CopyOnWriteArrayList<>();

    private CommandBrokerKiller killer(String kill, String start, Readiness readiness, long readyWithinMs, Provider p) {
        return new CommandBrokerKiller(new BrokerCommands(kill, start, readiness, false, readyWithinMs * MS,
                BrokerCommands.KILL_WITHIN_NS), p, log::add);
    }

    private static void append(Path file, String line) {
        try {
            Files.writeString(file, line + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void theReadyLineAppendedAfterTheStartCountsAndTheStartLineTimesItToo() throws Exception {
        Path amqerr = dir.resolve("AMQERR01.LOG");
        append(amqerr, "AMQ8024I: from the broker's last life: must not count");
        Thread broker = new Thread(() -> {
            try {
                Thread.sleep(300);
                append(amqerr, "AMQ5051I: The queue manager task 'LOGGER-IO' has started.");
                Thread.sleep(400);
                Files.writeString(amqerr, "AMQ8024I: IBM MQ channel", StandardOpenOption.APPEND); // half a line first
                Thread.sleep(100);
                append(amqerr, " initiator started.");
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        CommandBrokerKiller k = killer("true", "echo starting; echo done", new Readiness.LogLine(amqerr, "AMQ8024I", "AMQ5051I"),
                10_000, null);
        broker.start();
        BrokerKiller.Restart r = assertTimeoutPreemptively(Duration.ofSeconds(10), k::restart);
        broker.join();
        assertTrue(r.millis() >= 750 && r.millis() < 5_000, "start command to the whole ready line: " + r);
        assertTrue(r.fromStartLineMillis() >= 450 && r.fromStartLineMillis() < r.millis(), "start line to ready: " + r);
        assertEquals("AMQ5051I to AMQ8024I", r.fromStartLine());
        assertTrue(log.contains("--start-cmd: starting") && log.contains("--start-cmd: done"), log::toString);
    }

    @Test
    void aLogReplacedUnderItsNameIsReadFromItsStart() throws Exception {
        Path file = dir.resolve("broker.log");
        append(file, "an old line, long enough to be longer than the new file's first lines ..........");
        // The start command moves the log away, as MQ does at AMQERR01's size limit, and the broker writes a new one.
        CommandBrokerKiller k = killer("true", "mv " + file + " " + dir.resolve("broker.log.1") + "; echo ready > " + file,
                new Readiness.LogLine(file, "ready", null), 10_000, null);
        BrokerKiller.Restart r = assertTimeoutPreemptively(Duration.ofSeconds(10), k::restart);
        assertEquals(-1, r.fromStartLineMillis());
    }

    @Test
    void aStartCommandThatFailsIsOneLineWithItsExitCode() {
        CommandBrokerKiller k = killer("true", "echo no queue manager QM1 >&2; exit 16",
                new Readiness.LogLine(dir.resolve("never.log"), "AMQ8024I", null), 10_000, null);
        CommandBrokerKiller.CommandFailed e = assertThrows(CommandBrokerKiller.CommandFailed.class,
                () -> assertTimeoutPreemptively(Duration.ofSeconds(10), k::restart));
        assertEquals("--start-cmd 'echo no queue manager QM1 >&2; exit 16' failed with exit code 16: no queue manager QM1",
                e.getMessage());
    }

    @Test
    void aBrokerNeverReadyFailsAtTheBound() {
        CommandBrokerKiller k = killer("true", "true", new Readiness.LogLine(dir.resolve("quiet.log"), "AMQ8024I", null),
                600, null);
        long t0 = System.nanoTime();
        CommandBrokerKiller.CommandFailed e = assertThrows(CommandBrokerKiller.CommandFailed.class,
                () -> assertTimeoutPreemptively(Duration.ofSeconds(10), k::restart));
        long tookMs = (System.nanoTime() - t0) / MS;
        assertTrue(tookMs >= 600 && tookMs < 5_000, tookMs + " ms");
        assertTrue(e.getMessage().startsWith("the broker was not ready 600 ms after --start-cmd 'true' (waiting for a line"
                + " with 'AMQ8024I' appended to "), e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
    }

    @Test
    void aStartCommandThatNeverReturnsIsStoppedAtTheBound() throws Exception {
        Path pid = dir.resolve("pid");
        CommandBrokerKiller k = killer("true", "echo $$ > " + pid + "; echo ready; exec sleep 60", new Readiness.Connect(), 700,
                provider(new AtomicBoolean(true)));
        CommandBrokerKiller.CommandFailed e = assertThrows(CommandBrokerKiller.CommandFailed.class,
                () -> assertTimeoutPreemptively(Duration.ofSeconds(10), k::restart));
        assertTrue(e.getMessage().contains("still running 700 ms after it was started, though the broker was ready"),
                e.getMessage());
        long started = Long.parseLong(Files.readString(pid).strip());
        assertTimeoutPreemptively(Duration.ofSeconds(5), () -> {
            while (ProcessHandle.of(started).map(ProcessHandle::isAlive).orElse(false)) {
                Thread.sleep(20);
            }
        }, "the command was stopped");
    }

    @Test
    void theConnectRuleWaitsForTheFirstConnectionThatSucceeds() throws Exception {
        AtomicBoolean up = new AtomicBoolean();
        Thread broker = new Thread(() -> {
            try {
                Thread.sleep(500);
                up.set(true);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        CommandBrokerKiller k = killer("true", "true", new Readiness.Connect(), 10_000, provider(up));
        broker.start();
        BrokerKiller.Restart r = assertTimeoutPreemptively(Duration.ofSeconds(10), k::restart);
        assertTrue(r.millis() >= 450 && r.millis() < 5_000, r::toString);
        assertEquals(-1, r.fromStartLineMillis());
    }

    @Test
    void aKillThatMatchesNothingFails() {
        Path pid = dir.resolve("pid");
        CommandBrokerKiller k = killer("kill -9 $(cat " + pid + ")", "true", new Readiness.Connect(), 1_000, null);
        CommandBrokerKiller.CommandFailed e = assertThrows(CommandBrokerKiller.CommandFailed.class,
                () -> assertTimeoutPreemptively(Duration.ofSeconds(10), k::kill));
        assertTrue(e.getMessage().startsWith("--kill-cmd 'kill -9 $(cat " + pid + ")' failed with exit code "),
                e.getMessage());
        assertTrue(log.stream().anyMatch(l -> l.startsWith("--kill-cmd: ") && l.contains("pid")), log::toString);
    }

    @Test
    void aKillThatWorksReturnsOnceTheCommandHas() throws Exception {
        Process victim = new ProcessBuilder("sleep", "60").start();
        CommandBrokerKiller k = killer("kill -9 " + victim.pid(), "true", new Readiness.Connect(), 1_000, null);
        assertTimeoutPreemptively(Duration.ofSeconds(10), k::kill);
        assertTimeoutPreemptively(Duration.ofSeconds(5), () -> victim.waitFor());
        assertEquals(137, victim.exitValue(), "SIGKILL");
    }

    /**
     * The issue's own kill, pgrep -f by the victim's command line: the pattern is in the command's
     * text, which no shell's arguments hold (it runs from a script file), so only the victim dies.
     * The victim is a sleep this test started, with a number no other process has as its marker.
     */
    @Test
    void aKillByPgrepPatternKillsTheTargetNotItsOwnShell() throws Exception {
        String marker = "3600." + System.nanoTime() + ProcessHandle.current().pid();
        Process victim = new ProcessBuilder("sleep", marker).start();
        try {
            Path script = dir.resolve("script");
            CommandBrokerKiller k = killer("echo \"$0\" > " + script + "; kill -9 $(pgrep -f \"sleep " + marker + "\")", "true",
                    new Readiness.Connect(), 1_000, null);
            assertTimeoutPreemptively(Duration.ofSeconds(10), k::kill);
            assertTrue(victim.waitFor(5, java.util.concurrent.TimeUnit.SECONDS), "the victim is dead");
            assertEquals(137, victim.exitValue(), "SIGKILL");
            Path ran = Path.of(Files.readString(script).strip());
            assertTrue(ran.getFileName().toString().startsWith("harness-kill-cmd-"), ran::toString);
            assertFalse(Files.exists(ran), "the command's script is removed once it has run");
        } finally {
            victim.destroyForcibly();
        }
    }

    @Test
    void theCommandsKnowTheHarnessPid() {
        CommandBrokerKiller k = killer("test \"$HARNESS_PID\" = " + ProcessHandle.current().pid(), "true",
                new Readiness.Connect(), 1_000, null);
        assertTimeoutPreemptively(Duration.ofSeconds(10), k::kill);
    }

    @Test
    void aKillThatKillsItsOwnShellSaysSo() {
        CommandBrokerKiller k = killer("kill -9 $$", "true", new Readiness.Connect(), 1_000, null);
        CommandBrokerKiller.CommandFailed e = assertThrows(CommandBrokerKiller.CommandFailed.class,
                () -> assertTimeoutPreemptively(Duration.ofSeconds(10), k::kill));
        assertEquals("--kill-cmd 'kill -9 $$' failed with exit code 137 (its shell was killed by signal 9)", e.getMessage());
    }

    @Test
    void aKillThatHangsIsStoppedAtItsBound() throws Exception {
        Path pid = dir.resolve("pid");
        CommandBrokerKiller k = new CommandBrokerKiller(new BrokerCommands("echo $$ > " + pid + "; sleep 60; true", "true",
                new Readiness.Connect(), false, 1_000 * MS, 500 * MS), null, log::add);
        CommandBrokerKiller.CommandFailed e = assertThrows(CommandBrokerKiller.CommandFailed.class,
                () -> assertTimeoutPreemptively(Duration.ofSeconds(10), k::kill));
        assertTrue(e.getMessage().startsWith("--kill-cmd 'echo $$ > " + pid + "; sleep 60; true' still running after 500 ms:"
                + " stopped"), e.getMessage());
        long shell = Long.parseLong(Files.readString(pid).strip());
        assertTimeoutPreemptively(Duration.ofSeconds(5), () -> {
            while (ProcessHandle.of(shell).map(ProcessHandle::isAlive).orElse(false)) {
                Thread.sleep(20);
            }
        }, "the command was stopped");
    }

    /**
     * --drop-caches drops this host's cache alone: the header says whose, and that a broker the start
     * command runs on another host keeps its own (it said the restart was as after a machine failure).
     */
    @Test
    void theHeaderSaysWhoseCacheIsDropped() {
        CommandBrokerKiller k = new CommandBrokerKiller(new BrokerCommands("true", "ssh db1 strmqm QM1", new Readiness.Connect(),
                true, 1_000 * MS, BrokerCommands.KILL_WITHIN_NS), null, log::add);
        Setting drop = k.describe().stream().filter(s -> s.name().equals("drop caches")).findFirst().orElseThrow();
        assertTrue(drop.value().startsWith("sync and drop this host's page cache (") && drop.value().contains(
                "a broker on another host keeps its own: drop it there, in --start-cmd"), drop::value);
        assertFalse(drop.value().contains("machine failure"), drop::value);
    }

    /** A provider whose connections succeed once {@code up} is set, and fail fast before. */
    private static Provider provider(AtomicBoolean up) {
        return new StandInProvider("fake", () -> {
            if (!up.get()) {
                throw new JMSException("connection refused");
            }
            return (Connection) Proxy.newProxyInstance(Connection.class.getClassLoader(), new Class<?>[] {Connection.class},
                    (proxy, method, args) -> null);
        });
    }
}
