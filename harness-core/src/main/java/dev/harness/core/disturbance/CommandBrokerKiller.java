package dev.harness.core.disturbance;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import javax.jms.Connection;

import dev.harness.core.Setting;
import dev.harness.core.jms.Provider;

/**
 * Any broker, killed and started by the user's shell commands ({@code --kill-cmd},
 * {@code --start-cmd}), and known to be back by its {@link Readiness} rule. Each command runs as a
 * {@link ShellCommand}. Every line the commands print goes to {@code log}, prefixed with the option;
 * a command that exits non-zero, or runs past its bound, fails with one line saying so.
 */
public final class CommandBrokerKiller implements BrokerKiller {
    /** How often the connect rule tries a connection. */
    static final long CONNECT_EVERY_MS = 100;
    /** How often the log and the start command are looked at. */
    private static final long POLL_MS = 10;

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
        ShellCommand.run("--kill-cmd", commands.killCmd(), commands.killWithinNs(), log);
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
        ShellCommand start = ShellCommand.start("--start-cmd", commands.startCmd(), log);
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
    public List<Setting> describe() {
        List<Setting> s = new ArrayList<>();
        s.add(new Setting("kill-cmd", commands.killCmd()));
        s.add(new Setting("start-cmd", commands.startCmd()));
        s.add(new Setting("broker ready", commands.readiness().describe() + ", within "
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
}
