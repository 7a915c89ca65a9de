package dev.harness.cli;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The shipped profiles (config/*.args) parse as harness run parses them: every duration with its unit. */
class ProfilesTest {
    static Stream<Path> profiles() throws IOException {
        try (Stream<Path> files = Files.list(Path.of("..", "config"))) {
            List<Path> args = files.filter(p -> p.getFileName().toString().endsWith(".args")).sorted().toList();
            assertFalse(args.isEmpty(), "no profiles in ../config");
            return args.stream();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("profiles")
    void aProfileParses(Path profile) {
        assertDoesNotThrow(() -> RunCommand.parse(List.of("@" + profile)), profile::toString);
    }
}
