package dev.harness.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * --kill-cmd and --start-cmd against a broker the harness does not run itself: a harness broker
 * the test starts with the very start command it hands the harness (in the background, its PID
 * in a file, its output appended to a log), killed by that PID alone, never by a pattern.
 */
@Isolated
class BrokerCommandsIT {
    /** The start command writes this first, as a queue manager writes AMQ5051I. */
    private static final String START_LINE = "broker starting";
    /** What harness broker prints once it accepts connections, as a queue manager writes AMQ8024I. */
    private static final String READY_LINE = "accepting connections";

    @TempDir
    Path dir;
    private Path pid;
    private Path log;
    private Path ready;
    private int port;
    private String startCmd;
    private String killCmd;

    @BeforeEach
    void startBroker() throws Exception {
        pid = dir.resolve("broker.pid");
        log = dir.resolve("broker.log");
        ready = dir.resolve("broker-ready.json");
        port = BrokerProcess.freePort();
        startCmd = "echo " + START_LINE + " >> '" + log + "'; '" + HarnessProcess.java() + "' "
                + String.join(" ", HarnessProcess.TEST_JVM_OPTIONS) + " -Xmx512m -jar '"
                + HarnessProcess.jar() + "' broker --port " + port + " --data-dir '" + dir.resolve("data") + "' --ready-file '"
                + ready + "' >> '" + log + "' 2>&1 & echo $! > '" + pid + "'";
        killCmd = "kill -9 $(cat '" + pid + "')";
        Process start = new ProcessBuilder("sh", "-c", startCmd).start();
        assertTrue(start.waitFor(10, TimeUnit.SECONDS) && start.exitValue() == 0);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!Files.exists(ready)) {
            assertTrue(System.nanoTime() < deadline, () -> "the broker never became ready: " + read(log));
            Thread.sleep(50);
        }
    }

    /** Only the broker this test started, by its PID. */
    @AfterEach
    void stopBroker() throws Exception {
        if (Files.exists(pid)) {
            ProcessHandle.of(Long.parseLong(Files.readString(pid).strip())).ifPresent(p -> {
                p.destroyForcibly();
                p.onExit().orTimeout(30, TimeUnit.SECONDS).join();
            });
        }
    }

    private static String read(Path file) {
        try {
            return Files.exists(file) ? Files.readString(file) : "(no " + file + ")";
        } catch (Exception e) {
            return e.toString();
        }
    }

    private HarnessProcess.Result run(long timeoutSeconds, String... extra) throws Exception {
        List<String> args = new ArrayList<>(List.of("run", "--url", "tcp://127.0.0.1:" + port, "--rate", "200",
                "--syncpoint", "10", "--drain-timeout", "5s"));
        args.addAll(List.of(extra));
        return HarnessProcess.run(dir, timeoutSeconds, args.toArray(String[]::new));
    }

    @Test
    void runKillsAndRestartsTheBrokerWithTheCommandsAndLosesNothingCommitted() throws Exception {
        Path json = dir.resolve("run.json");
        // As BrokerKillIT: a restarted broker is a cold JVM, and catching up takes seconds.
        HarnessProcess.Result r = run(150, "--warmup", "1s", "--duration", "15s", "--kill-broker-at", "4s",
                "--kill-cmd", killCmd, "--start-cmd", startCmd, "--ready-log", log.toString(), "--ready-line", READY_LINE,
                "--start-line", START_LINE, "--json", json.toString());
        assertEquals(0, r.exitCode(), () -> r + "\nbroker log:\n" + read(log));
        JsonNode s = HarnessProcess.json(json).get("summary");
        JsonNode d = s.get("delivery");
        assertEquals(3_200, d.get("committed").asLong(), r::toString);
        assertEquals(3_200, d.get("received").asLong(), r::toString);
        assertEquals(0, d.get("lost").asLong(), "0 committed lost across the kill: " + r);

        JsonNode o = s.get("recovery");
        assertEquals("--kill-cmd", o.get("brokerKilledBy").asText(), o::toString);
        assertEquals("--start-cmd to '" + READY_LINE + "' in broker.log", o.get("brokerRestartSpan").asText());
        long restartMs = o.get("brokerRestartMs").asLong();
        long fromStartLineMs = o.get("brokerRestartFromStartLineMs").asLong();
        assertTrue(restartMs > 0 && fromStartLineMs >= 0 && fromStartLineMs <= restartMs, o::toString);
        assertEquals(START_LINE + " to " + READY_LINE, o.get("brokerStartLineSpan").asText());
        long killedAt = o.get("brokerKilledAtNs").asLong();
        assertTrue(Math.abs(killedAt - 4_000_000_000L) < 500_000_000L, o::toString);
        assertTrue(o.get("outageToNs").asLong() >= o.get("brokerRestartedAtNs").asLong(), o::toString);
        // Whether the backlog drains before the end depends on how fast a cold broker catches up on a
        // shared 2-core machine: not what this test is about (BrokerKillIT covers the catch-up).

        // The header states both commands and the rule; the summary both times; the commands' lines are prefixed.
        assertTrue(r.stdout().contains("kill-cmd     " + killCmd) && r.stdout().contains("start-cmd    " + startCmd),
                r::toString);
        assertTrue(r.stdout().contains("broker: killed (--kill-cmd) at +4.") && r.stdout().contains(
                " ms from " + START_LINE + " to " + READY_LINE), r::toString);
        assertTrue(r.stdout().contains("--start-cmd: running " + startCmd), r::toString);
    }

    @Test
    void aStartCommandThatFailsEndsTheRunWithOneLineAndExitCode4() throws Exception {
        HarnessProcess.Result r = run(60, "--warmup", "1s", "--duration", "4s", "--kill-broker-at", "1s",
                "--kill-cmd", killCmd, "--start-cmd", "echo no such broker >&2; exit 3");
        assertEquals(4, r.exitCode(), r::toString);
        List<String> lines = harnessLines(r);
        assertEquals(1, lines.size(), r::toString);
        assertTrue(lines.get(0).contains("--start-cmd 'echo no such broker >&2; exit 3' failed with exit code 3: no such"
                + " broker"), r::toString);
    }

    @Test
    void aKillCommandThatMatchesNothingEndsTheRunWithExitCode4() throws Exception {
        Path none = dir.resolve("no-such.pid");
        Files.writeString(none, "999999999\n");
        HarnessProcess.Result r = run(60, "--warmup", "1s", "--duration", "3s", "--kill-broker-at", "1s",
                "--kill-cmd", "kill -9 $(cat '" + none + "')", "--start-cmd", startCmd);
        assertEquals(4, r.exitCode(), r::toString);
        List<String> lines = harnessLines(r);
        assertEquals(1, lines.size(), r::toString);
        assertTrue(lines.get(0).contains("the broker could not be killed: --kill-cmd 'kill -9 $(cat '" + none + "')' failed"
                + " with exit code "), r::toString);
    }

    @Test
    void aRunWhoseBrokerNeverComesBackFailsAtWhatTheReconnectTimeoutLeaves() throws Exception {
        HarnessProcess.Result r = run(60, "--warmup", "1s", "--duration", "6s", "--kill-broker-at", "1s",
                "--restart-after", "1s", "--reconnect-timeout", "3s", "--kill-cmd", killCmd, "--start-cmd", "true");
        assertEquals(4, r.exitCode(), r::toString);
        List<String> lines = harnessLines(r);
        assertEquals(1, lines.size(), r::toString);
        // The restart's bound is what --reconnect-timeout leaves, so it ends with the workers' own: either may say so first.
        assertTrue(lines.get(0).contains("the broker was not ready 2000 ms after --start-cmd 'true' (waiting for the first"
                + " connection that succeeds") || lines.get(0).contains("could not connect again within 3"), r::toString);
        assertTrue(r.stdout().contains("--start-cmd: running true"), r::toString);
    }

    /**
     * The harness's own lines on stderr. Artemis's client may log a warning with a stack trace of
     * its own when a stopping run interrupts a worker that is reconnecting: not the harness's line.
     */
    private static List<String> harnessLines(HarnessProcess.Result r) {
        return r.stderr().lines().filter(l -> l.startsWith("harness ")).toList();
    }

    /**
     * Through the provider in use, here --provider jndi with Artemis's own JNDI context factory. The
     * start command works twice and then fails: the third case ends the study (exit 4), and the table
     * still holds the two cases done.
     */
    @Test
    void restartStudyDrivesTheBrokerThroughTheCommandsAndKeepsTheCasesDoneWhenOneFails() throws Exception {
        Path out = dir.resolve("restart.md");
        Path jndi = Files.writeString(dir.resolve("jndi.properties"), """
                java.naming.factory.initial=org.apache.activemq.artemis.jndi.ActiveMQInitialContextFactory
                connectionFactory.HarnessCF=tcp://127.0.0.1:%d
                """.formatted(port));
        Path starts = dir.resolve("starts");
        String twiceThenFail = "echo >> '" + starts + "'; if [ $(wc -l < '" + starts + "') -gt 2 ]; then echo no more"
                + " starts; exit 3; fi; " + startCmd;
        HarnessProcess.Result r = HarnessProcess.run(dir, 300, "restart-study", "--provider", "jndi", "--jndi",
                jndi.toString(), "--cf", "HarnessCF", "--kill-cmd", killCmd, "--start-cmd", twiceThenFail,
                "--ready-log", log.toString(), "--ready-line", READY_LINE, "--start-line", START_LINE,
                "--depths", "200", "--uncommitted", "0,20,5", "--size", "512", "--out", out.toString());
        assertEquals(4, r.exitCode(), () -> r + "\nbroker log:\n" + read(log));
        List<String> lines = harnessLines(r);
        assertEquals(1, lines.size(), r::toString);
        assertTrue(lines.get(0).contains("failed with exit code 3: no more starts"), r::toString);
        String md = Files.readString(out);
        assertTrue(md.contains("killed with `--kill-cmd '" + killCmd + "'`") && md.contains("started with `--start-cmd '"
                + twiceThenFail + "'`") && md.contains("ready: a line with '" + READY_LINE + "' appended to " + log), md);
        assertTrue(md.contains("| " + START_LINE + " to " + READY_LINE + " ms | missing | twice | extra |"), md);
        assertTrue(md.contains("Incomplete: ") && md.contains("no more starts"), md);
        List<String> rows = md.lines().filter(l -> l.matches("\\| [0-9,]+ \\|.*")).toList();
        // One depth, with and without uncommitted messages: RestartStudyIT covers the grid on the harness's own broker.
        assertEquals(2, rows.size(), md);
        for (String row : rows) {
            String[] cells = row.split("\\|");
            assertEquals(Long.parseLong(cells[1].strip().replace(",", "")), Long.parseLong(cells[6].strip().replace(",", "")),
                    "committed kept, uncommitted rolled back: " + row);
            assertTrue(Long.parseLong(cells[3].strip().replace(",", "")) > 0, row);
            assertTrue(Long.parseLong(cells[7].strip().replace(",", "")) >= 0, "timed from the start line too: " + row);
            assertEquals(List.of("0", "0", "0"), List.of(cells[8].strip(), cells[9].strip(), cells[10].strip()),
                    "each committed one back once, no uncommitted one: " + row);
        }
    }

    @Test
    void restartStudyWithABrokerThatNeverComesBackFailsAtTheBound() throws Exception {
        Path out = dir.resolve("restart.md");
        HarnessProcess.Result r = HarnessProcess.run(dir, 120, "restart-study", "--url", "tcp://127.0.0.1:" + port,
                "--kill-cmd", killCmd, "--start-cmd", "true", "--ready-timeout", "3s", "--depths", "10",
                "--uncommitted", "0", "--out", out.toString());
        assertEquals(4, r.exitCode(), r::toString);
        List<String> lines = harnessLines(r);
        assertEquals(1, lines.size(), r::toString);
        assertTrue(lines.get(0).contains("the broker was not ready 3000 ms after --start-cmd 'true' (waiting for the first"
                + " connection that succeeds"), r::toString);
    }
}
