package dev.harness.core.slo;

import java.nio.file.Path;
import java.time.Instant;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import org.HdrHistogram.Histogram;

import dev.harness.core.Setting;
import dev.harness.core.WorkloadKind;
import dev.harness.core.host.HostSummary;
import dev.harness.core.measure.Gaps;
import dev.harness.core.measure.GcSummary;
import dev.harness.core.measure.Histograms;
import dev.harness.core.measure.Outages;
import dev.harness.core.measure.View;
import dev.harness.core.report.JsonReporter;
import dev.harness.core.run.Delivery;
import dev.harness.core.run.RunHeader;
import dev.harness.core.run.RunSummary;
import dev.harness.core.run.Summaries;

/** Finished runs' summaries as the runner makes them, and their --json as JsonReporter writes it. */
final class Runs {
    static final RunHeader HEADER = new RunHeader(WorkloadKind.PUT, "embedded Artemis (test)",
            List.of(new Setting("rate", "100 msg/s"), new Setting("interval", "1s")), List.of(),
            Instant.ofEpochMilli(1_795_260_764_147L));

    private Runs() {
    }

    static Histogram values(long... ns) {
        Histogram h = Histograms.create();
        for (long v : ns) {
            h.recordValue(v);
        }
        return h;
    }

    /** Measured views: response (and service) holding these values, the others empty. */
    static Map<View, Histogram> views(long... responseNs) {
        Map<View, Histogram> m = new EnumMap<>(View.class);
        for (View v : View.values()) {
            m.put(v, v == View.RESPONSE || v == View.SERVICE ? values(responseNs) : Histograms.create());
        }
        return m;
    }

    static Delivery delivery(long committed, long lost, long duplicates, long inDoubt) {
        return new Delivery(true, null, true, 0, committed, committed - lost, lost, duplicates, 0, inDoubt, 0, 0, 0);
    }

    static Outages.Recovery outage(long fromNs, long toNs) {
        return new Outages.Recovery(-1, -1, -1, fromNs, toNs, -1, -1, 3, 200_000_000L, "sender 0", false, null, null, -1, null);
    }

    /**
     * A run with these measured responses, counts and figures; a broker outage's gap is its longest,
     * as the run's meter sees it.
     */
    static RunSummary summary(Map<View, Histogram> views, double targetRate, double measuredSeconds, long completedAfterWarmup,
            long unsent, long requestsLost, long late, Delivery delivery, Outages.Recovery recovery) {
        return Summaries.summary(HEADER, new RunSummary.Ending(null, null),
                new RunSummary.Counts(0, views.get(View.RESPONSE).getTotalCount(), delivery.committed(), delivery.received(),
                        unsent, 0, requestsLost, late, 0, -1),
                new RunSummary.Throughput(targetRate, measuredSeconds, completedAfterWarmup, new long[0],
                        recovery == null ? -1 : recovery.outageFromNs(), recovery == null ? 0 : recovery.outageNs()),
                new RunSummary.Views(views, views(), null), new RunSummary.JvmPauses(0, 0, List.of(), 0, 10_000_000),
                new GcSummary(Histograms.create(), 0, 0, List.of()), new HostSummary(), delivery, recovery);
    }

    /** The same run with the longest time without a completion while one was due, as its meter saw it. */
    static RunSummary gap(RunSummary s, long fromNs, long gapNs) {
        RunSummary.Throughput t = s.throughput();
        return Summaries.summary(s.header(), s.ending(), s.counts(), new RunSummary.Throughput(t.targetRate(),
                t.measuredSeconds(), t.completedAfterWarmup(), t.perSecond(), fromNs, gapNs), s.views(), s.jvmPauses(), s.gc(),
                s.host(), s.delivery(), s.recovery());
    }

    /** The same run with these gaps (its longest theirs), as its meter listed them. */
    static RunSummary gaps(RunSummary s, Gaps gaps) {
        RunSummary.Throughput t = s.throughput();
        return Summaries.summary(s.header(), s.ending(), s.counts(), new RunSummary.Throughput(t.targetRate(),
                t.measuredSeconds(), t.completedAfterWarmup(), t.perSecond(), gaps.longestFromNs(), gaps.longestNs(), gaps),
                s.views(), s.jvmPauses(), s.gc(), s.host(), s.delivery(), s.recovery(), s.saturation(), s.keeping(),
                s.deliveryNeeded());
    }

    /** A run's gaps listed down to 1 ms: these, from its start, in order, each the whole span between two completions. */
    static Gaps listed(long... fromTo) {
        long[] from = new long[fromTo.length / 2];
        long[] to = new long[fromTo.length / 2];
        long longest = 0;
        long longestFrom = -1;
        for (int i = 0; i < from.length; i++) {
            from[i] = fromTo[2 * i];
            to[i] = fromTo[2 * i + 1];
            if (to[i] - from[i] > longest) {
                longest = to[i] - from[i];
                longestFrom = from[i];
            }
        }
        return new Gaps(1_000_000L, longestFrom, longest, from, from.clone(), to);
    }

    /** The same run ended so: a stop reason, a failure of the system under test (null: none). */
    static RunSummary ended(RunSummary s, String stopReason, String failure) {
        return Summaries.summary(s.header(), new RunSummary.Ending(stopReason, failure), s.counts(), s.throughput(), s.views(),
                s.jvmPauses(), s.gc(), s.host(), s.delivery(), s.recovery());
    }

    /** The same run as shard I of N of one schedule of 200 msg/s started at HEADER's start. */
    static RunSummary shard(RunSummary s, int index, int count) {
        return shard(s, index, count, "10s");
    }

    /** As {@link #shard(RunSummary, int, int)}, with this --duration. */
    static RunSummary shard(RunSummary s, int index, int count, String duration) {
        RunHeader h = new RunHeader(WorkloadKind.PUT, HEADER.target(), List.of(new Setting("rate", "200 msg/s"),
                new Setting("duration", duration),
                new Setting("shard", index + "/" + count + ": messages k of the schedule with k mod " + count + " = "
                        + index), new Setting("queues", "1 (DEV.QUEUE." + (index + 1) + ")")), List.of(), HEADER.start());
        return Summaries.summary(h, s.ending(), s.counts(), s.throughput(), s.views(), s.jvmPauses(), s.gc(), s.host(),
                s.delivery(), s.recovery());
    }

    /** The same run with these completions in its measured whole seconds. */
    static RunSummary perSecond(RunSummary s, long... perSecond) {
        RunSummary.Throughput t = s.throughput();
        return Summaries.summary(s.header(), s.ending(), s.counts(),
                new RunSummary.Throughput(t.targetRate(), t.measuredSeconds(), t.completedAfterWarmup(), perSecond,
                        t.longestGapFromNs(), t.longestGapNs(), t.gaps()), s.views(),
                s.jvmPauses(), s.gc(), s.host(), s.delivery(), s.recovery());
    }

    /** The same run, judged as having offered this share of its schedule. */
    static RunSummary saturation(RunSummary s, dev.harness.core.run.Saturation saturation) {
        return Summaries.summary(s.header(), s.ending(), s.counts(), s.throughput(), s.views(), s.jvmPauses(), s.gc(), s.host(),
                s.delivery(), s.recovery(), saturation, s.keeping(), s.deliveryNeeded());
    }

    /** The run's --json, written by the run's own reporter. */
    static Path json(Path file, RunSummary summary, Verdict verdict) throws Exception {
        try (JsonReporter json = new JsonReporter(file)) {
            json.verdictFrom(() -> verdict);
            json.started(summary.header());
            json.finished(summary);
            if (json.writeFailure() != null) {
                throw new AssertionError(json.writeFailure());
            }
        }
        return file;
    }
}
