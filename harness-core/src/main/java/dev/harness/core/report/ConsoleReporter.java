package dev.harness.core.report;

import java.io.PrintStream;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Arrays;
import java.util.Locale;
import java.util.function.Supplier;

import org.HdrHistogram.Histogram;

import dev.harness.core.measure.GcPauses;
import dev.harness.core.measure.GcSummary;
import dev.harness.core.measure.Histograms;
import dev.harness.core.measure.IntervalSnapshot;
import dev.harness.core.measure.JvmPause;
import dev.harness.core.measure.Outages;
import dev.harness.core.measure.Phase;
import dev.harness.core.measure.View;
import dev.harness.core.run.ClosedLoop;
import dev.harness.core.run.Delivery;
import dev.harness.core.run.RunHeader;
import dev.harness.core.run.RunListener;
import dev.harness.core.run.RunSummary;
import dev.harness.core.run.WorkloadKind;
import dev.harness.core.slo.Verdict;

/** The console: a header, one line per interval, and the summary a person reads first. */
public final class ConsoleReporter implements RunListener {
    private static final String INTERVAL_FORMAT = "%8s %-6s %9s %9s %12s %10s %10s %10s %10s %9s %9s  %-24s%s%n";
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss.SSS").withZone(ZoneId.systemDefault());

    private final PrintStream out;
    private final Histogram intervalResponse = Histograms.create();
    private int linesSinceHeading;

    private Supplier<Verdict> verdict = () -> Verdict.NONE;

    public ConsoleReporter(PrintStream out) {
        this.out = out;
    }

    /** The objectives' verdict, one line each at the end of the summary; read when the run has finished. */
    public ConsoleReporter verdictFrom(Supplier<Verdict> verdict) {
        this.verdict = verdict;
        return this;
    }

    @Override
    public void started(RunHeader header) {
        out.println("harness " + header.workload() + " against " + header.target());
        for (RunHeader.Setting s : header.settings()) {
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
        if (linesSinceHeading % 20 == 0) {
            out.printf(Locale.ROOT, INTERVAL_FORMAT, "elapsed", "phase", "completed", "rate/s", "cumulative",
                    "cum rate/s", "resp p50", "resp p99", "resp max", "gc pause", "max pause", "host", "   (ms)");
        }
        linesSinceHeading++;
        // Every completion of the interval, whatever the phase of its message: after a stall
        // the backlog of warmup messages completes during the measured phase.
        s.warmup().get(View.RESPONSE).copyInto(intervalResponse);
        intervalResponse.add(s.measured().get(View.RESPONSE));
        Histogram response = intervalResponse;
        String warning = (s.counts().lost() > 0 ? "   LOST " + Units.count(s.counts().lost()) : "")
                + (s.runMax().grew() ? "   << run max grew to " + Units.ms(s.runMax().responseNs()) + " ms" : "");
        out.printf(Locale.ROOT, INTERVAL_FORMAT, Units.seconds(s.span().endNs() / 1e9),
                s.span().phase() == Phase.WARMUP ? "warmup" : "", Units.count(s.counts().completed()), Units.rate(s.rate()),
                Units.count(s.counts().cumulativeCompleted()), Units.rate(s.cumulativeRate()),
                msOrDash(response, 50), msOrDash(response, 99), msOrDash(response, 100),
                s.jvm().gc().count() == 0 ? "-" : Units.ms(s.jvm().gc().pausedNs()), msOrDash(s.jvm().hiccup(), 100), s.host().column(),
                warning);
        out.flush();
    }

    private void gc(GcSummary gc) {
        Histogram h = gc.hiccups();
        if (h.getTotalCount() > 0) {
            out.printf(Locale.ROOT, "hiccups of this JVM (how late its hiccup meter's sleeps woke, measured phase): p99 %s ms, p99.9 %s ms, max %s ms%n",
                    Units.ms(Percentiles.at(h, 99)), Units.ms(Percentiles.at(h, 99.9)), Units.ms(h.getMaxValue()));
        }
        if (gc.longestGcPauses().isEmpty()) {
            out.println("GC pauses of this JVM: none");
            return;
        }
        StringBuilder longest = new StringBuilder();
        for (GcPauses.GcPause p : gc.longestGcPauses()) {
            longest.append(longest.length() == 0 ? "" : ", ").append(Units.ms(p.lengthNs())).append(" ms ending ")
                    .append(TIME.format(p.end()));
        }
        out.printf(Locale.ROOT, "GC pauses of this JVM: %s taking %s ms in the measured phase; longest of the run: %s%n",
                Units.count(gc.gcPauseCount()), Units.ms(gc.gcPauseTotalNs()), longest);
    }

    private static String row(String label, Histogram h) {
        StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "%-16s %12s %10s", label,
                Units.count(h.getTotalCount()), Units.ms(h.getTotalCount() == 0 ? 0 : h.getMean())));
        for (double p : Percentiles.SUMMARY) {
            row.append(String.format(Locale.ROOT, " %10s", Units.ms(Percentiles.at(h, p))));
        }
        return row.append(String.format(Locale.ROOT, " %10s", Units.ms(h.getMaxValue()))).toString();
    }

    /** @param brokerLost see {@link RunSummary#brokerLostMessages()} */
    private void delivery(Delivery d, boolean requests, boolean brokerLost) {
        if (!d.tracked()) {
            out.println("delivery: not checked (" + d.untracked() + ")");
            return;
        }
        String received = requests ? "answered" : "received";
        if (brokerLost) {
            out.printf(Locale.ROOT, "LOST: %s committed persistent messages never arrived after the broker failed%n",
                    Units.count(d.lost()));
        }
        StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "delivery (%s): %s committed, %s %s, %s lost%s,"
                + " %s duplicates", d.setting(), Units.count(d.committed()), Units.count(d.received()), received,
                Units.count(d.lost()), d.lost() > 0 && !d.persistent() ? " (non-persistent: a broker that dies drops them)" : "",
                Units.count(d.duplicates())));
        if (d.rolledBack() > 0 || d.inDoubt() > 0) {
            line.append(String.format(Locale.ROOT, "; sent again after a failure: %s rolled back, %s in doubt",
                    Units.count(d.rolledBack()), Units.count(d.inDoubt())));
        }
        if (d.rolledBackWork() > 0) {
            line.append(String.format(Locale.ROOT, "; responders rolled back %s units of work", Units.count(d.rolledBackWork())));
        }
        // Copies the harness made itself, apart from the broker's duplicates.
        if (d.answeredAgain() > 0) {
            line.append(String.format(Locale.ROOT, "; %s second replies from responders whose requests came again",
                    Units.count(d.answeredAgain())));
        }
        if (d.routerRedeliveries() > 0) {
            line.append(String.format(Locale.ROOT, "; %s replies redelivered after the harness's own failed commit",
                    Units.count(d.routerRedeliveries())));
        }
        out.println(line);
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
    public void finished(RunSummary r) {
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
        out.printf(Locale.ROOT, "messages: sent %s, completed %s (measured phase); %s sent in all%n",
                Units.count(c.measuredSent()), Units.count(c.measuredCompleted()), Units.count(c.committed()));
        if (c.unsent() > 0) {
            out.printf(Locale.ROOT, "NOT SENT: %s scheduled messages, because the run stopped first;"
                    + " response does not include them%n", Units.count(c.unsent()));
        }
        if (c.incomplete() > 0) {
            out.printf(Locale.ROOT, "INCOMPLETE: %s sent messages had not completed when the run ended%n",
                    Units.count(c.incomplete()));
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
        out.printf(Locale.ROOT, "rate: target %s, achieved %s msg/s cumulative after warmup%n",
                r.throughput().targetRate() == 0 ? "max (unthrottled)" : Units.rate(r.throughput().targetRate()) + " msg/s",
                Units.rate(r.throughput().achievedRate()));
        // The recovery's outage line says the same of a run that lost its broker.
        if (r.throughput().longestGapNs() > 0 && (r.recovery() == null || r.recovery().outageFromNs() < 0)) {
            out.printf(Locale.ROOT, "longest time without a completion while one was due: %s ms, from %s (what --slo's outage reads)%n",
                    Units.ms(r.throughput().longestGapNs()), offset(r.throughput().longestGapFromNs()));
        }
        long[] ps = r.throughput().perSecond();
        if (ps.length > 0) {
            long[] sorted = ps.clone();
            Arrays.sort(sorted);
            out.printf(Locale.ROOT, "throughput per second over %d whole seconds: min %s, median %s, max %s%n",
                    ps.length, Units.count(sorted[0]), Units.count(sorted[sorted.length / 2]),
                    Units.count(sorted[sorted.length - 1]));
        }
        if (c.stale() > 0) {
            out.printf(Locale.ROOT, "ignored %s messages left on the queues by another run%n",
                    Units.count(c.stale()));
        }
        delivery(r.delivery(), r.header().workload() == WorkloadKind.REQRESP, r.brokerLostMessages());
        recovery(r.recovery());
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
        }
        out.println();
        String understatement = Understatement.sentence(r.views().measured().get(View.SERVICE), r.views().measured().get(View.RESPONSE));
        if (understatement != null) {
            out.println(understatement);
        }
        if (r.saturation().sentence() != null) {
            out.println("offered load: " + r.saturation().sentence());
        }
        if (r.jvmPauses().count() == 0) {
            out.println("pauses of this JVM: none detected (pause-corrected adds nothing; a broker stall is not a pause of this JVM)");
        } else {
            JvmPause longest = r.jvmPauses().longest().get(0);
            out.printf(Locale.ROOT, "pauses of this JVM: %s detected, %s ms in all, longest %s ms ending %s;"
                    + " pause-corrected added %s samples for the sends due in them%n",
                    Units.count(r.jvmPauses().count()), Units.ms(r.jvmPauses().totalNs()), Units.ms(longest.lengthNs()),
                    TIME.format(longest.end()), Units.count(r.jvmPauses().corrections()));
        }
        gc(r.gc());
        out.println("host: " + r.host().longestQueue());
        out.println();
        out.println("response distribution (measured phase):");
        TextHistogram.draw(r.views().measured().get(View.RESPONSE)).forEach(out::println);
        verdict(out, verdict.get());
        out.flush();
    }

    /** The verdict's lines, as harness run, check and ab print them; nothing when there were no objectives. */
    public static void verdict(PrintStream out, Verdict v) {
        if (!v.isEmpty()) {
            out.printf(Locale.ROOT, "%nobjectives: %d of %d met%n", v.results().size() - v.failures(), v.results().size());
            v.results().forEach(result -> out.println("  " + result.line()));
        }
    }
}
