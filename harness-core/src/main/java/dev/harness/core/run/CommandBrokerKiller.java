package dev.harness.core.run;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

import javax.jms.Connection;

import dev.harness.core.jms.Provider;

/**
 * Any broker, killed and started by the user's shell commands ({@code --kill-cmd},
 * {@code --start-cmd}), and known to be back by its {@link Readiness} rule. Each command runs from a
 * script file of its own ({@code sh FILE}), not {@code sh -c TEXT}: no shell's arguments then hold
 * the command's text, so {@code pgrep -f PATTERN} in it never matches (and kills) its own shell. The
 * commands see {@code HARNESS_PID}, the harness's process id. Every line the commands print goes to {@code log}, prefixed with the option; a command that
 * exits non-zero, or runs past its bound, fails with one line saying so.
 */
public final class CommandBrokerKiller implements BrokerKiller {
    /** How often the connect rule tries a connection. */
    static final long CONNECT_EVERY_MS = 100;
    /** How often the log and the start command are looked at. */
    private static final long POLL_MS = 10;
    /** How long a finished command's last lines are waited for, for its failure's message. */
    private static final long OUTPUT_GRACE_MS = 500;

    private final BrokerCommands commands;
    private final Provider provider;
    private final Consumer<String> log;

    /** @param provider the broker's provider, for the connect rule; @param log where the commands' output goes, a line at a time */
    public CommandBrokerKiller(BrokerCommands commands, Provider provider, Consumer<String> log) {
        this.commands = commands;
        this.provider = provider;
        this.log = log;
    }

    @Override
    public void kill() throws IOException, CommandFailed, InterruptedException {
        Command kill = Command.start("--kill-cmd", commands.killCmd(), log);
        try {
            if (!kill.process.waitFor(commands.killWithinNs(), TimeUnit.NANOSECONDS)) {
                kill.destroy();
                throw new CommandFailed(kill.describe() + " still running after "
                        + TimeUnit.NANOSECONDS.toMillis(commands.killWithinNs()) + " ms: stopped");
            }
            kill.requireSuccess();
        } finally {
            kill.removeScript();
        }
    }

    @Override
    public Restart restart() throws IOException, CommandFailed, InterruptedException {
        if (commands.dropCaches()) {
            PageCache.drop(log);
        }
        Readiness.LogLine logRule = commands.readiness() instanceof Readiness.LogLine l ? l : null;
        // The log's end before the start: only lines the restarted broker writes count.
        LogTail tail = logRule == null ? null : new LogTail(logRule.log());
        long startNs = System.nanoTime();
        long deadlineNs = startNs + commands.readyWithinNs();
        Command start = Command.start("--start-cmd", commands.startCmd(), log);
        ExecutorService connector = logRule == null ? Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "harness-ready-connect");
            t.setDaemon(true); // a connect that hangs never holds the JVM
            return t;
        }) : null;
        try {
            long startLineNs = -1;
            long readyNs = -1;
            Future<Boolean> attempt = null;
            long nextAttemptNs = startNs;
            String lastConnectError = null;
            while (true) {
                long now = System.nanoTime();
                boolean exited = !start.process.isAlive();
                if (exited) {
                    start.requireSuccess(); // a start command that failed is a failure, whatever the broker did
                }
                if (readyNs < 0 && logRule != null) {
                    for (String line : tail.newLines()) {
                        if (logRule.startLine() != null && startLineNs < 0 && line.contains(logRule.startLine())) {
                            startLineNs = now;
                        }
                        if (line.contains(logRule.readyLine())) {
                            readyNs = now;
                            break;
                        }
                    }
                } else if (readyNs < 0) {
                    if (attempt != null && attempt.isDone()) {
                        try {
                            attempt.get();
                            readyNs = now;
                        } catch (ExecutionException e) {
                            lastConnectError = provider.explain(e.getCause() instanceof Exception x ? x : e);
                        }
                        attempt = null;
                    }
                    if (readyNs < 0 && attempt == null && now >= nextAttemptNs) {
                        attempt = connector.submit(this::connectOnce);
                        nextAttemptNs = now + TimeUnit.MILLISECONDS.toNanos(CONNECT_EVERY_MS);
                    }
                }
                if (readyNs >= 0 && exited) {
                    long millis = TimeUnit.NANOSECONDS.toMillis(readyNs - startNs);
                    return logRule != null && logRule.startLine() != null
                            ? new Restart(millis, startLineNs < 0 ? -1 : TimeUnit.NANOSECONDS.toMillis(readyNs - startLineNs),
                                    commands.startLineSpan(), readyNs)
                            : Restart.of(millis, readyNs);
                }
                if (now > deadlineNs) {
                    start.destroy();
                    String bound = TimeUnit.NANOSECONDS.toMillis(commands.readyWithinNs()) + " ms";
                    throw new CommandFailed(readyNs >= 0
                            ? start.describe() + " still running " + bound + " after it was started, though the broker was"
                                    + " ready: it must return (start the broker in the background, as strmqm does)"
                            : "the broker was not ready " + bound + " after " + start.describe() + " (waiting for "
                                    + commands.readiness().describe() + ")"
                                    + (lastConnectError == null ? "" : "; last connection attempt: " + lastConnectError));
                }
                Thread.sleep(POLL_MS);
            }
        } finally {
            if (connector != null) {
                connector.shutdownNow();
            }
            start.removeScript();
        }
    }

    private Boolean connectOnce() throws Exception {
        Connection c = provider.connect();
        try {
            c.start(); // some clients only talk to the broker here
        } finally {
            try {
                c.close();
            } catch (Exception e) {
                // The broker accepted us: that is all this asked.
            }
        }
        return true;
    }

    @Override
    public String killedBy() {
        return "--kill-cmd";
    }

    @Override
    public String restartSpan() {
        return commands.restartSpan();
    }

    @Override
    public List<RunHeader.Setting> describe() {
        List<RunHeader.Setting> s = new ArrayList<>();
        s.add(new RunHeader.Setting("kill-cmd", commands.killCmd()));
        s.add(new RunHeader.Setting("start-cmd", commands.startCmd()));
        s.add(new RunHeader.Setting("broker ready", commands.readiness().describe() + ", within "
                + TimeUnit.NANOSECONDS.toMillis(commands.readyWithinNs()) + " ms"));
        if (commands.dropCaches()) {
            s.add(PageCache.described());
        }
        return s;
    }

    /** A command that exited non-zero or ran past its bound; the message is one line. */
    public static final class CommandFailed extends Exception {
        CommandFailed(String oneLine) {
            super(oneLine);
        }
    }

    /** One run of a command from its script file, its output read all along (so it never fills the pipe) into the log. */
    private static final class Command {
        final String option;
        final String text;
        final Path script;
        final Process process;
        final Thread output;
        final AtomicReference<String> lastLine = new AtomicReference<>();

        private Command(String option, String text, Path script, Process process, Consumer<String> log) {
            this.option = option;
            this.text = text;
            this.script = script;
            this.process = process;
            BufferedReader reader = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
            this.output = new Thread(() -> {
                try {
                    for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                        lastLine.set(line);
                        log.accept(option + ": " + line);
                    }
                } catch (IOException e) {
                    // The command is gone.
                }
            }, "harness-broker-command-output");
            // A broker left running in the background may hold the pipe open for ever.
            output.setDaemon(true);
            output.start();
        }

        static Command start(String option, String text, Consumer<String> log) throws IOException {
            log.accept(option + ": running " + text);
            // Only this user may read or change what is about to run.
            Path script = Files.createTempFile("harness" + option.substring(1) + "-", ".sh",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            try {
                Files.writeString(script, text + "\n", StandardCharsets.UTF_8);
                ProcessBuilder pb = new ProcessBuilder("sh", script.toString()).redirectErrorStream(true)
                        .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
                pb.environment().put("HARNESS_PID", Long.toString(ProcessHandle.current().pid()));
                return new Command(option, text, script, pb.start(), log);
            } catch (IOException | RuntimeException e) {
                Files.deleteIfExists(script);
                throw e;
            }
        }

        /** Once the shell has exited (it reads the script as it goes). */
        void removeScript() {
            try {
                Files.deleteIfExists(script);
            } catch (IOException e) {
                // A file in the temporary directory, readable by this user only.
            }
        }

        String describe() {
            return option + " '" + text + "'";
        }

        void requireSuccess() throws CommandFailed, InterruptedException {
            int exit = process.exitValue();
            if (exit != 0) {
                output.join(OUTPUT_GRACE_MS);
                String last = lastLine.get();
                throw new CommandFailed(describe() + " failed with exit code " + exit
                        + (exit > 128 && exit < 160 ? " (its shell was killed by signal " + (exit - 128) + ")" : "")
                        + (last == null ? "" : ": " + last));
            }
        }

        /** The command and whatever it started that is still its descendant. */
        void destroy() {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        }
    }
}
