package dev.harness.core.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import dev.harness.core.schedule.Shard;

/**
 * The shards ({@code --shard I/N}) among several runs' files (hlogs, JSON), which merge only as a
 * whole set of one schedule: the same rate and start, each shard once, none missing; a run that
 * is no shard does not mix in. One rule for the hlogs and the JSON of {@code harness merge}.
 */
final class ShardSet {
    /** How far apart the shards of one schedule may say it started: one --start-at, a late connect aside. */
    static final long START_SLACK_MS = 1_000;

    /**
     * One run's file, as its header states it.
     *
     * @param shard the setting "shard" ("1/3: messages k ..."), or null for a whole run
     * @param rate the setting "rate"
     * @param startMs the schedule's start, epoch ms
     */
    record Member(Path file, String shard, String rate, long startMs) {
    }

    /** What is wrong with the set, and in which file. */
    record Problem(Path file, String problem) {
    }

    private ShardSet() {
    }

    /** Null for a whole shard set of one schedule, or runs none of which is a shard. */
    static Problem check(List<Member> members) {
        Member first = members.get(0);
        Shard firstShard = shard(first.shard());
        Member[] byIndex = firstShard == null ? null : new Member[firstShard.count()];
        for (Member m : members) {
            Shard shard = shard(m.shard());
            if ((shard == null) != (firstShard == null)) {
                Member sharded = shard == null ? first : m;
                return new Problem(shard == null ? m.file() : first.file(), "not a shard, while " + sharded.file()
                        + " is shard " + shard(sharded.shard()) + ": merge the shards of one schedule together, or whole runs");
            }
            if (shard == null) {
                continue;
            }
            if (shard.count() != firstShard.count() || !Objects.equals(m.rate(), first.rate())
                    || Math.abs(m.startMs() - first.startMs()) > START_SLACK_MS) {
                return new Problem(m.file(), "shard " + shard + " (rate " + m.rate() + ", start " + HlogMerge.iso(m.startMs())
                        + ") is not of the schedule of " + first.file() + " (shard " + firstShard + ", rate " + first.rate()
                        + ", start " + HlogMerge.iso(first.startMs()) + ")");
            }
            if (byIndex[shard.index()] != null) {
                return new Problem(m.file(), "shard " + shard + " is given twice: " + byIndex[shard.index()].file()
                        + " is shard " + shard + " too");
            }
            byIndex[shard.index()] = m;
        }
        if (byIndex != null) {
            List<String> missing = new ArrayList<>();
            for (int i = 0; i < byIndex.length; i++) {
                if (byIndex[i] == null) {
                    missing.add(i + "/" + byIndex.length);
                }
            }
            if (!missing.isEmpty()) {
                return new Problem(first.file(), "the schedule's shard" + (missing.size() > 1 ? "s " : " ")
                        + String.join(", ", missing) + (missing.size() > 1 ? " are" : " is") + " missing: merge all "
                        + byIndex.length + " shards");
            }
        }
        return null;
    }

    /** The shard a setting states ("1/3: messages k ..."), or null for a whole run. */
    static Shard shard(String setting) {
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
}
