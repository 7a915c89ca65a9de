package dev.harness.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.harness.core.jms.Api;

/**
 * Where a run hands --api jakarta over to: the jar beside harness.jar, or (the image, which runs
 * the harness from Jib's classes) the one HARNESS_JAKARTA_JAR names; and which class path entries
 * go along. Real files in a temporary directory.
 */
class ApiJarTest {
    @TempDir
    Path dir;

    private static IllegalArgumentException usage(String message) {
        return new IllegalArgumentException(message);
    }

    @Test
    void theJarBesideThisOneUnlessTheVariableNamesAnother() throws Exception {
        Path self = Files.createFile(dir.resolve("harness.jar"));
        Path beside = Files.createFile(dir.resolve("harness-jakarta.jar"));
        assertEquals(beside, ApiJar.find(Api.JAKARTA, self, Map.of(), ApiJarTest::usage));
        Path elsewhere = Files.createFile(Files.createDirectory(dir.resolve("opt")).resolve("harness-jakarta.jar"));
        assertEquals(elsewhere, ApiJar.find(Api.JAKARTA, self, Map.of("HARNESS_JAKARTA_JAR", elsewhere.toString()),
                ApiJarTest::usage), "the variable, as the image's entrypoint sets it");
        assertEquals(elsewhere, ApiJar.find(Api.JAKARTA, null, Map.of("HARNESS_JAKARTA_JAR", elsewhere.toString()),
                ApiJarTest::usage), "from classes (the image): only the variable can say");
    }

    @Test
    void aJarThatIsNotThereIsOneLineSayingWhereToLook() throws Exception {
        String fromClasses = assertThrows(IllegalArgumentException.class,
                () -> ApiJar.find(Api.JAKARTA, null, Map.of(), ApiJarTest::usage)).getMessage();
        assertEquals("--api jakarta: harness-jakarta.jar not found (these classes run from a directory: set"
                + " HARNESS_JAKARTA_JAR); build both jars with mvn -B -DskipTests package", fromClasses);
        Path self = Files.createFile(dir.resolve("harness.jar"));
        assertEquals("--api jakarta: harness-jakarta.jar not found beside " + self + "; build both jars with mvn -B"
                + " -DskipTests package", assertThrows(IllegalArgumentException.class,
                        () -> ApiJar.find(Api.JAKARTA, self, Map.of(), ApiJarTest::usage)).getMessage());
        Path missing = dir.resolve("nowhere.jar");
        assertEquals("--api jakarta: HARNESS_JAKARTA_JAR=" + missing + " is no file; expected harness-jakarta.jar",
                assertThrows(IllegalArgumentException.class, () -> ApiJar.find(Api.JAKARTA, self,
                        Map.of("HARNESS_JAKARTA_JAR", missing.toString()), ApiJarTest::usage)).getMessage());
    }

    @Test
    void theOtherLoaderGetsTheProviderJarsAndNoneOfThisBuildsOwn() throws Exception {
        Path self = Files.createFile(dir.resolve("harness.jar"));
        String provider = dir.resolve("provider.jar").toString();
        // java -cp harness.jar:$HARNESS_CLASSPATH: all but this jar, however the path spells it.
        String spelled = Files.createDirectory(dir.resolve("x")).resolve("..").resolve("harness.jar").toString();
        assertEquals(List.of(Path.of(provider)), ApiJar.providerPath(self, spelled + File.pathSeparator + provider,
                Map.of("HARNESS_CLASSPATH", provider)));
        // From classes (the image): the class path is the build's own classes and javax clients; only HARNESS_CLASSPATH goes.
        String jib = "/app/resources" + File.pathSeparator + "/app/classes" + File.pathSeparator + "/app/libs/artemis-jms-client.jar";
        assertEquals(List.of(), ApiJar.providerPath(null, jib, Map.of()));
        assertEquals(List.of(Path.of(provider)), ApiJar.providerPath(null, jib + File.pathSeparator + provider,
                Map.of("HARNESS_CLASSPATH", provider)));
    }
}
