package dev.harness.core.measure;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * The meter sleeps what it is asked at any resolution the option accepts. Before JDK 21,
 * Thread.sleep(ms, nanos) rounds up to whole milliseconds, so a 200 us meter built on it slept
 * about 1 ms and read every wake-up as a hiccup of about 0.8 ms. Judged against a baseline over
 * the same second in this JVM (a thread that parks for the resolution and notes how late it woke),
 * so a busy machine's scheduling, which delays both alike, fails nothing.
 */
class HiccupMeterTest {
    @Test
    void at200usItIsNoLaterThanTheMachineWakesAThread() throws InterruptedException {
        assertHiccupsAsTheBaselines(TimeUnit.MICROSECONDS.toNanos(200));
    }

    @Test
    void at1msItIsNoLaterThanTheMachineWakesAThread() throws InterruptedException {
        assertHiccupsAsTheBaselines(TimeUnit.MILLISECONDS.toNanos(1));
    }

    private static void assertHiccupsAsTheBaselines(long resolutionNs) throws InterruptedException {
        Histogram baseline = new Histogram(3);
        Histogram h;
        try (HiccupMeter meter = HiccupMeter.start(resolutionNs)) {
            meter.takeInterval();
            long endNs = System.nanoTime() + TimeUnit.SECONDS.toNanos(1);
            while (System.nanoTime() < endNs) {
                long before = System.nanoTime();
                LockSupport.parkNanos(resolutionNs);
                baseline.recordValue(Math.max(0, System.nanoTime() - before - resolutionNs));
            }
            h = meter.takeInterval().copy();
        }
        long medianNs = h.getValueAtPercentile(50);
        long baselineNs = baseline.getValueAtPercentile(50);
        // A meter that slept 1 ms at 200 us reads about 800 us where the baseline reads tens.
        assertTrue(medianNs <= 3 * baselineNs + 100_000, "median hiccup " + medianNs / 1000 + " us against the baseline's "
                + baselineNs / 1000 + " us at a resolution of " + resolutionNs / 1000 + " us");
        // Most wake-ups happened: a meter sleeping five times too long would have a fifth of the baseline's.
        assertTrue(h.getTotalCount() > baseline.getTotalCount() / 2, h.getTotalCount() + " wake-ups against the baseline's "
                + baseline.getTotalCount());
    }
}
