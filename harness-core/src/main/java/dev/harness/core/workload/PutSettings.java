package dev.harness.core.workload;

import java.util.ArrayList;
import java.util.List;

import dev.harness.core.run.RunHeader.Setting;

/**
 * The put workload: senders on one fixed-rate schedule, round robin over queues, drained by
 * consumers (or not).
 *
 * @param rate messages per second, all senders together; 0 = unthrottled
 * @param senders sender threads, each with its own connection and session
 * @param warmupNs warmup, not measured in the summary
 * @param durationNs measured duration after warmup
 * @param sizeBytes message body size, header included
 * @param persistent persistent (durable) or non-persistent messages
 * @param syncpoint commit every this many messages in a transacted session; 0 = outside syncpoint
 * @param queues how many queues the senders go round robin over
 * @param queuePrefix queue names are prefix + 1 .. queues
 * @param drainers consumers emptying the queues; 0 = completion is the send (or commit) return
 * @param drainTimeoutNs how long to wait after the last send for the drainers to catch up
 */
public record PutSettings(
        double rate,
        int senders,
        long warmupNs,
        long durationNs,
        int sizeBytes,
        boolean persistent,
        int syncpoint,
        int queues,
        String queuePrefix,
        int drainers,
        long drainTimeoutNs) implements WorkloadSettings {

    /** The body carries the harness's header; a message cannot be smaller. */
    public static final int MIN_SIZE_BYTES = MessageHeader.BYTES;

    public PutSettings {
        require(rate >= 0, "rate must be 0 (unthrottled) or positive");
        require(senders >= 1, "senders must be at least 1");
        require(warmupNs >= 0, "warmup must not be negative");
        require(durationNs > 0, "duration must be positive");
        require(sizeBytes >= MessageHeader.BYTES, "size must be at least " + MessageHeader.BYTES + " bytes (the header)");
        require(syncpoint >= 0, "syncpoint must be 0 or positive");
        require(queues >= 1, "queues must be at least 1");
        require(queuePrefix != null && !queuePrefix.isBlank(), "queue prefix must not be empty");
        require(drainers >= 0, "drainers must be 0 or positive");
        require(drainTimeoutNs >= 0, "drain timeout must not be negative");
    }

    private static void require(boolean ok, String message) {
        if (!ok) {
            throw new IllegalArgumentException(message);
        }
    }

    public String queueName(int index) {
        return queuePrefix + (index + 1);
    }

    /** The settings as a person reads them in the run header. */
    @Override
    public List<Setting> describe() {
        List<Setting> s = new ArrayList<>();
        s.add(new Setting("rate", rate == 0 ? "max (unthrottled)" : Format.rate(rate) + " msg/s"));
        s.add(new Setting("senders", Integer.toString(senders)));
        s.add(new Setting("warmup", Format.duration(warmupNs)));
        s.add(new Setting("duration", Format.duration(durationNs)));
        s.add(new Setting("size", sizeBytes + " bytes"));
        s.add(new Setting("persistence", persistent ? "persistent" : "non-persistent"));
        s.add(new Setting("syncpoint", syncpoint == 0 ? "outside syncpoint"
                : "transacted session, commit every " + syncpoint));
        s.add(new Setting("queues", queues + " (" + queueName(0) + (queues > 1 ? " .. " + queueName(queues - 1) : "") + ")"));
        s.add(new Setting("drainers", drainers == 0 ? "none (completion = return of send or commit)"
                : drainers + " (completion = receipt by a drainer)"));
        return s;
    }
}
