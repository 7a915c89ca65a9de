package dev.harness.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** How a step's shards end, with real child processes standing in for them (sh and sleep). */
class ShardedStepsTest {
    private static final long FAR = TimeUnit.MINUTES.toNanos(1);
    private List<Process> children = List.of();

    private List<Process> start(String... scripts) throws IOException {
        java.util.ArrayList<Process> ps = new java.util.ArrayList<>();
        for (String script : scripts) {
            ps.add(new ProcessBuilder("sh", "-c", script).start());
        }
        children = ps;
        return ps;
    }

    @AfterEach
    void killChildren() {
        children.forEach(Process::destroyForcibly);
    }

    /** The shard that failed is named, not one the sweep stopped for it (which exits 143 when it is). */
    @Test
    void theShardThatFailedIsTheCauseNotTheOnesStoppedForIt() throws Exception {
        List<Process> shards = start("exec sleep 30", "sleep 0.3; exit 2");
        ShardedSteps.Ended ended = ShardedSteps.awaitAll(shards, System.nanoTime() + FAR, () -> false);
        assertEquals(new ShardedSteps.Ended(1, false), ended);
        assertTrue(shards.get(0).waitFor(10, TimeUnit.SECONDS), "the other shard was stopped");
        assertEquals(143, shards.get(0).exitValue(), "SIGTERM");
    }

    @Test
    void shardsThatEndWellEndNothingElse() throws Exception {
        assertEquals(new ShardedSteps.Ended(-1, false), ShardedSteps.awaitAll(start("exit 0", "sleep 0.2"),
                System.nanoTime() + FAR, () -> false));
        assertEquals(new ShardedSteps.Ended(1, false), ShardedSteps.awaitAll(start("exit 0", "exit 3"),
                System.nanoTime() + FAR, () -> false), "ended by themselves, one of them failed");
    }

    @Test
    void shardsPastTheirBoundAreStoppedAndSaidToHaveOverrun() throws Exception {
        List<Process> shards = start("exec sleep 30", "exec sleep 30");
        ShardedSteps.Ended ended = ShardedSteps.awaitAll(shards, System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(200),
                () -> false);
        assertEquals(new ShardedSteps.Ended(-1, true), ended);
        assertFalse(shards.get(1).isAlive() && !shards.get(1).waitFor(10, TimeUnit.SECONDS));
    }

    @Test
    void anInterruptedSweepStopsItsShards() throws Exception {
        List<Process> shards = start("exec sleep 30");
        assertEquals(new ShardedSteps.Ended(-1, false), ShardedSteps.awaitAll(shards, System.nanoTime() + FAR, () -> true));
        assertTrue(shards.get(0).waitFor(10, TimeUnit.SECONDS));
    }

    @Test
    void theLeadGrowsWithTheShardsAndTheStartIsAWholeSecond() {
        assertEquals(12, ShardedSteps.leadSeconds(2));
        assertEquals(12, ShardedSteps.leadSeconds(4));
        assertEquals(36, ShardedSteps.leadSeconds(16));
        assertEquals(List.of("--shard", "1/4", "--start-at", "2026-12-07T15:00:01Z"),
                ShardedSteps.options(1, 4, Instant.parse("2026-12-07T15:00:01.750Z")));
    }
}
