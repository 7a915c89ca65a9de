package dev.harness.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

/**
 * The fragger keeps to its allocation rate, counts honestly what it allocates, and does not spin.
 * Measured with the JVM's own per-thread allocation and CPU counters.
 */
class FraggerTest {
    private static final long MB = AgentOptions.MB;

    @Test
    void allocatesAtTheRequestedRateWithoutSpinning() throws InterruptedException {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        ByteArrayOutputStream lines = new ByteArrayOutputStream();
        AgentLog log = new AgentLog(new PrintStream(lines, true, StandardCharsets.UTF_8), "memory");
        double rate = 40; // MB/s
        Fragger fragger = new Fragger(rate, 4 * MB, 16 * MB, 0.9, 0, Runtime.getRuntime().maxMemory(), log);

        long start = System.nanoTime();
        Thread thread = fragger.start();
        long counted;
        long allocated;
        long cpuNs;
        long elapsedNs;
        try {
            assertTrue(thread.isDaemon());
            assertEquals("harness-agent-fragger", thread.getName());
            Thread.sleep(2_000);
            counted = fragger.allocatedBytes();
            allocated = threads.getThreadAllocatedBytes(thread.getId());
            cpuNs = threads.getThreadCpuTime(thread.getId());
            elapsedNs = System.nanoTime() - start;
        } finally {
            fragger.stop();
            thread.join(5_000);
        }
        assertFalse(thread.isAlive(), "stop() ends the fragger");

        double expected = rate * MB * elapsedNs / 1e9;
        // Never ahead of the rate (by more than a chunk). How close it keeps to the rate on a busy
        // machine is a timing claim, measured by hand (bench/results-agent.md), not asserted here.
        assertTrue(counted <= expected * 1.05 + 256 * 1024, counted + " bytes counted, " + (long) expected + " due");
        assertTrue(counted > 0, "it allocates");
        // What it counts for pacing is what it really allocates (object sizes are estimates).
        assertTrue(allocated >= counted * 0.9 && allocated <= counted * 1.5 + 1024 * 1024,
                allocated + " bytes allocated, " + counted + " counted");
        // Paced by parking, not by spinning: 40 MB/s takes a small part of one core.
        assertTrue(cpuNs < elapsedNs / 2, cpuNs / 1_000_000 + " ms CPU in " + elapsedNs / 1_000_000 + " ms");
        assertEquals("", lines.toString(StandardCharsets.UTF_8), "nothing went wrong");
    }

    @Test
    void aDelayHoldsBackAllAllocation() throws InterruptedException {
        AgentLog log = new AgentLog(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), "mem");
        long delayNs = 60_000_000_000L;
        Fragger fragger = new Fragger(40, 4 * MB, 16 * MB, 0.9, delayNs, Runtime.getRuntime().maxMemory(), log);
        Thread thread = fragger.start();
        try {
            Thread.sleep(300);
            assertEquals(0, fragger.allocatedBytes());
        } finally {
            fragger.stop();
            thread.join(5_000);
        }
        assertFalse(thread.isAlive(), "stop() ends the delay too");
    }
}
