package dev.harness.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.harness.core.SettingsException;
import dev.harness.core.hlog.BadHlogException;
import dev.harness.core.verify.RunFiles;
import dev.harness.core.verify.RunLauncher;

/**
 * One {@code harness run} of harness verify, as a child process of this very jar: its JSON, hlog,
 * events and console in files named after it, in verify's directory. Every wait is bounded; a
 * child still running when verify is done with it is stopped (SIGTERM first, so that it lets a
 * broker it froze go on).
 */
final class VerifyChild implements RunLauncher.Launched {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long POLL_MS = 20;

    final String name;
    final Path json;
    final Path hlog;
    final Path events;
    final Path stdout;
    final Path stderr;
    private final Process process;

    private VerifyChild(String name, Path dir, Process process) {
        this.name = name;
        this.json = dir.resolve(name + ".json");
        this.hlog = dir.resolve(name + ".hlog");
        this.events = dir.resolve(name + ".events.jsonl");
        this.stdout = dir.resolve(name + ".out.txt");
        this.stderr = dir.resolve(name + ".err.txt");
        this.process = process;
    }

    /**
     * Starts {@code java JVM-OPTIONS -cp harness.jar dev.harness.cli.Harness run ARGS --json ... --hlog ... --events ...}.
     */
    static VerifyChild start(Path dir, String name, List<String> jvmOptions, List<String> runArgs) throws IOException {
        List<String> command = new ArrayList<>(List.of(ChildBroker.javaBinary()));
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", ChildBroker.ownJar(), Harness.class.getName(), "run"));
        command.addAll(runArgs);
        command.addAll(List.of("--json", dir.resolve(name + ".json").toString(), "--hlog", dir.resolve(name + ".hlog").toString(),
                "--events", dir.resolve(name + ".events.jsonl").toString()));
        Files.writeString(dir.resolve(name + ".command.txt"), String.join(" ", command) + "\n", StandardCharsets.UTF_8);
        Process p = new ProcessBuilder(command).directory(dir.toFile())
                .redirectOutput(dir.resolve(name + ".out.txt").toFile()).redirectError(dir.resolve(name + ".err.txt").toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
        return new VerifyChild(name, dir, p);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public long pid() {
        return process.pid();
    }

    boolean isAlive() {
        return process.isAlive();
    }

    /** Waits up to {@code timeoutNs} for the run to end: how it ended, by its exit code. */
    @Override
    public RunLauncher.Exit await(long timeoutNs) throws InterruptedException {
        int code = waitFor(timeoutNs);
        return new RunLauncher.Exit(code, code == ExitCode.OK ? RunLauncher.Exit.Kind.OK
                : code == ExitCode.UNREACHABLE ? RunLauncher.Exit.Kind.UNREACHABLE
                : code == ExitCode.USAGE ? RunLauncher.Exit.Kind.REFUSED : RunLauncher.Exit.Kind.FAILED);
    }

    @Override
    public RunFiles files() throws IOException {
        try {
            return RunFiles.read(json, hlog);
        } catch (BadHlogException | SettingsException e) {
            throw new IOException("the run " + name + " left no files to read: " + e.getMessage(), e);
        }
    }

    /** Waits up to {@code timeoutNs} for the run to end: its exit code, or -1 when it had not (it is then stopped). */
    int waitFor(long timeoutNs) throws InterruptedException {
        if (!process.waitFor(timeoutNs, TimeUnit.NANOSECONDS)) {
            close();
            return -1;
        }
        return process.exitValue();
    }

    /**
     * Waits (bounded) for the interval event that ends {@code seconds} or more after the schedule's
     * start: true when it came, false when the run ended or the time ran out first.
     */
    @Override
    public boolean awaitInterval(double seconds, long timeoutNs) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + timeoutNs;
        while (System.nanoTime() < deadline && process.isAlive()) {
            if (Files.exists(events)) {
                String text = Files.readString(events, StandardCharsets.UTF_8);
                for (String line : text.substring(0, text.lastIndexOf('\n') + 1).lines().toList()) {
                    JsonNode e = JSON.readTree(line);
                    if (e.path("event").asText().equals("interval") && e.path("endS").asDouble() >= seconds) {
                        return true;
                    }
                }
            }
            Thread.sleep(POLL_MS);
        }
        return false;
    }

    /** The child's last line on stderr (its one-line failure), or its last on stdout, or "". */
    @Override
    public String lastLine() {
        for (Path f : List.of(stderr, stdout)) {
            try {
                List<String> lines = Files.readAllLines(f, StandardCharsets.UTF_8).stream().filter(l -> !l.isBlank()).toList();
                if (!lines.isEmpty()) {
                    return lines.get(lines.size() - 1).strip();
                }
            } catch (IOException e) {
                // Nothing to say from this one.
            }
        }
        return "";
    }

    /** SIGTERM, so that the run stops as Ctrl-C stops it (a broker it froze goes on); SIGKILL if it hangs. */
    @Override
    public void close() {
        if (!process.isAlive()) {
            return;
        }
        process.destroy();
        try {
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
