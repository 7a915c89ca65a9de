package dev.harness.core.measure;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * An idle JVM has next to no hiccups at any resolution the option accepts. Before JDK 21,
 * Thread.sleep(ms, nanos) rounds up to whole milliseconds, so a 200 us meter built on it slept
 * about 1 ms and read every wake-up as a hiccup of about 0.8 ms: its median is what this pins.
 */
class HiccupMeterTest {
    @Test
    void anIdleJvmAt200usHasSmallHiccups() throws InterruptedException {
        assertMedianHiccupSmall(TimeUnit.MICROSECONDS.toNanos(200));
    }

    @Test
    void anIdleJvmAt1msHasSmallHiccups() throws InterruptedException {
        assertMedianHiccupSmall(TimeUnit.MILLISECONDS.toNanos(1));
    }

    private static void assertMedianHiccupSmall(long resolutionNs) throws InterruptedException {
        Histogram h;
        try (HiccupMeter meter = HiccupMeter.start(resolutionNs)) {
            meter.takeInterval();
            Thread.sleep(1_000);
            h = meter.takeInterval().copy();
        }
        long wakeUps = TimeUnit.SECONDS.toNanos(1) / resolutionNs;
        // Most wake-ups happened: a meter sleeping five times too long would have a fifth of them.
        assertTrue(h.getTotalCount() > wakeUps / 2, h.getTotalCount() + " wake-ups of " + wakeUps + " due");
        // The median wake-up is late by the timer's slack (about 50 us on Linux), never by most
        // of a millisecond; the bound leaves room for a busy machine's scheduling.
        long medianNs = h.getValueAtPercentile(50);
        assertTrue(medianNs < 400_000, "median hiccup " + medianNs / 1000 + " us at a resolution of "
                + resolutionNs / 1000 + " us");
    }
}
