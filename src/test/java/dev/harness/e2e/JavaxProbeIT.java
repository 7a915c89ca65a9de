package dev.harness.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import javax.tools.ToolProvider;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * harness probe against a javax.jms application (src/test/javax-app/JavaxProbedApp.java: JMS 2.0
 * on Artemis's javax client against a harness broker): the counts per tag are what it did. The
 * suite's own classes are compiled against Jakarta Messaging, so this test compiles the
 * application itself and runs it on the suite's third-party jars with the Jakarta API and client
 * swapped for the javax ones (artemis-jms-client, the javax.jms API 2.0.3, from the local
 * Maven repository), and none of the harness's own classes.
 */
class JavaxProbeIT {
    /** The javax.jms API, the version the parent pom manages for the javax side. */
    private static final String JAVAX_API_VERSION = "2.0.3";

    @TempDir
    Path dir;

    @Test
    void countsWhatAJavaxApplicationDid() throws Exception {
        String classPath = javaxClassPath();
        Path classes = dir.resolve("classes");
        Path source = Path.of(System.getProperty("e2e.javax.sources"), "JavaxProbedApp.java");
        assertEquals(0, ToolProvider.getSystemJavaCompiler().run(null, null, null, "-nowarn", "-d", classes.toString(),
                "-cp", classPath, source.toString()), "javac " + source);
        try (BrokerProcess broker = BrokerProcess.start(dir, dir.resolve("data"))) {
            Process app = new ProcessBuilder(Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
                    "-Xmx256m", "-cp", classes + File.pathSeparator + classPath, "JavaxProbedApp", broker.url(),
                    dir.toString()).directory(dir.toFile()).redirectOutput(dir.resolve("app.out").toFile())
                    .redirectError(dir.resolve("app.err").toFile()).start();
            try {
                PacedApp.await(app, dir, "ready");
                Path json = dir.resolve("javax.json");
                try (HarnessProcess probe = HarnessProcess.start(dir, "probe", "--pid", Long.toString(app.pid()),
                        "--interval", "1s", "--json", json.toString())) {
                    ProbeWatchIT.awaitOutput(probe, "instrumented");
                    Files.writeString(dir.resolve("go"), "");
                    // The application exits after its batch: the probe ends with what it saw, exit 0.
                    assertEquals(0, probe.waitFor(60), () -> ProbeWatchIT.out(probe) + "\n--- app\n" + read("app.err"));
                }
                assertTrue(read("done").contains("listened=5"), () -> read("done") + read("app.err"));
                JsonNode summary = HarnessProcess.json(json);
                Map<String, Integer> expected = Map.of("send-syncpoint", 21, "commit", 2, "rollback", 1, "send", 15,
                        "receive", 30, "on-message", 5);
                for (Map.Entry<String, Integer> e : expected.entrySet()) {
                    JsonNode op = summary.get("operations").get(e.getKey());
                    assertTrue(op != null && op.get("count").asInt() == e.getValue(), e.getKey() + ": " + summary);
                }
                assertEquals(1, summary.get("emptyReceives").asInt(), summary::toString);
            } finally {
                app.destroyForcibly();
            }
        }
    }

    /**
     * The suite's third-party jars (no module of this build: an application has none of the
     * harness in it), with the Jakarta API and Artemis client swapped for their javax twins.
     */
    private static String javaxClassPath() {
        List<String> entries = new ArrayList<>();
        Path jakartaClient = null;
        Path jakartaApi = null;
        for (String e : System.getProperty("java.class.path").split(File.pathSeparator)) {
            Path p = Path.of(e);
            String name = p.getFileName().toString();
            if (e.contains(File.separator + "target" + File.separator) || name.startsWith("com.ibm.mq")) {
                continue;
            } else if (name.startsWith("artemis-jakarta-client-")) {
                jakartaClient = p;
            } else if (name.startsWith("jakarta.jms-api-")) {
                jakartaApi = p;
            } else {
                entries.add(e);
            }
        }
        assertTrue(jakartaClient != null && jakartaApi != null, "the suite's class path has the Jakarta client and API");
        String version = jakartaClient.getParent().getFileName().toString();
        Path javaxClient = jakartaClient.getParent().getParent().resolveSibling("artemis-jms-client")
                .resolve(version).resolve("artemis-jms-client-" + version + ".jar");
        Path javaxApi = jakartaApi.getParent().resolveSibling(JAVAX_API_VERSION)
                .resolve("jakarta.jms-api-" + JAVAX_API_VERSION + ".jar");
        for (Path jar : List.of(javaxClient, javaxApi)) {
            assertTrue(Files.isRegularFile(jar), jar + " in the local Maven repository (harness-cli depends on it)");
            entries.add(jar.toString());
        }
        return String.join(File.pathSeparator, entries);
    }

    private String read(String name) {
        try {
            return Files.readString(dir.resolve(name));
        } catch (java.io.IOException e) {
            return "(no " + name + ")";
        }
    }
}
