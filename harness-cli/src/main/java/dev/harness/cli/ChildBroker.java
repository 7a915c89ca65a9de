package dev.harness.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.harness.core.run.BrokerKiller;

/**
 * A {@code harness broker} child process started from this very jar, on a journal and port of
 * its own: what restart-study and {@code run --kill-broker-at} kill with SIGKILL and start again.
 * Its start is timed from the process's start to its "accepting connections" line.
 */
final class ChildBroker implements BrokerKiller, AutoCloseable {
    private static final Pattern BUFFER_TIMEOUT = Pattern.compile("buffer timeout (\\d+) us");
    /** A child that hangs without a word is killed after this. */
    private static final long START_DEADLINE_MINUTES = 10;

    private final Path dataDir;
    private final int port;
    private String bufferTimeoutUs;
    private Process process;
    private long startMillis;
    /** After close, no restart: the journal is about to be deleted. */
    private boolean closed;

    /** Not started yet; {@code bufferTimeoutUs} "auto" lets the first start measure the disk. */
    ChildBroker(Path dataDir, int port, String bufferTimeoutUs) {
        this.dataDir = dataDir;
        this.port = port;
        this.bufferTimeoutUs = bufferTimeoutUs;
    }

    /** Starts the broker and returns once it accepts connections. */
    synchronized ChildBroker start() throws IOException, StartFailure {
        if (closed) {
            throw new StartFailure("the run is over");
        }
        List<String> command = List.of(javaBinary(), "-Xmx1g", "-cp", ownJar(), Harness.class.getName(), "broker",
                "--port", Integer.toString(port), "--data-dir", dataDir.toString(), "--journal-buffer-timeout",
                bufferTimeoutUs.equals("auto") ? "auto" : bufferTimeoutUs + "us");
        long startNs = System.nanoTime();
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        BufferedReader reader = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        AtomicBoolean started = new AtomicBoolean();
        CompletableFuture.runAsync(() -> {
            if (!started.get()) {
                p.destroyForcibly();
            }
        }, CompletableFuture.delayedExecutor(START_DEADLINE_MINUTES, TimeUnit.MINUTES));
        String line;
        String last = null;
        while ((line = reader.readLine()) != null) {
            if (line.contains("accepting connections")) {
                started.set(true);
                startMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNs);
                Matcher m = BUFFER_TIMEOUT.matcher(line);
                if (bufferTimeoutUs.equals("auto") && m.find()) {
                    bufferTimeoutUs = m.group(1); // every later start uses the same, without measuring again
                }
                drainInBackground(reader);
                process = p;
                return this;
            }
            last = line;
        }
        p.destroyForcibly();
        throw new StartFailure("the broker on " + dataDir + " did not start" + (last == null ? "" : ": " + last));
    }

    String url() {
        return "tcp://127.0.0.1:" + port;
    }

    Process process() {
        return process;
    }

    /** Process start to accepting connections, of the latest start. */
    long startMillis() {
        return startMillis;
    }

    /** The journal's buffer timeout in microseconds, as measured by the first start. */
    String bufferTimeoutUs() {
        return bufferTimeoutUs;
    }

    @Override
    public synchronized void kill() throws InterruptedException {
        process.destroyForcibly(); // SIGKILL
        process.waitFor(30, TimeUnit.SECONDS);
    }

    @Override
    public synchronized long restart() throws IOException, StartFailure {
        start();
        return startMillis;
    }

    @Override
    public void close() {
        Process process;
        synchronized (this) { // waits for a start under way, so its process is the one destroyed
            closed = true;
            process = this.process;
        }
        if (process != null) {
            process.destroyForcibly();
            try {
                process.waitFor(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** The child's later output must not fill its pipe and stall it. */
    private static void drainInBackground(BufferedReader reader) {
        Thread t = new Thread(() -> {
            try {
                while (reader.readLine() != null) {
                    // discarded
                }
            } catch (IOException e) {
                // The child is gone.
            }
        }, "harness-broker-child-output");
        t.setDaemon(true);
        t.start();
    }

    static final class StartFailure extends Exception {
        StartFailure(String message) {
            super(message);
        }
    }

    private static String javaBinary() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    private static String ownJar() throws IOException {
        try {
            return Path.of(Harness.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IOException("cannot find the harness jar: " + e.getMessage(), e);
        }
    }

    static int freePort() throws IOException {
        try (java.net.ServerSocket s = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
