package dev.harness.core.disturbance;

import java.util.function.Consumer;

/**
 * A broker anywhere, stopped and let go on by the user's shell commands ({@code --freeze-cmd},
 * {@code --thaw-cmd}), each a {@link ShellCommand} that must exit 0 within
 * {@link FreezePlan#COMMAND_WITHIN_NS}. Whatever happens, the thaw command runs on {@link #close}
 * and at this JVM's exit if the broker was stopped.
 */
public final class CommandFreezer implements Freezer {
    private final String freezeCmd;
    private final String thawCmd;
    private final Consumer<String> log;
    private final Thread atExit;
    private volatile boolean stopped;

    /** @param log where the commands' output goes, a line at a time */
    public CommandFreezer(String freezeCmd, String thawCmd, Consumer<String> log) {
        this.freezeCmd = freezeCmd;
        this.thawCmd = thawCmd;
        this.log = log;
        this.atExit = new Thread(this::thawQuietly, "harness-freezer-exit");
        Runtime.getRuntime().addShutdownHook(atExit);
    }

    @Override
    public void freeze() throws Exception {
        stopped = true; // a command that failed half-way may have stopped it all the same
        ShellCommand.run("--freeze-cmd", freezeCmd, FreezePlan.COMMAND_WITHIN_NS, log);
    }

    @Override
    public void thaw() throws Exception {
        ShellCommand.run("--thaw-cmd", thawCmd, FreezePlan.COMMAND_WITHIN_NS, log);
        stopped = false;
    }

    @Override
    public String describe() {
        return "--freeze-cmd and --thaw-cmd";
    }

    private void thawQuietly() {
        if (stopped) {
            try {
                thaw();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (Exception e) {
                log.accept("--thaw-cmd: " + e.getMessage());
            }
        }
    }

    @Override
    public void close() {
        thawQuietly();
        try {
            Runtime.getRuntime().removeShutdownHook(atExit);
        } catch (IllegalStateException alreadyExiting) {
            // The hook runs, and finds the broker going on.
        }
    }
}
