package dev.harness.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The ibmmq provider up to the wire, with the real IBM MQ client in a harness child process. No
 * queue manager can run here, so these are the failures a local socket can produce: a closed
 * port, a peer that accepts and closes, a peer that accepts and never answers; and the address
 * options, MQSERVER and CCDT as the client sees them.
 */
class IbmMqIT {
    @TempDir
    Path dir;

    private final List<AutoCloseable> peers = new CopyOnWriteArrayList<>();

    @AfterEach
    void closePeers() throws Exception {
        for (AutoCloseable p : peers) {
            p.close();
        }
    }

    @ParameterizedTest(name = "api={0}")
    @ValueSource(strings = {"javax", "jakarta"})
    void closedPortIs2538HostNotAvailable(String api) throws Exception {
        int port = closedPort();
        HarnessProcess.Result r = HarnessProcess.run(dir, 60, "run", "--api", api, "--provider", "ibmmq", "--mq-host", "127.0.0.1",
                "--mq-port", Integer.toString(port), "--mq-qmgr", "QM1", "--duration", "1s");
        assertUnreachable(r, "MQRC_HOST_NOT_AVAILABLE (2538)", "127.0.0.1(" + port + ")", "QM1", "--mq-port");
    }

    @ParameterizedTest(name = "api={0}")
    @ValueSource(strings = {"javax", "jakarta"})
    void peerThatAcceptsAndClosesIs2009ConnectionBroken(String api) throws Exception {
        int port = peer(true);
        HarnessProcess.Result r = HarnessProcess.run(dir, 60, "run", "--api", api, "--provider", "ibmmq",
                "--mq-conn-name", "127.0.0.1(" + port + ")", "--duration", "1s");
        assertUnreachable(r, "MQRC_CONNECTION_BROKEN (2009)", "127.0.0.1(" + port + ")", "closed the connection");
    }

    @ParameterizedTest(name = "api={0}")
    @ValueSource(strings = {"javax", "jakarta"})
    void peerThatNeverAnswersFailsWithinTheConnectTimeout(String api) throws Exception {
        int port = peer(false);
        long start = System.nanoTime();
        HarnessProcess.Result r = HarnessProcess.run(dir, 90, "run", "--api", api, "--provider", "ibmmq", "--mq-host", "127.0.0.1",
                "--mq-port", Integer.toString(port), "--mq-connect-timeout", "2s", "--duration", "1s");
        long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start);
        assertUnreachable(r, "(2009)", "nothing answered within 2 s");
        // Left to itself the client waits for ever; JVM start and a loaded machine take the rest.
        assertTrue(seconds < 45, "took " + seconds + " s");
    }

    @ParameterizedTest(name = "api={0}")
    @ValueSource(strings = {"javax", "jakarta"})
    void mqServerVariableGivesChannelAndAddress(String api) throws Exception {
        int port = closedPort();
        HarnessProcess.Result r = HarnessProcess.run(dir, Map.of("MQSERVER", "MY.SVRCONN/TCP/127.0.0.1(" + port + ")"), 60,
                "run", "--api", api, "--provider", "ibmmq", "--duration", "1s");
        assertUnreachable(r, "(2538)", "channel MY.SVRCONN at 127.0.0.1(" + port + ")");
    }

    @Test
    void badMqServerVariableIsAUsageError() throws Exception {
        HarnessProcess.Result r = HarnessProcess.run(dir, Map.of("MQSERVER", "MY.SVRCONN/LU62/somewhere"), 60,
                "run", "--provider", "ibmmq", "--duration", "1s");
        assertEquals(2, r.exitCode(), r::toString);
        r.assertOneLine("MQSERVER", "CHANNEL/TCP/host(port)");
    }

    @Test
    void explicitAddressWinsOverMqServer() throws Exception {
        int port = closedPort();
        HarnessProcess.Result r = HarnessProcess.run(dir, Map.of("MQSERVER", "MY.SVRCONN/TCP/127.0.0.1(1)"), 60,
                "run", "--provider", "ibmmq", "--mq-host", "127.0.0.1", "--mq-port", Integer.toString(port),
                "--duration", "1s");
        assertUnreachable(r, "(2538)", "channel DEV.APP.SVRCONN at 127.0.0.1(" + port + ")");
    }

    @ParameterizedTest(name = "api={0}")
    @ValueSource(strings = {"javax", "jakarta"})
    void malformedCcdtIs2278(String api) throws Exception {
        Path ccdt = Files.writeString(dir.resolve("ccdt.json"), "{ \"channel\": [ broken");
        HarnessProcess.Result r = HarnessProcess.run(dir, 60, "run", "--api", api, "--provider", "ibmmq", "--mq-ccdt",
                ccdt.toString(), "--mq-qmgr", "QM1", "--duration", "1s");
        assertUnreachable(r, "MQRC_CLIENT_CONN_ERROR (2278)", "--mq-ccdt");
    }

    @Test
    void ccdtWithoutAChannelForTheQueueManagerIs2278() throws Exception {
        int port = closedPort();
        Path ccdt = Files.writeString(dir.resolve("ccdt.json"), """
                {"channel": [{"name": "DEV.APP.SVRCONN", "type": "clientConnection",
                  "clientConnection": {"connection": [{"host": "127.0.0.1", "port": %d}], "queueManager": "QM1"}}]}
                """.formatted(port));
        HarnessProcess.Result r = HarnessProcess.run(dir, 60, "run", "--provider", "ibmmq", "--mq-ccdt",
                ccdt.toUri().toString(), "--mq-qmgr", "QM2", "--duration", "1s");
        assertUnreachable(r, "(2278)", "QM2");
        // The same CCDT does lead the client to its host for the queue manager it names.
        HarnessProcess.Result toQm1 = HarnessProcess.run(dir, 60, "run", "--provider", "ibmmq", "--mq-ccdt",
                ccdt.toUri().toString(), "--mq-qmgr", "QM1", "--duration", "1s");
        assertUnreachable(toQm1, "(2538)", "via CCDT");
    }

    @Test
    void missingCcdtFileIsAUsageError() throws Exception {
        HarnessProcess.Result r = HarnessProcess.run(dir, 60, "run", "--provider", "ibmmq", "--mq-ccdt",
                dir.resolve("nope.json").toString(), "--duration", "1s");
        assertEquals(2, r.exitCode(), r::toString);
        r.assertOneLine("--mq-ccdt", "no readable file");
    }

    @Test
    void addressOptionsThatContradictEachOtherAreRefused() throws Exception {
        HarnessProcess.Result r = HarnessProcess.run(dir, 60, "run", "--provider", "ibmmq", "--mq-host", "h",
                "--mq-conn-name", "a(1),b(2)", "--duration", "1s");
        assertEquals(2, r.exitCode(), r::toString);
        r.assertOneLine("--mq-conn-name");
        HarnessProcess.Result port = HarnessProcess.run(dir, 60, "run", "--provider", "ibmmq", "--mq-port", "70000",
                "--duration", "1s");
        assertEquals(2, port.exitCode(), port::toString);
        port.assertOneLine("--mq-port", "65535");
        HarnessProcess.Result elsewhere = HarnessProcess.run(dir, 60, "run", "--mq-qmgr", "QM1", "--duration", "1s");
        assertEquals(2, elsewhere.exitCode(), elsewhere::toString);
        elsewhere.assertOneLine("--mq-qmgr", "--provider ibmmq");
    }

    @ParameterizedTest
    @ValueSource(strings = {"ibmmq-reqresp-standard.args", "ibmmq-put-syncpoint-10.args", "ibmmq-put-outside-syncpoint.args"})
    void mqProfilesAreValidAndTakeTheirAddressFromMqServer(String profile) throws Exception {
        Path file = HarnessProcess.jar().toAbsolutePath().getParent().getParent().getParent().resolve("config").resolve(profile);
        int port = closedPort();
        HarnessProcess.Result r = HarnessProcess.run(dir, Map.of("MQSERVER", "DEV.APP.SVRCONN/TCP/127.0.0.1(" + port + ")"),
                60, "run", "@" + file);
        // Every option was accepted; only the missing queue manager stops the run.
        assertUnreachable(r, "queue manager QM1", "127.0.0.1(" + port + ")", "(2538)");
    }

    @Test
    void theRestartStudyProfileIsValidWithItsLogOnThisHost() throws Exception {
        Path file = HarnessProcess.jar().toAbsolutePath().getParent().getParent().getParent().resolve("config")
                .resolve("ibmmq-restart-study.args");
        int port = closedPort();
        // Its AMQERR01.LOG is a placeholder for a queue manager's host: here, a file in a directory that exists.
        HarnessProcess.Result r = HarnessProcess.run(dir, Map.of("MQSERVER", "DEV.APP.SVRCONN/TCP/127.0.0.1(" + port + ")"),
                60, "run", "@" + file, "--ready-log", dir.resolve("AMQERR01.LOG").toString());
        // Every option was accepted, the commands and readiness rule included; only the missing queue manager stops the run.
        assertUnreachable(r, "queue manager QM1", "127.0.0.1(" + port + ")", "(2538)");
    }

    @ParameterizedTest(name = "api={0}")
    @ValueSource(strings = {"javax", "jakarta"})
    void respondersGetTheSameExplanation(String api) throws Exception {
        int port = closedPort();
        HarnessProcess.Result r = HarnessProcess.run(dir, 60, "respond", "--api", api, "--provider", "ibmmq",
                "--mq-conn-name", "127.0.0.1(" + port + ")", "--duration", "1s");
        assertUnreachable(r, "MQRC_HOST_NOT_AVAILABLE (2538)");
    }

    private static void assertUnreachable(HarnessProcess.Result r, String... mentions) {
        assertEquals(3, r.exitCode(), r::toString);
        r.assertOneLine(mentions);
    }


    private static int closedPort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    /** A local peer that accepts connections and closes them at once, or holds them and says nothing. */
    private int peer(boolean closeAtOnce) throws IOException {
        ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        List<Socket> held = new CopyOnWriteArrayList<>();
        Thread t = new Thread(() -> {
            try {
                while (!server.isClosed()) {
                    Socket s = server.accept();
                    if (closeAtOnce) {
                        s.close();
                    } else {
                        held.add(s);
                    }
                }
            } catch (IOException e) {
                // Closed at the end of the test.
            }
        }, "mq-peer");
        t.setDaemon(true);
        t.start();
        peers.add(() -> {
            server.close();
            for (Socket s : held) {
                s.close();
            }
            t.join(5_000);
        });
        return server.getLocalPort();
    }
}
