package dev.harness.core;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TempFilesTest {
    @Test
    void aTreeGoesWholeAndWhatIsNotThereIsNoError(@TempDir Path dir) throws Exception {
        Path tree = dir.resolve("journal");
        Files.createDirectories(tree.resolve("a/b"));
        Files.writeString(tree.resolve("a/b/file"), "x");
        Files.writeString(tree.resolve("top"), "y");
        Path sibling = Files.writeString(dir.resolve("keep"), "z");
        TempFiles.deleteQuietly(tree);
        assertFalse(Files.exists(tree));
        assertTrue(Files.exists(sibling), "only the tree named");
        TempFiles.deleteQuietly(tree); // gone already
        TempFiles.deleteQuietly(null);
    }
}
