package dev.harness.core.disturbance;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/**
 * SIGSTOP and SIGCONT to a process of this host. Java sends no such signal itself, and starting
 * {@code kill} for each takes milliseconds on a loaded machine, which is the uncertainty of a
 * stop's length; so one shell, started once, sends them with its built-in {@code kill}, a few tens
 * of microseconds from the request to its answer. Whatever happens, the process is sent SIGCONT
 * on {@link #close} and at this JVM's exit if it was stopped.
 */
public final class SignalFreezer implements Freezer {
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
