package dev.harness.e2e;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The harness as users run it: {@code java -jar harness.jar ...} in a child process, its
 * output in files. Every wait is bounded; a child still running at the end is killed.
 */
final class HarnessProcess implements AutoCloseable {
    private final Process process;
    private final Path stdout;
    private final Path stderr;

    private HarnessProcess(Process process, Path stdout, Path stderr) {
        this.process = process;
        this.stdout = stdout;
        this.stderr = stderr;
    }

    static Path jar() {
        String jar = System.getProperty("harness.jar");
        if (jar == null || !Files.isRegularFile(Paths.get(jar))) {
            throw new IllegalStateException("harness.jar not built (system property harness.jar=" + jar + ")");
        }
        return Paths.get(jar);
    }

    static Path java() {
        return Paths.get(System.getProperty("java.home"), "bin", "java");
    }

    static HarnessProcess start(Path dir, String... args) throws IOException {
        return start(dir, Map.of(), args);
    }

    /** With these environment variables added to the child's. */
    static HarnessProcess start(Path dir, Map<String, String> environment, String... args) throws IOException {
        return start(dir, List.of("-Xmx512m"), environment, args);
    }

    /** With these JVM options (heap, collector) and environment variables. */
    static HarnessProcess start(Path dir, List<String> jvmOptions, Map<String, String> environment, String... args)
            throws IOException {
        List<String> command = new ArrayList<>(List.of(java().toString()));
        command.addAll(jvmOptions);
        command.addAll(List.of("-jar", jar().toString()));
        command.addAll(List.of(args));
        Path out = Files.createTempFile(dir, "stdout", ".txt");
        Path err = Files.createTempFile(dir, "stderr", ".txt");
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile())
                .redirectOutput(out.toFile()).redirectError(err.toFile());
        builder.environment().putAll(environment);
        Process p = builder.start();
        return new HarnessProcess(p, out, err);
    }

    /** Runs to the end (bounded) and returns the exit code. */
    static Result run(Path dir, long timeoutSeconds, String... args) throws Exception {
        return run(dir, Map.of(), timeoutSeconds, args);
    }

    static Result run(Path dir, Map<String, String> environment, long timeoutSeconds, String... args) throws Exception {
        try (HarnessProcess p = start(dir, environment, args)) {
            int code = p.waitFor(timeoutSeconds);
            return new Result(code, p.stdout(), p.stderr());
        }
    }

    record Result(int exitCode, String stdout, String stderr) {
        @Override
        public String toString() {
            return "exit " + exitCode + "\n--- stdout\n" + stdout + "\n--- stderr\n" + stderr;
        }

        /** Bad input and failures are one line on stderr, naming what matters; never a stack trace. */
        void assertOneLine(String... mentions) {
            String err = stderr.strip();
            org.junit.jupiter.api.Assertions.assertEquals(1, err.lines().count(), this::toString);
            for (String m : mentions) {
                org.junit.jupiter.api.Assertions.assertTrue(err.contains(m), () -> "no '" + m + "' in:\n" + this);
            }
            org.junit.jupiter.api.Assertions.assertFalse(err.contains("Exception") || err.contains("\tat "), this::toString);
        }
    }

    int waitFor(long timeoutSeconds) throws InterruptedException {
        if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("harness did not finish within " + timeoutSeconds + " s:\n" + stdoutQuietly());
        }
        return process.exitValue();
    }

    /** Waits (bounded) until stdout contains the text. */
    void awaitOutput(String text, long timeoutSeconds) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(timeoutSeconds);
        while (!stdout().contains(text)) {
            if (System.nanoTime() > deadline || !process.isAlive()) {
                throw new AssertionError("never printed '" + text + "':\n" + stdout() + "\n" + stderr());
            }
            Thread.sleep(50);
        }
    }

    /** An interval line ({@code "    4.0s ..."}) at least this far into the run. */
    private static final Pattern ELAPSED = Pattern.compile("(?m)^ *(\\d+\\.\\d)s ");

    /**
     * Waits for the console line of the interval that ends {@code seconds} into the run. Intervals
     * are stamped with the real time of their cut, which a busy machine may make a little later
     * than the tick: "4.0s" may read "4.1s".
     */
    void awaitInterval(double seconds, long timeoutSeconds) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(timeoutSeconds);
        while (true) {
            Matcher m = ELAPSED.matcher(stdout());
            while (m.find()) {
                if (Double.parseDouble(m.group(1)) >= seconds) {
                    return;
                }
            }
            if (System.nanoTime() > deadline || !process.isAlive()) {
                throw new AssertionError("never printed the interval line of " + seconds + " s:\n" + stdout() + "\n" + stderr());
            }
            Thread.sleep(50);
        }
    }

    boolean isAlive() {
        return process.isAlive();
    }

    long pid() {
        return process.pid();
    }

    void signal(String signal) throws Exception {
        Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(process.pid())).inheritIO().start();
        if (!kill.waitFor(10, TimeUnit.SECONDS) || kill.exitValue() != 0) {
            throw new AssertionError("kill -" + signal + " failed");
        }
    }

    String stdout() throws IOException {
        return Files.readString(stdout, StandardCharsets.UTF_8);
    }

    String stderr() throws IOException {
        return Files.readString(stderr, StandardCharsets.UTF_8);
    }

    private String stdoutQuietly() {
        try {
            return stdout() + "\n" + stderr();
        } catch (IOException e) {
            return "(output unreadable)";
        }
    }

    static JsonNode json(Path file) throws IOException {
        return new ObjectMapper().readTree(file.toFile());
    }

    @Override
    public void close() {
        if (process.isAlive()) {
            process.destroyForcibly();
        }
    }
}
