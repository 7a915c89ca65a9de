package dev.harness.e2e;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A {@code harness broker} child process on a free port of 127.0.0.1, started once its
 * readiness file ({@code --ready-file}) is there.
 */
final class BrokerProcess implements AutoCloseable {
    final HarnessProcess process;
    final int port;
    final Path readyFile;
    /** What the broker wrote when it was ready: url, pid, dataDir, journalBufferTimeoutUs. */
    final JsonNode readiness;

    private BrokerProcess(HarnessProcess process, int port, Path readyFile, JsonNode readiness) {
        this.process = process;
        this.port = port;
        this.readyFile = readyFile;
        this.readiness = readiness;
    }

    static BrokerProcess start(Path workDir, Path dataDir, String... extra) throws Exception {
        return start(workDir, dataDir, Map.of(), extra);
    }

    /** With these environment variables added to the child's (a password for --password-env). */
    static BrokerProcess start(Path workDir, Path dataDir, Map<String, String> environment, String... extra)
            throws Exception {
        int port = freePort();
        return launch(workDir, dataDir, port, environment, extra);
    }

    static BrokerProcess restart(Path workDir, Path dataDir, int port) throws Exception {
        return launch(workDir, dataDir, port, Map.of());
    }

    private static BrokerProcess launch(Path workDir, Path dataDir, int port, Map<String, String> environment,
            String... extra) throws Exception {
        Path ready = Files.createTempFile(workDir, "broker-ready", ".json");
        Files.delete(ready); // the broker writes it once it accepts connections
        List<String> args = new ArrayList<>(List.of("broker", "--port", Integer.toString(port),
                "--data-dir", dataDir.toString(), "--ready-file", ready.toString()));
        args.addAll(List.of(extra));
        HarnessProcess p = HarnessProcess.start(workDir, environment, args.toArray(String[]::new));
        try {
            return new BrokerProcess(p, port, ready, awaitReady(p, ready, 60));
        } catch (Exception | AssertionError e) {
            p.close();
            throw e;
        }
    }

    /** Waits (bounded) for the readiness file, written whole or not at all, and reads it. */
    private static JsonNode awaitReady(HarnessProcess p, Path ready, long timeoutSeconds) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(timeoutSeconds);
        while (!Files.exists(ready)) {
            if (System.nanoTime() > deadline || !p.isAlive()) {
                throw new AssertionError("the broker never wrote " + ready + ":\n" + p.stdout() + "\n" + p.stderr());
            }
            Thread.sleep(50);
        }
        return HarnessProcess.json(ready);
    }

    String url() {
        return "tcp://127.0.0.1:" + port;
    }

    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    @Override
    public void close() {
        process.close();
    }
}
