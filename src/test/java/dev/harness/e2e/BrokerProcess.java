package dev.harness.e2e;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** A {@code harness broker} child process on a free port of 127.0.0.1. */
final class BrokerProcess implements AutoCloseable {
    final HarnessProcess process;
    final int port;

    private BrokerProcess(HarnessProcess process, int port) {
        this.process = process;
        this.port = port;
    }

    static BrokerProcess start(Path workDir, Path dataDir, String... extra) throws Exception {
        return start(workDir, dataDir, Map.of(), extra);
    }

    /** With these environment variables added to the child's (a password for --password-env). */
    static BrokerProcess start(Path workDir, Path dataDir, Map<String, String> environment, String... extra)
            throws Exception {
        int port = freePort();
        List<String> args = new ArrayList<>(List.of("broker", "--port", Integer.toString(port),
                "--data-dir", dataDir.toString()));
        args.addAll(List.of(extra));
        HarnessProcess p = HarnessProcess.start(workDir, environment, args.toArray(String[]::new));
        p.awaitOutput("accepting connections", 60);
        return new BrokerProcess(p, port);
    }

    static BrokerProcess restart(Path workDir, Path dataDir, int port) throws Exception {
        HarnessProcess p = HarnessProcess.start(workDir, "broker", "--port", Integer.toString(port),
                "--data-dir", dataDir.toString());
        p.awaitOutput("accepting connections", 60);
        return new BrokerProcess(p, port);
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
