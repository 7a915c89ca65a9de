package dev.harness.core.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

/**
 * The selectors a run's consumers open with and the refusal's words. The selectors are JMS
 * message selector syntax, which every provider evaluates; OthersMessagesIT holds them against a
 * real broker.
 */
class QueueClaimTest {
    @Test
    void aRunSelectsItsOwnAndLeavesEveryoneElses() {
        assertEquals("harness_run = 42", QueueClaim.ofRun(42));
        assertEquals("harness_run = -7", QueueClaim.ofRun(-7), "run ids are any long");
        // A message without the property is someone else's: IS NULL, since NULL <> 42 is unknown, not true.
        assertEquals("harness_run IS NULL OR harness_run <> 42", QueueClaim.notOfRun(42));
        assertEquals("harness_run IS NOT NULL", QueueClaim.ofAnyRun());
    }

    @Test
    void earlierRunsOfThisProcessAreOneSelector() {
        assertNull(QueueClaim.ofRuns(Set.of()), "no earlier run: nothing of ours to find");
        Set<Long> runs = new LinkedHashSet<>(List.of(1L, -2L));
        assertEquals("harness_run = 1 OR harness_run = -2", QueueClaim.ofRuns(runs));
        // Without IS NULL, a message without the property would match neither a run nor its negation.
        assertEquals("harness_run IS NULL OR NOT (harness_run = 1 OR harness_run = -2)",
                QueueClaim.notOfRuns(QueueClaim.ofRuns(runs)));
    }

    @Test
    void theRefusalNamesEachQueueAndItsCount() {
        assertEquals("queue DEV.QUEUE.1 holds 1 message", QueueClaim.describe(Map.of("DEV.QUEUE.1", 1L)));
        Map<String, Long> found = new LinkedHashMap<>();
        found.put("REQUEST1", 1_234L);
        found.put("REQUEST2", 5L);
        found.put("REPLY1", (long) QueueClaim.COUNT_BOUND);
        assertEquals("queues REQUEST1 (1,234), REQUEST2 (5) and REPLY1 (at least 100,000) hold messages",
                QueueClaim.describe(found));
    }
}
