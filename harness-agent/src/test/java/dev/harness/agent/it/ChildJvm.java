package dev.harness.agent.it;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * A {@link SleepyHost} in a child JVM, with its standard output and error collected line by line.
 * Every wait is bounded; {@link #close()} destroys the process if it is still there.
 */
final class ChildJvm implements AutoCloseable {
    /** How long a child may take to do anything expected of it. */
    static final Duration PATIENCE = Duration.ofSeconds(30);

    private final Process process;
    private final List<String> out = new ArrayList<>();
    private final List<String> err = new ArrayList<>();
    private final Thread outPump;
    private final Thread errPump;

    private ChildJvm(Process process) {
        this.process = process;
        this.outPump = pump(process.getInputStream(), out, "child-stdout");
        this.errPump = pump(process.getErrorStream(), err, "child-stderr");
    }

    /** The agent jar the build made: the failsafe property, else where Maven puts it. */
    static Path agentJar() {
        Path jar = Paths.get(System.getProperty("agent.jar", "target/harness-agent.jar")).toAbsolutePath();
        assertTrue(Files.isRegularFile(jar), "no agent jar at " + jar + " (run after package, e.g. mvn verify)");
        return jar;
    }

    /** Starts {@code java <jvmArgs> -cp <test classes> SleepyHost <seconds>}. */
    static ChildJvm start(List<String> jvmArgs, int seconds) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmArgs);
        command.add("-cp");
        command.add(testClasses().toString());
        command.add(SleepyHost.class.getName());
        command.add(Integer.toString(seconds));
        return new ChildJvm(new ProcessBuilder(command).start());
    }

    /** Where SleepyHost was loaded from (target/test-classes under Maven): it needs nothing else. */
    private static Path testClasses() {
        try {
            return Paths.get(SleepyHost.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    long pid() {
        return process.pid();
    }

    /** The first stdout line matching, waiting up to {@link #PATIENCE}; fails with both streams if none. */
    String awaitOut(Predicate<String> matching, String what) throws InterruptedException {
        return await(out, matching, what);
    }

    /** The first stderr line matching, waiting up to {@link #PATIENCE}; fails with both streams if none. */
    String awaitErr(Predicate<String> matching, String what) throws InterruptedException {
        return await(err, matching, 1, what);
    }

    /** The {@code n}th stderr line matching, waiting up to {@link #PATIENCE}; fails with both streams if none. */
    String awaitErr(Predicate<String> matching, int n, String what) throws InterruptedException {
        return await(err, matching, n, what);
    }

    private String await(List<String> lines, Predicate<String> matching, String what) throws InterruptedException {
        return await(lines, matching, 1, what);
    }

    private String await(List<String> lines, Predicate<String> matching, int n, String what)
            throws InterruptedException {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        do {
            synchronized (lines) {
                int seen = 0;
                for (String line : lines) {
                    if (matching.test(line) && ++seen == n) {
                        return line;
                    }
                }
            }
            if (!process.isAlive() && !outPump.isAlive() && !errPump.isAlive()) {
                break; // it has said all it will say
            }
            Thread.sleep(20);
        } while (System.nanoTime() - deadline < 0);
        return fail("child never printed " + what + " within " + PATIENCE.toSeconds() + " s; " + transcript());
    }

    /** Asks the host to finish (a line {@code exit} on its stdin) and waits for it; returns its exit code. */
    int exit() throws IOException, InterruptedException {
        OutputStream stdin = process.getOutputStream();
        stdin.write("exit\n".getBytes(StandardCharsets.UTF_8));
        stdin.flush();
        if (!process.waitFor(PATIENCE.toSeconds(), TimeUnit.SECONDS)) {
            fail("child did not exit within " + PATIENCE.toSeconds() + " s of being asked; " + transcript());
        }
        outPump.join(5_000); // the rest of its output
        errPump.join(5_000);
        return process.exitValue();
    }

    List<String> out() {
        synchronized (out) {
            return new ArrayList<>(out);
        }
    }

    List<String> err() {
        synchronized (err) {
            return new ArrayList<>(err);
        }
    }

    /** Both streams, for failure messages. */
    String transcript() {
        return "stdout: " + out() + ", stderr: " + err();
    }

    @Override
    public void close() {
        if (process.isAlive()) {
            process.destroyForcibly();
            try {
                process.waitFor(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static Thread pump(InputStream stream, List<String> lines, String name) {
        Thread thread = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8))) {
                for (String line; (line = in.readLine()) != null;) {
                    synchronized (lines) {
                        lines.add(line);
                    }
                }
            } catch (IOException e) {
                // The process is gone; what was read is kept.
            }
        }, name);
        thread.setDaemon(true);
        thread.start();
        return thread;
    }
}
