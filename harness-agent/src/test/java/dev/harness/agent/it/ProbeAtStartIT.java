package dev.harness.agent.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * -javaagent:harness-agent.jar=probe,hlog=F at a JVM's start (the packaged, shaded jar): the hlog
 * counts what the host did per tag, and the table file has the seed's table, the failures by
 * reason and the summary. The host's own output is its own.
 */
class ProbeAtStartIT {
    @TempDir
    Path dir;

    @Test
    void theHlogAndTheTableFileCountWhatTheHostDid() throws Exception {
        Path hlog = dir.resolve("app.hlog");
        List<String> command = new ArrayList<>(List.of(Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
                "-javaagent:" + ChildJvm.agentJar() + "=probe,hlog=" + hlog + ",interval=1s", "-cp",
                Paths.get(MqHost.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString(),
                MqHost.class.getName()));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(dir.resolve("out").toFile()).start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the host ends");
        String out = Files.readString(dir.resolve("out"));
        assertEquals(0, p.exitValue(), out);
        assertEquals("host done", out.strip(), "nothing of the probe's in the host's output");

        assertEquals(200, count(hlog, "mq-put-syncpoint"));
        assertEquals(103, count(hlog, "mq-put"), "100 puts and the 3 that failed: every call is the operation's");
        assertEquals(20, count(hlog, "mq-commit"));
        String table = Files.readString(Path.of(hlog + ".txt"));
        assertTrue(table.contains("operation (µs)"), table);
        assertTrue(table.contains("probe ended: the probed JVM is exiting"), table);
        assertTrue(table.contains("mq-put failed 3 times"), table);
        assertTrue(table.contains("mq-put MQRC_HOST_NOT_AVAILABLE (2538): 3"), table);
        // The pause-corrected view: every call, and the calls the host's own pauses held back.
        for (String tag : List.of("mq-put", "mq-put-syncpoint", "mq-commit")) {
            assertTrue(count(hlog, tag + "-pause-corrected") >= count(hlog, tag), tag);
        }
        assertTrue(table.contains("p99 pc") && table.contains("  pause-corrected "), table);
        assertTrue(table.contains("the probe's own threads used"), table);
        assertTrue(table.contains("mq-put-syncpoint: 200 persistent, 0 non-persistent\n"), table);
        assertTrue(table.contains("mq-put: 0 persistent, 0 non-persistent, 100 as the queue's default or not said"), table);
    }

    private static long count(Path hlog, String tag) throws Exception {
        HistogramLogReader reader = new HistogramLogReader(hlog.toFile());
        long n = 0;
        for (EncodableHistogram h; (h = reader.nextIntervalHistogram()) != null;) {
            if (tag.equals(h.getTag())) {
                n += ((org.HdrHistogram.Histogram) h).getTotalCount();
            }
        }
        reader.close();
        return n;
    }
}
