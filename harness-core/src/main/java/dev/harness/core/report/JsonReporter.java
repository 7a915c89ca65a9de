package dev.harness.core.report;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import org.HdrHistogram.Histogram;

import dev.harness.core.JsonWriter;
import dev.harness.core.Setting;
import dev.harness.core.disturbance.Stop;
import dev.harness.core.findings.Finding;
import dev.harness.core.findings.Reading;
import dev.harness.core.findings.ReadingListener;
import dev.harness.core.findings.Reason;
import dev.harness.core.host.DiskSample;
import dev.harness.core.host.HostSample;
import dev.harness.core.host.HostSummary;
import dev.harness.core.measure.Gaps;
import dev.harness.core.measure.GcPauses;
import dev.harness.core.measure.GcSummary;
import dev.harness.core.measure.IntervalSnapshot;
import dev.harness.core.measure.JvmPause;
import dev.harness.core.measure.Outages;
import dev.harness.core.measure.Percentiles;
import dev.harness.core.measure.Phase;
import dev.harness.core.measure.View;
import dev.harness.core.run.Delivery;
import dev.harness.core.run.FanOutSummary;
import dev.harness.core.run.Preloaded;
import dev.harness.core.run.RunHeader;
import dev.harness.core.run.RunSummary;
import dev.harness.core.run.SizeClass;
import dev.harness.core.run.Saturation;
import dev.harness.core.run.WarmupEnd;
import dev.harness.core.slo.Result;
import dev.harness.core.slo.Term;
import dev.harness.core.slo.Verdict;

/**
 * The run as JSON: header, summary and the per-interval series (schema in docs/reference/json.md).
 * Intervals are kept as numbers while the run goes on; the file is written at the end,
 * including the end of an interrupted run.
 */
public final class JsonReporter implements ReadingListener, AutoCloseable {
    public static final String SCHEMA = "harness-run/1";

    private final Writer file;
    private final List<IntervalRow> intervals = new ArrayList<>();
    private RunHeader header;
    private volatile String writeFailure;
    private Supplier<Verdict> verdict = () -> Verdict.NONE;

    /** One interval's figures, copied out of the snapshot (whose histograms are recycled). */
    private record IntervalRow(int index, double startS, double endS, Phase phase, long completed, long sent,
            long lost, double rate, long cumulativeCompleted, double cumulativeRate, boolean maxGrew, long[][] views,
            int gcPauseCount, long gcPausedNs, long hiccupMaxNs, HostSample host, long depth, long brokerDepth,
            int brokerPaging, long[] queueDepths, long[] brokerQueueDepths) {
    }

    /** Opens (creates or truncates) the file at once, so a bad path fails before the run. */
    public JsonReporter(Path path) throws IOException {
        this.file = Files.newBufferedWriter(path, StandardCharsets.UTF_8);
    }

    /** The objectives' verdict to write as "slo", read when the run has finished. */
    public JsonReporter verdictFrom(Supplier<Verdict> verdict) {
        this.verdict = verdict;
        return this;
    }

    @Override
    public void started(RunHeader h) {
        this.header = h;
    }

    @Override
    public void interval(IntervalSnapshot s) {
        long[][] views = new long[View.values().length][];
        for (View v : View.values()) {
            Histogram h = s.ofPhase(v);
            views[v.ordinal()] = new long[] {h.getTotalCount(), Percentiles.at(h, 50), Percentiles.at(h, 99), h.getMaxValue()};
        }
        intervals.add(new IntervalRow(s.span().index(), s.span().startNs() / 1e9, s.span().endNs() / 1e9, s.span().phase(), s.counts().completed(),
                s.counts().sent(), s.counts().lost(), s.rate(), s.counts().cumulativeCompleted(), s.cumulativeRate(), s.runMax().grew(), views,
                s.jvm().gc().count(), s.jvm().gc().pausedNs(), s.jvm().hiccup().getMaxValue(), s.host(),
                s.counts().depth(), s.counts().brokerDepth(), s.counts().brokerPaging(), s.counts().queueDepths(),
                s.counts().brokerQueueDepths()));
    }

    @Override
    public void finished(RunSummary r, Reading reading) {
        JsonWriter j = new JsonWriter().beginObject()
                .field("schema", SCHEMA)
                .field("workload", header.workload().tag())
                .field("target", header.target())
                .field("start", header.start().toString());
        j.name("settings").beginObject();
        for (Setting s : header.settings()) {
            j.field(s.name(), s.value());
        }
        j.endObject();
        j.name("notes").beginArray();
        for (String note : header.notes()) {
            j.value(note);
        }
        j.endArray();
        if (header.environment() != null) {
            j.name("environment").beginObject();
            header.environment().byKey().forEach(j::field);
            j.endObject();
        }
        Verdict v = verdict.get();
        reading(j, reading);
        summary(j, r);
        slo(j, v);
        j.name("perSecond").beginArray();
        for (long n : r.throughput().perSecond()) {
            j.value(n);
        }
        j.endArray();
        j.name("intervals").beginArray();
        intervals.forEach(row -> interval(j, row));
        j.endArray().endObject();
        try (Writer w = file) {
            w.write(j.toString());
            w.write('\n');
        } catch (IOException e) {
            // A full disk must not cost the run its console summary and exit code.
            writeFailure = e.getMessage() == null ? "I/O error" : e.getMessage();
        }
    }

    /** Why the file could not be written, or null. */
    public String writeFailure() {
        return writeFailure;
    }

    /** Releases the file if the run ended before its summary (it is then left empty). */
    @Override
    public void close() {
        try {
            file.close();
        } catch (IOException e) {
            // Nothing was written that could be lost.
        }
    }

    /**
     * "validity" (valid, and each reason's code, text and what to change) and "findings" (each
     * sentence's code and text): the reading of the run as the console prints it.
     */
    public static void reading(JsonWriter j, Reading reading) {
        j.name("validity").beginObject().field("valid", reading.validity().valid());
        j.name("reasons").beginArray();
        for (Reason r : reading.validity().reasons()) {
            j.beginObject().field("code", r.code()).field("text", r.text()).field("advice", r.advice()).endObject();
        }
        j.endArray().endObject();
        j.name("findings").beginArray();
        for (Finding f : reading.findings()) {
            j.beginObject().field("code", f.code()).field("text", f.text()).endObject();
        }
        j.endArray();
    }

    /**
     * "slo": one object per objective: its text, whether it passed, the value measured and the
     * limit (ns for times), and for a window the first that failed.
     */
    static void slo(JsonWriter j, Verdict verdict) {
        if (!verdict.isEmpty()) {
            // The whole verdict: its objectives', and the run's validity where that failed it.
            j.name("verdict").beginObject().field("passed", verdict.passed())
                    .field("objectivesFailed", verdict.failures())
                    .field("failedAsNotValid", verdict.invalidLine() != null).endObject();
        }
        j.name("slo").beginArray();
        for (Result r : verdict.results()) {
            j.beginObject()
                    .field("objective", r.objective().text())
                    .field("passed", r.passed())
                    .field("unit", r.objective().term().dimension() == Term.Dimension.TIME ? "ns"
                            : r.objective().term().dimension() == Term.Dimension.RATE ? "msg/s" : "count");
            number(j, "value", r.measured());
            number(j, "limit", r.limit());
            j.field("windowNs", r.objective().windowNs());
            if (r.objective().windowNs() > 0) {
                j.field("windows", r.windows()).field("failedWindows", r.failedWindows()).field("emptyWindows", r.emptyWindows());
                if (r.failedWindow() != null) {
                    j.field("firstFailedFromS", r.failedWindow().fromS()).field("firstFailedToS", r.failedWindow().toS());
                }
                if (r.tail() != null) {
                    j.field("notJudgedFromS", r.tail().fromS()).field("notJudgedToS", r.tail().toS());
                }
            }
            if (r.unknown() != null) {
                j.field("unknown", r.unknown());
            }
            j.endObject();
        }
        j.endArray();
    }

    private static void number(JsonWriter j, String name, double v) {
        if (Double.isNaN(v)) {
            j.field(name, (String) null);
        } else {
            j.field(name, v);
        }
    }

    private static void summary(JsonWriter j, RunSummary r) {
        RunSummary.Counts c = r.counts();
        RunSummary.Throughput t = r.throughput();
        j.name("summary").beginObject();
        totals(j, new RunJson.Totals(r.ending().stopReason(), r.ending().failure(), t.targetRate(), t.closedLoop(),
                t.achievedRate(), t.measuredSeconds(), c.measuredSent(), c.measuredCompleted(), c.committed(), c.completed(),
                t.completedAfterWarmup(), c.unsent(), c.uncommitted(), c.incomplete(), c.lost(), c.late(), c.othersConsumed(), c.othersLeft(),
                t.longestGapFromNs(), t.longestGapNs()));
        gaps(j, t.gaps());
        throughputPerSecond(j, t.perSecond());
        warmup(j, r.warmup());
        views(j, "views", r.views().measured());
        views(j, "warmupViews", r.views().warmup());
        j.name("jvmPauses").beginObject()
                .field("count", r.jvmPauses().count())
                .field("totalNs", r.jvmPauses().totalNs())
                .field("correctionsAdded", r.jvmPauses().corrections())
                .field("resolutionNs", r.jvmPauses().resolutionNs());
        j.name("longest").beginArray();
        for (JvmPause p : r.jvmPauses().longest()) {
            j.beginObject().field("lengthNs", p.lengthNs()).field("end", p.end().toString()).endObject();
        }
        j.endArray().endObject();
        gc(j, r.gc());
        hostSummary(j, r.host());
        delivery(j, r.delivery());
        subscriptions(j, r.fanOut());
        sizes(j, r.sizes());
        preload(j, r.preload());
        recovery(j, r.recovery(), r.views().responseWithoutOutage());
        saturation(j, r.saturation());
        freezes(j, r.freezes());
        j.endObject();
    }

    /** The summary's counts and rates; the field names are the harness-run/1 schema's: totalSent has always meant committed. */
    static void totals(JsonWriter j, RunJson.Totals t) {
        j.field("stopReason", t.stopReason())
                .field("failure", t.failure())
                .field("targetRate", t.targetRate())
                // Unthrottled: no schedule, response = service (see ClosedLoop).
                .field("closedLoop", t.closedLoop())
                .field("achievedRate", t.achievedRate())
                .field("measuredSeconds", t.measuredSeconds())
                .field("measuredSent", t.measuredSent())
                .field("measuredCompleted", t.measuredCompleted())
                .field("totalSent", t.totalSent())
                .field("totalCompleted", t.totalCompleted())
                .field("completedAfterWarmup", t.completedAfterWarmup())
                .field("unsent", t.unsent())
                .field("uncommitted", t.uncommitted())
                .field("incomplete", t.incomplete())
                .field("lost", t.lost())
                .field("late", t.late())
                .field("othersConsumed", t.othersConsumed())
                .field("othersLeft", t.othersLeft())
                .field("longestGapFromNs", t.longestGapFromNs())
                .field("longestGapNs", t.longestGapNs());
    }

    /**
     * The measured phase's spans without a completion, ns from the start, each with the gap in it:
     * every one longer than floorNs; for a set of runs' common timeline (harness merge, harness
     * check of several runs).
     */
    static void gaps(JsonWriter j, Gaps g) {
        j.name("gaps").beginObject().field("floorNs", g.floorNs());
        longs(j, "idleFromNs", g.idleFromNs());
        longs(j, "fromNs", g.fromNs());
        longs(j, "toNs", g.toNs());
        j.endObject();
    }

    /** An array of counts, or null. */
    private static void longs(JsonWriter j, String name, long[] values) {
        if (values == null) {
            j.field(name, (String) null);
            return;
        }
        j.name(name).beginArray();
        for (long n : values) {
            j.value(n);
        }
        j.endArray();
    }

    /**
     * Where the measured phase began: warmupNs from the schedule's start (null when the run ended in
     * its warmup); warmupAuto null for a fixed warmup, else its longest and whether the schedule
     * was kept before it (false: it gave up there).
     */
    private static void warmup(JsonWriter j, WarmupEnd w) {
        if (w.ns() < 0) {
            j.field("warmupNs", (String) null);
        } else {
            j.field("warmupNs", w.ns());
        }
        if (w.auto()) {
            j.name("warmupAuto").beginObject().field("maxNs", w.autoMaxNs()).field("steady", w.steady()).endObject();
        } else {
            j.field("warmupAuto", (String) null);
        }
    }

    /** Min, median and max of the completions per second. */
    static void throughputPerSecond(JsonWriter j, long[] perSecond) {
        long[] sorted = perSecond.clone();
        Arrays.sort(sorted);
        j.name("throughputPerSecond").beginObject().field("seconds", sorted.length);
        if (sorted.length > 0) {
            j.field("min", sorted[0]).field("median", sorted[sorted.length / 2]).field("max", sorted[sorted.length - 1]);
        }
        j.endObject();
    }

    /** The broker's stops (--freeze-at), as measured where they were made: from the schedule's start, in ns. */
    static void freezes(JsonWriter j, List<Stop> freezes) {
        j.name("freezes").beginArray();
        for (Stop s : freezes) {
            j.beginObject().field("atNs", s.atNs()).field("lengthNs", s.lengthNs()).field("uncertaintyNs", s.uncertaintyNs())
                    .endObject();
        }
        j.endArray();
    }

    /** Whether the harness could offer the schedule; sentence null when it did. */
    private static void saturation(JsonWriter j, Saturation s) {
        j.name("saturation").beginObject()
                .field("limit", s.limit())
                .field("sentence", s.sentence())
                .field("askedRate", s.askedRate())
                .field("achievedRate", s.achievedRate())
                .field("workers", s.workers())
                .field("maxInFlight", s.maxInFlight())
                .field("busyFraction", s.busyFraction())
                .field("windowFullFraction", s.windowFullFraction())
                .field("cpuFraction", s.cpuFraction())
                .field("pausedFraction", s.pausedFraction())
                .endObject();
    }

    static void delivery(JsonWriter j, Delivery d) {
        j.name("delivery").beginObject()
                .field("tracked", d.tracked())
                .field("untracked", d.untracked())
                .field("persistent", d.persistent())
                .field("syncpoint", d.syncpoint())
                .field("committed", d.committed())
                .field("received", d.received())
                .field("lost", d.lost())
                .field("duplicates", d.duplicates())
                .field("rolledBack", d.rolledBack())
                .field("inDoubt", d.inDoubt())
                .field("rolledBackWork", d.rolledBackWork())
                .field("answeredAgain", d.answeredAgain())
                .field("routerRedeliveries", d.routerRedeliveries())
                .field("expired", d.expired())
                .endObject();
    }

    /** Publish/subscribe: each subscription's copies and response; null for other workloads. */
    static void subscriptions(JsonWriter j, FanOutSummary f) {
        if (f == null) {
            j.field("subscriptions", (String) null);
            return;
        }
        j.name("subscriptions").beginObject()
                .field("kind", f.kind())
                .field("deliveries", f.deliveries())
                .field("incompleteFanOuts", f.incomplete())
                .field("fanOutWindow", f.window())
                .field("medianP99Ns", f.medianP99Ns())
                .field("backlogSpanNs", f.backlogSpanNs());
        FanOutSummary.Subscription slowest = f.slowest();
        j.field("slowest", slowest == null ? null : slowest.name());
        j.name("notes").beginArray();
        f.notes().forEach(j::value);
        j.endArray();
        j.name("each").beginArray();
        for (FanOutSummary.Subscription s : f.subscriptions()) {
            j.beginObject()
                    .field("topic", s.topic())
                    .field("name", s.name())
                    .field("received", s.received())
                    .field("lost", s.lost())
                    .field("missed", s.missed())
                    .field("expired", s.expired())
                    .field("duplicates", s.duplicates())
                    .field("backlogGrowth", s.backlogGrowth())
                    .field("published", s.published());
            histogram(j, "response", s.response());
            j.endObject();
        }
        j.endArray().endObject();
    }

    /** A --size mix: each size's share and its messages' measured response, and the completed messages' mean size; null with one size. */
    static void sizes(JsonWriter j, List<SizeClass> sizes) {
        if (sizes.isEmpty()) {
            j.field("sizes", (String) null);
            return;
        }
        j.name("sizes").beginObject().field("meanBytes", SizeClass.meanBytes(sizes));
        j.name("each").beginArray();
        for (SizeClass s : sizes) {
            j.beginObject().field("bytes", s.bytes()).field("percent", s.percent());
            histogram(j, "response", s.response());
            j.endObject();
        }
        j.endArray().endObject();
    }

    /** --preload: what was put before the schedule, and when it was gone (ns from the schedule's start, null before); null for none. */
    static void preload(JsonWriter j, Preloaded p) {
        if (p == null) {
            j.field("preload", (String) null);
            return;
        }
        j.name("preload").beginObject()
                .field("messages", p.messages())
                .field("queues", p.queues())
                .field("putNs", p.putNs())
                .field("putRate", p.putRate())
                .field("received", p.received())
                .field("pagedAfterPut", p.pagedAfterPut());
        if (p.drained()) {
            j.field("drainedNs", p.drainedNs());
        } else {
            j.field("drainedNs", (String) null);
        }
        j.endObject();
    }

    /** Times in ns from the schedule's start; -1 where there is none. Null when nothing happened. */
    static void recovery(JsonWriter j, Outages.Recovery o, Histogram withoutOutage) {
        if (o == null) {
            j.field("recovery", (String) null);
            return;
        }
        j.name("recovery").beginObject()
                .field("brokerKilledAtNs", o.killedAtNs())
                .field("brokerRestartedAtNs", o.restartedAtNs())
                .field("brokerRestartMs", o.restartMillis())
                .field("brokerKilledBy", o.killedBy())
                .field("brokerRestartSpan", o.restartSpan())
                .field("brokerRestartFromStartLineMs", o.restartFromStartLineMillis())
                .field("brokerStartLineSpan", o.startLineSpan())
                .field("outageNs", o.outageNs())
                .field("outageFromNs", o.outageFromNs())
                .field("outageToNs", o.outageToNs())
                .field("brokerLostAtNs", o.lostAtNs())
                .field("reconnectedAtNs", o.reconnectedAtNs())
                .field("sendersOnScheduleAtNs", o.caughtUpAtNs())
                .field("backlogDrainedAtNs", o.drainedAtNs())
                .field("backlogDrainNs", o.backlogDrainNs())
                .field("reconnections", o.reconnections())
                .field("longestReconnectNs", o.longestReconnectNs())
                .field("longestReconnectWho", o.longestReconnectWho())
                .field("unfinished", o.unfinished());
        if (withoutOutage != null) {
            j.name("responseWithoutOutage").beginObject()
                    .field("count", withoutOutage.getTotalCount())
                    .field("meanNs", withoutOutage.getTotalCount() == 0 ? 0 : withoutOutage.getMean());
            for (double p : Percentiles.SUMMARY) {
                j.field(Percentiles.key(p) + "Ns", Percentiles.at(withoutOutage, p));
            }
            j.field("maxNs", withoutOutage.getMaxValue()).endObject();
        }
        j.endObject();
    }

    private static void host(JsonWriter j, HostSample h) {
        j.name("host").beginObject()
                .field("cpus", h.cpus())
                .field("procsRunning", h.procsRunning())
                .field("procsBlocked", h.procsBlocked())
                .field("cpuUserPercent", h.cpuUserPercent())
                .field("cpuSystemPercent", h.cpuSystemPercent())
                .field("cpuIowaitPercent", h.cpuIowaitPercent())
                .field("cpuStealPercent", h.cpuStealPercent())
                .field("memAvailableBytes", h.memAvailableBytes())
                .field("majorFaultsPerSec", h.majorFaultsPerSec())
                .field("cpuSomeAvg10", h.cpuSomeAvg10())
                .field("ioSomeAvg10", h.ioSomeAvg10())
                .field("ioFullAvg10", h.ioFullAvg10())
                .field("memorySomeAvg10", h.memorySomeAvg10())
                .field("memoryFullAvg10", h.memoryFullAvg10())
                .field("tcpListenOverflows", h.tcpListenOverflows())
                .field("tcpListenDrops", h.tcpListenDrops());
        j.name("disks").beginArray();
        for (DiskSample d : h.disks()) {
            j.beginObject().field("name", d.name()).field("inFlight", d.inFlight()).field("busyPercent", d.busyPercent())
                    .field("readsPerSec", d.readsPerSec()).field("writesPerSec", d.writesPerSec()).endObject();
        }
        j.endArray().endObject();
    }

    private static void hostSummary(JsonWriter j, HostSummary h) {
        j.name("host").beginObject()
                .field("samples", h.samples())
                .field("longestQueue", h.longestQueue())
                .field("maxRunnable", h.maxRunnable())
                .field("maxRunQueueExcess", h.maxRunQueueExcess())
                .field("tcpListenOverflows", h.tcpListenOverflows())
                .field("tcpListenDrops", h.tcpListenDrops());
        j.name("peaks").beginArray();
        for (HostSummary.QueuePeak p : h.peaks()) {
            j.beginObject().field("kind", p.kind().name()).field("name", p.name()).field("score", p.score())
                    .field("at", java.time.Instant.ofEpochMilli(p.epochMillis()).toString())
                    .field("description", p.description()).endObject();
        }
        j.endArray().endObject();
    }

    private static void gc(JsonWriter j, GcSummary gc) {
        Histogram h = gc.hiccups();
        j.name("hiccups").beginObject().field("count", h.getTotalCount());
        for (double p : Percentiles.SUMMARY) {
            j.field(Percentiles.key(p) + "Ns", Percentiles.at(h, p));
        }
        j.field("maxNs", h.getMaxValue()).endObject();
        j.name("gcPauses").beginObject()
                .field("count", gc.gcPauseCount())
                .field("totalNs", gc.gcPauseTotalNs());
        j.name("longest").beginArray();
        for (GcPauses.GcPause p : gc.longestGcPauses()) {
            j.beginObject().field("lengthNs", p.lengthNs()).field("end", p.end().toString())
                    .field("collector", p.collector()).field("cause", p.cause()).endObject();
        }
        j.endArray().endObject();
    }

    private static void views(JsonWriter j, String name, Map<View, Histogram> views) {
        j.name(name).beginObject();
        for (View v : View.values()) {
            histogram(j, v.tag(), views.get(v));
        }
        j.endObject();
    }

    /** One distribution as the summary gives every view: count, mean, the summary's percentiles, max, in ns. */
    private static void histogram(JsonWriter j, String name, Histogram h) {
        j.name(name).beginObject()
                .field("count", h.getTotalCount())
                .field("meanNs", h.getTotalCount() == 0 ? 0 : h.getMean());
        for (double p : Percentiles.SUMMARY) {
            j.field(Percentiles.key(p) + "Ns", Percentiles.at(h, p));
        }
        j.field("maxNs", h.getMaxValue()).endObject();
    }

    private static void interval(JsonWriter j, IntervalRow row) {
        j.beginObject()
                .field("index", row.index())
                .field("startS", row.startS())
                .field("endS", row.endS())
                .field("phase", row.phase() == Phase.WARMUP ? "warmup" : "measured")
                .field("completed", row.completed())
                .field("sent", row.sent())
                .field("lost", row.lost())
                .field("rate", row.rate())
                .field("cumulativeCompleted", row.cumulativeCompleted())
                .field("cumulativeRate", row.cumulativeRate())
                .field("depth", row.depth())
                .field("brokerDepth", row.brokerDepth())
                .field("brokerPaging", row.brokerPaging());
        longs(j, "queueDepths", row.queueDepths());
        longs(j, "brokerQueueDepths", row.brokerQueueDepths());
        j.field("maxGrew", row.maxGrew())
                .field("gcPauses", row.gcPauseCount())
                .field("gcPausedNs", row.gcPausedNs())
                .field("hiccupMaxNs", row.hiccupMaxNs());
        host(j, row.host());
        j.name("views").beginObject();
        for (View v : View.values()) {
            long[] f = row.views()[v.ordinal()];
            j.name(v.tag()).beginObject()
                    .field("count", f[0]).field("p50Ns", f[1]).field("p99Ns", f[2]).field("maxNs", f[3])
                    .endObject();
        }
        j.endObject().endObject();
    }
}
