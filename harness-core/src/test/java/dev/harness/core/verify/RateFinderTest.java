package dev.harness.core.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.harness.core.findings.Reason;
import dev.harness.core.findings.Validity;

/** The rate finder's policy, with undisturbed runs that run nothing: halve the rate, or double a warmup too short. */
class RateFinderTest {
    private static final long S = 1_000_000_000L;
    private final List<String> tried = new ArrayList<>();

    private static Validity notValid(String code) {
        return new Validity(List.of(new Reason(code, code, null)));
    }

    private RateFinder.Outcome record(double rate, long warmupNs, RateFinder.Outcome outcome) {
        tried.add((long) rate + "@" + warmupNs / S + "s");
        return outcome;
    }

    @Test
    void theRateAskedIsHeldWhenItsRunIsValidAndAchievesIt() throws Exception {
        RateFinder.Found f = new RateFinder(4, 12 * S, () -> false).find("put", 1000, 3 * S,
                (rate, warmup) -> record(rate, warmup, new RateFinder.Outcome(null, Validity.VALID, 999)));
        assertEquals(List.of("1000@3s"), tried);
        assertEquals(1000, f.rate());
        assertEquals(3 * S, f.warmupNs());
        assertEquals("put: 1,000 msg/s held (an undisturbed run after a 3 s warmup: VALID, 999 msg/s)", f.line());
    }

    @Test
    void aRateNotHeldIsHalvedAndEachOneNotHeldIsSaid() throws Exception {
        RateFinder.Found f = new RateFinder(4, 12 * S, () -> false).find("reqresp", 1000, 3 * S, (rate, warmup) -> record(
                rate, warmup, rate > 300 ? new RateFinder.Outcome(null, notValid(Reason.RATE_BELOW_TARGET), rate * 0.6)
                        : new RateFinder.Outcome(null, Validity.VALID, rate)));
        assertEquals(List.of("1000@3s", "500@3s", "250@3s"), tried);
        assertEquals(250, f.rate());
        assertTrue(f.line().endsWith("; not held: 1,000 msg/s after 3 s (NOT VALID: rate-below-target); 500 msg/s after 3 s"
                + " (NOT VALID: rate-below-target)"), f.line());
    }

    @Test
    void aRunThatOnlyBeganBehindIsTriedAgainWithTwiceTheWarmupUpToTheMost() throws Exception {
        RateFinder.Found f = new RateFinder(4, 6 * S, () -> false).find("put", 1000, 3 * S, (rate, warmup) -> record(rate,
                warmup, warmup < 6 * S ? new RateFinder.Outcome(null, notValid(Reason.BACKLOG_AT_START), rate)
                        : new RateFinder.Outcome(null, notValid(Reason.RATE_ABOVE_TARGET), rate)));
        assertEquals(List.of("1000@3s", "1000@6s", "500@6s", "250@6s"), tried, "the warmup no longer than the most");
        assertEquals(0, f.rate());
        assertTrue(f.line().startsWith("put: no rate held: 1,000 msg/s after 3 s (NOT VALID: backlog-at-start)"), f.line());
    }

    @Test
    void aFailedRunHalvesTheRateAndTheAttemptsAreBounded() throws Exception {
        RateFinder.Found f = new RateFinder(3, 12 * S, () -> false).find("pubsub", 800, 3 * S,
                (rate, warmup) -> record(rate, warmup, RateFinder.Outcome.failed("the run ended with exit code 4: lost")));
        assertEquals(List.of("800@3s", "400@3s", "200@3s"), tried);
        assertEquals(0, f.rate());
        assertEquals(3 * S, f.warmupNs(), "no warmup learnt from runs that failed");
    }

    @Test
    void anInterruptionStopsTheSearch() throws Exception {
        RateFinder.Found f = new RateFinder(4, 12 * S, () -> !tried.isEmpty()).find("put", 1000, 3 * S,
                (rate, warmup) -> record(rate, warmup, RateFinder.Outcome.failed("interrupted")));
        assertEquals(1, tried.size());
        assertEquals(0, f.rate());
    }
}
