package dev.harness.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.jupiter.api.io.TempDir;

/** harness restart-study, small: kill -9 keeps every committed message and none of the uncommitted ones. */
@Isolated
class RestartStudyIT {
    @TempDir
    Path dir;

    @Test
    void aKilledBrokerComesBackWithExactlyItsCommittedMessages() throws Exception {
        Path out = dir.resolve("restart.md");
        // Over 3 queues, as seed 002 spread its messages over 10: 300 committed and 50 uncommitted round robin.
        HarnessProcess.Result r = HarnessProcess.run(dir, 300, "restart-study", "--depths", "0,300", "--uncommitted", "0,50",
                "--queues", "3", "--size", "512", "--dir", dir.toString(), "--out", out.toString());
        assertEquals(0, r.exitCode(), r::toString);
        List<String> rows = Files.readAllLines(out).stream().filter(l -> l.matches("\\| [0-9,]+ \\|.*")).toList();
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
        assertTrue(r.stdout().contains("kill -9"), r::toString);
        assertTrue(Files.readString(out).contains("messages on 3 queues round robin (HARNESS.RESTART.STUDY.1 .. HARNESS.RESTART"
                + ".STUDY.3)"), () -> String.join("\n", rows));
        try (var left = Files.list(dir)) {
            assertTrue(left.noneMatch(p -> p.getFileName().toString().startsWith("harness-restart-study-")
                    && Files.isDirectory(p) && p.toFile().list().length > 0), "journals removed");
        }
    }
}
