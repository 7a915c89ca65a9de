package dev.harness.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import dev.harness.core.schedule.Warmup;
import picocli.CommandLine.TypeConversionException;

class ValuesTest {
    @Test
    void durations() {
        assertEquals(150_000L, Values.durationNs("150us"));
        assertEquals(500_000_000L, Values.durationNs("500ms"));
        assertEquals(30_000_000_000L, Values.durationNs("30s"));
        assertEquals(120_000_000_000L, Values.durationNs("2m"));
        assertEquals(3_600_000_000_000L, Values.durationNs("1h"));
        assertEquals(1_500_000_000L, Values.durationNs("1.5s"));
        assertEquals(0L, Values.durationNs("0"), "0 is 0 in every unit");
        // A bare number is refused: 5 may have meant seconds or milliseconds.
        Values.NoUnit bare = assertThrows(Values.NoUnit.class, () -> Values.durationNs("7"));
        assertEquals("--warmup 7: a duration needs its unit, e.g. --warmup 7s (us, ms, s, m or h)",
                Values.noUnit("--warmup", bare));
        assertThrows(Values.NoUnit.class, () -> Values.durationNs("1.5"));
        TypeConversionException e = assertThrows(TypeConversionException.class, () -> Values.durationNs("5 sec"));
        assertTrue(e.getMessage().contains("500ms, 30s, 2m"), e.getMessage());
        assertThrows(TypeConversionException.class, () -> Values.durationNs("-1s"));
    }

    @Test
    void warmups() {
        Values.WarmupValue w = new Values.WarmupValue();
        assertEquals(Warmup.fixed(5_000_000_000L), w.convert("5s"));
        assertEquals(Warmup.fixed(0), w.convert("0s"));
        assertEquals(new Warmup(2_000_000_000L, 120_000_000_000L), w.convert("auto"), "at least 2 s, at most 2 min");
        assertEquals(new Warmup(2_000_000_000L, 30_000_000_000L), w.convert("AUTO:30s"));
        TypeConversionException e = assertThrows(TypeConversionException.class, () -> w.convert("auto:1s"));
        assertEquals("auto:MAX needs a MAX of 2s to 7 days, got 'auto:1s'", e.getMessage());
        e = assertThrows(TypeConversionException.class, () -> w.convert("later"));
        assertTrue(e.getMessage().contains("or auto, or auto:MAX such as auto:2m, got 'later'"), e.getMessage());
        assertThrows(TypeConversionException.class, () -> w.convert("auto:"));
        assertEquals("expected 0s to 7 days, got '8000h'", assertThrows(TypeConversionException.class,
                () -> w.convert("8000h")).getMessage());
        assertTrue(w.convert("auto").auto());
        assertEquals(120_000_000_000L, w.convert("auto").longestNs());
        assertEquals(5_000_000_000L, w.convert("5s").longestNs());
    }

    @Test
    void sizes() {
        assertEquals(2048, Values.sizeBytes("2KiB"));
        assertEquals(2048, Values.sizeBytes("2KB"));
        assertEquals(2048, Values.sizeBytes("2048"));
        assertEquals(1_048_576, Values.sizeBytes("1MiB"));
        assertThrows(TypeConversionException.class, () -> Values.sizeBytes("2GiB"));
        assertThrows(TypeConversionException.class, () -> Values.sizeBytes("lots"));
        assertThrows(TypeConversionException.class, () -> Values.sizeBytes("4096MiB"));
    }

    @Test
    void rates() {
        assertEquals(0, Values.rate("max"));
        assertEquals(0, Values.rate("MAX"));
        assertEquals(1000, Values.rate("1000"));
        assertEquals(0.5, Values.rate("0.5"));
        assertThrows(TypeConversionException.class, () -> Values.rate("0"));
        assertThrows(TypeConversionException.class, () -> Values.rate("-3"));
        assertThrows(TypeConversionException.class, () -> Values.rate("fast"));
        assertThrows(TypeConversionException.class, () -> Values.rate("NaN"));
    }
}
