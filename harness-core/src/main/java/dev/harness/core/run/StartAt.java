package dev.harness.core.run;

import java.time.Clock;
import java.time.Instant;
import java.time.LocalTime;
import java.time.ZonedDateTime;
import java.time.format.DateTimeParseException;
import java.util.concurrent.TimeUnit;

import dev.harness.core.SettingsException;

/**
 * {@code --start-at}: one wall-clock start for a schedule that several hosts run side by side. An
 * instant ({@code 2026-11-21T14:30:00Z}) or a local time ({@code HH:MM[:SS]}, the next to come),
 * within the next 24 hours.
 */
public final class StartAt {
    private StartAt() {
    }

    /** The instant {@code text} names, seen at {@code clock}'s now; null for null. */
    public static Instant parse(String text, Clock clock) {
        if (text == null) {
            return null;
        }
        Instant t;
        try {
            if (text.matches("\\d{1,2}:\\d{2}(:\\d{2})?")) {
                LocalTime time = LocalTime.parse(text.length() == 4 ? "0" + text : text);
                ZonedDateTime now = ZonedDateTime.now(clock);
                ZonedDateTime today = now.with(time);
                t = (today.isAfter(now) ? today : today.plusDays(1)).toInstant();
            } else {
                t = Instant.parse(text);
            }
        } catch (DateTimeParseException e) {
            throw new SettingsException("--start-at", "expected an instant such as 2026-11-21T14:30:00Z or a local time"
                    + " HH:MM[:SS], got '" + text + "'");
        }
        long aheadMs = t.toEpochMilli() - clock.millis();
        SettingsException.require(aheadMs > 0 && aheadMs <= TimeUnit.DAYS.toMillis(1), "--start-at",
                "expected a time within the next 24 hours, got " + t);
        return t;
    }
}
