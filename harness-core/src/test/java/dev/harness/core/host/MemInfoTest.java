package dev.harness.core.host;

import static dev.harness.core.host.ProcFixtures.fixture;
import static dev.harness.core.host.ProcFixtures.text;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

class MemInfoTest {
    private final ProcFixtures.Noted noted = new ProcFixtures.Noted();

    @Test
    void availableMemoryInBytes() {
        assertEquals(20_000_000L * 1024, MemInfo.parse(fixture("normal/before/meminfo"), noted).availableBytes());
        assertEquals(19_000_000L * 1024, MemInfo.parse(fixture("normal/after/meminfo"), noted).availableBytes());
        assertEquals(List.of(), noted.said);
    }

    @Test
    void kernelsWithoutMemAvailableAreSaid() {
        assertEquals(-1, MemInfo.parse(text("MemTotal: 1000 kB\n"), noted).availableBytes());
        assertEquals(List.of("missing: MemAvailable (kernel before 3.14); available memory not sampled"), noted.said);
    }

    @Test
    void aMalformedLineIsSaidAsThat() {
        assertEquals(-1, MemInfo.parse(text("MemAvailable: lots kB\n"), noted).availableBytes());
        assertEquals(List.of("malformed: MemAvailable: lots kB"), noted.said);
    }
}
