package dev.harness.core.host;

import static dev.harness.core.host.ProcFixtures.fixture;
import static dev.harness.core.host.ProcFixtures.text;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

class PressureTest {
    private static final double EXACT = 1e-9;

    private final ProcFixtures.Noted noted = new ProcFixtures.Noted();

    private Pressure parse(String fixture) {
        return Pressure.parse(fixture(fixture), noted);
    }

    @Test
    void someAndFullAvg10() {
        assertEquals(11.56, parse("normal/before/pressure/cpu").someAvg10(), EXACT);
        assertEquals(0.64, parse("normal/before/pressure/io").someAvg10(), EXACT);
        assertEquals(0.45, parse("normal/before/pressure/io").fullAvg10(), EXACT);
        assertEquals(0.0, parse("normal/before/pressure/memory").fullAvg10(), EXACT);

        assertEquals(40.0, parse("normal/after/pressure/cpu").someAvg10(), EXACT);
        assertEquals(20.0, parse("normal/after/pressure/io").someAvg10(), EXACT);
        assertEquals(12.5, parse("normal/after/pressure/io").fullAvg10(), EXACT);
        assertEquals(4.0, parse("normal/after/pressure/memory").someAvg10(), EXACT);
        assertEquals(3.25, parse("normal/after/pressure/memory").fullAvg10(), EXACT);
        assertEquals(List.of(), noted.said);
    }

    @Test
    void cpuPressureWithoutAFullLine() {
        Pressure cpu = parse("cpu-pressure-without-full/pressure/cpu");
        assertEquals(2.5, cpu.someAvg10(), EXACT);
        assertTrue(Double.isNaN(cpu.fullAvg10()));
        assertEquals(0.45, parse("cpu-pressure-without-full/pressure/io").fullAvg10(), EXACT);
        assertEquals(0.0, parse("cpu-pressure-without-full/pressure/memory").someAvg10(), EXACT);
        assertEquals(List.of(), noted.said);
    }

    @Test
    void ioPressureWithoutAFullLineIsNaNNotAnError() {
        Pressure io = Pressure.parse(text("some avg10=1.50 avg60=1.00 avg300=0.50 total=1234\n"), noted);
        assertEquals(1.5, io.someAvg10(), EXACT);
        assertTrue(Double.isNaN(io.fullAvg10()));
        assertEquals(List.of(), noted.said);
    }

    @Test
    void malformedLinesAreSkipped() {
        Pressure cpu = Pressure.parse(text("some avg10 = 1\nfull avg10=oops\n"), noted);
        assertTrue(Double.isNaN(cpu.someAvg10()));
        assertTrue(Double.isNaN(cpu.fullAvg10()));
        assertEquals(List.of("malformed: some avg10 = 1", "malformed: full avg10=oops"), noted.said);
        noted.said.clear();

        assertEquals(1.0, Pressure.parse(text("some avg10=1.00 avg60=0.00 avg300=0.00 total=0\n"), noted)
                .someAvg10(), EXACT);
        assertEquals(2.0, Pressure.parse(text("some avg10=2.00 avg60=0.00 avg300=0.00 total=0\n"), noted)
                .someAvg10(), EXACT);
        assertEquals(List.of(), noted.said);
    }
}
