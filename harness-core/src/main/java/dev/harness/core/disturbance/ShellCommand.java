package dev.harness.core.disturbance;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

import dev.harness.core.disturbance.CommandBrokerKiller.CommandFailed;

/**
 * One run of a user's shell command ({@code --kill-cmd}, {@code --start-cmd}, {@code --freeze-cmd},
 * {@code --thaw-cmd}) from a script file of its own ({@code sh FILE}), not {@code sh -c TEXT}: no
 * shell's arguments then hold the command's text, so {@code pgrep -f PATTERN} in it never matches
 * (and kills) its own shell. It sees {@code HARNESS_PID}, the harness's process id. Its output is
 * read all along (so it never fills the pipe) into the log, each line after the option's name.
 */
final class ShellCommand {
    /** How long a finished command's last lines are waited for, for its failure's message. */
    private static final long OUTPUT_GRACE_MS = 500;

    final String option;
    final String text;
    final Path script;
    final Process process;
    final Thread output;
    final AtomicReference<String> lastLine = new AtomicReference<>();

    private ShellCommand(String option, String text, Path script, Process process, Consumer<String> log) {
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

    static ShellCommand start(String option, String text, Consumer<String> log) throws IOException {
        log.accept(option + ": running " + text);
        // Only this user may read or change what is about to run.
        Path script = Files.createTempFile("harness" + option.substring(1) + "-", ".sh",
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        try {
            Files.writeString(script, text + "\n", StandardCharsets.UTF_8);
            ProcessBuilder pb = new ProcessBuilder("sh", script.toString()).redirectErrorStream(true)
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
            pb.environment().put("HARNESS_PID", Long.toString(ProcessHandle.current().pid()));
            return new ShellCommand(option, text, script, pb.start(), log);
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(script);
            throw e;
        }
    }

    /**
     * Runs {@code text} to its end within {@code boundNs}: it must exit 0. One still running then is
     * stopped, with what it started, and fails.
     */
    static void run(String option, String text, long boundNs, Consumer<String> log)
            throws IOException, CommandFailed, InterruptedException {
        ShellCommand c = start(option, text, log);
        try {
            if (!c.process.waitFor(boundNs, TimeUnit.NANOSECONDS)) {
                c.destroy();
                throw new CommandFailed(c.describe() + " still running after " + TimeUnit.NANOSECONDS.toMillis(boundNs)
                        + " ms: stopped");
            }
            c.requireSuccess();
        } finally {
            c.removeScript();
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
