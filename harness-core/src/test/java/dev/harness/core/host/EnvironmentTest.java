package dev.harness.core.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** Where a run ran, read from this JVM and host as a run reads it. */
class EnvironmentTest {
    @Test
    void collectsTheKernelCpusMemoryJvmAndVersionsOfThisHost() throws Exception {
        Environment env = Environment.collect("embedded Artemis 2.44.0 at tcp://127.0.0.1:1", "artemis-jms-client 2.44.0");
        assertEquals("Linux " + System.getProperty("os.version") + " " + System.getProperty("os.arch"), env.kernel());
        assertEquals(Files.readString(Path.of("/proc/sys/kernel/hostname")).strip(), env.host());
        assertTrue(env.cpus().startsWith(Runtime.getRuntime().availableProcessors() + " available to the JVM"), env.cpus());
        assertTrue(env.memory().endsWith(" GiB") || env.memory().endsWith(" MiB"), env.memory());
        assertTrue(env.java().contains(System.getProperty("java.runtime.version")), env.java());
        // This JVM's own flags (surefire's, here) and collectors.
        String args = String.join(" ", ManagementFactory.getRuntimeMXBean().getInputArguments());
        assertEquals(args.isEmpty() ? "none" : args, env.jvmArgs());
        assertTrue(env.gc() != null && !env.gc().isBlank(), "the collectors' names");
        assertTrue(env.heap().startsWith("max "), env.heap());
        assertEquals("(development build)", env.harness(), "classes, not the jar: no manifest version");
        assertEquals("artemis-jms-client 2.44.0", env.client());
        assertEquals("embedded Artemis 2.44.0 at tcp://127.0.0.1:1", env.broker());
    }

    @Test
    void readsBackByLabelOrKeyAndLeavesOutWhatWasNotRead() {
        Environment env = new Environment("h", "Debian", "Linux 6.1 amd64", "2 available to the JVM", null, "8.0 GiB",
                "madvise", "OpenJDK 17", "-Xmx1g", "G1 Young Generation", "max 1.0 GiB", "1.0", "broker", "client");
        Map<String, String> labels = env.byLabel();
        assertEquals("-Xmx1g", labels.get("jvm args"));
        assertTrue(!labels.containsKey("cpu governor"), "a figure not read is left out");
        assertEquals(env, Environment.read(f -> labels.get(f.label())));
        Map<String, String> keys = env.byKey();
        assertEquals("madvise", keys.get("transparentHugePages"));
        assertEquals(env, Environment.read(f -> keys.get(f.key())));
        assertNull(Environment.read(f -> null), "nothing recorded: no environment");
    }

    @Test
    void transparentHugePagesIsTheBracketedMode() {
        assertEquals("madvise", Environment.selected("always [madvise] never"));
        assertEquals("never", Environment.selected("always madvise [never]"));
        assertNull(Environment.selected(null));
    }
}
