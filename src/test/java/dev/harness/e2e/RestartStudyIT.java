package dev.harness.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * harness restart-study, small: kill -9 keeps every committed message and none of the uncommitted
 * ones. Counts only, on brokers of its own at free ports, so it runs beside other classes.
 */
class RestartStudyIT {
    @TempDir
    Path dir;

    /**
     * The table and a verdict on the console, each case's line with what came back against what was
     * committed; no file written unless --out names one (it appended to bench/results-restart.md
     * where it ran), and no client left waiting on a killed broker (AMQ212037 on stderr).
     */
    @Test
    void aKilledBrokerComesBackWithExactlyItsCommittedMessages() throws Exception {
        // Over 3 queues, as IBM's study spread its messages over 10: 300 committed and 50 uncommitted round robin.
        HarnessProcess.Result r = HarnessProcess.run(dir, 300, "restart-study", "--depths", "0,300", "--uncommitted", "0,50",
                "--queues", "3", "--size", "512", "--dir", dir.toString());
        assertEquals(0, r.exitCode(), r::toString);
        String out = r.stdout();
        List<String> rows = out.lines().filter(l -> l.matches("\\| [0-9,]+ \\|.*")).toList();
        assertEquals(4, rows.size(), () -> String.join("\n", rows));
        for (String row : rows) {
            String[] cells = row.split("\\|");
            long depth = Long.parseLong(cells[1].strip().replace(",", ""));
            long restartMs = Long.parseLong(cells[3].strip().replace(",", ""));
            long recovered = Long.parseLong(cells[6].strip().replace(",", ""));
            assertEquals(depth, recovered, "committed kept, uncommitted rolled back: " + row);
            assertEquals(List.of("0", "0", "0"), List.of(cells[7].strip(), cells[8].strip(), cells[9].strip()),
                    "missing, twice, extra: each committed message back once, no uncommitted one: " + row);
            assertTrue(restartMs > 0, row);
        }
        List<String> lines = out.lines().filter(l -> l.startsWith("depth ")).toList();
        assertEquals(4, lines.size(), out);
        assertTrue(lines.stream().allMatch(l -> l.contains("  missing 0  twice 0  extra 0")), out);
        assertTrue(lines.stream().allMatch(l -> l.contains(" ms after ready")), out);
        assertTrue(out.contains("\nverdict: PASS: every case (4 of 4) recovered exactly its committed messages"), out);
        assertTrue(out.contains("kill -9"), r::toString);
        assertTrue(out.contains("messages on 3 queues round robin (HARNESS.RESTART.STUDY.1 .. HARNESS.RESTART.STUDY.3)"),
                out);
        assertFalse(out.contains("appended to"), out);
        assertFalse(Files.exists(dir.resolve("bench")), "no bench/results-restart.md where it ran");
        assertFalse(r.stderr().contains("AMQ212037"), "a client waited out its call timeout on a killed broker: " + r);
        try (var left = Files.list(dir)) {
            assertTrue(left.noneMatch(p -> p.getFileName().toString().startsWith("harness-restart-study-")
                    && Files.isDirectory(p) && p.toFile().list().length > 0), "journals removed");
        }
    }

    @Test
    void outAppendsTheTable() throws Exception {
        Path out = dir.resolve("restart.md");
        Files.writeString(out, "# earlier results\n");
        HarnessProcess.Result r = HarnessProcess.run(dir, 300, "restart-study", "--depths", "100", "--uncommitted", "0",
                "--size", "512", "--out", out.toString());
        assertEquals(0, r.exitCode(), r::toString);
        String md = Files.readString(out);
        assertTrue(md.startsWith("# earlier results\n"), md);
        assertEquals(1, md.lines().filter(l -> l.startsWith("| 100 | 0 |")).count(), md);
        assertTrue(md.contains("first message ms: from ready to a consumer's first message"), md);
        assertFalse(md.contains("verdict"), "the verdict is the console's: " + md);
        assertTrue(r.stdout().contains("appended to " + out), r::toString);
    }

    /**
     * Ctrl-C between cases: the case under way ends, no other begins, and the cases done are the
     * table, on the console and in --out; exit 130. Its own brokers' journals are removed.
     */
    @Test
    void anInterruptedStudyKeepsTheCasesItDid() throws Exception {
        Path out = dir.resolve("restart.md");
        String console;
        int code;
        try (HarnessProcess p = HarnessProcess.start(dir, "restart-study", "--depths", "100,200,300,400,500,600",
                "--uncommitted", "0", "--size", "512", "--dir", dir.toString(), "--out", out.toString())) {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            while (p.stdout().lines().noneMatch(l -> l.startsWith("depth ")) && p.isAlive() && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertTrue(p.isAlive(), "the study ended before its first case was done: " + p.stdout());
            p.signal("INT");
            code = p.waitFor(120);
            console = p.stdout() + "\n--- stderr\n" + p.stderr();
        }
        assertEquals(130, code, console);
        long done = console.lines().filter(l -> l.startsWith("depth ")).count();
        assertTrue(done >= 1 && done < 6, console);
        List<String> rows = console.lines().filter(l -> l.matches("\\| [0-9,]+ \\|.*")).toList();
        assertEquals(done, rows.size(), "every case done is in the table: " + console);
        assertTrue(console.contains("Incomplete: interrupted after " + done + " of 6 cases; the others did not run"), console);
        assertFalse(console.contains("verdict: PASS"), "no verdict on a study that did not run: " + console);
        assertTrue(console.contains("interrupted: " + done + " of 6 cases done"), console);
        assertEquals(done, Files.readString(out).lines().filter(l -> l.matches("\\| [0-9,]+ \\|.*")).count(),
                "--out has them too");
        try (var left = Files.list(dir)) {
            assertTrue(left.noneMatch(f -> f.getFileName().toString().startsWith("harness-restart-study-")
                    && Files.isDirectory(f) && f.toFile().list().length > 0), "journals removed");
        }
    }
}
