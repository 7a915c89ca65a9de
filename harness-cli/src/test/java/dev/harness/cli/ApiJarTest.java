package dev.harness.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.harness.core.jms.Api;
import picocli.CommandLine;

/**
 * What harness.jar hands to the other jar: the args, with the namespace decided here; where that
 * jar is (beside harness.jar, or where HARNESS_JAKARTA_JAR names it in the image, which runs from
 * Jib's classes); which class path entries go along, and which it refuses to put beside the
 * clients it carries. Real files in a temporary directory.
 */
class ApiJarTest {
    @TempDir
    Path dir;

    @Test
    void theHandedOverArgsCarryTheNamespaceDecidedHere() {
        assertArrayEquals(new String[] {"run", "--provider", "jndi", "--jndi", "f", "--api", "jakarta"},
                ApiJar.handedOver(new String[] {"run", "--provider", "jndi", "--jndi", "f"}, Api.JAKARTA));
        assertArrayEquals(new String[] {"x", "--api", "javax", "--", "y"}, ApiJar.handedOver(new String[] {"x", "--", "y"}, Api.JAVAX));
    }

    /**
     * The other jar does not decide again: a jndi file it cannot read would make it say javax and
     * hand the run back; with the args handed over, it reads the namespace decided here.
     */
    @Test
    void theOtherJarRunsOnTheNamespaceItWasHandedNoPingPong() {
        String[] args = {"--provider", "jndi", "--jndi", dir.resolve("gone.properties").toString()};
        assertEquals(Api.JAVAX, parse(args).api());
        assertEquals(Api.JAKARTA, parse(ApiJar.handedOver(args, Api.JAKARTA)).api());
    }

    @Test
    void ibmAndArtemisClientJarsAreFoundByTheirClasses() throws Exception {
        // The real javax IBM MQ client on this class path.
        Path allclient = Path.of(com.ibm.mq.jms.MQConnectionFactory.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        assertEquals("IBM MQ's classes for JMS (com.ibm.mq.allclient)", ApiJar.clientIn(allclient));
        Path artemis = Path.of(org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory.class.getProtectionDomain()
                .getCodeSource().getLocation().toURI());
        assertEquals("Artemis's JMS client (artemis-jms-client or artemis-jakarta-client)", ApiJar.clientIn(artemis));
        // The Jakarta client is not on this class path: a jar renamed as users do, holding its factory's class.
        Path jakarta = jar("ibm-client.jar", "com/ibm/mq/jakarta/jms/MQConnectionFactory.class");
        assertEquals("IBM MQ's classes for Jakarta Messaging (com.ibm.mq.jakarta.client)", ApiJar.clientIn(jakarta));
        Path classes = Files.createDirectories(dir.resolve("classes/com/ibm/mq/jakarta/jms"));
        Files.writeString(classes.resolve("MQConnectionFactory.class"), "");
        assertEquals("IBM MQ's classes for Jakarta Messaging (com.ibm.mq.jakarta.client)", ApiJar.clientIn(dir.resolve("classes")));

        assertNull(ApiJar.clientIn(jar("provider.jar", "org/example/ClientFactory.class")));
        assertNull(ApiJar.clientIn(Path.of(javax.jms.Session.class.getProtectionDomain().getCodeSource().getLocation().toURI())),
                "the API alone is no client");
        assertNull(ApiJar.clientIn(dir.resolve("missing.jar")));
        assertNull(ApiJar.clientIn(Files.writeString(dir.resolve("notajar.jar"), "text")));
    }

    private Path jar(String name, String entry) throws IOException {
        Path jar = dir.resolve(name);
        try (OutputStream out = Files.newOutputStream(jar); ZipOutputStream zip = new ZipOutputStream(out)) {
            zip.putNextEntry(new ZipEntry(entry));
            zip.write(new byte[] {(byte) 0xCA, (byte) 0xFE});
            zip.closeEntry();
        }
        return jar;
    }

    private static ProviderOptions parse(String... args) {
        RunCommand run = new RunCommand();
        CommandLine cl = new CommandLine(run);
        cl.setOverwrittenOptionsAllowed(true);
        cl.parseArgs(args);
        return run.target;
    }

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
