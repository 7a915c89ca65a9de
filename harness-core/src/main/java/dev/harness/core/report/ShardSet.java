package dev.harness.core.report;

import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

import dev.harness.core.run.Runner;
import dev.harness.core.schedule.Shard;

/**
 * The shards ({@code --shard I/N}) among several runs' files (hlogs, JSON), which merge only as a
 * whole set of one schedule: the same {@link #SCHEDULE} settings and start, each shard once, none missing; a run that
 * is no shard does not mix in. One rule for the hlogs and the JSON of {@code harness merge}.
 */
final class ShardSet {
    /** How far apart the shards of one schedule may say it started: one --start-at, a late connect aside. */
    static final long START_SLACK_MS = 1_000;
    /** A shard whose schedule started later than this after its --start-at is late (harness run refuses to start so late). */
    static final long LATE_MS = TimeUnit.NANOSECONDS.toMillis(Runner.START_LATE_BOUND_NS);

    /**
     * The settings that make a schedule and the numbering across its shards: shards that differ in
     * any of them ran different schedules (a --duration of its own sends another count of
     * messages), whatever their start. A run states "senders" or "requesters", not both.
     */
    static final List<String> SCHEDULE = List.of("rate", "warmup", "duration", "senders", "requesters");

    /**
     * One run's file, as its header states it.
     *
     * @param shard the setting "shard" ("1/3: messages k ..."), or null for a whole run
     * @param schedule the {@link #SCHEDULE} settings it states, by name
     * @param startMs the schedule's start, epoch ms
     * @param startAt the --start-at it was given (setting "start at"), or null
     */
    record Member(Path file, String shard, Map<String, String> schedule, long startMs, String startAt) {
        /** From a header's settings, looked up by name (null when it has none of that name). */
        static Member of(Path file, Function<String, String> setting, long startMs) {
            Map<String, String> schedule = new LinkedHashMap<>();
            for (String name : SCHEDULE) {
                String value = setting.apply(name);
                if (value != null) {
                    schedule.put(name, value);
                }
            }
            return new Member(file, setting.apply("shard"), schedule, startMs, setting.apply("start at"));
        }

        /** How late its schedule started for its --start-at, ms; 0 when on time or not stated. */
        long lateMs() {
            try {
                return startAt == null ? 0 : Math.max(0, startMs - Instant.parse(startAt).toEpochMilli());
            } catch (DateTimeParseException e) {
                return 0;
            }
        }
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
            if (m.lateMs() > LATE_MS) {
                return new Problem(m.file(), "shard " + shard + " started late: " + m.lateMs() + " ms after its --start-at "
                        + m.startAt() + ", out of step with the others of its set; run the set again with a later --start-at");
            }
            String differs = differs(m, shard, first, firstShard);
            if (differs != null) {
                return new Problem(m.file(), "shard " + shard + " is not of the schedule of " + first.file() + " (shard "
                        + firstShard + "): " + differs);
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

    /** How m's schedule differs from first's, in one clause; null when it is the same. */
    private static String differs(Member m, Shard shard, Member first, Shard firstShard) {
        if (shard.count() != firstShard.count()) {
            return "it is one of " + shard.count() + " shards, " + first.file() + " one of " + firstShard.count();
        }
        for (String name : SCHEDULE) {
            String mine = m.schedule().get(name);
            String theirs = first.schedule().get(name);
            if (!Objects.equals(mine, theirs)) {
                return "its " + name + " is " + (mine == null ? "not stated" : mine) + ", " + first.file() + "'s "
                        + (theirs == null ? "not stated" : theirs) + "; the shards of one schedule share --rate, --warmup,"
                        + " --duration and the senders (requesters) per shard";
            }
        }
        if (Math.abs(m.startMs() - first.startMs()) > START_SLACK_MS) {
            return "it started at " + HlogMerge.iso(m.startMs()) + ", " + first.file() + " at " + HlogMerge.iso(first.startMs())
                    + ", more than " + START_SLACK_MS / 1000 + " s apart: the shards of one schedule share one --start-at";
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
