package dev.harness.core.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

import dev.harness.core.JsonWriter;
import dev.harness.core.SettingsException;
import dev.harness.core.findings.Finding;
import dev.harness.core.findings.Reading;
import dev.harness.core.findings.Validity;
import dev.harness.core.host.Environment;
import dev.harness.core.measure.Gaps;
import dev.harness.core.measure.Outages;
import dev.harness.core.run.Delivery;
import dev.harness.core.run.Saturation;
import dev.harness.core.schedule.Shard;
import dev.harness.core.slo.RunCounts;
import dev.harness.core.slo.Verdict;

/**
 * Several runs' --json summaries (the shards of one schedule, or hosts started together) as one
 * harness-run/1 file that harness check and harness report read as they read one run's: counts
 * summed, the target rates summed, the achieved rate every completion over the schedule's measured
 * seconds ({@link RunCounts#achievedRate}), the outage the set's (the longest time no run completed
 * anything: {@link RunCounts#gaps}), completions per second added
 * second by second, and each run's offered-load sentence (saturation) named by its shard. What
 * only a histogram can give (views, percentiles) is the merged
 * hlog's; the per-interval series and each JVM's pauses stay in each run's own file.
 */
public final class JsonMerge {
    /** Setting text for a setting the merged runs do not share. */
    static final String DIFFERS = "(differs between the merged runs: see each run's JSON)";

    private final List<RunJson> runs;

    private JsonMerge(List<RunJson> runs) {
        this.runs = runs;
    }

    /**
     * Reads and checks the inputs, before anything is written: each a finished run's JSON, each
     * once, one workload, and shards only as a whole set of one schedule. A bad one is one line
     * naming {@code option FILE}.
     */
    public static JsonMerge read(String option, List<Path> inputs) {
        Set<Path> seen = new HashSet<>();
        List<RunJson> runs = new ArrayList<>();
        for (Path p : inputs) {
            if (!seen.add(p.toAbsolutePath().normalize())) {
                throw new SettingsException(option + " " + p, "given twice: its counts would be counted twice");
            }
            runs.add(RunJson.read(option, p));
        }
        List<ShardSet.Member> members = new ArrayList<>();
        for (RunJson r : runs) {
            if (!r.header().workload().equals(runs.get(0).header().workload())) {
                throw new SettingsException(option + " " + r.file(), "a " + r.header().workload() + " run, while "
                        + runs.get(0).file() + " is a " + runs.get(0).header().workload() + " run");
            }
            members.add(ShardSet.Member.of(r.file(), r.header().settings()::get, startMs(option, r)));
        }
        ShardSet.Problem problem = ShardSet.check(members);
        if (problem != null) {
            throw new SettingsException(option + " " + problem.file(), problem.problem());
        }
        return new JsonMerge(runs);
    }

    private static long startMs(String option, RunJson r) {
        return ShardSet.startMs(option, r.file(), r.header().start());
    }

    /** The runs merged, as read. */
    List<RunJson> runs() {
        return runs;
    }

    public int size() {
        return runs.size();
    }

    /** Writes the merged file (replaced if it exists). */
    public void write(Path out) throws IOException {
        Files.writeString(out, json() + "\n", StandardCharsets.UTF_8);
    }

    /** The merged document. */
    String json() {
        RunJson first = runs.get(0);
        JsonWriter j = new JsonWriter().beginObject()
                .field("schema", JsonReporter.SCHEMA)
                .field("workload", first.header().workload())
                .field("target", joined(runs.stream().map(r -> r.header().target()).toList()))
                .field("start", runs.stream().map(r -> Instant.parse(r.header().start())).min(Instant::compareTo)
                        .orElseThrow().toString());
        j.name("merged").beginArray();
        runs.forEach(r -> j.value(r.file().toString()));
        j.endArray();
        // Each run as it was, so that harness check can tell this file is of the runs of a merged hlog.
        j.name("runs").beginArray();
        for (RunJson r : runs) {
            j.beginObject().field("file", r.file().toString()).field("start", r.header().start());
            j.name("settings").beginObject();
            r.header().settings().forEach(j::field);
            j.endObject().endObject();
        }
        j.endArray();
        j.name("settings").beginObject();
        settings().forEach(j::field);
        j.endObject();
        Environment environment = environment();
        if (environment != null) {
            j.name("environment").beginObject();
            environment.byKey().forEach(j::field);
            j.endObject();
        }
        Set<String> notes = new LinkedHashSet<>();
        runs.forEach(r -> notes.addAll(r.header().notes()));
        j.name("notes").beginArray();
        notes.forEach(j::value);
        j.endArray();
        long[] perSecond = perSecond();
        JsonReporter.reading(j, reading());
        j.name("summary").beginObject();
        Gaps gaps = RunCounts.gaps(runs);
        JsonReporter.totals(j, totals(gaps));
        JsonReporter.gaps(j, gaps);
        JsonReporter.throughputPerSecond(j, perSecond);
        JsonReporter.delivery(j, delivery());
        JsonReporter.recovery(j, recovery(), null);
        saturation(j);
        j.endObject();
        // The shards' own verdicts judged their shares; the merged set's is harness check's.
        JsonReporter.slo(j, Verdict.NONE);
        j.name("perSecond").beginArray();
        for (long n : perSecond) {
            j.value(n);
        }
        j.endArray();
        return j.endObject().toString();
    }

    /**
     * The set's reading: every run's validity reasons and findings, each named by its shard (or
     * file). One run that was not a valid test makes the set not valid: its part of the load was
     * not what was asked.
     */
    Reading reading() {
        Validity validity = Validity.VALID;
        List<Finding> findings = new ArrayList<>();
        for (RunJson r : runs) {
            Shard shard = Shard.ofSetting(r.header().settings().get("shard"));
            String name = (shard != null ? "shard " + shard : r.file().getFileName().toString()) + ": ";
            validity = validity.plus(r.reading().validity(), name);
            r.reading().findings().forEach(f -> findings.add(new Finding(f.code(), name + f.text())));
        }
        return new Reading(validity, findings);
    }

    /** Where the runs ran: each figure's one value, or its distinct values joined (shards on several hosts); null when none says. */
    private Environment environment() {
        return Environment.read(f -> joined(runs.stream()
                .map(r -> r.header().environment() == null ? null : r.header().environment().byKey().get(f.key())).toList()));
    }

    /** The settings all runs share; a shard set's "shard" says it is whole; the others that differ say so. */
    private Map<String, String> settings() {
        Map<String, String> merged = new LinkedHashMap<>();
        for (RunJson r : runs) {
            r.header().settings().forEach((name, value) -> {
                String before = merged.putIfAbsent(name, value);
                if (before != null && !before.equals(value)) {
                    merged.put(name, DIFFERS);
                }
            });
        }
        for (RunJson r : runs) {
            merged.keySet().stream().filter(name -> !r.header().settings().containsKey(name)).toList()
                    .forEach(name -> merged.put(name, DIFFERS));
        }
        String shard = runs.get(0).header().settings().get("shard");
        if (Shard.ofSetting(shard) != null) {
            merged.put("shard", "all " + runs.size() + " shards of one schedule, merged");
        }
        return merged;
    }

    /** The longest gap is the set's, on its common timeline: no completion from any run while one was due. */
    private RunJson.Totals totals(Gaps gaps) {
        String stopReason = joined(runs.stream().map(r -> r.totals().stopReason()).toList());
        String failure = runs.stream().map(r -> r.totals().failure()).filter(Objects::nonNull).findFirst().orElse(null);
        double target = 0;
        double seconds = 0;
        boolean closedLoop = false;
        long[] c = new long[12];
        for (RunJson r : runs) {
            RunJson.Totals t = r.totals();
            target += t.targetRate();
            seconds = Math.max(seconds, t.measuredSeconds());
            closedLoop |= t.closedLoop();
            long[] counts = {t.measuredSent(), t.measuredCompleted(), t.totalSent(), t.totalCompleted(),
                t.completedAfterWarmup(), t.unsent(), t.uncommitted(), t.incomplete(), t.lost(), t.late(), t.othersConsumed()};
            for (int i = 0; i < counts.length; i++) {
                c[i] += counts[i];
            }
        }
        // The schedule's rate, as one run of it would have it: not the shards' rates added.
        return new RunJson.Totals(stopReason, failure, target, closedLoop, RunCounts.achievedRate(runs), seconds, c[0], c[1],
                c[2], c[3], c[4], c[5], c[6], c[7], c[8], c[9], c[10], othersLeft(), gaps.longestFromNs(), gaps.longestNs());
    }

    /** Others' messages the shards left on their queues, added; -1 when no shard could count them. */
    private long othersLeft() {
        long[] counted = runs.stream().mapToLong(r -> r.totals().othersLeft()).filter(n -> n >= 0).toArray();
        return counted.length == 0 ? -1 : java.util.Arrays.stream(counted).sum();
    }

    /**
     * Second by second from the one start: the runs' completions in it added, over the seconds
     * every run measured whole. A run's series ends at its last whole second before its last
     * completion, so of two shards one may count a last second the other does not: that second
     * would hold one shard's share and read as half the rate.
     */
    private long[] perSecond() {
        long[] sum = new long[runs.stream().mapToInt(r -> r.perSecond().length).min().orElse(0)];
        for (RunJson r : runs) {
            for (int i = 0; i < sum.length; i++) {
                sum[i] += r.perSecond()[i];
            }
        }
        return sum;
    }

    /**
     * Whether the runs together offered the schedule: each run that could not offer its part says
     * so ("shard 1/2: ..."), so the merged report does too; limit is held only when every run held.
     */
    private void saturation(JsonWriter j) {
        Set<String> limits = new LinkedHashSet<>();
        List<String> sentences = new ArrayList<>();
        double asked = 0;
        for (RunJson r : runs) {
            String limit = r.saturationLimit() == null ? Saturation.HELD : r.saturationLimit();
            if (!limit.equals(Saturation.HELD)) {
                limits.add(limit);
            }
            if (r.saturation() != null) {
                Shard shard = Shard.ofSetting(r.header().settings().get("shard"));
                sentences.add((shard != null ? "shard " + shard : r.file().getFileName().toString()) + ": " + r.saturation());
            }
            asked += r.totals().targetRate();
        }
        j.name("saturation").beginObject()
                .field("limit", limits.isEmpty() ? Saturation.HELD : String.join(", ", limits))
                .field("sentence", sentences.isEmpty() ? null : String.join(" ", sentences))
                .field("askedRate", asked)
                .field("achievedRate", RunCounts.achievedRate(runs)) // the summary's, one rate for one schedule
                .endObject();
    }

    /** The ledgers added; a run that could not check its deliveries leaves the sum unchecked too. */
    private Delivery delivery() {
        Delivery first = runs.get(0).delivery();
        boolean tracked = true;
        String untracked = null;
        long[] c = new long[10];
        for (RunJson r : runs) {
            Delivery d = r.delivery();
            tracked &= d.tracked();
            untracked = untracked != null ? untracked : d.untracked();
            long[] counts = {d.committed(), d.received(), d.lost(), d.duplicates(), d.rolledBack(), d.inDoubt(),
                d.rolledBackWork(), d.answeredAgain(), d.routerRedeliveries(), d.expired()};
            for (int i = 0; i < counts.length; i++) {
                c[i] += counts[i];
            }
        }
        return new Delivery(tracked, untracked, first.persistent(), first.syncpoint(), c[0], c[1], c[2], c[3], c[4], c[5],
                c[6], c[7], c[8], c[9]);
    }

    /** The worst outage any run lived through, with every run's reconnections; null when none had one. */
    private Outages.Recovery recovery() {
        Outages.Recovery worst = null;
        long reconnections = 0;
        long longest = 0;
        String longestWho = null;
        boolean unfinished = false;
        for (RunJson r : runs) {
            Outages.Recovery o = r.recovery();
            if (o == null) {
                continue;
            }
            if (worst == null || o.outageNs() > worst.outageNs()) {
                worst = o;
            }
            reconnections += o.reconnections();
            if (o.longestReconnectNs() > longest) {
                longest = o.longestReconnectNs();
                longestWho = o.longestReconnectWho();
            }
            unfinished |= o.unfinished();
        }
        return worst == null ? null : new Outages.Recovery(worst.killedAtNs(), worst.restartedAtNs(), worst.restartMillis(),
                worst.outageFromNs(), worst.outageToNs(), worst.caughtUpAtNs(), worst.drainedAtNs(), reconnections, longest,
                longestWho, unfinished, worst.killedBy(), worst.restartSpan(), worst.restartFromStartLineMillis(),
                worst.startLineSpan(), worst.lostAtNs(), worst.reconnectedAtNs());
    }

    /** One value when all agree, else the distinct ones in order. */
    private static String joined(List<String> values) {
        LinkedHashSet<String> distinct = new LinkedHashSet<>();
        values.stream().filter(Objects::nonNull).forEach(distinct::add);
        return distinct.isEmpty() ? null : String.join("; ", distinct);
    }
}
