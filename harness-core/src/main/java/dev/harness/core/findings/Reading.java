package dev.harness.core.findings;

import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.HdrHistogram.Histogram;

import dev.harness.core.Units;
import dev.harness.core.WorkloadKind;
import dev.harness.core.hlog.HlogRun;
import dev.harness.core.measure.GcPauses;
import dev.harness.core.measure.GcSummary;
import dev.harness.core.measure.Histograms;
import dev.harness.core.measure.JvmPause;
import dev.harness.core.measure.Outages;
import dev.harness.core.measure.Percentiles;
import dev.harness.core.measure.ScheduleKeeping;
import dev.harness.core.measure.View;
import dev.harness.core.run.Delivery;
import dev.harness.core.run.FanOutSummary;
import dev.harness.core.run.RunHeader;
import dev.harness.core.run.RunSummary;
import dev.harness.core.run.Saturation;
import dev.harness.core.schedule.ScheduleBounds;

/**
 * The reading of a finished run: whether it was a valid test and why not, and the sentences a
 * person reads first. Worked out here once from the summary; the console, the JSON, the HTML
 * report, the events and the verdicts only render it.
 *
 * @param validity valid, or the reasons it is not
 * @param findings the sentences, in the order they are read
 */
public record Reading(Validity validity, List<Finding> findings) {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss.SSS").withZone(ZoneId.systemDefault());

    public Reading {
        findings = List.copyOf(findings);
    }

    /** The reading of a run's summary. */
    public static Reading of(RunSummary r) {
        return new Reading(validity(r), findings(r));
    }

    static Validity validity(RunSummary r) {
        List<Reason> reasons = new ArrayList<>();
        ScheduleKeeping.Totals k = r.keeping();
        RunSummary.Throughput t = r.throughput();
        Saturation sat = r.saturation();
        String unit = r.header().workload() == WorkloadKind.REQRESP ? "round trips/s" : "msg/s";
        if (k.lateStartMs() > 0) {
            reasons.add(new Reason(Reason.SHARD_LATE, String.format(Locale.ROOT, "the schedule started %s ms after its"
                    + " --start-at, out of line with the other shards given the same start", Units.count(k.lateStartMs())),
                    "give --start-at more time ahead, so that every shard has connected before it"));
        }
        Outages.Recovery o = r.recovery();
        boolean outageExplains = o != null && !o.unfinished() && Saturation.BROKER.equals(sat.limit());
        // Consumers slow on purpose (--consume-delay) explain the completions' rate; the offered load says so.
        boolean byDesign = Saturation.CONSUMERS.equals(sat.limit());
        // A measured phase that began on the --preload backlog lasts until it is worked off: its rate
        // holds the backlog's drain, as asked, and is no measure of the rate the system keeps.
        boolean onPreload = preloadCatchUp(r);
        boolean noneCompleted = t.measuredSeconds() <= 0 && r.counts().measuredCompleted() == 0;
        if (noneCompleted && r.warmup().ns() < 0) {
            reasons.add(new Reason(Reason.NOTHING_MEASURED, "the run ended before its measured phase began"
                    + (r.warmup().auto() ? ", in its warmup" : "") + ": nothing was measured",
                    "let the run reach its measured phase: run it longer, or with a shorter --warmup"));
        } else if (noneCompleted && !t.closedLoop() && r.counts().measuredSent() > 0) {
            // Sent on schedule and never completed (no responder answered, every message expired): no rate to
            // divide out, and nothing held.
            reasons.add(new Reason(Reason.RATE_BELOW_TARGET, sat.facts() != null ? sat.facts() : String.format(Locale.ROOT,
                    "not one of the measured phase's %s messages completed: 0 of %s %s achieved",
                    Units.count(r.counts().measuredSent()), Units.rate(t.targetRate()), unit), advice(sat)));
        }
        if (!t.closedLoop() && r.counts().measuredSent() == 0 && t.measuredSeconds() > 0) {
            reasons.add(new Reason(Reason.SCHEDULE_BEHIND, "not one message of the measured phase was sent: the senders"
                    + " were still working off the warmup's backlog when the run ended, so nothing measured the rate asked",
                    advice(sat)));
        }
        if (!t.closedLoop() && r.counts().measuredSent() > 0) {
            reasons.addAll(behind(k, r.views().measured().get(View.SEND_LAG), outageExplains ? null : advice(sat),
                    onPreload));
        }
        if (!t.closedLoop() && t.measuredSeconds() > 0) {
            Histogram lag = r.views().measured().get(View.SEND_LAG);
            long medianLag = lag == null || lag.getTotalCount() == 0 ? 0 : Percentiles.at(lag, 50);
            double asked = t.targetRate();
            double achieved = t.achievedRate();
            long edge = (long) Math.max(1, sat.workers()) * Math.max(1, Math.max(sat.maxInFlight(), r.delivery().syncpoint()));
            double slack = ScheduleBounds.rateSlack(asked, edge, t.measuredSeconds());
            if (achieved < (1 - slack) * asked && !outageExplains && !byDesign && !onPreload) {
                String code = Saturation.HOST.equals(sat.limit()) ? Reason.HOST_CONTENDED
                        : sat.harnessLimited() ? Reason.GENERATOR_SATURATED : Reason.RATE_BELOW_TARGET;
                String text = sat.facts() != null ? sat.facts()
                        : String.format(Locale.ROOT, "%s of %s %s achieved", Units.rate(achieved), Units.rate(asked), unit);
                if (r.delivery().expired() > 0) {
                    // An expired message never completes: the rate counts what the broker still delivered in time.
                    text += String.format(Locale.ROOT, "; %s %s expired (--ttl) and never completed", Units.count(
                            r.delivery().expired()), r.fanOut() != null ? "copies" : r.header().workload() == WorkloadKind.REQRESP
                            ? "requests" : "messages");
                }
                reasons.add(new Reason(code, text, advice(sat)));
            } else if (achieved > (1 + slack) * asked && !outageExplains && !onPreload) {
                reasons.add(new Reason(Reason.RATE_ABOVE_TARGET, String.format(Locale.ROOT, "%s %s achieved against a"
                        + " target of %s: completions caught up a backlog, which is no success", Units.rate(achieved), unit,
                        Units.rate(asked)), "measure from the steady state: --warmup auto, or a longer --warmup"));
            }
            // A contended host slows every thread of the harness: named whenever the schedule slipped, whoever else limited it.
            boolean slipped = medianLag > k.lagBoundNs() || k.firstMeasuredLagNs() > k.lagBoundNs()
                    || (!byDesign && !onPreload && Math.abs(achieved - asked) > slack * asked) || r.counts().measuredSent() == 0;
            if (k.contendedByOthers(sat.cpuFraction()) && !Saturation.HOST.equals(sat.limit())) {
                String lateTail = slipped ? "" : lateTailOnContendedHost(r);
                if (lateTail != null) {
                    reasons.add(new Reason(Reason.HOST_CONTENDED, k.contention(sat.cpuFraction()) + lateTail,
                            Saturation.OTHERS_ADVICE));
                }
            }
        }
        if (r.warmup().gaveUp()) {
            reasons.add(new Reason(Reason.WARMUP_UNSTEADY, String.format(Locale.ROOT, "--warmup auto did not see the"
                    + " schedule kept and the throughput hold before its longest, %s, and measured from there all the same",
                    Units.duration(r.warmup().autoMaxNs())), "a longer --warmup auto:MAX, or a rate the system holds"));
        }
        if (r.deliveryNeeded() && !r.delivery().tracked()) {
            reasons.add(new Reason(Reason.DELIVERY_UNCHECKED, "an objective reads delivery (lost, duplicates) but nothing"
                    + " checked it (" + r.delivery().untracked() + ")", "run at least one drainer (--drainers 1)"));
        }
        if (subscribersStarved(r)) {
            reasons.add(new Reason(Reason.SUBSCRIBERS_STARVED, fallingBehind(r.fanOut()) + ", while the harness's threads were"
                    + " starved of CPU (" + starvation(k, sat) + "): the subscribers, not the broker, fell behind",
                    "give the harness CPUs of its own: fewer subscribers on this host, stop what else runs here, or a broker"
                            + " of its own (--url) when it shares this JVM"));
        }
        if (o != null && o.unfinished()) {
            reasons.add(new Reason(Reason.RECOVERY_UNFINISHED, "the run ended while it was still recovering from the"
                    + " lost broker (some worker was reconnecting or catching up, or the backlog draining): its recovery"
                    + " was not measured whole", "a longer --duration after the kill, or an earlier --kill-broker-at"));
        }
        return new Validity(reasons);
    }

    /**
     * The schedule not kept, from its keeping and the measured sends' send-lag: a backlog at the
     * measured phase's start, and half the sends beyond the bound. A run's and an hlog's alike.
     *
     * @param measuredLag the send-lag of the messages intended in the measured phase
     * @param behindAdvice what to change when half the sends were behind; null when a lost
     *     broker's outage explains that (recovery says it)
     * @param onPreload the measured phase began on the run's --preload backlog: a late start is the
     *     broker's while it works the backlog off, as asked, not a warmup's backlog
     */
    static List<Reason> behind(ScheduleKeeping.Totals k, Histogram measuredLag, String behindAdvice, boolean onPreload) {
        List<Reason> reasons = new ArrayList<>();
        if (k.firstMeasuredLagNs() > k.lagBoundNs() && !onPreload) {
            reasons.add(new Reason(Reason.BACKLOG_AT_START, String.format(Locale.ROOT, "the measured phase began %s"
                    + " behind its schedule (median send-lag of its first interval; the bound is %s ms): its"
                    + " latencies measure the catch-up of the warmup's backlog, not the system at the rate asked",
                    Units.duration(k.firstMeasuredLagNs()), Units.ms(k.lagBoundNs())),
                    "measure from the steady state: --warmup auto, or a longer --warmup"));
        }
        long medianLag = measuredLag == null || measuredLag.getTotalCount() == 0 ? 0 : Percentiles.at(measuredLag, 50);
        if (medianLag > k.lagBoundNs() && behindAdvice != null) {
            reasons.add(new Reason(Reason.SCHEDULE_BEHIND, String.format(Locale.ROOT, "half the measured sends"
                    + " were more than %s behind their intended time (median send-lag; the bound is %s ms)%s",
                    Units.duration(medianLag), Units.ms(k.lagBoundNs()), behindIn(k)), behindAdvice));
        }
        return reasons;
    }

    /** The reasons an hlog alone cannot tell: they need the run's own figures, which its --json has. */
    public static final String NOT_FROM_HLOG = "rate-below-target, rate-above-target, generator-saturated, host-contended,"
            + " delivery-unchecked, recovery-unfinished, shard-late, warmup-unsteady, subscribers-starved";

    /**
     * What an hlog alone tells of a run's validity: whether it began behind its schedule or stayed
     * behind it, from each interval's send-lag (both phases) against the bound of its rate and
     * senders, as the run judged itself. Null when the log cannot tell: a merged log (its shards'
     * lags are each against their own schedule, and it has no host lines), or one without its
     * rate, senders or send-lag.
     */
    public static Validity ofLog(HlogRun log) {
        double rate = log.targetRate();
        int workers = workers(log);
        if (log.host().isEmpty() || rate <= 0 || workers <= 0) {
            return null;
        }
        ScheduleKeeping keeping = null;
        Histogram lag = Histograms.create();
        long lastSentNs = -1;
        for (HlogRun.Interval i : log.intervals()) {
            if (i.count(View.SEND_LAG.tag()) + i.count(View.SEND_LAG.warmupTag()) > 0) {
                lastSentNs = Math.round(i.endS() * 1e9);
            }
        }
        for (HlogRun.Interval i : log.intervals()) {
            if (i.warmup()) {
                continue;
            }
            if (keeping == null) {
                // An hlog does not say where its schedule ended: after its last send, nothing was due (the drain).
                keeping = new ScheduleKeeping(ScheduleBounds.lagBoundNs(rate, workers), rate, lastSentNs);
            }
            lag.reset();
            for (String tag : List.of(View.SEND_LAG.tag(), View.SEND_LAG.warmupTag())) {
                if (i.tag(tag) != null) {
                    lag.add(i.tag(tag));
                }
            }
            keeping.addMeasured(Math.round(i.startS() * 1e9), Math.round(i.endS() * 1e9), lag);
        }
        if (keeping == null || log.measured(View.SEND_LAG.tag()).getTotalCount() == 0) {
            return null;
        }
        return new Validity(behind(keeping.totals(0), log.measured(View.SEND_LAG.tag()),
                "the run's --json says who limited the rate, and what to change", log.header().setting(RunHeader.PRELOADED) != null));
    }

    private static final Pattern LEADING_NUMBER = Pattern.compile("^(\\d+)");

    /** The senders (requesters) the log's header states ("senders: 4"); 0 when it does not. */
    private static int workers(HlogRun log) {
        for (String name : List.of("senders", "requesters")) {
            String v = log.header().setting(name);
            Matcher m = v == null ? null : LEADING_NUMBER.matcher(v.strip());
            if (m != null && m.find()) {
                return Integer.parseInt(m.group(1));
            }
        }
        return 0;
    }

    private static String behindIn(ScheduleKeeping.Totals k) {
        return k.measuredIntervals() == 0 ? ""
                : String.format(Locale.ROOT, "; behind in %d of %d measured intervals", k.behindIntervals(),
                        k.measuredIntervals());
    }

    /**
     * What to change when the schedule was not kept: what the offered load says when the harness
     * or its host was the limit (said there, not again here), else the system under test's.
     */
    private static String advice(Saturation sat) {
        if (sat.advice() != null) {
            return sat.advice();
        }
        return "the system under test did not hold this rate: lower --rate to one it holds (harness bench finds"
                + " it), or make the broker faster";
    }

    static List<Finding> findings(RunSummary r) {
        List<Finding> f = new ArrayList<>();
        ScheduleKeeping.Totals k = r.keeping();
        if (r.saturation().sentence() != null) {
            f.add(new Finding(Finding.OFFERED_LOAD, "offered load: " + r.saturation().sentence()));
        }
        if (k.behindIntervals() > 0 && !r.throughput().closedLoop()) {
            f.add(new Finding(Finding.SCHEDULE, String.format(Locale.ROOT, "schedule: senders were behind it (median"
                    + " send-lag over %s ms) in %d of %d measured intervals; the largest send-lag was %s", Units.ms(k.lagBoundNs()),
                    k.behindIntervals(), k.measuredIntervals(), Units.duration(k.worstLagNs()))));
        }
        String backPressure = backPressure(r);
        if (backPressure != null) {
            f.add(new Finding(Finding.BACK_PRESSURE, backPressure));
        }
        String understatement = Understatement.sentence(r.views().measured().get(View.SERVICE),
                r.views().measured().get(View.RESPONSE));
        if (understatement != null) {
            f.add(new Finding(Finding.UNDERSTATEMENT, understatement));
        }
        if (r.throughput().longestGapNs() > 0) {
            f.add(new Finding(Finding.OUTAGE, String.format(Locale.ROOT, "longest time without a completion while one was"
                    + " due: %s ms, from %s (what --slo's outage reads)", Units.ms(r.throughput().longestGapNs()),
                    offset(r.throughput().longestGapFromNs()))));
        }
        f.add(new Finding(Finding.DELIVERY, delivery(r.delivery(), r.header().workload())));
        if (r.fanOut() != null && !r.fanOut().fallingBehind().isEmpty()) {
            f.add(new Finding(Finding.SUBSCRIPTION_BACKLOG, "subscription backlog: " + fallingBehind(r.fanOut())
                    + (subscribersStarved(r) ? ": the harness's subscriber threads were starved of CPU ("
                            + starvation(k, r.saturation()) + ")" : ": the broker delivered to them slower than it took the"
                                    + " publishes")));
        }
        f.add(new Finding(Finding.JVM_PAUSES, pauses(r.jvmPauses())));
        String hiccups = hiccups(r.gc());
        if (hiccups != null) {
            f.add(new Finding(Finding.HICCUPS, hiccups));
        }
        f.add(new Finding(Finding.GC_PAUSES, gc(r.gc())));
        String host = "host: " + r.host().longestQueue();
        if (k.contendedByOthers(r.saturation().cpuFraction())) {
            host += "; CONTENDED: " + k.contention(r.saturation().cpuFraction()) + lateOnContendedHost(r);
        }
        f.add(new Finding(Finding.HOST_QUEUE, host));
        return f;
    }

    private static String pauses(RunSummary.JvmPauses p) {
        if (p.count() == 0) {
            return "pauses of this JVM: none longer than " + p.resolutionNs() / 1_000_000 + " ms detected (pause-corrected adds"
                    + " nothing; a broker stall is not a pause of this JVM)";
        }
        JvmPause longest = p.longest().get(0);
        return String.format(Locale.ROOT, "pauses of this JVM: %s detected, %s ms in all, longest %s ms ending %s;"
                + " pause-corrected added %s samples for the sends due in them", Units.count(p.count()), Units.ms(p.totalNs()),
                Units.ms(longest.lengthNs()), TIME.format(longest.end()), Units.count(p.corrections()));
    }

    /** A send-lag tail over this share of response's is most of it: the harness sent late, on a contended host the host's. */
    static final double LATE_SHARE = 0.5;

    /**
     * On a contended host, the sends' own lateness may be most of the response tail: said beside
     * the host's figures, so that the tail is not read as the broker's (the run is then not valid,
     * see {@link #lateTailOnContendedHost}).
     */
    private static String lateOnContendedHost(RunSummary r) {
        double[] tail = lateTail(r);
        if (tail == null) {
            return "";
        }
        return String.format(Locale.ROOT, "; send-lag p99 %s ms against response p99 %s ms: most of the tail is the"
                + " harness sending late on this host, not the system under test", Units.ms(tail[0]), Units.ms(tail[1]));
    }

    /**
     * The contended host's part in a run that kept its schedule: when send-lag's p99 is most of
     * response's, and the system did not hold the sends up, the tail a verdict reads is the
     * harness waiting for a CPU that others held, not the system's, and the run was not a valid
     * test of it. The words for the host-contended reason, or null.
     */
    private static String lateTailOnContendedHost(RunSummary r) {
        double[] tail = lateTail(r);
        if (tail == null) {
            return null;
        }
        return String.format(Locale.ROOT, "; send-lag p99 %s ms was most of response p99 %s ms: the tail measured the"
                + " harness waiting for a CPU here, not the system under test", Units.ms(tail[0]), Units.ms(tail[1]));
    }

    /**
     * Send-lag's and response's p99, when the first is most of the second and the system did not
     * hold the sends up; null otherwise, and for a closed loop (no schedule to be late for).
     */
    private static double[] lateTail(RunSummary r) {
        Histogram lag = r.views().measured().get(View.SEND_LAG);
        Histogram response = r.views().measured().get(View.RESPONSE);
        if (r.throughput().closedLoop() || lag == null || response == null || lag.getTotalCount() == 0
                || response.getTotalCount() == 0) {
            return null;
        }
        double lagP99 = Percentiles.at(lag, 99);
        double responseP99 = Percentiles.at(response, 99);
        if (lagP99 <= LATE_SHARE * responseP99 || sendsHeldUp(r, lagP99)) { // "most": more than half
            return null;
        }
        return new double[] {lagP99, responseP99};
    }

    /**
     * A system that holds sends up makes the sends after them late too, on any host, and then the
     * lateness is not said to be the host's (better unsaid than blamed wrongly): the broker was
     * lost; or nothing completed while messages were due for as long as send-lag's p99 (a stall,
     * which blocks a put or fills the window: the sends due at its start wait all of it; a
     * shorter one is as likely the host's, which takes the harness's receiving threads off their
     * CPUs too); or the in-flight window was full for a percent of the time or more (the broker's
     * confirmations late: that share of the sends waited for a slot, which is what makes a p99,
     * as {@link #backPressure} says). A put's own length is no sign: on a contended host the
     * sender is taken off its CPU inside puts too.
     */
    static boolean sendsHeldUp(RunSummary r, double lagP99Ns) {
        Saturation s = r.saturation();
        return r.recovery() != null || r.throughput().longestGapNs() >= lagP99Ns
                || s.maxInFlight() > 1 && s.windowFullFraction() >= P99_SHARE;
    }

    /** A share of the sends that makes send-lag's p99, and one that makes its p99.9. */
    private static final double P99_SHARE = 0.01;
    private static final double P999_SHARE = 0.001;

    /**
     * A run that kept its schedule with sends in flight, whose window was full long enough to make a
     * tail percentile of send-lag: the sends due while it was full (on a fixed schedule, the same
     * share of them as of the time) waited for a slot, so that tail is the broker's late
     * confirmations, not the harness's lateness. Said, so that it is read as the system's; null
     * otherwise (the offered-load sentence speaks when the schedule was not kept).
     */
    static String backPressure(RunSummary r) {
        Saturation s = r.saturation();
        Histogram lag = r.views().measured().get(View.SEND_LAG);
        if (s.sentence() != null || s.maxInFlight() <= 1 || r.throughput().closedLoop() || lag == null
                || lag.getTotalCount() == 0) {
            return null;
        }
        double fullNs = windowFullNs(r);
        double share = s.windowFullFraction();
        double percentile = share >= P99_SHARE ? 99 : share >= P999_SHARE ? 99.9 : 0;
        if (percentile == 0 || fullNs < BACK_PRESSURE_LEAST_NS) {
            return null;
        }
        Histogram ack = r.views().measured().get(View.ACK);
        String acks = ack == null || ack.getTotalCount() == 0 ? ""
                : ", confirmations taking up to " + Units.ms(ack.getMaxValue()) + " ms (ack max)";
        boolean requests = r.header().workload() == WorkloadKind.REQRESP;
        String worker = requests ? "requester" : "sender";
        String sends = requests ? "requests" : "sends";
        String who = s.workers() == 1 ? worker + "'s" : worker + "s'";
        String label = Percentiles.label(percentile);
        String window = String.format(Locale.ROOT, "back-pressure: the in-flight window of %d %s was full for %s ms in all"
                + " (%.1f %% of the %s time)%s: the %s due then waited for a slot", s.maxInFlight(), sends, Units.ms(fullNs),
                share * 100, who, acks, sends);
        String lagAt = Units.ms(Percentiles.at(lag, percentile));
        // own-lag, where the run recorded it, says what the window's share only suggests.
        Histogram own = r.views().measured().get(View.OWN_LAG);
        if (own == null || own.getTotalCount() == 0) {
            return String.format(Locale.ROOT, "%s, so send-lag's tail from its %s (%s ms) is the broker's, not the harness's"
                    + " lateness, and response includes it", window, label, lagAt);
        }
        double ownAt = Percentiles.at(own, percentile);
        if (ownAt > LATE_SHARE * Percentiles.at(lag, percentile)) {
            return String.format(Locale.ROOT, "%s; yet send-lag's %s (%s ms) is mostly the harness's own lateness (own-lag %s"
                    + " %s ms), not the broker's", window, label, lagAt, label, Units.ms(ownAt));
        }
        return String.format(Locale.ROOT, "%s, so send-lag's tail from its %s (%s ms) is the broker's, not the harness's"
                + " lateness (own-lag %s %s ms), and response includes it", window, label, lagAt, label, Units.ms(ownAt));
    }

    /** A window full for less than this in all is not worth a sentence. */
    static final long BACK_PRESSURE_LEAST_NS = 1_000_000;

    /** How long the in-flight windows were full, all workers together, over the measured phase. */
    private static double windowFullNs(RunSummary r) {
        Saturation s = r.saturation();
        return s.windowFullFraction() * Math.max(1, s.workers()) * r.throughput().measuredSeconds() * 1e9;
    }

    private static String hiccups(GcSummary gc) {
        Histogram h = gc.hiccups();
        if (h.getTotalCount() == 0) {
            return null;
        }
        return String.format(Locale.ROOT, "hiccups of this JVM (how late its hiccup meter's sleeps woke, measured phase):"
                + " p99 %s ms, p99.9 %s ms, max %s ms", Units.ms(Percentiles.at(h, 99)), Units.ms(Percentiles.at(h, 99.9)),
                Units.ms(h.getMaxValue()));
    }

    private static String gc(GcSummary gc) {
        if (gc.longestGcPauses().isEmpty()) {
            return "GC pauses of this JVM: none";
        }
        StringBuilder longest = new StringBuilder();
        for (GcPauses.GcPause p : gc.longestGcPauses()) {
            longest.append(longest.length() == 0 ? "" : ", ").append(Units.ms(p.lengthNs())).append(" ms ending ")
                    .append(TIME.format(p.end()));
        }
        String measured = gc.gcPauseCount() == 0 ? "none in the measured phase" : String.format(Locale.ROOT,
                "%s taking %s ms in the measured phase", Units.count(gc.gcPauseCount()), Units.ms(gc.gcPauseTotalNs()));
        return "GC pauses of this JVM: " + measured + "; longest of the run: " + longest;
    }

    /** The delivery line: what the ledger checked, or that it checked nothing. */
    static String delivery(Delivery d, WorkloadKind workload) {
        if (!d.tracked()) {
            return "delivery: not checked (" + d.untracked() + ")";
        }
        String received = workload == WorkloadKind.REQRESP ? "answered" : "received";
        // Publish/subscribe counts copies: each message once for every subscription that should have it.
        String copies = workload == WorkloadKind.PUBSUB ? "copies " : "";
        StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "delivery (%s): %s %scommitted, %s %s, %s lost%s,"
                + " %s duplicates", d.setting(), Units.count(d.committed()), copies, Units.count(d.received()), received,
                Units.count(d.lost()), d.lost() > 0 && !d.persistent() ? " (non-persistent: a broker that dies drops them)" : "",
                Units.count(d.duplicates())));
        if (d.expired() > 0) {
            line.append(String.format(Locale.ROOT, "; %s expired (not received, their --ttl passed before the run stopped"
                    + " waiting: expired on the broker, or lost, which a client cannot tell apart)", Units.count(d.expired())));
        }
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
        return line.toString();
    }

    /** "+20.013 s": a time from the schedule's start. */
    private static String offset(long ns) {
        return String.format(Locale.ROOT, "+%.3f s", ns / 1e9);
    }

    /**
     * The run put a --preload backlog before its schedule: a late start and the completions' rate
     * are the backlog's doing, as the run asked, not a warmup's backlog. Whether it drained within
     * the warmup or not, as an hlog alone (which knows only that there was one) judges it too; the
     * console's preload line says when the measured phase did not start on a deep queue.
     */
    private static boolean preloadCatchUp(RunSummary r) {
        return r.preload() != null && r.preload().messages() > 0;
    }

    /** This JVM's share of the CPUs at or above which its own threads wait for one. */
    static final double STARVED_CPU = 0.9;

    /**
     * Publish/subscribe: a subscription fell behind while the harness's threads could not get a CPU:
     * the host contended by others, or this JVM using nearly all of it.
     */
    private static boolean subscribersStarved(RunSummary r) {
        if (r.fanOut() == null || r.fanOut().fallingBehind().isEmpty()) {
            return false;
        }
        double cpu = r.saturation().cpuFraction();
        return r.keeping().contendedByOthers(cpu) || cpu >= STARVED_CPU;
    }

    private static String starvation(ScheduleKeeping.Totals k, Saturation sat) {
        return k.contendedByOthers(sat.cpuFraction()) ? k.contention(sat.cpuFraction())
                : String.format(Locale.ROOT, "this JVM used %.0f %% of the CPUs", sat.cpuFraction() * 100);
    }

    /** "2 of 6 subscriptions fell behind over 10.0 s of the measured phase: S1 on T1, its backlog 1,234 copies longer (8 % of ...)". */
    private static String fallingBehind(FanOutSummary f) {
        List<FanOutSummary.Subscription> behind = f.fallingBehind();
        List<String> each = new ArrayList<>();
        for (FanOutSummary.Subscription s : behind.subList(0, Math.min(3, behind.size()))) {
            each.add(String.format(Locale.ROOT, "%s on %s, its backlog %s copies longer (%.0f %% of what was published to it)",
                    s.name(), s.topic(), Units.count(s.backlog()),
                    s.published() == 0 ? 0 : 100.0 * s.backlog() / s.published()));
        }
        return String.format(Locale.ROOT, "%d of %d subscriptions fell behind over %s of the measured phase: %s%s", behind.size(),
                f.subscriptions().size(), Units.duration(f.backlogSpanNs()), String.join("; ", each),
                behind.size() > 3 ? "; and " + (behind.size() - 3) + " more" : "");
    }


    /** The finding of this code, or null. */
    public Finding finding(String code) {
        return findings.stream().filter(x -> x.code().equals(code)).findFirst().orElse(null);
    }
}
