package dev.harness.core.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

/** The header's JVM line, read in child JVMs started with the options it describes. */
class ThisJvmTest {
    /** Run in the child: prints what the header would say. */
    public static final class Describe {
        public static void main(String[] args) {
            System.out.print(ThisJvm.describe());
        }
    }

    private static String describeIn(String... options) throws Exception {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(List.of(options));
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), Describe.class.getName()));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the child JVM did not exit");
        assertEquals(0, p.exitValue(), out);
        return out;
    }

    @Test
    void saysWhichCompilersRunWhenNotBoth() throws Exception {
        assertTrue(describeIn("-XX:TieredStopAtLevel=1").contains(", C1 JIT only, "));
        assertTrue(describeIn("-XX:-TieredCompilation").contains(", C2 JIT only, "));
        String both = describeIn();
        assertFalse(both.contains("JIT"), both);
    }

    @Test
    void saysTheHeapAndTheCollector() throws Exception {
        String d = describeIn("-Xms64m", "-Xmx64m", "-XX:+UseSerialGC");
        assertTrue(d.contains("Serial, heap 64 MiB fixed, "), d);
    }
}
