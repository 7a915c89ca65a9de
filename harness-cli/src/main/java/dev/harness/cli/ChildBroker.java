package dev.harness.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.harness.core.disturbance.BrokerKiller;

/**
 * A {@code harness broker} child process started from this very jar, on a journal and port of
 * its own: what restart-study and {@code run --kill-broker-at} kill with SIGKILL and start again.
 * Its start is timed from the process's start to its readiness file ({@code --ready-file}),
 * which it writes once it accepts connections. Its journal is the caller's temporary one: the
 * child stops and removes it by itself when the harness is gone (killed), and the harness
 * removes it otherwise.
 */
final class ChildBroker implements BrokerKiller, AutoCloseable {
    /** A child that hangs without a word is killed after this. */
    private static final long START_DEADLINE_MINUTES = 10;
    /** How often the start looks for the readiness file. */
    private static final long POLL_MS = 10;

    private final Path dataDir;
    private final int port;
    private String bufferTimeoutUs;
    private Process process;
    private long startMillis;
    /** When the latest start was ready ({@link System#nanoTime}). */
    private long readyNs;
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
        Path ready = Files.createTempFile("harness-broker-ready-", ".json");
        Files.delete(ready); // the child writes it when it is ready
        try {
            List<String> command = new ArrayList<>(ownSession());
            command.addAll(List.of(javaBinary(), "-Xmx1g", "-cp", ownJar(), Harness.class.getName(), "broker",
                    "--port", Integer.toString(port), "--data-dir", dataDir.toString(), "--journal-buffer-timeout",
                    bufferTimeoutUs.equals("auto") ? "auto" : bufferTimeoutUs + "us", "--ready-file", ready.toString(),
                    "--exit-with-parent", "--remove-data-dir-with-parent"));
            long startNs = System.nanoTime();
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            // Its output is read all along, so that it never fills the pipe and stalls the child; the
            // last line says why a child that died did not start.
            AtomicReference<String> last = new AtomicReference<>();
            Thread output = drainInBackground(p, last);
            long deadlineNs = startNs + TimeUnit.MINUTES.toNanos(START_DEADLINE_MINUTES);
            while (!Files.exists(ready)) {
                boolean died = !p.isAlive();
                if (died || System.nanoTime() > deadlineNs) {
                    p.destroyForcibly();
                    String why = "not ready within " + START_DEADLINE_MINUTES + " minutes";
                    if (died) {
                        joinQuietly(output); // its last line, read to the end
                        why = last.get();
                    }
                    throw new StartFailure("the broker on " + dataDir + " did not start" + (why == null ? "" : ": " + why));
                }
                try {
                    Thread.sleep(POLL_MS);
                } catch (InterruptedException e) {
                    p.destroyForcibly();
                    Thread.currentThread().interrupt();
                    throw new StartFailure("interrupted while the broker on " + dataDir + " started");
                }
            }
            readyNs = System.nanoTime();
            startMillis = TimeUnit.NANOSECONDS.toMillis(readyNs - startNs);
            JsonNode readiness = new ObjectMapper().readTree(ready.toFile());
            if (bufferTimeoutUs.equals("auto")) {
                // Every later start uses the same, without measuring again.
                bufferTimeoutUs = readiness.get("journalBufferTimeoutUs").asText();
            }
            process = p;
            return this;
        } finally {
            Files.deleteIfExists(ready);
        }
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
    public synchronized Restart restart() throws IOException, StartFailure {
        start();
        return Restart.of(startMillis, readyNs);
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

    /** Reads the child's output to its end, keeping its latest line in {@code last}. */
    private static Thread drainInBackground(Process p, AtomicReference<String> last) {
        BufferedReader reader = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        Thread t = new Thread(() -> {
            try {
                String line;
                while ((line = reader.readLine()) != null) {
                    last.set(line);
                }
            } catch (IOException e) {
                // The child is gone.
            }
        }, "harness-broker-child-output");
        t.setDaemon(true);
        t.start();
        return t;
    }

    private static void joinQuietly(Thread t) {
        try {
            t.join(TimeUnit.SECONDS.toMillis(5));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    static final class StartFailure extends Exception {
        StartFailure(String message) {
            super(message);
        }
    }

    /**
     * The child in a session of its own (setsid, where the system has it): a Ctrl-C in a terminal
     * signals the terminal's whole process group, and would kill the broker under the case or run
     * that the harness is winding up; the harness stops its children itself, and a child whose
     * harness was killed stops by --exit-with-parent. A process the harness starts is never a
     * process group's leader, so setsid execs the broker in place: the process started is the broker.
     */
    static List<String> ownSession() {
        for (String setsid : List.of("/usr/bin/setsid", "/bin/setsid")) {
            if (Files.isExecutable(Path.of(setsid))) {
                return List.of(setsid);
            }
        }
        return List.of();
    }

    /** This JVM's java, which runs the harness's own children. */
    static String javaBinary() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** The jar this harness runs from, for its children's class path. */
    static String ownJar() throws IOException {
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
