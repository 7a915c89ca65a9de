package dev.harness.core.disturbance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import dev.harness.core.broker.EmbeddedArtemis;
import dev.harness.core.jms.artemis.ArtemisProvider;

/**
 * The restart study against real Artemis brokers over TCP: one in this JVM restarted by a real
 * start command, and one in a JVM of its own killed with SIGKILL. Bounds only where a command's own
 * sleep makes them certain; no timings.
 */
class RestartStudyTest {
    private static final long S = 1_000_000_000L;

    @TempDir
    Path dir;

    private final List<String> log = new CopyOnWriteArrayList<>();

    /**
     * The time to the first message runs from readiness, not from when the restart returned: a start
     * command that goes on 2 s after the broker is ready ('sleep 2', ready at the first connection,
     * which this broker, never down, accepts at once) holds the consumer back those 2 s, and the first
     * message's time says so. Before, it was taken from the command's exit and read a few ms.
     */
    @Test
    @Timeout(120)
    void theFirstMessageIsTimedFromReadiness() throws Exception {
        try (EmbeddedArtemis broker = EmbeddedArtemis.startTemporary();
                ArtemisProvider provider = new ArtemisProvider(broker.url(), null, null)) {
            CommandBrokerKiller killer = new CommandBrokerKiller(new BrokerCommands("true", "sleep 2", new Readiness.Connect(),
                    false, 60 * S, BrokerCommands.KILL_WITHIN_NS), provider, log::add);
            RestartStudy study = new RestartStudy(() -> new RestartStudy.CaseBroker(provider, killer, false, () -> { }),
                    List.of("HARNESS.TEST.FIRST"), 64, log::add);
            RestartStudy.Result r = study.run(new RestartStudy.Case(20, 0));
            assertFalse(r.wrong(), r::toString);
            assertEquals(20, r.recovered(), r::toString);
            // The consumer connected once 'sleep 2' had returned: start to first message is at least 2 s.
            assertTrue(r.restartMillis() + r.firstMessageMillis() >= 2_000, r::toString);
            assertTrue(r.startReturnedAfterReadyMillis() >= 2_000 - r.restartMillis(), r::toString);
            assertTrue(r.firstMessageMillis() >= r.startReturnedAfterReadyMillis(), r::toString);
            assertTrue(log.stream().anyMatch(l -> l.startsWith("the restart returned ") && l.contains("after the broker was"
                    + " ready")), log::toString);
        }
    }

    /**
     * A broker killed with a transaction open on it: the study closes that connection once its
     * client has noticed the broker is gone, so no close is left waiting out Artemis's 30 s call
     * timeout (AMQ212037 on stderr later, and 5 s of the study waiting for it each time).
     */
    @Test
    @Timeout(180)
    void noCloseIsLeftWaitingOnTheKilledBroker() throws Exception {
        try (KilledChild child = new KilledChild(dir.resolve("broker"), freePort());
                ArtemisProvider provider = new ArtemisProvider(child.url(), null, null)) {
            child.start();
            RestartStudy study = new RestartStudy(() -> new RestartStudy.CaseBroker(provider, child, true, () -> { }),
                    List.of("HARNESS.TEST.KILL"), 512, log::add);
            RestartStudy.Result r = study.run(new RestartStudy.Case(200, 50));
            assertFalse(r.wrong(), r::toString);
            assertEquals(200, r.recovered(), r::toString);
            List<String> closing = new ArrayList<>();
            Thread.getAllStackTraces().keySet().stream().filter(t -> t.isAlive()
                    && t.getName().equals(RestartStudy.CLOSE_THREAD)).forEach(t -> closing.add(t.getName()));
            assertEquals(List.of(), closing, "closes still waiting on the killed broker");
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    /** {@link BrokerChild} as the study's broker: killed with SIGKILL, started again on its journal. */
    private static final class KilledChild implements BrokerKiller, AutoCloseable {
        private final Path journal;
        private final int port;
        private Process process;

        KilledChild(Path journal, int port) {
            this.journal = journal;
            this.port = port;
        }

        String url() {
            return "tcp://127.0.0.1:" + port;
        }

        long start() throws Exception {
            List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx256m",
                    "-cp", System.getProperty("java.class.path"), BrokerChild.class.getName(), journal.toString(),
                    Integer.toString(port));
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            process = p;
            CountDownLatch ready = new CountDownLatch(1);
            Thread output = new Thread(() -> {
                try (BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                    for (String line = in.readLine(); line != null; line = in.readLine()) {
                        if (line.equals("ready")) {
                            ready.countDown();
                        }
                    }
                } catch (IOException e) {
                    // The child is gone.
                }
            }, "broker-child-output");
            output.setDaemon(true);
            output.start();
            if (!ready.await(90, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IllegalStateException("the broker child did not start");
            }
            return System.nanoTime();
        }

        @Override
        public void kill() throws Exception {
            process.destroyForcibly();
            process.waitFor(30, TimeUnit.SECONDS);
        }

        @Override
        public Restart restart() throws Exception {
            long t0 = System.nanoTime();
            long readyNs = start();
            return Restart.of(TimeUnit.NANOSECONDS.toMillis(readyNs - t0), readyNs);
        }

        @Override
        public void close() throws InterruptedException {
            if (process != null) {
                process.destroyForcibly();
                process.waitFor(30, TimeUnit.SECONDS);
            }
        }
    }
}
