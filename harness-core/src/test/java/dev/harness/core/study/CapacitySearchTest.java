package dev.harness.core.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.harness.core.SettingsException;
import dev.harness.core.run.Saturation;
import dev.harness.core.study.CapacitySearch.Trial;

/**
 * The search's policy against a model system that runs nothing: each shape (senders, sends in
 * flight) has a capacity, a rate above it is achieved only up to it, and the trials say what
 * limited them as a run's saturation would.
 */
class CapacitySearchTest {
    private static final long BOUND_NS = 50_000_000L;

    /** A shape of the model: its capacity, and the limit its trials report. */
    private record Shape(int senders, int inFlight) {
    }

    private final List<String> asked = new ArrayList<>();

    /** Trials of a system with this capacity, limited as {@code limit} says with the senders this busy. */
    private Trial<String> model(Shape s, double rate, double capacity, String limit, double busy, double windowFull) {
        asked.add(s.senders() + "x" + s.inFlight() + "@" + (long) rate);
        double achieved = rate == 0 ? capacity : Math.min(rate, capacity);
        Saturation why = new Saturation(limit, limit + " was the limit", null, rate, achieved, s.senders(), s.inFlight(), busy,
                windowFull, -1, 0);
        return new Trial<>(rate, achieved, false, 0, 0, 1_000_000L, why, s.toString());
    }

    private CapacitySearch<Shape, String> search(int steps, double capacity) {
        return new CapacitySearch<>(steps, BOUND_NS, (s, rate) -> model(s, rate, capacity, Saturation.BROKER, 0.2, 0),
                () -> false);
    }

    @Test
    void aBenchProbesThenStepsDownTenPercentUntilARateIsSustained() throws Exception {
        // Achieved 1000 unthrottled, but a schedule of 1000 is kept only up to 920: 1000 fails, 900 holds.
        CapacitySearch<Shape, String> c = new CapacitySearch<>(5, BOUND_NS,
                (s, rate) -> model(s, rate, rate == 0 ? 1000 : 920, Saturation.BROKER, 0.2, 0), () -> false);
        CapacitySearch.Bench<String> b = c.bench(new Shape(1, 1));
        assertEquals(List.of("1x1@0", "1x1@1000", "1x1@900"), asked);
        assertEquals(900, b.sustainedRate());
        assertEquals(1000, b.firstFailed().target());
        assertEquals(1000, b.max().achievedRate());
    }

    @Test
    void aRateIsSustainedOnlyWithinTwoPercentAndTheBoundAndNothingLost() {
        Saturation held = new Saturation(Saturation.HELD, null, null, 1000, 1000, 1, 1, 0, 0, -1, 0);
        assertTrue(new Trial<>(1000, 980, false, 0, 0, BOUND_NS, held, "").sustained(BOUND_NS));
        assertTrue(!new Trial<>(1000, 979, false, 0, 0, BOUND_NS, held, "").sustained(BOUND_NS), "2 % short");
        assertTrue(!new Trial<>(1000, 1000, false, 0, 0, BOUND_NS + 1, held, "").sustained(BOUND_NS), "p99 beyond");
        assertTrue(!new Trial<>(1000, 1000, true, 0, 0, 0, held, "").sustained(BOUND_NS), "stopped");
        assertTrue(!new Trial<>(1000, 1000, false, 1, 0, 0, held, "").sustained(BOUND_NS), "unsent");
        assertTrue(!new Trial<>(1000, 1000, false, 0, 1, 0, held, "").sustained(BOUND_NS), "lost");
    }

    @Test
    void theStepsAreBounded() throws Exception {
        // Unthrottled it reaches 1000, but no schedule is ever kept.
        CapacitySearch<Shape, String> c = new CapacitySearch<>(3, BOUND_NS,
                (s, rate) -> model(s, rate, rate == 0 ? 1000 : rate * 0.5, Saturation.BROKER, 0.2, 0), () -> false);
        CapacitySearch.Bench<String> b = c.bench(new Shape(1, 1));
        assertEquals(List.of("1x1@0", "1x1@1000", "1x1@900", "1x1@810"), asked);
        assertNull(b.best());
        assertEquals(0, b.sustainedRate());
        assertThrows(SettingsException.class, () -> search(0, 1));
    }

    @Test
    void nothingCompletedUnthrottledIsNoBench() {
        Shape shape = new Shape(1, 1);
        CapacitySearch.NothingCompleted e = assertThrows(CapacitySearch.NothingCompleted.class,
                () -> search(5, 0.5).bench(shape));
        assertEquals(shape, e.config());
    }

    @Test
    void anInterruptionDuringTheProbeEndsTheBench() throws Exception {
        CapacitySearch<Shape, String> c = new CapacitySearch<>(5, BOUND_NS,
                (s, rate) -> model(s, rate, 1000, Saturation.BROKER, 0.2, 0), () -> !asked.isEmpty());
        assertNull(c.bench(new Shape(1, 1)));
        assertEquals(List.of("1x1@0"), asked);
    }

    /**
     * Busy blocking senders get sends in flight (8), a full window four times as many, busy senders
     * with room in their window more senders; the first shape that sustains no more than the best
     * ends it, and the best is the one before.
     */
    @Test
    void theSearchFollowsWhatLimitedEachShape() throws Exception {
        CapacitySearch<Shape, String> c = new CapacitySearch<>(1, BOUND_NS, (s, rate) -> {
            if (s.inFlight() == 1) {
                return model(s, rate, 500, Saturation.SENDERS, 0.99, 0); // blocking and busy
            }
            if (s.inFlight() == 8) {
                return model(s, rate, 2000, Saturation.WINDOW, 0.95, 0.9); // the window full
            }
            if (s.senders() == 1) {
                return model(s, rate, 4000, Saturation.SENDERS, 0.95, 0.1); // busy, room in flight
            }
            return model(s, rate, 4000, Saturation.BROKER, 0.3, 0); // more senders: the broker's limit
        }, () -> false);
        CapacitySearch.Searched<String> s = c.search(Shape::new, 8, 256);
        assertEquals(List.of("1x1", "1x8", "1x32", "2x32"), s.tried().stream()
                .map(t -> t.senders() + "x" + t.inFlight()).toList());
        assertEquals(2, s.best(), "2 senders sustained no more than 1 with 32 in flight");
        assertNull(s.ended(), "ended as no better, not by a limit");
    }

    @Test
    void aContendedHostOrIdleSendersEndTheSearchSayingWhy() throws Exception {
        CapacitySearch<Shape, String> host = new CapacitySearch<>(1, BOUND_NS,
                (s, rate) -> model(s, rate, 500, Saturation.HOST, 0.99, 0), () -> false);
        CapacitySearch.Searched<String> h = host.search(Shape::new, 8, 256);
        assertEquals(1, h.tried().size(), "more senders would only queue for the CPUs");
        assertTrue(h.ended().contains(Saturation.HOST), h.ended());

        CapacitySearch.Searched<String> idle = search(1, 500).search(Shape::new, 8, 256);
        assertEquals(1, idle.tried().size());
        assertTrue(idle.ended().startsWith("senders busy 20 % of the time, so not the limit"), idle.ended());
        assertEquals(0, idle.best());
    }

    @Test
    void theBoundsEndTheSearch() throws Exception {
        CapacitySearch<Shape, String> c = new CapacitySearch<>(1, BOUND_NS,
                (s, rate) -> model(s, rate, 500.0 * s.senders() * s.inFlight(), Saturation.SENDERS, 0.99, 0), () -> false);
        CapacitySearch.Searched<String> s = c.search(Shape::new, 2, 1);
        assertEquals(List.of("1x1", "2x1"), s.tried().stream().map(t -> t.senders() + "x" + t.inFlight()).toList());
        assertEquals("--search-max-senders and --search-max-in-flight reached", s.ended());
        assertEquals(1, s.best());
    }
}
