package dev.harness.core.schedule;

import java.util.Map;

import dev.harness.core.SettingsException;

/**
 * One part of a schedule split over several processes ({@code --shard I/N}): shard I runs the
 * messages k of the whole schedule with k mod N = I, so N shards together send exactly what one
 * process would, interleaved, nothing doubled or missing.
 *
 * @param index I, from 0
 * @param count N, at least 1
 */
public record Shard(int index, int count) {
    /** The whole schedule, in one process. */
    public static final Shard WHOLE = new Shard(0, 1);

    /** Set by a Kubernetes Indexed Job in each of its pods. */
    public static final String INDEX_VARIABLE = "JOB_COMPLETION_INDEX";

    public Shard {
        if (count < 1 || index < 0 || index >= count) {
            throw new IllegalArgumentException("shard " + index + "/" + count + ": expected 0 <= I < N");
        }
    }

    /** The shard a run's header setting states ("1/3: messages k ..."), or null for a whole run or none. */
    public static Shard ofSetting(String setting) {
        if (setting == null) {
            return null;
        }
        String[] parts = setting.split(":", 2)[0].strip().split("/");
        try {
            return new Shard(Integer.parseInt(parts[0]), Integer.parseInt(parts[1]));
        } catch (RuntimeException e) {
            return null;
        }
    }

    /**
     * "I/N", or "auto/N" with I from {@value #INDEX_VARIABLE}; null for the whole schedule. A bad
     * value is one line naming --shard.
     */
    public static Shard parse(String text, Map<String, String> environment) {
        if (text == null) {
            return WHOLE;
        }
        String[] parts = text.strip().split("/", -1);
        SettingsException.require(parts.length == 2 && parts[1].matches("\\d{1,4}") && Integer.parseInt(parts[1]) >= 1,
                "--shard", "expected I/N (shard I of N, from 0) or auto/N, got '" + text + "'");
        int count = Integer.parseInt(parts[1]);
        String index = parts[0];
        if (index.equals("auto")) {
            index = environment.get(INDEX_VARIABLE);
            SettingsException.require(index != null, "--shard", "auto takes I from " + INDEX_VARIABLE
                    + ", which a Kubernetes Indexed Job sets; it is not set here");
        }
        SettingsException.require(index.matches("\\d{1,4}") && Integer.parseInt(index) < count, "--shard",
                "expected I from 0 to " + (count - 1) + " for " + count + " shards, got '" + index + "'");
        return new Shard(Integer.parseInt(index), count);
    }

    public boolean whole() {
        return count == 1;
    }

    /**
     * This shard's part of a rate of the whole schedule (its target: every N-th message). One rule
     * for the run's summary, its --slo windows and a shard's hlog read back.
     */
    public double share(double scheduleRate) {
        return scheduleRate / count;
    }

    /** The whole schedule's message k of this shard's t-th message. */
    public long globalIndex(long t) {
        return index + count * t;
    }

    /**
     * This shard's number of the number {@code k} across the set (a message of the whole schedule,
     * or a sender across the set); -1 when {@code k} is another shard's.
     */
    public long localOf(long k) {
        long offset = k - index;
        return offset >= 0 && offset % count == 0 ? offset / count : -1;
    }

    /**
     * The number across the shard set of this shard's sender (or requester) {@code local} of
     * {@code perShard}: {@code I + N * local}, so that {@link #owners} of them send the whole
     * schedule's k with k mod owners = their number, as that many senders of one process would.
     */
    public int owner(int local) {
        return index + count * local;
    }

    /** Senders (or requesters) across the shard set, {@code perShard} in each shard. */
    public int owners(int perShard) {
        return Math.multiplyExact(count, perShard);
    }

    /** How many of the whole schedule's messages 0 .. k-1 are this shard's. */
    long countBefore(long k) {
        return k > index ? (k - index + count - 1) / count : 0;
    }

    @Override
    public String toString() {
        return index + "/" + count;
    }
}
