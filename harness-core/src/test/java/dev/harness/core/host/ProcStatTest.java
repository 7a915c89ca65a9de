package dev.harness.core.host;

import static dev.harness.core.host.ProcFixtures.fixture;
import static dev.harness.core.host.ProcFixtures.text;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;

import org.junit.jupiter.api.Test;

class ProcStatTest {
    private final ProcFixtures.Noted noted = new ProcFixtures.Noted();

    @Test
    void cpusAndRunQueue() {
        ProcStat before = ProcStat.parse(fixture("normal/before/stat"), noted);
        assertEquals(2, before.cpus());
        assertEquals(1, before.procsRunning());
        assertEquals(0, before.procsBlocked());

        ProcStat after = ProcStat.parse(fixture("normal/after/stat"), noted);
        assertEquals(2, after.cpus());
        assertEquals(9, after.procsRunning());
        assertEquals(2, after.procsBlocked());
        assertEquals(List.of(), noted.said);
    }

    @Test
    void aggregateCpuJiffiesWithoutGuest() {
        // Ten columns on this kernel; guest and guest_nice are already inside user and nice, so they are not kept.
        ProcStat s = ProcStat.parse(fixture("normal/after/stat"), noted);
        assertArrayEquals(new long[] {624051, 20, 208734, 990086, 30437, 5, 28268, 22927}, s.cpuJiffies());
    }

    @Test
    void missingRunQueueIsSaid() {
        ProcStat s = ProcStat.parse(text("cpu  10 0 10 100 0 0 0 0\ncpu0 10 0 10 100 0 0 0 0\n"), noted);
        assertEquals(1, s.cpus());
        assertEquals(List.of("missing: procs_running; run queue not sampled"), noted.said);
    }

    @Test
    void malformedLinesAreSkipped() {
        ProcStat s = ProcStat.parse(text("cpu  x 0 10 100\ncpu0 10 0 10 100 0 0 0 0\nprocs_running many\n"
                + "procs_blocked 1\n"), noted);
        assertEquals(1, s.cpus());
        assertEquals(1, s.procsBlocked());
        assertEquals(-1, s.procsRunning());
        assertNull(s.cpuJiffies());
        assertEquals(List.of("malformed: cpu  x 0 10 100", "malformed: procs_running many",
                "missing: the aggregate cpu line; CPU percentages not sampled",
                "missing: procs_running; run queue not sampled"), noted.said);
    }
}
