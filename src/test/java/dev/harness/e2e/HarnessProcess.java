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
import java.util.function.Predicate;

import org.junit.jupiter.api.Assertions;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The harness as users run it: {@code java -jar harness.jar ...} in a child process, its
 * output in files. Every wait is bounded; a child still running at the end is killed. Tests
 * wait on the child's events ({@code --events FILE}), never on its console's wording.
 */
final class HarnessProcess implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Process process;
    private final Path stdout;
    private final Path stderr;
    /** The file given with --events, or null. */
    private final Path events;

    private HarnessProcess(Process process, Path stdout, Path stderr, Path events) {
        this.process = process;
        this.stdout = stdout;
        this.stderr = stderr;
        this.events = events;
    }

    static Path jar() {
        String jar = System.getProperty("harness.jar");
        if (jar == null || !Files.isRegularFile(Paths.get(jar))) {
            throw new IllegalStateException("harness.jar not built (system property harness.jar=" + jar + ")");
        }
        return Paths.get(jar);
    }

    /**
     * The suite checks behaviour, not speed (timings belong in bench/): C1 alone costs a short run
     * about half the CPU of the full JIT, which is most of what the suite spends on two shared cores.
     */
    static final List<String> TEST_JVM_OPTIONS = List.of("-XX:TieredStopAtLevel=1");

    /**
     * A suite started with SIGINT ignored (under nohup, or with & from a script) passes that on to
     * every child, and a JVM that starts with SIGINT ignored never handles it: the tests that press
     * Ctrl-C would time out. The children get SIGINT back, so that those tests test the harness, not
     * how the suite was started.
     */
    private static final List<String> SIGINT_AT_DEFAULT = sigintIgnored() ? List.of("env", "--default-signal=INT") : List.of();

    private static boolean sigintIgnored() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("SigIgn:")) {
                    return (Long.parseLong(line.substring("SigIgn:".length()).strip(), 16) & 0x2) != 0;
                }
            }
        } catch (IOException | RuntimeException e) {
            // No /proc: nothing to tell.
        }
        return false;
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
        List<String> command = new ArrayList<>(SIGINT_AT_DEFAULT);
        command.add(java().toString());
        command.addAll(TEST_JVM_OPTIONS);
        command.addAll(jvmOptions);
        String providerJars = environment.get("HARNESS_CLASSPATH");
        if (providerJars == null) {
            command.addAll(List.of("-jar", jar().toString()));
        } else {
            // As ./harness runs it: the provider's client jars on the class path after ours.
            command.addAll(List.of("-cp", jar() + java.io.File.pathSeparator + providerJars, "dev.harness.cli.Harness"));
        }
        command.addAll(List.of(args));
        Path out = Files.createTempFile(dir, "stdout", ".txt");
        Path err = Files.createTempFile(dir, "stderr", ".txt");
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile())
                .redirectOutput(out.toFile()).redirectError(err.toFile());
        builder.environment().putAll(environment);
        Process p = builder.start();
        int e = List.of(args).indexOf("--events");
        Path events = e >= 0 && e + 1 < args.length ? dir.resolve(args[e + 1]) : null;
        return new HarnessProcess(p, out, err, events);
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

    /**
     * Waits (bounded) for the first event that matches, and returns it. The child must have been
     * started with {@code --events FILE}.
     */
    JsonNode awaitEvent(String what, Predicate<JsonNode> match, long timeoutSeconds) throws Exception {
        if (events == null) {
            throw new IllegalStateException("start the harness with --events FILE to wait for " + what);
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(timeoutSeconds);
        while (true) {
            for (JsonNode e : events()) {
                if (match.test(e)) {
                    return e;
                }
            }
            if (System.nanoTime() > deadline || !process.isAlive()) {
                throw new AssertionError("no event " + what + " in " + events + ":\n" + eventsQuietly() + "\n"
                        + stdoutQuietly());
            }
            Thread.sleep(50);
        }
    }

    /** Waits for the first event of this name ({@code started}, {@code ready}, ...). */
    JsonNode awaitEvent(String event, long timeoutSeconds) throws Exception {
        return awaitEvent("'" + event + "'", e -> event.equals(e.path("event").asText()), timeoutSeconds);
    }

    /**
     * Waits for the interval that ends at least {@code seconds} into the run and returns its
     * event. Intervals are stamped with the real time of their cut, which a busy machine may make
     * a little later than the tick.
     */
    JsonNode awaitInterval(double seconds, long timeoutSeconds) throws Exception {
        return awaitEvent("interval ending at " + seconds + " s or later",
                e -> e.path("event").asText().equals("interval") && e.path("endS").asDouble() >= seconds, timeoutSeconds);
    }

    /** The events written so far: every whole line of the --events file, parsed. */
    List<JsonNode> events() throws IOException {
        if (!Files.exists(events)) {
            return List.of(); // the child has not reached its broker yet
        }
        String text = Files.readString(events, StandardCharsets.UTF_8);
        List<JsonNode> out = new ArrayList<>();
        for (String line : text.substring(0, text.lastIndexOf('\n') + 1).lines().toList()) {
            out.add(JSON.readTree(line));
        }
        return out;
    }

    private String eventsQuietly() {
        try {
            return Files.exists(events) ? Files.readString(events, StandardCharsets.UTF_8) : "(no file)";
        } catch (IOException e) {
            return "(events unreadable)";
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

    /** The run's JSON says which namespace and which client library drove it. */
    static void assertDrivenBy(JsonNode run, String api, String clientPrefix) {
        JsonNode settings = run.get("settings");
        Assertions.assertEquals(api, settings.get("api").asText(), settings::toString);
        Assertions.assertTrue(settings.get("client").asText().startsWith(clientPrefix), settings::toString);
    }

    static JsonNode json(Path file) throws IOException {
        return JSON.readTree(file.toFile());
    }

    @Override
    public void close() {
        if (process.isAlive()) {
            process.destroyForcibly();
        }
    }
}
