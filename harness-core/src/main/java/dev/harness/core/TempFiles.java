package dev.harness.core;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** The harness's own temporary directories (broker journals, rounds' logs): removed when done. */
public final class TempFiles {
    private TempFiles() {
    }

    /**
     * Deletes {@code path} and everything below it, as far as it can: what is left stays in a
     * temporary directory, and nothing measured depends on it.
     */
    public static void deleteQuietly(Path path) {
        if (path == null || !Files.exists(path)) {
            return;
        }
        try (Stream<Path> files = Files.walk(path)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException | RuntimeException e) {
            // Left behind, as above.
        }
    }
}
