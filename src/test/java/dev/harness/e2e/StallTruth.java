package dev.harness.e2e;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.FileNotFoundException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import org.HdrHistogram.Histogram;

import com.fasterxml.jackson.databind.JsonNode;

import dev.harness.core.disturbance.SignalFreezer;
import dev.harness.core.disturbance.Stop;

/**
 * The end-to-end tests' use of the stall truth ({@link dev.harness.core.verify.StallTruth}, where
 * the arithmetic is): a freeze timed from outside, and the run's samples above 1 s held against
 * the truth for the shortest and the longest the freeze can have been. The backlog clears at the
 * catch-up rate C, measured from the run's seconds, not at once: R (P - x) / (1 - R / C) samples lie
 * above x.
 */
final class StallTruth {
    private static final long SECOND = 1_000_000_000L;

    private StallTruth() {
    }

    /**
     * A SIGSTOP, a sleep and a SIGCONT, timed from outside with the harness's own
     * {@link SignalFreezer} (its stop returns once the kernel says the process stopped, not when
     * {@code kill} returns: on a loaded machine the process may go on working a while after), so
     * the freeze lasted between {@code stop.shortestNs()} and {@code stop.longestNs()}; it began
     * after {@code beganEpochMs}.
     */
    record Freeze(long beganEpochMs, Stop stop) {
        static Freeze of(HarnessProcess process, long millis) throws Exception {
            try (SignalFreezer signals = new SignalFreezer(process.pid(), "the test's child")) {
                long beganEpochMs = System.currentTimeMillis();
                long beforeStop = System.nanoTime();
                signals.freeze();
                long stopped = System.nanoTime();
                Thread.sleep(millis);
                long beforeCont = System.nanoTime();
                signals.thaw();
                long resumed = System.nanoTime();
                return new Freeze(beganEpochMs, Stop.timed(beforeStop, beforeStop, stopped, beforeCont, resumed));
            }
        }

        @Override
        public String toString() {
            return String.format(Locale.ROOT, "freeze of %.3f to %.3f s", stop.shortestNs() / 1e9, stop.longestNs() / 1e9);
        }
    }

    /**
     * C, measured: the mean of the seconds after the stall (the run's slowest second) that
     * completed more than the target rate, up to the first that did not. The seconds at either
     * end of the catch-up are partly stall or partly on schedule, and a restarted process is
     * slower at first, so the best second alone overstates C (a run that caught up at 1,830/s had
     * a best second of 2,260); seconds elsewhere in the run (a slow start caught up) are no part of it.
     */
    private static double catchUpRate(JsonNode run, double rate) {
        JsonNode perSecond = run.get("perSecond");
        int stalled = 0;
        for (int i = 1; i < perSecond.size(); i++) {
            if (perSecond.get(i).asDouble() < perSecond.get(stalled).asDouble()) {
                stalled = i;
            }
        }
        int i = stalled + 1;
        while (i < perSecond.size() && perSecond.get(i).asDouble() < rate * 0.95) {
            i++; // the rest of a stall longer than a second
        }
        double sum = 0;
        int seconds = 0;
        for (; i < perSecond.size() && perSecond.get(i).asDouble() > rate * 1.05; i++) {
            sum += perSecond.get(i).asDouble();
            seconds++;
        }
        return seconds == 0 ? 0 : sum / seconds;
    }

    /**
     * The run's {@code response} samples above 1 s against the truth for the freeze at {@code rate}:
     * at least 80% of R (P - 1 s) for the shortest the freeze can have been, at most what the
     * measured catch-up rate predicts for the longest, with margin: the catch-up is not steady
     * (slower at first), but counting samples twice would exceed it. Counted from the freeze on,
     * since a loaded machine can put the start of a run behind too. Returns the count.
     */
    static long assertAboveOneSecond(Path hlog, JsonNode run, double rate, Freeze freeze, String context)
            throws FileNotFoundException {
        return assertAboveOneSecond(hlog, "response", run, rate, freeze, context);
    }

    /** As above, for the view {@code tag}: one with one sample per message due (fanout under publish/subscribe). */
    static long assertAboveOneSecond(Path hlog, String tag, JsonNode run, double rate, Freeze freeze, String context)
            throws FileNotFoundException {
        Histogram fromFreeze = HlogFiles.sumEndingAfter(hlog, tag, freeze.beganEpochMs());
        long above1s = fromFreeze.getCountBetweenValues(SECOND, Math.max(SECOND, fromFreeze.getMaxValue()));
        double catchUp = catchUpRate(run, rate);
        double least = dev.harness.core.verify.StallTruth.unbounded(rate, List.of(freeze.stop().lasting(freeze.stop().shortestNs())))
                .countAbove(SECOND);
        // No catch-up capacity: no bound worth asserting.
        double expected = catchUp <= rate * 1.05 ? Double.POSITIVE_INFINITY
                : dev.harness.core.verify.StallTruth.unbounded(rate, List.of(freeze.stop().lasting(freeze.stop().longestNs())))
                        .catchingUpAt(catchUp).countAbove(SECOND);
        String figures = String.format(Locale.ROOT, "%d %s samples above 1 s; expected %.0f to %.0f (%s, catch-up %.0f/s)",
                above1s, tag, least, expected, freeze, catchUp);
        System.out.println(figures);
        assertTrue(above1s > 0.8 * least && above1s < expected * 1.4 + 100, figures + "\n" + context);
        return above1s;
    }
}
