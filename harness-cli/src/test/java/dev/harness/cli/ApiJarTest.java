package dev.harness.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.harness.core.jms.Api;
import picocli.CommandLine;

/** What harness.jar hands to the other jar, and the class path entries it refuses to put beside the clients it carries. */
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
}
