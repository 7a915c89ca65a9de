package dev.harness.core.host;

import static dev.harness.core.host.ProcFixtures.fixture;
import static dev.harness.core.host.ProcFixtures.text;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

class VmStatTest {
    private final ProcFixtures.Noted noted = new ProcFixtures.Noted();

    @Test
    void majorFaults() {
        assertEquals(5195, VmStat.parse(fixture("normal/before/vmstat"), noted).majorFaults());
        assertEquals(5245, VmStat.parse(fixture("normal/after/vmstat"), noted).majorFaults());
        assertEquals(List.of(), noted.said);
    }

    @Test
    void missingMajorFaultsAreSaid() {
        assertEquals(-1, VmStat.parse(text("pgfault 12\n"), noted).majorFaults());
        assertEquals(List.of("missing: pgmajfault; major page faults not sampled"), noted.said);
    }

    @Test
    void aMalformedLineIsSaidAsThat() {
        assertEquals(-1, VmStat.parse(text("pgmajfault lots\n"), noted).majorFaults());
        assertEquals(List.of("malformed: pgmajfault lots"), noted.said);
    }

    @Test
    void aNameWithoutAValueIsNotTheLine() {
        assertEquals(-1, VmStat.parse(text("pgmajfault\n"), noted).majorFaults());
        assertEquals(List.of("missing: pgmajfault; major page faults not sampled"), noted.said);
    }
}
