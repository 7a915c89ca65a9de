package dev.harness.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code harness broker}: a clean stop, a restart that recovers persistent messages, a login, a stop with its parent. */
class BrokerProcessIT {
    @TempDir
    Path dir;

    @Test
    void aRestartedBrokerStillHoldsThePersistentMessagesLeftOnIt() throws Exception {
        Path data = dir.resolve("data");
        int port;
        try (BrokerProcess broker = BrokerProcess.start(dir, data)) {
            port = broker.port;
            // The readiness handshake: one JSON line a starting process can rely on.
            assertEquals(broker.url(), broker.readiness.get("url").asText(), broker.readiness::toString);
            assertEquals(broker.process.pid(), broker.readiness.get("pid").asLong());
            assertEquals(data.toAbsolutePath().toString(), broker.readiness.get("dataDir").asText());
            assertTrue(broker.readiness.get("journalBufferTimeoutUs").asLong() > 0, broker.readiness::toString);
            // 300 persistent messages and nobody to consume them.
            HarnessProcess.Result put = HarnessProcess.run(dir, 120, "run", "--cold-start", "--url", broker.url(), "--rate", "300",
                    "--warmup", "0s", "--duration", "1s", "--persistent", "--syncpoint", "10", "--drainers", "0");
            assertEquals(0, put.exitCode(), put::toString);
            broker.process.signal("TERM");
            assertEquals(143, broker.process.waitFor(60), "SIGTERM ends the broker");
            assertTrue(broker.process.stdout().contains("harness broker: stopped"), broker.process.stdout());
            assertFalse(Files.exists(broker.readyFile), "a stopped broker is not ready: its readiness file is removed");
        }
        try (BrokerProcess broker = BrokerProcess.restart(dir, data, port)) {
            // Another process's messages, recovered: a run refuses to consume them unless asked to.
            HarnessProcess.Result refused = HarnessProcess.run(dir, 120, "run", "--cold-start", "--url", broker.url(), "--rate", "100",
                    "--warmup", "0s", "--duration", "2s");
            assertEquals(2, refused.exitCode(), refused::toString);
            refused.assertOneLine("queue DEV.QUEUE.1 holds 300 messages that this run did not put there", "--purge");
            Path json = dir.resolve("drain.json");
            HarnessProcess.Result purged = HarnessProcess.run(dir, 120, "run", "--cold-start", "--url", broker.url(), "--rate", "100",
                    "--warmup", "0s", "--duration", "2s", "--purge", "--json", json.toString());
            assertEquals(0, purged.exitCode(), purged::toString);
            assertTrue(purged.stdout().contains("--purge removed 300 from DEV.QUEUE.1"), "recovered messages of the"
                    + " earlier run: " + purged);
            assertEquals(0, HarnessProcess.json(json).get("summary").get("delivery").get("lost").asLong(), purged::toString);
        }
    }

    /** As the harness starts its broker children: one whose starter was killed with SIGKILL stops by itself. */
    @Test
    void aBrokerThatWatchesItsParentStopsOnceTheParentIsKilled() throws Exception {
        Path ready = dir.resolve("ready.json");
        Path out = dir.resolve("broker.out");
        List<String> command = new ArrayList<>(List.of("sh", "-c", "\"$@\" > '" + out + "' 2>&1 & exec sleep 600", "sh",
                HarnessProcess.java().toString(), "-Xmx256m", "-jar", HarnessProcess.jar().toString(), "broker",
                "--port", Integer.toString(BrokerProcess.freePort()), "--data-dir", dir.resolve("data").toString(),
                "--ready-file", ready.toString(), "--exit-with-parent", "--remove-data-dir-with-parent"));
        Process parent = new ProcessBuilder(command).directory(dir.toFile()).start();
        ProcessHandle broker = null;
        try {
            for (int i = 0; i < 600 && !Files.exists(ready); i++) {
                Thread.sleep(100);
            }
            assertTrue(Files.exists(ready), () -> "the broker was not ready within 60 s:\n" + read(out));
            long pid = HarnessProcess.json(ready).get("pid").asLong();
            broker = ProcessHandle.of(pid).orElseThrow();
            assertEquals(parent.pid(), broker.parent().orElseThrow().pid(), "the shell (then sleep) started it");

            parent.destroyForcibly(); // SIGKILL: no chance to stop its child
            broker.onExit().get(30, TimeUnit.SECONDS);
            String log = read(out);
            assertTrue(log.contains("harness broker: the process that started it exited; stopping")
                    && log.contains("harness broker: stopped"), log);
            assertFalse(Files.exists(ready), "stopped by its hook: the readiness file is removed");
            assertFalse(Files.exists(dir.resolve("data")), "its journal, a temporary one, is removed too:\n" + log);
        } finally {
            parent.destroyForcibly();
            if (broker != null) {
                broker.destroyForcibly();
            }
        }
    }

    private static String read(Path file) {
        try {
            return Files.exists(file) ? Files.readString(file) : "(no output)";
        } catch (IOException e) {
            return "(unreadable: " + e.getMessage() + ")";
        }
    }

    @Test
    void aBrokerWithAUserRefusesAnonymousClientsAndAcceptsTheUser() throws Exception {
        Path secret = dir.resolve("secret");
        Files.writeString(secret, "s3cret\n");
        try (BrokerProcess broker = BrokerProcess.start(dir, dir.resolve("data"), "--user", "perf",
                "--password-file", secret.toString())) {
            HarnessProcess.Result anonymous = HarnessProcess.run(dir, 60, "run", "--cold-start", "--url", broker.url(),
                    "--duration", "1s", "--warmup", "0s");
            assertEquals(3, anonymous.exitCode(), anonymous::toString);
            assertEquals(1, anonymous.stderr().strip().lines().count(), anonymous::toString);

            HarnessProcess.Result user = HarnessProcess.run(dir, 60, "run", "--cold-start", "--url", broker.url(), "--user", "perf",
                    "--password-file", secret.toString(), "--rate", "100", "--duration", "1s", "--warmup", "0s");
            assertEquals(0, user.exitCode(), user::toString);
            assertTrue(!user.stdout().contains("s3cret") && !user.stderr().contains("s3cret"), "password printed");
        }
    }
}
