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

    /**
     * A provider whose messages carry no property (IBM MQ with --mq-target-client mq; none can run
     * here, so a stand-in says so): its run is refused before anything connects, unless --purge gave
     * the consumers their queues to take whatever reaches them.
     */
    @Test
    void whereNoPropertyTravelsOnlyPurgeLetsTheConsumersTakeEverything() {
        dev.harness.core.jms.Provider bare = new dev.harness.core.jms.StandInProvider("a provider without properties",
                () -> {
                    throw new IllegalStateException("refused before connecting");
                }, false);
        dev.harness.core.SettingsException e = org.junit.jupiter.api.Assertions.assertThrows(
                dev.harness.core.SettingsException.class, () -> QueueClaim.claim(bare, List.of("DEV.QUEUE.1", "DEV.QUEUE.2"),
                        false, "--queue-prefix"));
        assertEquals("--purge", e.option());
        org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().contains("DEV.QUEUE.1 .. DEV.QUEUE.2 during the run"),
                e.getMessage());
        QueueClaim.requireSelectable(bare, List.of("DEV.QUEUE.1"), true);
    }
}
