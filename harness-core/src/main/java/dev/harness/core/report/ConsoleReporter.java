package dev.harness.core.report;

import java.io.PrintStream;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Supplier;

import org.HdrHistogram.Histogram;

import dev.harness.core.Setting;
import dev.harness.core.Units;
import dev.harness.core.WorkloadKind;
import dev.harness.core.disturbance.Stop;
import dev.harness.core.findings.Reading;
import dev.harness.core.findings.ReadingListener;
import dev.harness.core.findings.Reason;
import dev.harness.core.findings.Validity;
import dev.harness.core.measure.Histograms;
import dev.harness.core.measure.IntervalSnapshot;
import dev.harness.core.measure.Outages;
import dev.harness.core.measure.Percentiles;
import dev.harness.core.measure.Phase;
import dev.harness.core.measure.ScheduleKeeping;
import dev.harness.core.measure.View;
import dev.harness.core.run.ClosedLoop;
import dev.harness.core.run.FanOutSummary;
import dev.harness.core.run.Preloaded;
import dev.harness.core.run.RunHeader;
import dev.harness.core.run.RunSummary;
import dev.harness.core.run.SizeClass;
import dev.harness.core.slo.Verdict;

/** The console: a header, one line per interval, and the summary a person reads first. */
public final class ConsoleReporter implements ReadingListener {
    private static final String INTERVAL_FORMAT = "%8s %-6s %9s %9s %12s %10s %10s %10s %10s %9s %9s  %-24s%s%n";
    /** With the depth after the cumulative rate: for runs that build a backlog on purpose. */
    private static final String DEPTH_FORMAT = "%8s %-6s %9s %9s %12s %10s %10s %10s %10s %10s %9s %9s  %-24s%s%n";
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss.SSS").withZone(ZoneId.systemDefault());

    private final PrintStream out;
    private final Histogram intervalResponse = Histograms.create();
    private final Histogram intervalLag = Histograms.create();
    private long lagBoundNs = Long.MAX_VALUE;
    /** An interval this short with nothing in it is the run's last cut, not an interval to print. */
    private static final double EMPTY_SLIVER_S = 0.1;
    private Outages.Status lastBroker = Outages.Status.NONE;
    private int linesSinceHeading;

    private Supplier<Verdict> verdict = () -> Verdict.NONE;

    private boolean depth;
    /** When the broker paged the run's queues, from the intervals seen. */
    private final PagingSpans paging = new PagingSpans();

    public ConsoleReporter(PrintStream out) {
        this.out = out;
    }

    /**
     * Interval lines carry each interval's depth (sent and not yet completed, the preload's
     * included): for runs that build a backlog on purpose ({@code --preload}, {@code --consume-delay}).
     */
    public ConsoleReporter withDepth(boolean depth) {
        this.depth = depth;
        return this;
    }

    /** The objectives' verdict, one line each at the end of the summary; read when the run has finished. */
    public ConsoleReporter verdictFrom(Supplier<Verdict> verdict) {
        this.verdict = verdict;
        return this;
    }

    @Override
    public void preloading(String what) {
        out.println("preloading " + what + " ...");
        out.flush();
    }

    @Override
    public void started(RunHeader header) {
        lagBoundNs = header.lagBoundNs(); // interval lines say "behind" beyond it
        out.println("harness " + header.workload() + " against " + header.target());
        for (Setting s : header.settings()) {
            out.printf(Locale.ROOT, "  %-12s %s%n", s.name(), s.value());
        }
        for (String note : header.notes()) {
            out.println("  note: " + note);
        }
        out.println();
        out.flush();
    }

    @Override
    public void interval(IntervalSnapshot s) {
        // Every completion of the interval, whatever the phase of its message: after a stall
        // the backlog of warmup messages completes during the measured phase.
        s.warmup().get(View.RESPONSE).copyInto(intervalResponse);
        intervalResponse.add(s.measured().get(View.RESPONSE));
        Histogram response = intervalResponse;
        // Behind the schedule says more than a new maximum: the latencies that follow carry the backlog.
        long lagMaxNs = ScheduleKeeping.lagOf(s, intervalLag)[1];
        String broker = broker(s.broker());
        String behind = lagMaxNs > lagBoundNs ? "fell behind the schedule by up to " + Units.duration(lagMaxNs) : null;
        paging.add(s.span().startNs() / 1e9, s.span().endNs() / 1e9, s.counts().brokerPaging(), s.counts().brokerDepth());
        String paged = paging.began() ? "the broker began paging to disk" + (s.counts().brokerDepth() >= 0
                ? " at its count " + Units.count(s.counts().brokerDepth()) : "") : null;
        String news = broker != null && behind != null ? broker + "; " + behind : broker != null ? broker
                : behind != null ? behind : paged != null ? paged
                : s.runMax().grew() ? "run max grew to " + Units.ms(s.runMax().responseNs()) + " ms" : null;
        String warning = (s.counts().lost() > 0 ? "   LOST " + Units.count(s.counts().lost()) : "")
                + (news == null ? "" : "   << " + news);
        if (warning.isEmpty() && s.counts().completed() == 0 && s.counts().sent() == 0 && s.span().seconds() < EMPTY_SLIVER_S) {
            // The last cut, from the last tick to the run's end, with nothing in it: a line of zeros would read as a stall.
            return;
        }
        List<Object> heading = new ArrayList<>(List.of("elapsed", "phase", "completed", "rate/s", "cumulative", "cum rate/s",
                "resp p50", "resp p99", "resp max", "gc pause", "max pause", "host", "   (ms)"));
        List<Object> line = new ArrayList<>(List.of(Units.seconds(s.span().endNs() / 1e9),
                s.span().phase() == Phase.WARMUP ? "warmup" : "", Units.count(s.counts().completed()), Units.rate(s.rate()),
                Units.count(s.counts().cumulativeCompleted()), Units.rate(s.cumulativeRate()),
                msOrDash(response, 50), msOrDash(response, 99), msOrDash(response, 100),
                s.jvm().gc().count() == 0 ? "-" : Units.ms(s.jvm().gc().pausedNs()), msOrDash(s.jvm().hiccup(), 100), s.host().column(),
                warning));
        if (depth) {
            heading.add(6, "depth");
            line.add(6, s.counts().depth() < 0 ? "-" : Units.count(s.counts().depth()));
        }
        String format = depth ? DEPTH_FORMAT : INTERVAL_FORMAT;
        if (linesSinceHeading % 20 == 0) {
            out.printf(Locale.ROOT, format, heading.toArray());
        }
        linesSinceHeading++;
        out.printf(Locale.ROOT, format, line.toArray());
        out.flush();
    }

    /** A stop of the broker, said when it ends, between the interval lines. */
    @Override
    public void froze(Stop stop) {
        out.println("  broker stopped at " + offset(stop.atNs()) + " for " + stopLength(stop));
        out.flush();
    }

    /** "2,000.4 ms (within 0.1 ms)": a stop's length as measured, and how sure. */
    private static String stopLength(Stop stop) {
        return Units.ms(stop.lengthNs()) + " ms (within " + Units.ms(stop.uncertaintyNs()) + " ms)";
    }

    /** The run's stops of the broker, a line, when it made any. */
    private void freezes(List<Stop> freezes) {
        if (freezes.isEmpty()) {
            return;
        }
        List<String> each = new ArrayList<>();
        for (Stop s : freezes.subList(0, Math.min(freezes.size(), 10))) {
            each.add(offset(s.atNs()) + " for " + stopLength(s));
        }
        out.printf(Locale.ROOT, "broker stopped %d %s: %s%s%n", freezes.size(), freezes.size() == 1 ? "time" : "times",
                String.join(", ", each), freezes.size() > 10 ? ", ..." : "");
    }

    private static String row(String label, Histogram h) {
        StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "%-16s %12s %10s", label,
                Units.count(h.getTotalCount()), Units.ms(h.getTotalCount() == 0 ? 0 : h.getMean())));
        for (double p : Percentiles.SUMMARY) {
            row.append(String.format(Locale.ROOT, " %10s", Units.ms(Percentiles.at(h, p))));
        }
        return row.append(String.format(Locale.ROOT, " %10s", Units.ms(h.getMaxValue()))).toString();
    }

    /** What changed with the broker since the last line: lost, reconnected, recovered; null when nothing did. */
    private String broker(Outages.Status now) {
        Outages.Status before = lastBroker;
        lastBroker = now;
        List<String> said = new ArrayList<>();
        if (now.killed() && !before.killed()) {
            said.add("broker killed");
        }
        if (now.restarted() && !before.restarted()) {
            said.add("broker started again");
        }
        long reconnected = now.reconnections() - before.reconnections();
        if (reconnected > 0) {
            said.add(Units.count(reconnected) + (reconnected == 1 ? " worker" : " workers") + " reconnected");
        }
        if (now.recoveries() > before.recoveries()) {
            said.add("RECOVERED: every worker back on its schedule and the backlog drained");
        } else if (now.killed() && !now.restarted()) {
            said.add("BROKER DOWN: " + now.away() + " away");
        } else if (now.away() > 0) {
            said.add("OUTAGE: " + now.away() + (now.away() == 1 ? " worker" : " workers") + " reconnecting or catching up");
        } else if (now.draining()) {
            said.add("reconnected, draining the backlog");
        }
        return said.isEmpty() ? null : String.join(", ", said);
    }

    /** The validity first: whether the figures below measure what the run asked. */
    private void validity(Validity v, boolean scheduled) {
        validityLines(v, scheduled).forEach(out::println);
    }

    /** As below, for a run on a schedule. */
    static List<String> validityLines(Validity v) {
        return validityLines(v, true);
    }

    /**
     * Each reason with what to change; advice a reason before it gave already is not said twice. A
     * valid run without a schedule (--rate max) kept none: its line says so.
     */
    static List<String> validityLines(Validity v, boolean scheduled) {
        if (v.valid()) {
            return List.of(scheduled ? "VALID: the schedule was kept and nothing the run needed went unchecked"
                    : "VALID: unthrottled (no schedule to keep), and nothing the run needed went unchecked");
        }
        List<String> lines = new ArrayList<>();
        lines.add(String.format(Locale.ROOT, "NOT VALID: this run was not a valid test of what it asked (%d %s):",
                v.reasons().size(), v.reasons().size() == 1 ? "reason" : "reasons"));
        Set<String> said = new HashSet<>();
        for (Reason r : v.reasons()) {
            lines.add("  - " + r.code() + ": " + r.text());
            if (r.advice() != null && said.add(r.advice())) {
                lines.add("    what to change: " + r.advice());
            }
        }
        return lines;
    }

    private void recovery(Outages.Recovery o) {
        if (o == null) {
            return;
        }
        if (o.killedAtNs() >= 0) {
            out.printf(Locale.ROOT, "broker: killed (%s) at %s; %s%n", o.killedBy(), offset(o.killedAtNs()),
                    o.restartMillis() < 0 ? "NOT RESTARTED"
                            : String.format(Locale.ROOT, "restarted in %s ms (%s)%s, ready at %s",
                                    Units.count(o.restartMillis()), o.restartSpan(), fromStartLine(o),
                                    offset(o.restartedAtNs())));
        }
        if (o.outageFromNs() >= 0) {
            out.printf(Locale.ROOT, "client-visible outage: %s ms without a completion (from %s, first after at"
                    + " %s)%n", Units.ms(o.outageNs()), offset(o.outageFromNs()), offset(o.outageToNs()));
        }
        if (o.caughtUpAtNs() >= 0) {
            out.printf(Locale.ROOT, "back to the schedule: every sender on time again at %s; %s%n", offset(o.caughtUpAtNs()),
                    o.backlogDrainNs() < 0 ? "the backlog had not drained when the run ended"
                            : String.format(Locale.ROOT, "backlog drained at %s, %s ms after the first completion after"
                                    + " the outage (the first message due after that completed)", offset(o.drainedAtNs()),
                                    Units.ms(o.backlogDrainNs())));
        }
        out.printf(Locale.ROOT, "reconnections: %s; longest without a connection %s ms (%s)%s%n",
                Units.count(o.reconnections()), Units.ms(o.longestReconnectNs()),
                o.longestReconnectWho() == null ? "-" : o.longestReconnectWho(),
                o.unfinished() ? "; STILL RECOVERING when the run ended" : "");
    }

    /** ", 1,234 ms from AMQ5051I to AMQ8024I": the restart as the broker's own log times it, when asked for. */
    private static String fromStartLine(Outages.Recovery o) {
        if (o.startLineSpan() == null) {
            return "";
        }
        return o.restartFromStartLineMillis() < 0 ? ", its --start-line not seen before ready"
                : String.format(Locale.ROOT, ", %s ms from %s", Units.count(o.restartFromStartLineMillis()), o.startLineSpan());
    }

    /** "+20.013 s": a time from the schedule's start. */
    private static String offset(long ns) {
        return String.format(Locale.ROOT, "+%.3f s", ns / 1e9);
    }

    private static String msOrDash(Histogram h, double percentile) {
        return h.getTotalCount() == 0 ? "-" : Units.ms(Percentiles.at(h, percentile));
    }

    @Override
    public void finished(RunSummary r, Reading reading) {
        out.println();
        RunSummary.Counts c = r.counts();
        String how = r.ending().failure() != null ? " (FAILED)" : r.ending().stopReason() != null ? " (stopped early)" : "";
        out.printf(Locale.ROOT, "== summary: %s, measured phase %s%s ==%n", r.header().workload(),
                Units.seconds(r.throughput().measuredSeconds()), how);
        if (r.ending().failure() != null) {
            out.println("FAILED: " + r.ending().failure());
        } else if (r.ending().stopReason() != null) {
            out.println("stopped early: " + r.ending().stopReason());
        }
        if (r.warmup().sentence() != null) {
            out.println(r.warmup().sentence());
        }
        validity(reading.validity(), r.throughput().targetRate() > 0);
        out.printf(Locale.ROOT, "messages: sent %s, completed %s (measured phase); %s sent in all%n",
                Units.count(c.measuredSent()), Units.count(c.measuredCompleted()), Units.count(c.committed()));
        if (c.unsent() > 0) {
            out.printf(Locale.ROOT, "NOT SENT: %s scheduled messages, because the run stopped first;"
                    + " response does not include them%n", Units.count(c.unsent()));
        }
        boolean requests = r.header().workload() == WorkloadKind.REQRESP;
        long expired = Math.min(c.incomplete(), r.delivery().expired());
        if (expired > 0) {
            out.printf(Locale.ROOT, requests ? "EXPIRED: %s requests got no reply, and their --ttl had passed by their reply"
                    + " timeout (counted expired, not lost; no sample)%n" : "EXPIRED: %s sent messages never came, and their"
                    + " --ttl had passed when the run stopped waiting for them (counted expired, not lost)%n",
                    Units.count(expired));
        }
        if (c.incomplete() > expired) {
            out.printf(Locale.ROOT, "INCOMPLETE: %s sent messages had not completed%s when the run ended%n",
                    Units.count(c.incomplete() - expired), r.fanOut() != null ? " (reached every subscription of their topic)"
                            : "");
        }
        if (c.lost() > 0 || c.late() > 0) {
            out.printf(Locale.ROOT, "LOST: %s requests got no reply within the timeout; response and service hold each"
                    + " at its timeout, %s of them in the measured phase (the lost row). %s replies came later and were"
                    + " counted as late, not as samples%n", Units.count(c.lost()),
                    Units.count(r.views().measured().get(View.LOST).getTotalCount()), Units.count(c.late()));
        }
        if (c.uncommitted() > 0) {
            out.printf(Locale.ROOT, "UNCOMMITTED: %s messages were sent in syncpoint but their commit never returned%n",
                    Units.count(c.uncommitted()));
        }
        String unit = r.header().workload().rateUnit();
        out.printf(Locale.ROOT, "rate: target %s, achieved %s %s cumulative after warmup%n",
                r.throughput().targetRate() == 0 ? "max (unthrottled)" : Units.rate(r.throughput().targetRate()) + " " + unit,
                Units.rate(r.throughput().achievedRate()), unit);
        long[] ps = r.throughput().perSecond();
        if (ps.length > 0) {
            long[] sorted = ps.clone();
            Arrays.sort(sorted);
            out.printf(Locale.ROOT, "throughput per second over %d whole seconds: min %s, median %s, max %s%n",
                    ps.length, Units.count(sorted[0]), Units.count(sorted[sorted.length / 2]),
                    Units.count(sorted[sorted.length - 1]));
        }
        if (r.fanOut() != null) {
            fanOut(r.fanOut(), r.views().measured().get(View.RESPONSE).getTotalCount(), r.throughput().measuredSeconds());
        }
        if (r.preload() != null) {
            out.println(preload(r.preload(), r.warmup().ns()));
        }
        if (paging.line() != null) {
            out.println(paging.line());
        }
        if (c.othersLeft() > 0) {
            out.printf(Locale.ROOT, "others' messages: %s put on the run's queues during it by someone else, left where"
                    + " they were (the run takes only its own)%n", Units.count(c.othersLeft()));
        }
        if (c.othersConsumed() > 0) {
            out.printf(Locale.ROOT, "others' messages: %s taken from the run's queues that were not this run's%s%n",
                    Units.count(c.othersConsumed()), c.othersLeft() < 0
                            ? " (this provider carries no property to leave them by; see the header's notes)" : "");
        }
        if (r.brokerLostMessages()) {
            out.printf(Locale.ROOT, "LOST: %s committed persistent %s never arrived after the broker failed%n",
                    Units.count(r.delivery().lost()), r.fanOut() != null ? "copies" : "messages");
        }
        recovery(r.recovery());
        freezes(r.freezes());
        out.println();
        if (r.throughput().closedLoop()) {
            out.println(ClosedLoop.NOTE + ".");
        }
        StringBuilder head = new StringBuilder(String.format(Locale.ROOT, "%-16s %12s %10s", "view (ms)", "count", "mean"));
        for (double p : Percentiles.SUMMARY) {
            head.append(String.format(Locale.ROOT, " %10s", Percentiles.label(p)));
        }
        head.append(String.format(Locale.ROOT, " %10s", "max"));
        out.println(head);
        for (View v : View.values()) {
            Histogram h = r.views().measured().get(v);
            if (h.getTotalCount() == 0 && v != View.RESPONSE) {
                continue; // e.g. no commits outside syncpoint, no responder in a put workload
            }
            StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "%-16s %12s %10s", v.tag(),
                    Units.count(h.getTotalCount()), Units.ms(h.getTotalCount() == 0 ? 0 : h.getMean())));
            for (double p : Percentiles.SUMMARY) {
                row.append(String.format(Locale.ROOT, " %10s", Units.ms(Percentiles.at(h, p))));
            }
            row.append(String.format(Locale.ROOT, " %10s", Units.ms(h.getMaxValue())));
            out.println(row);
            if (v == View.RESPONSE && r.views().responseWithoutOutage() != null) {
                out.println(row("  outside outage", r.views().responseWithoutOutage()));
            }
            if (v == View.RESPONSE) {
                r.sizes().forEach(s -> out.println(row("  " + s.bytes() + " bytes", s.response())));
            }
        }
        if (!r.sizes().isEmpty()) {
            double mean = SizeClass.meanBytes(r.sizes());
            out.println("sizes: response of each size's messages under response; " + (Double.isNaN(mean)
                    ? "none completed in the measured phase" : String.format(Locale.ROOT,
                            "the completed messages' mean size %,.0f bytes", mean)));
        }
        out.println();
        reading.findings().forEach(f -> out.println(f.text()));
        out.println();
        out.println("response distribution (measured phase):");
        TextHistogram.draw(r.views().measured().get(View.RESPONSE)).forEach(out::println);
        verdict(out, verdict.get());
        out.flush();
    }

    /** The backlog put before the schedule, and when it was gone: the console's line, in the JSON's terms. */
    static String preload(Preloaded p, long warmupEndNs) {
        String put = String.format(Locale.ROOT, "preload: %s messages on %d queue%s, put in %s (%s msg/s) before the schedule",
                Units.count(p.messages()), p.queues(), p.queues() == 1 ? "" : "s", Units.duration(p.putNs()),
                Units.rate(p.putRate()));
        if (!p.drained()) {
            return put + "; " + Units.count(p.received()) + " of them received by the run's end: the backlog never drained";
        }
        if (p.drainedNs() <= 0) {
            // The drainers start a moment before message 0 is due: a small backlog can be gone by then.
            return put + "; drained before message 0 was due, so no message of the schedule waited behind it";
        }
        String drained = put + "; drained at " + offset(p.drainedNs())
                + ", the schedule's messages queued behind it until then (response)";
        return p.drainedBefore(warmupEndNs) && warmupEndNs > 0 ? drained + ", inside the warmup: the measured phase did not"
                + " start on a deep queue (--warmup 0s measures the backlog)" : drained;
    }

    /** Publish/subscribe: the deliveries, the slowest subscription against the median one, and what went missing. */
    private void fanOut(FanOutSummary f, long measuredDeliveries, double measuredSeconds) {
        int n = f.subscriptions().size();
        out.printf(Locale.ROOT, "deliveries: %s copies to %d %s subscription%s; %s deliveries/s after warmup%n",
                Units.count(f.deliveries()), n, f.kind(), n == 1 ? "" : "s",
                Units.rate(measuredSeconds > 0 ? measuredDeliveries / measuredSeconds : 0));
        FanOutSummary.Subscription slowest = f.slowest();
        if (slowest != null && n > 1) {
            long p99 = slowest.response().getValueAtPercentile(99);
            long median = f.medianP99Ns();
            out.printf(Locale.ROOT, "slowest subscription: %s on %s, response p99 %s ms, %s ms over the median"
                    + " subscription's %s ms%n", slowest.name(), slowest.topic(), Units.ms(p99), Units.ms(p99 - median),
                    Units.ms(median));
        }
        for (FanOutSummary.Subscription s : f.subscriptions()) {
            if (s.lost() > 0 || s.duplicates() > 0 || s.expired() > 0) {
                out.printf(Locale.ROOT, "subscription %s on %s: %s copies lost, %s%s duplicates%n", s.name(), s.topic(),
                        Units.count(s.lost()), s.expired() > 0 ? Units.count(s.expired()) + " expired (--ttl), " : "",
                        Units.count(s.duplicates()));
            }
        }
        if (f.incomplete() > 0) {
            out.printf(Locale.ROOT, "FAN-OUT INCOMPLETE: %s messages reached some of their subscriptions but not all (a"
                    + " copy lost, missed%s, or one more than %s messages behind): no fanout sample for them%n",
                    Units.count(f.incomplete()), f.expired() > 0 ? " or expired" : "", Units.count(f.window()));
        }
        f.notes().forEach(out::println);
    }

    /** The verdict's lines, as harness run, check and ab print them; nothing when there were no objectives. */
    public static void verdict(PrintStream out, Verdict v) {
        if (!v.isEmpty()) {
            out.printf(Locale.ROOT, "%nobjectives: %d of %d met%s%n", v.results().size() - v.failures(), v.results().size(),
                    v.invalidLine() == null ? "" : "; the verdict FAILS all the same: the run was NOT VALID");
            v.results().forEach(result -> out.println("  " + result.line()));
            if (v.invalidLine() != null) {
                out.println("  " + v.invalidLine());
            }
        }
    }
}
