package dev.harness.core.disturbance;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * SIGSTOP and SIGCONT to a process of this host. Java sends no such signal itself, and starting
 * {@code kill} for each takes milliseconds on a loaded machine, which is the uncertainty of a
 * stop's length; so one shell, started once, sends them with its built-in {@code kill}, a few tens
 * of microseconds from the request to its answer. Whatever happens, the process is sent SIGCONT
 * on {@link #close} and at this JVM's exit if it was stopped.
 *
 * <p>{@code kill} returning does not mean the process has stopped: the kernel stops it when one of
 * its threads next runs, and on a busy host that thread may wait in the run queue for milliseconds
 * while the others go on working (a clean-clone CI saw a frozen broker deliver a millisecond after
 * {@code kill -STOP} returned, and {@code harness verify} judged its truth too long). So where
 * {@code /proc} shows it, {@link #freeze} returns only once the process's state is stopped.
 */
public final class SignalFreezer implements Freezer {
    private static final long STOP_WAIT_NS = TimeUnit.SECONDS.toNanos(5);
    private static final long POLL_NS = TimeUnit.MICROSECONDS.toNanos(20);
    private final long pid;
    private final String what;
    private final Process shell;
    private final Writer toShell;
    private final BufferedReader fromShell;
    private final Thread atExit;
    private volatile boolean stopped;
    private boolean closed;

    /** @param what the process, for the run header: "harness broker child", "--broker-pid" */
    public SignalFreezer(long pid, String what) throws IOException {
        this.pid = pid;
        this.what = what;
        this.shell = new ProcessBuilder("sh").redirectErrorStream(true).start();
        this.toShell = new OutputStreamWriter(shell.getOutputStream(), StandardCharsets.UTF_8);
        this.fromShell = new BufferedReader(new InputStreamReader(shell.getInputStream(), StandardCharsets.UTF_8));
        this.atExit = new Thread(this::continueAtExit, "harness-freezer-exit");
        Runtime.getRuntime().addShutdownHook(atExit);
    }

    @Override
    public synchronized void freeze() throws IOException {
        signal("STOP");
        stopped = true;
        awaitStopped();
    }

    /** Until /proc/PID/stat says stopped ('T'), bounded; no /proc (not Linux) is taken as stopped. */
    private void awaitStopped() throws IOException {
        Path stat = Path.of("/proc", Long.toString(pid), "stat");
        long deadline = System.nanoTime() + STOP_WAIT_NS;
        while (true) {
            char state;
            try {
                state = state(Files.readString(stat, StandardCharsets.US_ASCII));
            } catch (NoSuchFileException e) {
                throw new IOException("process " + pid + " has gone");
            } catch (IOException e) {
                return; // no /proc here: kill's answer is all there is
            }
            if (state == 'T' || state == 't' || state == 'Z' && allTasksStopped()) {
                return; // a leader thread that has exited stays a zombie: its threads tell then
            }
            if (System.nanoTime() - deadline > 0) {
                throw new IOException("process " + pid + " was sent SIGSTOP but had not stopped "
                        + TimeUnit.NANOSECONDS.toMillis(STOP_WAIT_NS) + " ms later (state '" + state + "')");
            }
            LockSupport.parkNanos(POLL_NS);
        }
    }

    /**
     * Whether every thread of the process is stopped or has exited, and one at least is stopped (a
     * process whose threads have all exited is gone, not frozen), from /proc/PID/task/TID/stat.
     */
    private boolean allTasksStopped() {
        try (java.util.stream.Stream<Path> tasks = Files.list(Path.of("/proc", Long.toString(pid), "task"))) {
            List<Character> states = tasks.map(t -> {
                try {
                    return state(Files.readString(t.resolve("stat"), StandardCharsets.US_ASCII));
                } catch (NoSuchFileException e) {
                    return 'X'; // the thread has gone
                } catch (IOException | RuntimeException e) {
                    return '?'; // unread: not known to be stopped
                }
            }).toList();
            return states.stream().anyMatch(c -> c == 'T' || c == 't')
                    && states.stream().allMatch(c -> c == 'T' || c == 't' || c == 'Z' || c == 'X');
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /** The state letter of a /proc/PID/stat line: the field after the command, which may hold spaces and parentheses. */
    static char state(String stat) {
        int close = stat.lastIndexOf(')');
        if (close < 0 || close + 2 >= stat.length()) {
            throw new IllegalArgumentException("not a /proc/PID/stat line: " + stat);
        }
        return stat.charAt(close + 2);
    }

    @Override
    public synchronized void thaw() throws IOException {
        signal("CONT");
        stopped = false;
    }

    /** Sends the signal through the shell and waits for its answer: "ok", or kill's own complaint. */
    private void signal(String signal) throws IOException {
        if (closed) {
            throw new IOException("the freezer is closed");
        }
        toShell.write("kill -" + signal + " " + pid + " 2>&1 && echo harness-ok || echo harness-failed\n");
        toShell.flush();
        String complaint = null;
        for (String line = fromShell.readLine(); ; line = fromShell.readLine()) {
            if (line == null) {
                throw new IOException("the shell that sends SIGSTOP and SIGCONT has gone (exit code "
                        + (shell.isAlive() ? "unknown" : shell.exitValue()) + ")");
            }
            if (line.equals("harness-ok")) {
                return;
            }
            if (line.equals("harness-failed")) {
                throw new IOException("kill -" + signal + " " + pid + " failed" + (complaint == null ? "" : ": " + complaint));
            }
            complaint = line.strip();
        }
    }

    @Override
    public String describe() {
        return "SIGSTOP and SIGCONT to process " + pid + " (" + what + ")";
    }

    /** The JVM is exiting with the process still stopped (an interrupted run): let it go on, with a kill of its own. */
    private void continueAtExit() {
        if (stopped) {
            sendContinue();
        }
    }

    private void sendContinue() {
        try {
            Process kill = new ProcessBuilder("kill", "-CONT", Long.toString(pid)).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            kill.waitFor(10, TimeUnit.SECONDS);
            stopped = false;
        } catch (IOException e) {
            // Nothing else can send it from here.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        if (stopped) {
            try {
                thaw();
            } catch (IOException e) {
                sendContinue();
            }
        }
        closed = true;
        shell.destroy();
        try {
            Runtime.getRuntime().removeShutdownHook(atExit);
        } catch (IllegalStateException alreadyExiting) {
            // The hook runs, and finds the process going on.
        }
    }
}
