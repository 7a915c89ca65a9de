package dev.harness.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A provider kind from outside harness-core: compiled here against harness.jar alone, with its one
 * services line, and put on HARNESS_CLASSPATH as a user would. Nothing else is changed: its
 * --provider name and its own options are accepted, their values reach its open, and it drives a
 * run. It is built against javax.jms, so harness-jakarta.jar cannot load it: a jakarta run skips
 * it with a note and works; so does every run past a services line naming a class no jar holds.
 */
class PluginKindIT {
    @TempDir
    static Path dir;

    private static Path plugin;

    private static final String KIND = """
            package example.plugin;

            import java.util.List;

            import dev.harness.core.jms.Credentials;
            import dev.harness.core.jms.Provider;
            import dev.harness.core.jms.ProviderKind;
            import dev.harness.core.jms.ProviderKinds;
            import dev.harness.core.jms.ProviderOption;
            import dev.harness.core.jms.ProviderValues;
            import dev.harness.core.jms.UnreachableException;

            public final class LoopbackKind implements ProviderKind {
                /** Built against JMS 2.0: loading this kind needs javax.jms. */
                static final Class<?> API = javax.jms.ConnectionFactory.class;

                public String name() { return "loopback"; }

                public String description() { return "the embedded broker under another name"; }

                public List<ProviderOption> options() {
                    return List.of(ProviderOption.text("--loopback-label", "TEXT", "loopback: a label for the header."),
                            ProviderOption.wholeNumber("--loopback-tag", "N", "loopback: a number for the header."));
                }

                public Provider open(ProviderValues values, Credentials credentials) throws UnreachableException {
                    Provider embedded = ProviderKinds.named("embedded").orElseThrow().open(ProviderValues.NONE, credentials);
                    String label = values.text("--loopback-label") + "#" + values.wholeNumber("--loopback-tag");
                    return new Provider() {
                        public String target() { return "loopback " + label + " (" + embedded.target() + ")"; }
                        public String client() { return embedded.client(); }
                        public List<String> notes() { return embedded.notes(); }
                        public javax.jms.Connection connect() throws javax.jms.JMSException { return embedded.connect(); }
                        public void close() { embedded.close(); }
                    };
                }
            }
            """;

    @BeforeAll
    static void buildThePlugin() throws Exception {
        plugin = Files.createDirectories(dir.resolve("plugin"));
        Path source = Files.createDirectories(dir.resolve("src/example/plugin")).resolve("LoopbackKind.java");
        Files.writeString(source, KIND);
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        ByteArrayOutputStream messages = new ByteArrayOutputStream();
        int code = javac.run(null, messages, messages, "--release", "17", "-cp", HarnessProcess.jar().toString(),
                "-d", plugin.toString(), source.toString());
        assertEquals(0, code, messages::toString);
        Path services = Files.createDirectories(plugin.resolve("META-INF/services"));
        Files.writeString(services.resolve("dev.harness.core.jms.ProviderKind"), """
                example.plugin.LoopbackKind
                example.plugin.NotInAnyJar
                """);
    }

    @Test
    void aKindOnHarnessClasspathIsAProviderWithItsOptions() throws Exception {
        Path json = dir.resolve("loopback.json");
        HarnessProcess.Result r = HarnessProcess.run(dir, Map.of("HARNESS_CLASSPATH", plugin.toString()), 120, "run", "--cold-start",
                "--provider", "loopback", "--loopback-label", "hello", "--loopback-tag", "7", "--rate", "100",
                "--warmup", "0s", "--duration", "1s", "--json", json.toString());
        assertEquals(0, r.exitCode(), r::toString);
        assertTrue(r.stdout().contains("loopback hello#7 (embedded Artemis"), r::toString);
        assertEquals(100, HarnessProcess.json(json).get("summary").get("totalCompleted").asLong(), r::toString);
        assertEquals(List.of("harness: a provider kind skipped: dev.harness.core.jms.ProviderKind: Provider"
                + " example.plugin.NotInAnyJar not found"), r.stderr().strip().lines().toList(), r::toString);
    }

    @Test
    void aJakartaRunSkipsTheJavaxBuiltKindWithANoteAndWorks() throws Exception {
        Path json = dir.resolve("jakarta.json");
        HarnessProcess.Result r = HarnessProcess.run(dir, Map.of("HARNESS_CLASSPATH", plugin.toString()), 120, "run", "--cold-start",
                "--api", "jakarta", "--rate", "100", "--warmup", "0s", "--duration", "1s", "--json", json.toString());
        assertEquals(0, r.exitCode(), r::toString);
        JsonNode run = HarnessProcess.json(json);
        assertEquals("jakarta", run.get("settings").get("api").asText());
        assertEquals(100, run.get("summary").get("totalCompleted").asLong(), r::toString);
        assertTrue(r.stderr().contains("harness: provider kind example.plugin.LoopbackKind skipped: ")
                && r.stderr().contains("could not be instantiated: javax.jms.ConnectionFactory")
                && r.stderr().contains("(built for JMS 2.0 (javax.jms); this jar runs Jakarta Messaging 3.1 (jakarta.jms))"),
                r::toString);
    }
}
