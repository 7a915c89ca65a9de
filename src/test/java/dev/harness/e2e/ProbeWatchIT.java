package dev.harness.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * harness probe against a JVM that loads its messaging classes only after the probe came
 * ({@link PacedApp}): the probe says so, keeps watching, and counts the calls made once they
 * appear; a second probe at the same time is refused (exit 4, busy); Ctrl-C ends the first with
 * its summary and exit 130, and the application's classes no longer run the probe's advice, as a
 * test agent of its own sees them ({@link ClassBytes}).
 */
class ProbeWatchIT {
    private static final long S = 1_000_000_000L;

    @TempDir
    Path dir;

    @Test
    void watchesForLateClassesRefusesASecondProbeAndCtrlCRemovesItself() throws Exception {
        try (BrokerProcess broker = BrokerProcess.start(dir, dir.resolve("data"))) {
            Process app = PacedApp.start(dir, broker.url(), 0);
            try {
                String pid = Long.toString(app.pid());
                PacedApp.await(app, dir, "ready");
                Path hlog = dir.resolve("late.hlog");
                try (HarnessProcess probe = HarnessProcess.start(dir, "probe", "--pid", pid, "--interval", "1s",
                        "--hlog", hlog.toString())) {
                    awaitOutput(probe, "no messaging classes loaded yet");
                    Files.writeString(dir.resolve("go"), "");
                    PacedApp.await(app, dir, "warm-done");
                    awaitOutput(probe, "instrumented");

                    HarnessProcess.Result second = HarnessProcess.run(dir, 60, "probe", "--pid", pid, "--duration", "1s");
                    assertEquals(4, second.exitCode(), second::toString);
                    second.assertOneLine("busy", "probed already");

                    probe.signal("INT");
                    assertEquals(130, probe.waitFor(30), () -> out(probe));
                    String stdout = probe.stdout();
                    assertTrue(stdout.contains("summary of") && stdout.contains("removed the instrumentation"),
                            () -> out(probe));
                    assertTrue(stdout.matches("(?s).*\\nsend-syncpoint +" + PacedApp.WARM_SEND_SYNCPOINT + " .*"),
                            () -> out(probe));
                }
                // What the application did once its classes appeared, all of it, in the hlog.
                Map<String, Integer> expected = Map.of("send-syncpoint", PacedApp.WARM_SEND_SYNCPOINT,
                        "commit", PacedApp.WARM_COMMIT, "send", PacedApp.WARM_SEND);
                for (Map.Entry<String, Integer> e : expected.entrySet()) {
                    assertEquals((long) e.getValue(), HlogFiles.sum(hlog, e.getKey()).getTotalCount(),
                            e.getKey() + " in " + hlog + ":\n" + Files.readString(hlog));
                }
                Files.writeString(dir.resolve("check-after"), "");
                String after = PacedApp.await(app, dir, "checked-after");
                assertTrue(after.matches("looked-at=[1-9]\\d* probed=0 .*"), after);
                Files.writeString(dir.resolve("exit"), "");
                assertTrue(app.waitFor(30, java.util.concurrent.TimeUnit.SECONDS), "the application ran on and exited");
                assertEquals(0, app.exitValue(), () -> read("app.err"));
            } finally {
                app.destroyForcibly();
            }
        }
    }

    static void awaitOutput(HarnessProcess p, String text) throws Exception {
        long deadline = System.nanoTime() + 60 * S;
        while (!p.stdout().contains(text)) {
            assertTrue(p.isAlive() && System.nanoTime() < deadline, () -> "no '" + text + "' from the probe:\n" + out(p));
            Thread.sleep(50);
        }
    }

    static String out(HarnessProcess p) {
        try {
            return p.stdout() + "\n--- stderr\n" + p.stderr();
        } catch (java.io.IOException e) {
            return "(unreadable)";
        }
    }

    private String read(String name) {
        try {
            return Files.readString(dir.resolve(name));
        } catch (java.io.IOException e) {
            return "(no " + name + ")";
        }
    }
}
