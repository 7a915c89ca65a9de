package dev.harness.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * harness probe against a real application ({@link ProbedApp}: Jakarta Messaging on the Artemis
 * client, a harness broker child over TCP on 127.0.0.1) in a child JVM: the hlog's counts per tag
 * are what the application did while probed; the probe ends, or is killed, and the agent removes
 * its instrumentation; a second probe of the same JVM counts the same again.
 */
class ProbeIT {
    private static final long S = 1_000_000_000L;

    @TempDir
    Path dir;

    @Test
    void countsWhatTheApplicationDidAndLeavesItAsFound() throws Exception {
        try (BrokerProcess broker = BrokerProcess.start(dir, dir.resolve("data"))) {
            Process app = startApp(List.of(), broker.url());
            try {
                long pid = app.pid();
                awaitFile(app, "ready");

                Path hlog = dir.resolve("one.hlog");
                HarnessProcess.Result first = probeOneBatch(pid, app, 1, hlog);
                assertEquals(0, first.exitCode(), first::toString);
                assertCounts(hlog);
                String report = Files.readString(Path.of(hlog + ".html"));
                for (String tag : List.of("send", "send-syncpoint", "commit", "receive", "on-message", "hiccup")) {
                    assertTrue(report.contains("data-view=\"" + tag + "\""), "the report's summary has a row for " + tag);
                }
                assertTrue(first.stdout().contains("send-syncpoint, this interval:"), "--histogram: " + first);
                var summary = HarnessProcess.json(Path.of(hlog + ".json"));
                assertEquals("harness-probe/1", summary.get("schema").asText());
                assertEquals(ProbedApp.SEND_SYNCPOINT, summary.get("operations").get("send-syncpoint").get("count").asInt());
                assertEquals(ProbedApp.RECEIVE, summary.get("operations").get("receive").get("count").asInt());
                assertEquals(ProbedApp.EMPTY_RECEIVES, summary.get("emptyReceives").asInt());
                var send = summary.get("operations").get("send");
                assertEquals(ProbedApp.SEND - ProbedApp.SEND_NON_PERSISTENT, send.get("persistent").asInt(), send::toString);
                assertEquals(ProbedApp.SEND_NON_PERSISTENT, send.get("nonPersistent").asInt(), send::toString);
                assertEquals(ProbedApp.SEND_SYNCPOINT, summary.get("operations").get("send-syncpoint").get("persistent").asInt());
                // The pause-corrected view holds every call, plus those the probed JVM's pauses held back.
                for (String tag : List.of("send", "send-syncpoint", "commit", "receive", "on-message")) {
                    var op = summary.get("operations").get(tag);
                    assertTrue(op.get("pauseCorrected").get("count").asLong() >= op.get("count").asLong(), op::toString);
                    assertTrue(HlogFiles.sum(hlog, tag + "-pause-corrected").getTotalCount()
                            >= HlogFiles.sum(hlog, tag).getTotalCount(), tag);
                }
                assertTrue(summary.get("agentCost").get("cpuNs").asLong() > 0, summary::toString);
                assertTrue(first.stdout().contains("send: 20 persistent, 10 non-persistent"), first::toString);
                assertTrue(first.stdout().contains("operation (µs)") && first.stdout().contains("send-syncpoint"),
                        first::toString);
                assertTrue(first.stdout().contains("harness probe ended: stopped by harness probe; removed the instrumentation"),
                        first::toString);
                // The probe's send times sit inside the application's own timing of the same calls.
                String done1 = Files.readString(dir.resolve("done-1"));
                long appTxNs = figure(done1, "send-syncpoint-ns");
                Histogram probedTx = HlogFiles.sum(hlog, "send-syncpoint");
                double probeTxNs = probedTx.getMean() * probedTx.getTotalCount();
                assertTrue(probeTxNs <= appTxNs * 1.05 && probeTxNs >= appTxNs * 0.2,
                        "probe " + probeTxNs + " ns against the app's " + appTxNs + " ns");

                // Unprobed, the application runs on, and the agent says it removed what it added.
                go(app, 2);
                assertTrue(Files.readString(dir.resolve("done-2")).contains("status=ended: stopped by harness probe; removed the"
                        + " instrumentation from"), () -> read("done-2"));

                // A killed probe: the agent sees its connection close and removes itself.
                try (HarnessProcess killed = HarnessProcess.start(dir, "probe", "--pid", Long.toString(pid),
                        "--interval", "1s")) {
                    awaitOutput(killed, "instrumented");
                    // A second probe meanwhile is refused, and leaves the first's status as it was (done-3).
                    HarnessProcess.Result busy = HarnessProcess.run(dir, 60, "probe", "--pid", Long.toString(pid),
                            "--duration", "1s");
                    assertEquals(4, busy.exitCode(), busy::toString);
                    busy.assertOneLine("busy");
                    killed.signal("KILL");
                    killed.waitFor(10);
                }
                Thread.sleep(2_000); // "within seconds": the batch reads the agent's status at its end
                go(app, 3);
                assertTrue(read("done-3").contains("status=ended: harness probe went away")
                        && read("done-3").contains("removed the instrumentation"), () -> read("done-3"));

                // Probing again works and counts the same.
                Path again = dir.resolve("again.hlog");
                HarnessProcess.Result second = probeOneBatch(pid, app, 4, again);
                assertEquals(0, second.exitCode(), second::toString);
                assertCounts(again);

                // The application exits while probed: what was seen, exit 0.
                try (HarnessProcess last = HarnessProcess.start(dir, "probe", "--pid", Long.toString(pid))) {
                    awaitOutput(last, "instrumented");
                    go(app, 5);
                    Files.writeString(dir.resolve("exit"), "");
                    assertEquals(0, last.waitFor(30), () -> out(last));
                    assertTrue(last.stdout().contains("the probed JVM is exiting") || last.stdout().contains("exited"),
                            () -> out(last));
                    assertTrue(last.stdout().matches("(?s).*\\nsend-syncpoint +" + ProbedApp.SEND_SYNCPOINT + " .*"),
                            () -> out(last));
                }
            } finally {
                app.destroyForcibly();
            }
        }
    }

    @Test
    void aJvmWithoutMessagingIsWatchedAndOneThatCannotBeAttachedToIsExit3() throws Exception {
        Files.createDirectories(dir.resolve("closed"));
        Process idle = start(List.of(), IdleJvm.class, dir.toString());
        Process closed = start(List.of("-XX:+DisableAttachMechanism"), IdleJvm.class, dir.resolve("closed").toString());
        try {
            awaitFile(idle, "ready");
            awaitFile(closed, "closed/ready"); // refused for its attach setting, not for being too young to answer
            HarnessProcess.Result watched = HarnessProcess.run(dir, 60, "probe", "--pid", Long.toString(idle.pid()),
                    "--duration", "2s");
            assertEquals(0, watched.exitCode(), watched::toString);
            assertTrue(watched.stdout().contains("no messaging classes loaded yet"), watched::toString);
            assertTrue(watched.stdout().contains("no messaging calls seen"), watched::toString);

            HarnessProcess.Result refused = HarnessProcess.run(dir, 60, "probe", "--pid", Long.toString(closed.pid()));
            assertEquals(3, refused.exitCode(), refused::toString);
            refused.assertOneLine("cannot attach to process " + closed.pid());

            long gone = new ProcessBuilder("true").start().pid();
            HarnessProcess.Result missing = HarnessProcess.run(dir, 60, "probe", "--pid", Long.toString(gone));
            assertEquals(3, missing.exitCode(), missing::toString);

            HarnessProcess.Result bad = HarnessProcess.run(dir, 60, "probe", "--pid", "1", "--interval", "10ms");
            assertEquals(2, bad.exitCode(), bad::toString);
            bad.assertOneLine("--interval");
        } finally {
            idle.destroyForcibly();
            closed.destroyForcibly();
        }
    }

    private HarnessProcess.Result probeOneBatch(long pid, Process app, int batch, Path hlog) throws Exception {
        try (HarnessProcess probe = HarnessProcess.start(dir, "probe", "--pid", Long.toString(pid), "--duration", "5s",
                "--interval", "1s", "--hlog", hlog.toString(), "--report", hlog + ".html", "--histogram", "--json", hlog + ".json")) {
            awaitOutput(probe, "instrumented");
            go(app, batch);
            int code = probe.waitFor(30);
            return new HarnessProcess.Result(code, probe.stdout(), probe.stderr());
        }
    }

    private static void assertCounts(Path hlog) throws IOException {
        Map<String, Integer> expected = Map.of("send-syncpoint", ProbedApp.SEND_SYNCPOINT, "commit", ProbedApp.COMMIT,
                "rollback", ProbedApp.ROLLBACK, "send", ProbedApp.SEND, "receive", ProbedApp.RECEIVE,
                "on-message", ProbedApp.ON_MESSAGE);
        for (Map.Entry<String, Integer> e : expected.entrySet()) {
            assertEquals((long) e.getValue(), HlogFiles.sum(hlog, e.getKey()).getTotalCount(),
                    e.getKey() + " in " + hlog + ":\n" + Files.readString(hlog));
        }
    }

    private void go(Process app, int batch) throws Exception {
        Files.writeString(dir.resolve("go-" + batch), "");
        awaitFile(app, "done-" + batch);
    }

    private void awaitFile(Process app, String name) throws Exception {
        long deadline = System.nanoTime() + 60 * S;
        while (!Files.exists(dir.resolve(name))) {
            assertTrue(app.isAlive(), () -> "the application died before " + name + ":\n" + read("app.err"));
            assertTrue(System.nanoTime() < deadline, () -> "no " + name + " from the application:\n" + read("app.err"));
            Thread.sleep(20);
        }
    }

    private static void awaitOutput(HarnessProcess p, String text) throws Exception {
        long deadline = System.nanoTime() + 60 * S;
        while (!p.stdout().contains(text)) {
            assertTrue(p.isAlive() && System.nanoTime() < deadline, () -> "no '" + text + "' from the probe:\n" + out(p));
            Thread.sleep(50);
        }
    }

    private Process startApp(List<String> jvmOptions, String url) throws IOException {
        return start(jvmOptions, ProbedApp.class, url, dir.toString());
    }

    /** A main class of the test classes in a child JVM, its output into app.out and app.err. */
    private Process start(List<String> jvmOptions, Class<?> main, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(Paths.get(System.getProperty("java.home"), "bin", "java").toString()));
        command.addAll(jvmOptions);
        command.addAll(List.of("-Xmx256m", "-cp", System.getProperty("java.class.path"), main.getName()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).directory(dir.toFile()).redirectOutput(dir.resolve("app.out").toFile())
                .redirectError(dir.resolve("app.err").toFile()).start();
    }

    private static long figure(String text, String name) {
        Matcher m = Pattern.compile(name + "=(\\d+)").matcher(text);
        assertTrue(m.find(), text);
        return Long.parseLong(m.group(1));
    }

    private String read(String name) {
        try {
            return Files.readString(dir.resolve(name));
        } catch (IOException e) {
            return "(no " + name + ")";
        }
    }

    private static String out(HarnessProcess p) {
        try {
            return p.stdout() + "\n--- stderr\n" + p.stderr();
        } catch (IOException e) {
            return "(unreadable)";
        }
    }
}
