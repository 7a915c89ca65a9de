package dev.harness.core.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;

import org.junit.jupiter.api.Test;

import dev.harness.core.SettingsException;

/** --start-at and the runner's own settings, on a fixed clock. */
class StartAtTest {
    /** 2026-11-21 14:00:00 UTC. */
    private final Clock clock = Clock.fixed(Instant.parse("2026-11-21T14:00:00Z"), ZoneOffset.UTC);

    @Test
    void anInstantOrTheNextLocalTime() {
        assertEquals(Instant.parse("2026-11-21T14:30:00Z"), StartAt.parse("2026-11-21T14:30:00Z", clock));
        assertEquals(Instant.parse("2026-11-21T14:30:00Z"), StartAt.parse("14:30", clock));
        assertEquals(Instant.parse("2026-11-21T14:30:15Z"), StartAt.parse("14:30:15", clock));
        assertEquals(Instant.parse("2026-11-22T09:05:00Z"), StartAt.parse("9:05", clock), "tomorrow's, the next to come");
        assertNull(StartAt.parse(null, clock));
    }

    @Test
    void aTimePastOrTooFarIsOneLineNamingTheOption() {
        SettingsException past = assertThrows(SettingsException.class, () -> StartAt.parse("2026-11-21T13:59:00Z", clock));
        assertEquals("--start-at", past.option());
        assertTrue(past.getMessage().contains("within the next 24 hours"), past.getMessage());
        assertThrows(SettingsException.class, () -> StartAt.parse("2026-11-23T14:00:00Z", clock));
        SettingsException garbled = assertThrows(SettingsException.class, () -> StartAt.parse("half past two", clock));
        assertTrue(garbled.getMessage().startsWith("--start-at: expected an instant"), garbled.getMessage());
    }

    @Test
    void theRunnersSettingsCheckThemselves() {
        RunnerSettings d = RunnerSettings.every(RunnerSettings.DEFAULT_INTERVAL_NS);
        assertEquals(1_000_000_000L, d.intervalNs());
        assertEquals(10_000_000L, d.pauseResolutionNs());
        assertEquals(10_000_000L, d.hiccupResolutionNs());
        assertEquals("--interval", assertThrows(SettingsException.class, () -> RunnerSettings.every(99_999_999L)).option());
        assertEquals("--pause-resolution", assertThrows(SettingsException.class,
                () -> new RunnerSettings(1_000_000_000L, 999_999L, 1_000_000L, null, false)).option());
        assertEquals("--hiccup-resolution", assertThrows(SettingsException.class,
                () -> new RunnerSettings(1_000_000_000L, 5_000_000L, 99_999L, null, false)).option());
    }
}
