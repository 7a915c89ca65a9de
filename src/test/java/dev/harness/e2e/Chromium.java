package dev.harness.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Debian's chromium, headless, as a person's browser lays a report out and runs it; bounded in time. */
final class Chromium {
    private Chromium() {
    }

    /** Runs chromium with these arguments, its profile and output in {@code dir}; its stdout. */
    static String run(Path dir, String... args) throws Exception {
        String binary = List.of("/usr/bin/chromium", "/usr/bin/chromium-browser").stream()
                .filter(p -> new File(p).canExecute()).findFirst()
                .orElseThrow(() -> new AssertionError("chromium is not installed (.ci/run installs Debian's package)"));
        List<String> command = new ArrayList<>(List.of(binary, "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-background-networking", "--user-data-dir=" + dir.resolve("chromium-profile")));
        command.addAll(List.of(args));
        Path out = Files.createTempFile(dir, "chromium", ".out");
        Process p = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        if (!p.waitFor(90, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("chromium did not finish within 90 s");
        }
        assertEquals(0, p.exitValue(), "chromium exit code");
        return Files.readString(out, StandardCharsets.UTF_8);
    }
}
