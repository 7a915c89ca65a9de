package dev.harness.core.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

/** The CPU of this JVM's children, which a contended host's "other processes" must not count. */
class ChildCpuTest {
    private static final long MS = 1_000_000L;

    @Test
    void betweenTwoSamplesEachLivingChildCountsSinceTheFirstAndANewOneWhole() {
        Map<Long, Long> first = Map.of(10L, 100 * MS, 11L, 50 * MS);
        // 10 went on (40 ms more), 11 ended (its share lost), 12 started (30 ms, all of it in between).
        Map<Long, Long> second = Map.of(10L, 140 * MS, 12L, 30 * MS);
        assertEquals(70 * MS, ChildCpu.betweenNs(first, second));
        // A pid reused by a younger process with less CPU than the old one had: nothing, never less.
        assertEquals(0, ChildCpu.betweenNs(Map.of(10L, 100 * MS), Map.of(10L, 5 * MS)));
    }

    @Test
    void aRealChildThatBurnsCpuIsCounted() throws Exception {
        Map<Long, Long> before = ChildCpu.sample();
        // A bounded busy loop of the shell's own, then a sleep so that it is still alive to be sampled.
        Process child = new ProcessBuilder("sh", "-c", "i=0; while [ $i -lt 400000 ]; do i=$((i+1)); done; exec sleep 30")
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        try {
            long counted = 0;
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (counted < 50 * MS && System.nanoTime() < deadline) {
                Thread.sleep(100);
                counted = ChildCpu.betweenNs(before, ChildCpu.sample());
            }
            assertTrue(counted >= 50 * MS, "the child's CPU, counted: " + counted / MS + " ms");
            assertTrue(ChildCpu.sample().containsKey(child.pid()), "the child by its pid");
        } finally {
            child.destroyForcibly();
            child.waitFor(10, TimeUnit.SECONDS);
        }
    }
}
