package dev.harness.core.workload;

import java.util.HashSet;
import java.util.List;
import java.util.concurrent.TimeUnit;

import dev.harness.core.Format;
import dev.harness.core.SettingsException;
import dev.harness.core.schedule.Schedule;

/**
 * Consume-only (harness drain): consumers on queues the user names, holding messages from any
 * producer. It runs until the queues are empty, for a duration, or for a count, whichever comes
 * first.
 *
 * @param queues the queues to empty, by name (each once)
 * @param consumers consumers per queue, each on a connection of its own
 * @param receiving how each consumer's session acknowledges its gets ({@code --syncpoint N} or
 *     {@code --ack}); always a receive loop
 * @param durationNs how long to consume at most; 0 = no limit
 * @param count how many messages to consume at most, over all queues; 0 = no limit
 * @param emptyAfterNs with neither limit reached, the queues count as empty once no consumer got a
 *     message for this long; 0 = never (with a duration or a count)
 * @param intervalNs reporting interval
 */
public record DrainSettings(List<String> queues, int consumers, Receiving receiving, long durationNs, long count,
        long emptyAfterNs, long intervalNs) {
    public static final int DEFAULT_CONSUMERS = 1;
    public static final long DEFAULT_EMPTY_AFTER_NS = TimeUnit.SECONDS.toNanos(1);
    public static final int MAX_CONSUMERS = 1_000;

    public DrainSettings {
        SettingsException.require(queues != null && !queues.isEmpty(), "--queue", "name the queue to empty (repeatable)");
        for (String q : queues) {
            SettingsException.require(q != null && !q.isBlank(), "--queue", "expected a queue name, got an empty one");
        }
        SettingsException.require(new HashSet<>(queues).size() == queues.size(), "--queue",
                "each queue once, got " + String.join(", ", queues));
        queues = List.copyOf(queues);
        SettingsException.require(consumers >= 1 && consumers <= MAX_CONSUMERS, "--consumers",
                "expected 1 to " + MAX_CONSUMERS + " per queue, got " + consumers);
        SettingsException.require(receiving != null && receiving.sync(), "--ack", "harness drain's consumers receive in a loop");
        SettingsException.require(durationNs >= 0 && durationNs <= Schedule.MAX_RUN_NS, "--duration",
                "expected 0s (no limit) to 7 days");
        SettingsException.require(count >= 0, "--count", "expected 0 (no limit) or more messages, got " + count);
        SettingsException.require(emptyAfterNs == 0 || emptyAfterNs >= TimeUnit.MILLISECONDS.toNanos(100),
                "--empty-after", "expected 0s (never: with --duration or --count) or at least 100ms");
        SettingsException.require(emptyAfterNs > 0 || durationNs > 0 || count > 0, "--empty-after",
                "0s never ends without --duration or --count");
        SettingsException.require(intervalNs >= RespondSettings.MIN_INTERVAL_NS, "--interval", "expected at least 100ms");
    }

    /**
     * The consumers' acknowledgement: {@code --syncpoint N} (transacted, a commit every N gets), or
     * {@code --ack} as a run's drainers take it; null for either is its default (auto-acknowledge).
     */
    public static Receiving receiving(String ack, int syncpoint) {
        SettingsException.require(syncpoint >= 0 && syncpoint <= Receiving.MAX_PER_COMMIT, "--syncpoint",
                "expected 0 (outside syncpoint) to " + Receiving.MAX_PER_COMMIT + " gets per commit, got " + syncpoint);
        if (ack == null) {
            return syncpoint == 0 ? Receiving.of(null, "sync") : new Receiving(Receiving.Ack.TRANSACTED, syncpoint, true);
        }
        SettingsException.require(syncpoint == 0, "--ack", "--syncpoint " + syncpoint + " already commits every "
                + syncpoint + " gets (as --ack transacted:" + syncpoint + "); give one or the other");
        return Receiving.of(ack, "sync");
    }

    /** What ends it, as the header says it. */
    public String until() {
        StringBuilder s = new StringBuilder();
        if (emptyAfterNs > 0) {
            s.append("the queues are empty (no message for ").append(Format.duration(emptyAfterNs)).append(")");
        }
        if (durationNs > 0) {
            s.append(s.length() > 0 ? ", or " : "").append(Format.duration(durationNs)).append(" have passed");
        }
        if (count > 0) {
            s.append(s.length() > 0 ? ", or " : "").append(String.format(java.util.Locale.ROOT, "%,d", count))
                    .append(" messages are consumed");
        }
        return s.toString();
    }
}
