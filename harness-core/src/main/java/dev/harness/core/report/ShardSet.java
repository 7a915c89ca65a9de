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

import dev.harness.core.SettingsException;
import dev.harness.core.hlog.HlogHeader;
import dev.harness.core.hlog.HlogRun;
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
        Shard firstShard = Shard.ofSetting(first.shard());
        Member[] byIndex = firstShard == null ? null : new Member[firstShard.count()];
        for (Member m : members) {
            Shard shard = Shard.ofSetting(m.shard());
            if ((shard == null) != (firstShard == null)) {
                Member sharded = shard == null ? first : m;
                return new Problem(shard == null ? m.file() : first.file(), "not a shard, while " + sharded.file()
                        + " is shard " + Shard.ofSetting(sharded.shard()) + ": merge the shards of one schedule together, or whole runs");
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

    // ---------------------------------------------------------------------------------------------
    // A log and the --json files given with it (harness check)

    /** The JSON of one run and its hlog start within this of each other: they are stamped from one start. */
    static final long SAME_RUN_SLACK_MS = 1;

    /**
     * One run as a file tells it, for pairing a log with its JSON.
     *
     * @param name how a message names it: the file, or "m.hlog's input a.hlog"
     * @param member its shard, schedule and start
     * @param settings every setting it states, by name
     */
    record Run(String name, Member member, Map<String, String> settings) {
        static Run of(String name, Path file, Map<String, String> settings, long startMs) {
            return new Run(name, Member.of(file, settings::get, startMs), settings);
        }
    }

    /**
     * Null when the --json files are of the log's runs: each JSON run one of the log's, the same
     * start, settings and shard, and every run of the log given once; else what is wrong, naming
     * the JSON file and the log's run it is not.
     *
     * @param log the runs the log is of: itself, or a merged log's inputs
     * @param json per --json file, the runs it is of: itself, or a merged file's runs
     */
    static Problem paired(List<Run> log, List<Map.Entry<Path, List<Run>>> json) {
        Run[] matched = new Run[log.size()];
        for (Map.Entry<Path, List<Run>> file : json) {
            for (Run j : file.getValue()) {
                // Its counterpart: the log's run of its shard (of whole runs, the one that started
                // nearest), one not yet taken first.
                Shard shard = Shard.ofSetting(j.member().shard());
                int best = -1;
                for (int i = 0; i < log.size(); i++) {
                    if (Objects.equals(shard, Shard.ofSetting(log.get(i).member().shard()))
                            && (best < 0 || nearer(i, best, j, log, matched))) {
                        best = i;
                    }
                }
                Run l = log.get(Math.max(best, 0));
                String differs = sameRun(j, l);
                // A merged file's run is named in it: "m.json's run s1.json".
                String which = j.name().equals(file.getKey().toString()) ? "" : j.name() + " is ";
                if (differs != null) {
                    return new Problem(file.getKey(), which + "not the run of " + l.name() + ": " + differs);
                }
                if (matched[best] != null) {
                    return new Problem(file.getKey(), which + "of the run of " + l.name() + ", as " + matched[best].name()
                            + " is: give each run's --json once");
                }
                matched[best] = j;
            }
        }
        for (int i = 0; i < log.size(); i++) {
            if (matched[i] == null) {
                return new Problem(json.get(0).getKey(), "no --json is of the run of " + log.get(i).name() + ", and the log"
                        + " is of " + log.size() + " runs: give every run's --json (or harness merge's --json-out of them)");
            }
        }
        return null;
    }

    /** The runs a log is of: itself, or, merged, each input as the merged header names it (start and settings). */
    static List<Run> runs(HlogRun log) {
        HlogHeader h = log.header();
        List<Run> runs = new ArrayList<>();
        if (h.title() != null && h.title().startsWith(HlogMerge.TITLE)) {
            for (String c : h.comments()) {
                int at = c.indexOf(HlogMerge.INPUT_START);
                if (!c.startsWith(HlogMerge.INPUT) || at < 0) {
                    continue;
                }
                String input = c.substring(HlogMerge.INPUT.length(), at);
                String start = c.substring(at + HlogMerge.INPUT_START.length()).split(",", 2)[0].strip();
                long startMs;
                try {
                    startMs = Instant.parse(start).toEpochMilli();
                } catch (DateTimeParseException e) {
                    continue;
                }
                // The input's own header lines, each written prefixed with its name.
                HlogHeader.Builder own = HlogHeader.builder(startMs);
                h.comments().stream().filter(line -> line.startsWith(input + ": "))
                        .forEach(line -> own.comment(line.substring(input.length() + 2)));
                runs.add(Run.of(log.file() + "'s input " + input, Path.of(input), own.build().settings(), startMs));
            }
        }
        if (runs.isEmpty()) {
            runs.add(Run.of(log.file().toString(), log.file(), h.settings(), h.startMs()));
        }
        return runs;
    }

    /** The runs a --json file is of: itself, or a merged file's; a bad one is one line naming {@code option FILE}. */
    static List<Run> runs(String option, RunJson json) {
        if (json.merged() == null) {
            return List.of(Run.of(json.file().toString(), json.file(), json.header().settings(),
                    startMs(option, json.file(), json.header().start())));
        }
        if (json.merged().isEmpty()) {
            throw new SettingsException(option + " " + json.file(), "a merged file that does not name its runs (from an"
                    + " older harness merge): merge the runs' --json again");
        }
        List<Run> runs = new ArrayList<>();
        for (RunJson.Run r : json.merged()) {
            runs.add(Run.of(json.file() + "'s run " + r.file(), Path.of(r.file()), r.settings(),
                    startMs(option, json.file(), r.start())));
        }
        return runs;
    }

    /** A file's start, epoch ms; one that is no instant is one line naming {@code option FILE}. */
    static long startMs(String option, Path file, String start) {
        try {
            return Instant.parse(start).toEpochMilli();
        } catch (DateTimeParseException e) {
            throw new SettingsException(option + " " + file, "its start '" + start + "' is no instant");
        }
    }

    private static boolean nearer(int i, int best, Run j, List<Run> log, Run[] matched) {
        if ((matched[i] == null) != (matched[best] == null)) {
            return matched[i] == null;
        }
        return Math.abs(log.get(i).member().startMs() - j.member().startMs())
                < Math.abs(log.get(best).member().startMs() - j.member().startMs());
    }

    /** How run j differs from l, in one clause ("its rate is 300 msg/s, run.hlog's 100 msg/s"); null when it is l. */
    private static String sameRun(Run j, Run l) {
        Shard mine = Shard.ofSetting(j.member().shard());
        Shard theirs = Shard.ofSetting(l.member().shard());
        if (!Objects.equals(mine, theirs)) {
            return "it is " + (mine == null ? "a whole run" : "shard " + mine) + ", " + l.name() + " "
                    + (theirs == null ? "a whole run" : "shard " + theirs);
        }
        // The schedule's settings must both be stated alike; of the others, those both state.
        for (String name : SCHEDULE) {
            String differs = differs(name, j.settings().get(name), l.settings().get(name), l);
            if (differs != null) {
                return differs;
            }
        }
        for (Map.Entry<String, String> e : j.settings().entrySet()) {
            String theirsValue = l.settings().get(e.getKey());
            String differs = theirsValue == null ? null : differs(e.getKey(), e.getValue(), theirsValue, l);
            if (differs != null) {
                return differs;
            }
        }
        if (Math.abs(j.member().startMs() - l.member().startMs()) > SAME_RUN_SLACK_MS) {
            return "it started at " + HlogMerge.iso(j.member().startMs()) + ", " + l.name() + " at "
                    + HlogMerge.iso(l.member().startMs());
        }
        return null;
    }

    private static String differs(String name, String mine, String theirs, Run l) {
        return Objects.equals(mine, theirs) ? null : "its " + name + " is " + (mine == null ? "not stated" : mine) + ", "
                + l.name() + "'s " + (theirs == null ? "not stated" : theirs);
    }
}
