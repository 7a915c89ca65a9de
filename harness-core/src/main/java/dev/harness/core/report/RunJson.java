package dev.harness.core.report;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.harness.core.FileErrors;
import dev.harness.core.SettingsException;
import dev.harness.core.WorkloadKind;
import dev.harness.core.disturbance.Stop;
import dev.harness.core.findings.Finding;
import dev.harness.core.findings.Reading;
import dev.harness.core.findings.Reason;
import dev.harness.core.findings.Validity;
import dev.harness.core.hlog.HlogRun;
import dev.harness.core.host.Environment;
import dev.harness.core.measure.Gaps;
import dev.harness.core.measure.Outages;
import dev.harness.core.run.Delivery;
import dev.harness.core.run.RunControl;
import dev.harness.core.run.RunSummary;
import dev.harness.core.slo.Objective;
import dev.harness.core.slo.Result;
import dev.harness.core.slo.RunCounts;
import dev.harness.core.slo.Verdict;
import dev.harness.core.slo.Window;

/**
 * A run's --json read back: the figures of its summary that its hlog does not carry (delivery,
 * outage, unsent, late, lost requests) and its verdict. The field names read are those
 * {@link JsonReporter} writes, the harness-run/1 schema's, which are kept.
 *
 * @param file the file read
 * @param requests request/response: its ledger counts answered requests
 * @param unsent summary.unsent
 * @param late summary.late
 * @param requestsLost summary.lost: requests given up at the reply timeout
 * @param delivery summary.delivery
 * @param recovery summary.recovery, or null
 * @param verdict slo, as the run judged it
 * @param header what the run was: workload, target, start, settings, notes
 * @param totals the summary's counts and rates
 * @param perSecond completions in each second of the run
 * @param saturation summary.saturation.sentence: why the harness could not offer the schedule, or null
 * @param saturationLimit summary.saturation.limit: who limited the rate, {@code held} when nobody did, or null
 * @param reading validity and findings, as the run read itself; a file from before they were written reads valid
 *     with no findings
 * @param gaps summary.gaps: the measured phase's gaps, or for a file without them its longest alone
 * @param merged for a file harness merge wrote, the runs it merged (as {@code runs} names them; empty
 *     in a file from before it named them); null for one run's file
 * @param freezes summary.freezes: the stops of the broker the run made; empty in a file from before they were written
 * @param subscriptions summary.subscriptions.each: publish/subscribe's subscriptions; empty for other workloads
 */
public record RunJson(Path file, boolean requests, long unsent, long late, long requestsLost, Delivery delivery,
        Outages.Recovery recovery, Verdict verdict, Header header, Totals totals, long[] perSecond, String saturation,
        String saturationLimit, Reading reading, Gaps gaps, List<Run> merged, List<Stop> freezes,
        List<RunOutcome.Subscription> subscriptions) implements RunCounts {
    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * The run's header as the JSON states it.
     *
     * @param workload its tag (put, reqresp)
     * @param target what was driven
     * @param start the schedule's start (ISO-8601)
     * @param settings every setting that changes results, by name, in order
     * @param notes the header's notes
     * @param environment where it ran ("environment"), or null when the file has none
     */
    public record Header(String workload, String target, String start, Map<String, String> settings, List<String> notes,
            Environment environment) {
    }

    /**
     * One of the runs a merged file is of, as harness merge names it in {@code runs}.
     *
     * @param file the run's --json, as given to harness merge
     * @param start its schedule's start (ISO-8601)
     * @param settings its settings, by name
     */
    public record Run(String file, String start, Map<String, String> settings) {
    }

    /**
     * The summary's whole-run counts and rates, in the order JsonReporter writes them; the longest
     * gap is the run's longest client-visible outage (RunSummary.Throughput).
     */
    public record Totals(String stopReason, String failure, double targetRate, boolean closedLoop, double achievedRate,
            double measuredSeconds, long measuredSent, long measuredCompleted, long totalSent, long totalCompleted,
            long completedAfterWarmup, long unsent, long uncommitted, long incomplete, long lost, long late,
            long othersConsumed, long othersLeft, long longestGapFromNs, long longestGapNs) {
    }

    @Override
    public long completedAfterWarmup() {
        return totals.completedAfterWarmup();
    }

    @Override
    public double measuredSeconds() {
        return totals.measuredSeconds();
    }

    @Override
    public Instant start() {
        return Instant.parse(header.start());
    }

    /**
     * A JSON file's tree; a file that cannot be read or is not JSON is one line naming it ({@code where}),
     * for every reader of the harness's JSON files.
     */
    static JsonNode tree(String where, Path file) {
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return JSON.readTree(in);
        } catch (JsonProcessingException e) {
            throw new SettingsException(where, "not JSON: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new SettingsException(where, "cannot read the file: " + FileErrors.describeRead(e));
        }
    }

    /** Reads a harness run --json file; a bad one is one line naming it, as {@code option FILE}. */
    public static RunJson read(String option, Path file) {
        String where = option + " " + file;
        JsonNode root = tree(where, file);
        if (root == null || !JsonReporter.SCHEMA.equals(root.path("schema").asText())) {
            throw new SettingsException(where, "expected the --json of a harness run (schema " + JsonReporter.SCHEMA + ")");
        }
        JsonNode s = root.path("summary");
        // An interrupted run's file is left empty; one without its summary is none we can count on.
        if (!s.isObject() || !s.path("delivery").isObject()) {
            throw new SettingsException(where, "no summary in it: the run did not finish writing it");
        }
        JsonNode d = s.path("delivery");
        Delivery delivery = new Delivery(d.path("tracked").asBoolean(), d.path("untracked").isNull() ? null
                : d.path("untracked").asText(), d.path("persistent").asBoolean(), d.path("syncpoint").asInt(),
                d.path("committed").asLong(), d.path("received").asLong(), d.path("lost").asLong(),
                d.path("duplicates").asLong(), d.path("rolledBack").asLong(), d.path("inDoubt").asLong(),
                d.path("rolledBackWork").asLong(), d.path("answeredAgain").asLong(), d.path("routerRedeliveries").asLong(),
                d.path("expired").asLong()); // 0 in a file written before --ttl
        JsonNode o = s.path("recovery");
        Outages.Recovery recovery = !o.isObject() ? null : new Outages.Recovery(o.path("brokerKilledAtNs").asLong(-1),
                o.path("brokerRestartedAtNs").asLong(-1), o.path("brokerRestartMs").asLong(-1),
                o.path("outageFromNs").asLong(-1), o.path("outageToNs").asLong(-1), o.path("sendersOnScheduleAtNs").asLong(-1),
                o.path("backlogDrainedAtNs").asLong(-1), o.path("reconnections").asLong(),
                o.path("longestReconnectNs").asLong(), o.path("longestReconnectWho").isNull() ? null
                        : o.path("longestReconnectWho").asText(null), o.path("unfinished").asBoolean(),
                text(o, "brokerKilledBy"), text(o, "brokerRestartSpan"), o.path("brokerRestartFromStartLineMs").asLong(-1),
                text(o, "brokerStartLineSpan"), o.path("brokerLostAtNs").asLong(-1), o.path("reconnectedAtNs").asLong(-1));
        Map<String, String> settings = new LinkedHashMap<>();
        root.path("settings").fields().forEachRemaining(e -> settings.put(e.getKey(), e.getValue().asText()));
        List<String> notes = new ArrayList<>();
        root.path("notes").forEach(n -> notes.add(n.asText()));
        JsonNode env = root.path("environment");
        Header header = new Header(root.path("workload").asText(), root.path("target").asText(), root.path("start").asText(),
                settings, notes, Environment.read(f -> text(env, f.key())));
        Totals totals = new Totals(text(s, "stopReason"), text(s, "failure"), s.path("targetRate").asDouble(),
                s.path("closedLoop").asBoolean(), s.path("achievedRate").asDouble(), s.path("measuredSeconds").asDouble(),
                s.path("measuredSent").asLong(), s.path("measuredCompleted").asLong(), s.path("totalSent").asLong(),
                s.path("totalCompleted").asLong(), s.path("completedAfterWarmup").asLong(), s.path("unsent").asLong(),
                s.path("uncommitted").asLong(), s.path("incomplete").asLong(), s.path("lost").asLong(),
                s.path("late").asLong(), s.path("othersConsumed").asLong(), s.path("othersLeft").asLong(-1),
                // A file from before the gap was written knew an outage only from its recovery.
                s.path("longestGapFromNs").asLong(recovery == null ? -1 : recovery.outageFromNs()),
                s.path("longestGapNs").asLong(recovery == null ? 0 : recovery.outageNs()));
        JsonNode g = s.path("gaps");
        Gaps gaps = Gaps.ofLongest(totals.longestGapFromNs(), totals.longestGapNs());
        if (g.isObject()) {
            long[] idleFrom = longs(g.path("idleFromNs"));
            long[] from = longs(g.path("fromNs"));
            long[] to = longs(g.path("toNs"));
            if (idleFrom.length != to.length || from.length != to.length) {
                throw new SettingsException(where, "summary.gaps: " + idleFrom.length + " spans, " + from.length
                        + " gap starts and " + to.length + " ends");
            }
            gaps = new Gaps(g.path("floorNs").asLong(), totals.longestGapFromNs(), totals.longestGapNs(), idleFrom, from, to);
        }
        List<Run> merged = null;
        if (root.has("merged")) {
            merged = new ArrayList<>();
            for (JsonNode run : root.path("runs")) {
                Map<String, String> runSettings = new LinkedHashMap<>();
                run.path("settings").fields().forEachRemaining(e -> runSettings.put(e.getKey(), e.getValue().asText()));
                merged.add(new Run(run.path("file").asText(), run.path("start").asText(), runSettings));
            }
        }
        JsonNode seconds = root.path("perSecond");
        long[] perSecond = new long[seconds.size()];
        for (int i = 0; i < perSecond.length; i++) {
            perSecond[i] = seconds.get(i).asLong();
        }
        Reading reading = reading(root);
        Verdict verdict = verdict(where, root.path("slo"));
        if (root.path("verdict").path("failedAsNotValid").asBoolean()) {
            // The run's verdict failed it as NOT VALID: so does the verdict read back.
            verdict = verdict.gated(reading.validity(), false);
        }
        return new RunJson(file, WorkloadKind.REQRESP.tag().equals(root.path("workload").asText()), s.path("unsent").asLong(),
                s.path("late").asLong(), s.path("lost").asLong(), delivery, recovery, verdict,
                header, totals, perSecond,
                text(s.path("saturation"), "sentence"), text(s.path("saturation"), "limit"), reading, gaps,
                merged == null ? null : List.copyOf(merged), freezes(s), subscriptions(s));
    }

    /** summary.subscriptions.each as JsonReporter#subscriptions writes them. */
    private static List<RunOutcome.Subscription> subscriptions(JsonNode summary) {
        List<RunOutcome.Subscription> each = new ArrayList<>();
        for (JsonNode e : summary.path("subscriptions").path("each")) {
            JsonNode r = e.path("response");
            each.add(new RunOutcome.Subscription(e.path("topic").asText(), e.path("name").asText(), e.path("received").asLong(),
                    e.path("lost").asLong(), e.path("missed").asLong(), e.path("duplicates").asLong(), r.path("count").asLong(),
                    r.path("p50Ns").asLong(), r.path("p99Ns").asLong(), r.path("p99_9Ns").asLong(), r.path("maxNs").asLong(),
                    e.path("expired").asLong())); // 0 in a file written before pubsub took --ttl
        }
        return each;
    }

    /** summary.freezes as JsonReporter#freezes writes them. */
    private static List<Stop> freezes(JsonNode summary) {
        List<Stop> stops = new ArrayList<>();
        for (JsonNode f : summary.path("freezes")) {
            stops.add(new Stop(f.path("atNs").asLong(), f.path("lengthNs").asLong(), f.path("uncertaintyNs").asLong()));
        }
        return stops;
    }

    /** "validity" and "findings" as JsonReporter#reading writes them. */
    private static Reading reading(JsonNode root) {
        List<Reason> reasons = new ArrayList<>();
        for (JsonNode r : root.path("validity").path("reasons")) {
            reasons.add(new Reason(r.path("code").asText(), r.path("text").asText(), text(r, "advice")));
        }
        List<Finding> findings = new ArrayList<>();
        for (JsonNode f : root.path("findings")) {
            findings.add(new Finding(f.path("code").asText(), f.path("text").asText()));
        }
        return new Reading(new Validity(reasons), findings);
    }

    /**
     * Refuses --json files that are not of the log's runs, as harness merge refuses runs that are
     * not of one schedule ({@link ShardSet}): each file's run (or a merged file's runs) one of the
     * log's, of the same start, settings and shard, and every run of the log given once. One line
     * naming the file and the log's run it is not, as {@code option FILE}.
     */
    public static void requireOf(String option, HlogRun log, List<RunJson> runs) {
        if (runs.isEmpty()) {
            return;
        }
        List<Map.Entry<Path, List<ShardSet.Run>>> json = new ArrayList<>();
        for (RunJson r : runs) {
            json.add(Map.entry(r.file(), ShardSet.runs(option, r)));
        }
        ShardSet.Problem p = ShardSet.paired(ShardSet.runs(log), json);
        if (p != null) {
            throw new SettingsException(option + " " + p.file(), p.problem());
        }
    }

    /** The verdict as the run wrote it: each objective read again, with the values it was judged on. */
    private static Verdict verdict(String where, JsonNode slo) {
        List<Result> results = new ArrayList<>();
        for (JsonNode r : slo) {
            Objective objective;
            try {
                objective = Objective.parse(r.path("objective").asText());
            } catch (SettingsException e) {
                throw new SettingsException(where, "an objective in slo it cannot read: " + e.getMessage());
            }
            Window failed = r.has("firstFailedFromS") ? new Window(r.path("firstFailedFromS").asDouble(),
                    r.path("firstFailedToS").asDouble(), null) : null;
            Window tail = r.has("notJudgedFromS") ? new Window(r.path("notJudgedFromS").asDouble(),
                    r.path("notJudgedToS").asDouble(), null, false) : null;
            results.add(new Result(objective, number(r.path("value")), number(r.path("limit")), r.path("passed").asBoolean(),
                    failed, r.path("failedWindows").asInt(), r.path("windows").asInt(), r.path("emptyWindows").asInt(), tail,
                    text(r, "unknown")));
        }
        return new Verdict(List.copyOf(results));
    }

    private static long[] longs(JsonNode array) {
        long[] v = new long[array.size()];
        for (int i = 0; i < v.length; i++) {
            v[i] = array.get(i).asLong();
        }
        return v;
    }

    private static double number(JsonNode n) {
        return n.isNumber() ? n.asDouble() : Double.NaN;
    }

    /** What the HTML report shows beyond the hlog. */
    /**
     * Why this run did not complete, as harness run's exit code said it (4 or 130), or null when
     * it did: the broker failed or lost committed persistent messages, or the run was interrupted.
     * A run stopped early otherwise (--slo-abort, a broker that could not keep up) completed.
     */
    public String notCompleted() {
        String failure = RunSummary.failure(totals.failure(), requests ? WorkloadKind.REQRESP : WorkloadKind.PUT, totals.stopReason(),
                delivery, recovery);
        return failure != null ? failure : interrupted() ? "it was interrupted (Ctrl-C)" : null;
    }

    /** Whether the run (or, for a merged file, one of its runs) was interrupted. */
    public boolean interrupted() {
        return totals.stopReason() != null && List.of(totals.stopReason().split("; ")).contains(RunControl.INTERRUPTED);
    }

    public RunOutcome outcome() {
        return new RunOutcome(verdict, delivery, requests, requestsLost, unsent, recovery, saturation, reading,
                new RunOutcome.Rates(totals.targetRate(), totals.achievedRate(), totals.measuredSeconds(),
                        totals.longestGapFromNs(), totals.longestGapNs()), freezes, subscriptions);
    }

    private static String text(JsonNode o, String field) {
        return o.path(field).isTextual() ? o.path(field).asText() : null;
    }
}
