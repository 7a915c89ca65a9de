package dev.harness.core.findings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import dev.harness.core.WorkloadKind;
import dev.harness.core.host.HostSummary;
import dev.harness.core.measure.GcPauses;
import dev.harness.core.measure.GcSummary;
import dev.harness.core.measure.Histograms;
import dev.harness.core.measure.Outages;
import dev.harness.core.measure.ScheduleKeeping;
import dev.harness.core.measure.View;
import dev.harness.core.run.Delivery;
import dev.harness.core.run.FanOutSummary;
import dev.harness.core.run.Preloaded;
import dev.harness.core.run.RunHeader;
import dev.harness.core.run.RunSummary;
import dev.harness.core.run.Summaries;
import dev.harness.core.run.Saturation;
import dev.harness.core.run.SenderLoad;
import dev.harness.core.run.WarmupEnd;
import dev.harness.core.schedule.ScheduleBounds;

/** Each reason a run is not valid, from a summary built as the runner builds it; and what is no reason. */
class ReadingTest {
    private static final long MS = 1_000_000L;
    private static final long S = 1_000 * MS;
    private static final long BOUND = ScheduleBounds.lagBoundNs(1_000, 1); // 100 ms

    /** A run of 1,000 msg/s over 10 s whose sends lagged by {@code lagNs} each. */
    private static RunSummary run(double achieved, long lagNs, ScheduleKeeping.Totals keeping, Delivery delivery,
            Outages.Recovery recovery, Saturation saturation, boolean deliveryNeeded) {
        Map<View, Histogram> views = new EnumMap<>(View.class);
        for (View v : View.values()) {
            views.put(v, Histograms.create());
        }
        for (int i = 0; i < 10_000; i++) {
            views.get(View.RESPONSE).recordValue(2 * MS + lagNs);
            views.get(View.SERVICE).recordValue(2 * MS);
            views.get(View.SEND_LAG).recordValue(Math.max(1, lagNs));
        }
        RunHeader header = new RunHeader(WorkloadKind.PUT, "test", List.of(), List.of(), Instant.EPOCH);
        return Summaries.summary(header, new RunSummary.Ending(null, null),
                new RunSummary.Counts(10_000, 10_000, 10_000, 10_000, 0, 0, 0, 0, 0, -1),
                new RunSummary.Throughput(1_000, 10, Math.round(achieved * 10), new long[0]),
                new RunSummary.Views(views, views, null), new RunSummary.JvmPauses(0, 0, List.of(), 0, 10_000_000),
                new GcSummary(Histograms.create(), 0, 0, List.of()), new HostSummary(), delivery, recovery, saturation,
                keeping, deliveryNeeded);
    }

    private static ScheduleKeeping.Totals kept(long firstLagNs) {
        return new ScheduleKeeping.Totals(BOUND, firstLagNs, 10, 0, firstLagNs, 0, 3, 2, 40, 0, 0);
    }

    private static Delivery checked() {
        return new Delivery(true, null, true, 0, 10_000, 10_000, 0, 0, 0, 0, 0, 0, 0);
    }

    static RunSummary steady() {
        return run(1_000, MS, kept(MS), checked(), null, Saturation.NONE, false);
    }

    private static List<String> codes(RunSummary r) {
        return Reading.of(r).validity().reasons().stream().map(Reason::code).toList();
    }

    @Test
    void aRunThatKeptItsScheduleIsValidAndSaysWhy() {
        Reading r = Reading.of(steady());
        assertTrue(r.validity().valid(), r.validity().codes());
        assertEquals("VALID", r.validity().word());
        assertNotNull(r.finding(Finding.DELIVERY));
        assertNotNull(r.finding(Finding.HOST_QUEUE));
    }

    @Test
    void noPauseDetectedSaysHowShortAPauseCouldHaveGoneUnseen() {
        // The detector wakes every 10 ms: "none detected" alone would claim more than it saw.
        String pauses = Reading.of(steady()).finding(Finding.JVM_PAUSES).text();
        assertTrue(pauses.startsWith("pauses of this JVM: none longer than 10 ms detected"), pauses);
    }

    @Test
    void aBacklogAtTheStartOfTheMeasuredPhaseIsNotValid() {
        RunSummary r = run(1_000, MS, kept(2_900 * MS), checked(), null, Saturation.NONE, false);
        assertEquals(List.of(Reason.BACKLOG_AT_START), codes(r));
        Reason reason = Reading.of(r).validity().reasons().get(0);
        assertTrue(reason.text().contains("2.9 s behind"), reason.text());
        assertTrue(reason.advice().contains("--warmup auto"), reason.advice());
    }

    @Test
    void aLagJustAtTheBoundIsNoBacklog() {
        assertTrue(Reading.of(run(1_000, MS, kept(BOUND), checked(), null, Saturation.NONE, false)).validity().valid());
        assertFalse(Reading.of(run(1_000, MS, kept(BOUND + 1), checked(), null, Saturation.NONE, false)).validity().valid());
    }

    @Test
    void aMeasuredPhaseThatBeginsOnTheRunsPreloadIsNoWarmupsBacklog() {
        // Behind at the start and completions above the target: a warmup's catch-up, unless the run
        // asked for the backlog (--preload) and the measured phase began on it.
        RunSummary late = run(1_330, MS, kept(2_900 * MS), checked(), null, Saturation.NONE, false);
        assertEquals(List.of(Reason.BACKLOG_AT_START, Reason.RATE_ABOVE_TARGET), codes(late));
        assertEquals(List.of(), codes(withPreload(late, new WarmupEnd(0, 0, false), 2 * S)));
        // Not drained by the end: the backlog was still ahead of the measured phase.
        assertEquals(List.of(), codes(withPreload(late, new WarmupEnd(0, 0, false), Preloaded.NOT_DRAINED)));
        // Drained within a 5 s warmup: still the backlog's doing, judged as an hlog alone (which knows only
        // that the run had one) judges it; the console's preload line says the measured phase began on no deep queue.
        assertEquals(List.of(), codes(withPreload(late, new WarmupEnd(5 * S, 0, false), 2 * S)));
        assertEquals(List.of(Reason.BACKLOG_AT_START, Reason.RATE_ABOVE_TARGET), codes(withPreloadOf(late, 0)),
                "--preload 0 is none");
        // A backlog that outlasts the schedule stretches the measured phase: its rate is the drain's.
        RunSummary slow = run(200, MS, kept(MS), checked(), null, Saturation.NONE, false);
        assertEquals(List.of(Reason.RATE_BELOW_TARGET), codes(slow));
        assertEquals(List.of(), codes(withPreload(slow, new WarmupEnd(0, 0, false), 40 * S)));
    }

    private static RunSummary withPreloadOf(RunSummary r, long messages) {
        return new RunSummary(r.header(), r.ending(), r.counts(), r.throughput(), r.views(), r.jvmPauses(), r.gc(), r.host(),
                r.delivery(), r.recovery(), r.saturation(), r.keeping(), r.deliveryNeeded(), new WarmupEnd(0, 0, false),
                r.freezes(), null, new Preloaded(messages, 1, S, messages, Preloaded.NOT_DRAINED), List.of());
    }

    private static RunSummary withPreload(RunSummary r, WarmupEnd warmup, long drainedNs) {
        Preloaded p = new Preloaded(20_000, 1, S, drainedNs == Preloaded.NOT_DRAINED ? 12_000 : 20_000, drainedNs);
        return new RunSummary(r.header(), r.ending(), r.counts(), r.throughput(), r.views(), r.jvmPauses(), r.gc(), r.host(),
                r.delivery(), r.recovery(), r.saturation(), r.keeping(), r.deliveryNeeded(), warmup, r.freezes(), null, p, List.of());
    }

    @Test
    void aSubscriptionFallingBehindIsAFindingAndNotValidWhenTheHarnessWasStarved() {
        FanOutSummary.Subscription kept = new FanOutSummary.Subscription("t/1", "harness-1-t1-s1", 5_000, 0, 0, 0,
                Histograms.create(), 30, 5_000);
        FanOutSummary.Subscription behind = new FanOutSummary.Subscription("t/1", "harness-1-t1-s2", 4_000, 0, 0, 0,
                Histograms.create(), 1_000, 5_000);
        FanOutSummary fanOut = new FanOutSummary("nondurable", List.of(kept, behind), 9_000, 0, 0, List.of(), 10 * S);
        assertEquals(List.of(behind), fanOut.fallingBehind(), "30 copies is noise; 1,000 of 5,000 is not");

        Saturation jvm30 = new Saturation(Saturation.HELD, null, null, 1_000, 1_000, 1, 1, 0.3, 0, 0.3, 0);
        RunSummary broker = withFanOut(run(1_000, MS, kept(MS), checked(), null, jvm30, false), fanOut);
        assertEquals(List.of(), codes(broker), "the broker's delivery: a finding, not a fault of the run");
        String text = Reading.of(broker).finding(Finding.SUBSCRIPTION_BACKLOG).text();
        assertEquals("subscription backlog: 1 of 2 subscriptions fell behind over 10.0 s of the measured phase:"
                + " harness-1-t1-s2 on t/1, its backlog 1,000 copies longer (20 % of what was published to it): the broker"
                + " delivered to them slower than it took the publishes", text);

        Saturation jvm95 = new Saturation(Saturation.HELD, null, null, 1_000, 1_000, 1, 1, 0.3, 0, 0.95, 0);
        RunSummary starved = withFanOut(run(1_000, MS, kept(MS), checked(), null, jvm95, false), fanOut);
        assertEquals(List.of(Reason.SUBSCRIBERS_STARVED), codes(starved));
        assertTrue(Reading.of(starved).finding(Finding.SUBSCRIPTION_BACKLOG).text()
                .endsWith(": the harness's subscriber threads were starved of CPU (this JVM used 95 % of the CPUs)"));
        assertEquals(null, Reading.of(withFanOut(run(1_000, MS, kept(MS), checked(), null, jvm95, false),
                new FanOutSummary("nondurable", List.of(kept), 5_000, 0, 0, List.of(), 10 * S)))
                .finding(Finding.SUBSCRIPTION_BACKLOG));
    }

    private static RunSummary withFanOut(RunSummary r, FanOutSummary f) {
        return new RunSummary(r.header(), r.ending(), r.counts(), r.throughput(), r.views(), r.jvmPauses(), r.gc(), r.host(),
                r.delivery(), r.recovery(), r.saturation(), r.keeping(), r.deliveryNeeded(), r.warmup(), r.freezes(), f, null, List.of());
    }

    @Test
    void halfTheSendsBehindTheirScheduleIsNotValid() {
        RunSummary r = run(1_000, 1_345 * MS, kept(MS), checked(), null, Saturation.NONE, false);
        assertEquals(List.of(Reason.SCHEDULE_BEHIND), codes(r));
    }

    @Test
    void aCatchUpAboveTheTargetIsNotValid() {
        RunSummary r = run(1_330, MS, kept(MS), checked(), null, Saturation.NONE, false);
        assertEquals(List.of(Reason.RATE_ABOVE_TARGET), codes(r));
        assertTrue(Reading.of(run(1_050, MS, kept(MS), checked(), null, Saturation.NONE, false)).validity().valid(),
                "5 % above is within the bounds");
    }

    @Test
    void aRateBelowTargetNamesWhoLimitedIt() {
        Saturation broker = Saturation.judge(1_000, 551, new SenderLoad(10 * S, 8 * S, 0, 1, 5_510), 0.3, 0);
        assertEquals(Saturation.BROKER, broker.limit());
        assertEquals(List.of(Reason.RATE_BELOW_TARGET), codes(run(551, MS, kept(MS), checked(), null, broker, false)));

        Saturation senders = Saturation.judge(1_000, 551, new SenderLoad(10 * S, 0, 0, 1, 5_510), 0.3, 0);
        assertEquals(List.of(Reason.GENERATOR_SATURATED), codes(run(551, MS, kept(MS), checked(), null, senders, false)));

        Saturation host = Saturation.judge(1_000, 551, new SenderLoad(10 * S, 0, 0, 1, 5_510), 0.3, 0, "sender", 0, 1,
                "the host's run queue reached 26 runnable threads on 2 CPUs");
        assertEquals(Saturation.HOST, host.limit());
        assertFalse(host.harnessLimited(), "more senders would not help a contended host");
        assertTrue(host.sentence().contains("would not help"), host.sentence());
        assertEquals(List.of(Reason.HOST_CONTENDED), codes(run(551, MS, kept(MS), checked(), null, host, false)));
    }

    /** The offered load says what to change; a reason from it gives that once, as its advice, not in its text too. */
    @Test
    void aReasonFromTheOfferedLoadSaysWhatToChangeOnce() {
        Saturation senders = Saturation.judge(1_000, 551, new SenderLoad(10 * S, 0, 0, 1, 5_510), 0.3, 0);
        Saturation host = Saturation.judge(1_000, 551, new SenderLoad(10 * S, 0, 0, 1, 5_510), 0.3, 0, "sender", 0, 1,
                "the host's run queue reached 26 runnable threads on 2 CPUs");
        for (Saturation sat : List.of(senders, host)) {
            RunSummary r = run(551, MS, kept(MS), checked(), null, sat, false);
            Reason reason = Reading.of(r).validity().reasons().get(0);
            assertEquals(sat.facts(), reason.text());
            assertEquals(sat.advice(), reason.advice());
            assertEquals(1, reason.line().split(java.util.regex.Pattern.quote(sat.advice()), -1).length - 1, reason.line());
            assertEquals("offered load: " + sat.facts() + ": " + sat.advice() + ".",
                    Reading.of(r).finding(Finding.OFFERED_LOAD).text(), "the finding says both, once");
        }
        assertEquals(Saturation.OTHERS_ADVICE, host.advice());
    }

    @Test
    void anUnthrottledRunIsClosedLoopNotInvalid() {
        RunSummary r = run(1_000, 5 * S, kept(5 * S), checked(), null, Saturation.NONE, false);
        RunSummary closed = Summaries.summary(r.header(), r.ending(), r.counts(), new RunSummary.Throughput(0, 10, 90_000,
                new long[0]), r.views(), r.jvmPauses(), r.gc(), r.host(), r.delivery(), r.recovery(), r.saturation(),
                ScheduleKeeping.Totals.NONE, false);
        assertTrue(Reading.of(closed).validity().valid(), Reading.of(closed).validity().codes());
    }

    @Test
    void uncheckedDeliveryIsAReasonOnlyWhereAnObjectiveNeedsIt() {
        Delivery unchecked = Delivery.notTracked("no drainers", true, 0);
        assertTrue(Reading.of(run(1_000, MS, kept(MS), unchecked, null, Saturation.NONE, false)).validity().valid());
        assertEquals(List.of(Reason.DELIVERY_UNCHECKED), codes(run(1_000, MS, kept(MS), unchecked, null, Saturation.NONE, true)));
    }

    @Test
    void anUnfinishedRecoveryIsNotValidAndAFinishedOneExplainsItsShortfall() {
        Saturation brokerAway = Saturation.judge(1_000, 600, new SenderLoad(10 * S, 5 * S, 0, 1, 6_000), 0.3, 0, "sender",
                4 * S, 10 * S);
        Outages.Recovery finished = new Outages.Recovery(2 * S, 5 * S, 3_000, 2 * S, 6 * S, 7 * S, 8 * S, 2, 3 * S, "sender 0",
                false, "SIGKILL", "process start to accepting connections", -1, null);
        assertTrue(Reading.of(run(600, MS, kept(MS), checked(), finished, brokerAway, false)).validity().valid(),
                "a shortfall the outage explains is the test of failure it was asked to be");
        Outages.Recovery unfinished = new Outages.Recovery(2 * S, 5 * S, 3_000, 2 * S, 6 * S, -1, -1, 2, 3 * S, "sender 0",
                true, "SIGKILL", "process start to accepting connections", -1, null);
        assertTrue(codes(run(600, MS, kept(MS), checked(), unfinished, brokerAway, false)).contains(Reason.RECOVERY_UNFINISHED));
    }

    @Test
    void aLateShardIsNotValid() {
        ScheduleKeeping.Totals late = new ScheduleKeeping.Totals(BOUND, MS, 10, 0, MS, 0, 3, 2, 40, 0, 2_000);
        assertEquals(List.of(Reason.SHARD_LATE), codes(run(1_000, MS, late, checked(), null, Saturation.NONE, false)));
    }

    @Test
    void aContendedHostIsNamedWhenTheScheduleSlipped() {
        // The host's CPUs 100 % busy, this JVM 30 % of them: others took 70 %.
        Saturation jvm30 = new Saturation(Saturation.HELD, null, null, 1_000, 1_000, 1, 1, 0.3, 0, 0.3, 0);
        ScheduleKeeping.Totals contended = new ScheduleKeeping.Totals(BOUND, 500 * MS, 10, 6, 900 * MS, 6, 26, 2, 100, 0, 0);
        List<String> codes = codes(run(1_000, MS, contended, checked(), null, jvm30, false));
        assertEquals(List.of(Reason.BACKLOG_AT_START, Reason.HOST_CONTENDED), codes);
        ScheduleKeeping.Totals quietSlip = new ScheduleKeeping.Totals(BOUND, MS, 10, 0, MS, 6, 26, 2, 100, 0, 0);
        assertTrue(Reading.of(run(1_000, MS, quietSlip, checked(), null, jvm30, false)).validity().valid(),
                "a contended host that did not cost the schedule is a finding, not a reason");
    }

    @Test
    void onAContendedHostASendLagTailThatIsMostOfResponsesIsTheHostsAndNoValidTest() {
        // Kept its schedule (lags of 30 ms, under the 100 ms bound), on a host others took 70 % of.
        Saturation jvm30 = new Saturation(Saturation.HELD, null, null, 1_000, 1_000, 1, 1, 0.3, 0, 0.3, 0);
        ScheduleKeeping.Totals contended = new ScheduleKeeping.Totals(BOUND, MS, 10, 0, MS, 6, 26, 2, 100, 0, 0);
        RunSummary lateRun = run(1_000, 30 * MS, contended, checked(), null, jvm30, false);
        assertEquals(List.of(Reason.HOST_CONTENDED), codes(lateRun));
        Reading late = Reading.of(lateRun);
        Reason reason = late.validity().reasons().get(0);
        assertTrue(reason.text().startsWith("the host's run queue reached 26 runnable threads on 2 CPUs")
                && reason.text().endsWith("; send-lag p99 30.0 ms was most of response p99 32.0 ms: the tail measured the"
                        + " harness waiting for a CPU here, not the system under test"), reason.text());
        assertEquals(Saturation.OTHERS_ADVICE, reason.advice());
        String host = late.finding(Finding.HOST_QUEUE).text();
        assertTrue(host.contains("CONTENDED") && host.contains("; send-lag p99 30.0 ms against response p99 32.0 ms: most"
                + " of the tail is the harness sending late on this host"), host);
        // Sends on time (1 ms of 3 ms): the tail is the system's, nothing more is said, and the run is valid.
        RunSummary onTimeRun = run(1_000, MS / 2, contended, checked(), null, jvm30, false);
        assertTrue(Reading.of(onTimeRun).validity().valid(), Reading.of(onTimeRun).validity().codes());
        String onTime = Reading.of(onTimeRun).finding(Finding.HOST_QUEUE).text();
        assertTrue(onTime.contains("CONTENDED") && !onTime.contains("sending late"), onTime);
        // An uncontended host: the same lag is not blamed on it.
        RunSummary quietRun = run(1_000, 30 * MS, kept(MS), checked(), null, Saturation.NONE, false);
        assertTrue(Reading.of(quietRun).validity().valid(), Reading.of(quietRun).validity().codes());
        assertFalse(Reading.of(quietRun).finding(Finding.HOST_QUEUE).text().contains("sending late"));
        // A tail that is not most of response's (sends 30 ms late in responses of 100 ms): the system's.
        RunSummary slow = run(1_000, 30 * MS, contended, checked(), null, jvm30, false);
        for (int i = 0; i < 300; i++) {
            slow.views().measured().get(View.RESPONSE).recordValue(100 * MS);
        }
        assertTrue(Reading.of(slow).validity().valid(), Reading.of(slow).validity().codes());
    }

    @Test
    void aWindowFullLongEnoughToMakeALagPercentileIsSaidToBeBackPressure() {
        // 64 in flight, the schedule held, 10 s measured; the window full 1 % of the time (100 ms in all).
        Saturation full = new Saturation(Saturation.HELD, null, null, 1_000, 1_000, 1, 64, 0.3, 0.01, 0.3, 0);
        RunSummary r = run(1_000, 30 * MS, kept(MS), checked(), null, full, false);
        r.views().measured().get(View.ACK).recordValue(73 * MS);
        Reading reading = Reading.of(r);
        assertTrue(reading.validity().valid(), reading.validity().codes());
        assertEquals("back-pressure: the in-flight window of 64 sends was full for 100.0 ms in all (1.0 % of the sender's"
                + " time), confirmations taking up to 73.0 ms (ack max): the sends due then waited for a slot, so send-lag's"
                + " tail from its p99 (30.0 ms) is the broker's, not the harness's lateness, and response includes it",
                reading.finding(Finding.BACK_PRESSURE).text());
        // A run that recorded own-lag: it says whose the tail is.
        for (int i = 0; i < 10_000; i++) {
            r.views().measured().get(View.OWN_LAG).recordValue(i < 9_950 ? 40_000 : 5 * MS);
        }
        assertTrue(Reading.backPressure(r).endsWith("so send-lag's tail from its p99 (30.0 ms) is the broker's, not the"
                + " harness's lateness (own-lag p99 0.040 ms), and response includes it"), Reading.backPressure(r));
        RunSummary own = run(1_000, 30 * MS, kept(MS), checked(), null, full, false);
        for (int i = 0; i < 10_000; i++) {
            own.views().measured().get(View.OWN_LAG).recordValue(20 * MS);
        }
        assertTrue(Reading.backPressure(own).endsWith("the sends due then waited for a slot; yet send-lag's p99 (30.0 ms) is"
                + " mostly the harness's own lateness (own-lag p99 20.0 ms), not the broker's"), Reading.backPressure(own));
        // Requesters in flight: their window holds requests.
        RunSummary put = run(1_000, 30 * MS, kept(MS), checked(), null, full, false);
        RunSummary req = Summaries.summary(new RunHeader(WorkloadKind.REQRESP, "test", List.of(), List.of(), Instant.EPOCH),
                put.ending(), put.counts(), put.throughput(), put.views(), put.jvmPauses(), put.gc(), put.host(), put.delivery(),
                put.recovery(), full, put.keeping(), false);
        String requests = Reading.backPressure(req);
        assertTrue(requests.startsWith("back-pressure: the in-flight window of 64 requests was full") && requests.contains(
                "of the requester's time): the requests due then waited for a slot"), requests);
        // Full 0.4 % of the time: a share of the sends that reaches p99.9, not p99.
        Saturation less = new Saturation(Saturation.HELD, null, null, 1_000, 1_000, 1, 64, 0.3, 0.004, 0.3, 0);
        String p999 = Reading.backPressure(run(1_000, 30 * MS, kept(MS), checked(), null, less, false));
        assertTrue(p999.contains("(0.4 % of the sender's time)") && p999.contains("tail from its p99.9 (30.0 ms)"), p999);
        // Full 0.05 % of the time (5 ms in all): too few sends to make a percentile printed; nothing said.
        Saturation brief = new Saturation(Saturation.HELD, null, null, 1_000, 1_000, 1, 64, 0.3, 0.0005, 0.3, 0);
        assertNull(Reading.backPressure(run(1_000, 30 * MS, kept(MS), checked(), null, brief, false)));
        // Blocking sends have no window.
        Saturation blocking = new Saturation(Saturation.HELD, null, null, 1_000, 1_000, 1, 1, 0.3, 0.01, 0.3, 0);
        assertNull(Reading.backPressure(run(1_000, 30 * MS, kept(MS), checked(), null, blocking, false)));
        // The schedule not kept: the offered-load sentence speaks instead.
        Saturation limited = new Saturation(Saturation.WINDOW, "its in-flight window was full", "raise --max-in-flight",
                1_000, 600, 1, 64, 0.95, 0.6, 0.3, 0);
        assertNull(Reading.backPressure(run(600, 30 * MS, kept(MS), checked(), null, limited, false)));
    }

    @Test
    void theGcLineSaysWhenNoPauseFellInTheMeasuredPhase() {
        RunSummary r = steady();
        List<GcPauses.GcPause> longest = List.of(new GcPauses.GcPause("G1 Young Generation", "G1 Evacuation Pause", 7 * MS,
                Instant.EPOCH));
        String before = Reading.of(withGc(r, new GcSummary(Histograms.create(), 0, 0, longest))).finding(Finding.GC_PAUSES).text();
        assertTrue(before.startsWith("GC pauses of this JVM: none in the measured phase; longest of the run: 7.000 ms ending"),
                before);
        String during = Reading.of(withGc(r, new GcSummary(Histograms.create(), 2, 3 * MS, longest))).finding(Finding.GC_PAUSES)
                .text();
        assertTrue(during.startsWith("GC pauses of this JVM: 2 taking 3.000 ms in the measured phase; longest of the run"),
                during);
        assertEquals("GC pauses of this JVM: none", Reading.of(r).finding(Finding.GC_PAUSES).text());
    }

    private static RunSummary withGc(RunSummary r, GcSummary gc) {
        return Summaries.summary(r.header(), r.ending(), r.counts(), r.throughput(), r.views(), r.jvmPauses(), gc, r.host(),
                r.delivery(), r.recovery(), r.saturation(), r.keeping(), false);
    }

    @Test
    void aLagTheBrokerCouldHaveMadeIsNotBlamedOnTheHost() {
        Saturation jvm30 = new Saturation(Saturation.HELD, null, null, 1_000, 1_000, 1, 1, 0.3, 0, 0.3, 0);
        ScheduleKeeping.Totals contended = new ScheduleKeeping.Totals(BOUND, MS, 10, 0, MS, 6, 26, 2, 100, 0, 0);
        // Nothing completed for 31 ms while messages were due: a stall as long as the lag's p99, which blocks a put or
        // fills the window, and makes the sends due in it late on any host.
        RunSummary stalled = withGap(run(1_000, 30 * MS, contended, checked(), null, jvm30, false), 31 * MS);
        assertTrue(Reading.sendsHeldUp(stalled, 30 * MS));
        String host = Reading.of(stalled).finding(Finding.HOST_QUEUE).text();
        assertTrue(host.contains("CONTENDED") && !host.contains("sending late"), host);
        assertTrue(Reading.of(stalled).validity().valid(), Reading.of(stalled).validity().codes());
        // A shorter one (28 ms): on a contended host as likely the host's, which takes the receiving threads off their
        // CPUs too (a run with 5 busy processes on 2 CPUs: 27.7 ms without a completion, send-lag p99 33.3 ms).
        RunSummary brief = withGap(run(1_000, 30 * MS, contended, checked(), null, jvm30, false), 28 * MS);
        assertFalse(Reading.sendsHeldUp(brief, 30 * MS));
        assertEquals(List.of(Reason.HOST_CONTENDED), codes(brief));
        // A lost broker: the recovery's catch-up makes the lag.
        Outages.Recovery recovered = new Outages.Recovery(2 * S, 5 * S, 3_000, 2 * S, 6 * S, 7 * S, 8 * S, 2, 3 * S,
                "sender 0", false, "SIGKILL", "process start to accepting connections", -1, null);
        assertTrue(Reading.sendsHeldUp(run(1_000, 30 * MS, contended, checked(), recovered, jvm30, false), 30 * MS));
        // Long puts alone are no sign: on a contended host the sender is taken off its CPU inside them too.
        RunSummary longPuts = run(1_000, 30 * MS, contended, checked(), null, jvm30, false);
        longPuts.views().measured().get(View.PUT).recordValueWithCount(30 * MS, 100);
        assertFalse(Reading.sendsHeldUp(longPuts, 30 * MS));
        // Asynchronous sends whose window was full 1 % of 10 s (100 ms in all): the broker's confirmations were late,
        // and a percent of the sends waited for a slot, which is what makes a p99.
        Saturation windowFull = new Saturation(Saturation.HELD, null, null, 1_000, 1_000, 1, 64, 0.3, 0.01, 0.3, 0);
        RunSummary full = run(1_000, 30 * MS, contended, checked(), null, windowFull, false);
        assertTrue(Reading.sendsHeldUp(full, 30 * MS));
        assertFalse(Reading.of(full).finding(Finding.HOST_QUEUE).text().contains("sending late"));
        assertTrue(Reading.of(full).validity().valid(), Reading.of(full).validity().codes());
        // Full 0.4 % of the time (40 ms in all, longer than the lag's p99): the sends that waited make the p99.9, as
        // back-pressure says, not the p99, which is then the host's.
        Saturation less = new Saturation(Saturation.HELD, null, null, 1_000, 1_000, 1, 64, 0.3, 0.004, 0.3, 0);
        RunSummary partly = run(1_000, 30 * MS, contended, checked(), null, less, false);
        assertFalse(Reading.sendsHeldUp(partly, 30 * MS));
        assertTrue(Reading.of(partly).finding(Finding.HOST_QUEUE).text().contains("sending late"));
    }

    /** {@code r} with its longest time without a completion while one was due. */
    private static RunSummary withGap(RunSummary r, long gapNs) {
        RunSummary.Throughput t = r.throughput();
        return Summaries.summary(r.header(), r.ending(), r.counts(), new RunSummary.Throughput(t.targetRate(),
                t.measuredSeconds(), t.completedAfterWarmup(), t.perSecond(), 2 * S, gapNs), r.views(), r.jvmPauses(),
                r.gc(), r.host(), r.delivery(), r.recovery(), r.saturation(), r.keeping(), false);
    }

    /** {@code count} more sends of {@code r}, each {@code lagNs} late and so as much later in response. */
    private static RunSummary withLateSends(RunSummary r, int count, long lagNs) {
        for (int i = 0; i < count; i++) {
            r.views().measured().get(View.SEND_LAG).recordValue(lagNs);
            r.views().measured().get(View.RESPONSE).recordValue(2 * MS + lagNs);
            r.views().measured().get(View.SERVICE).recordValue(2 * MS);
        }
        return r;
    }

    @Test
    void onAContendedHostATailOfLateSendsWithAnOnTimeMedianIsNoValidTest() {
        // Others took 70 % of the CPUs; the median send on time (1 ms), 3 % of them 60 ms late: a p99 nearly all of
        // response's, though within the schedule's 100 ms bound.
        Saturation jvm30 = new Saturation(Saturation.HELD, null, null, 1_000, 1_000, 1, 1, 0.3, 0, 0.3, 0);
        ScheduleKeeping.Totals contended = new ScheduleKeeping.Totals(BOUND, MS, 10, 0, MS, 6, 26, 2, 100, 0, 0);
        assertEquals(List.of(Reason.HOST_CONTENDED),
                codes(withLateSends(run(1_000, MS, contended, checked(), null, jvm30, false), 300, 60 * MS)));
        // The same on a host nobody else contended: the harness's or the broker's, not the host's.
        assertEquals(List.of(), codes(withLateSends(run(1_000, MS, kept(MS), checked(), null, jvm30, false), 300, 60 * MS)));
        // A stall of 61 ms (nothing completed while messages were due): the broker may have made that tail.
        assertEquals(List.of(), codes(withGap(withLateSends(run(1_000, MS, contended, checked(), null, jvm30, false), 300,
                60 * MS), 61 * MS)));
    }

    @Test
    void aLongRunQueueOfTheHarnesssOwnThreadsIsNoContention() {
        // The same queue, but this JVM used 90 % of the CPUs the host had busy: its own load, no one else's.
        Saturation jvm90 = new Saturation(Saturation.HELD, null, null, 1_000, 1_000, 1, 1, 0.3, 0, 0.9, 0);
        ScheduleKeeping.Totals ownQueue = new ScheduleKeeping.Totals(BOUND, 500 * MS, 10, 6, 900 * MS, 6, 26, 2, 100, 0, 0);
        assertEquals(List.of(Reason.BACKLOG_AT_START), codes(run(1_000, MS, ownQueue, checked(), null, jvm90, false)));
        assertFalse(new ScheduleKeeping.Totals(BOUND, MS, 5, 0, MS, 1, 8, 2, 100, 0, 0).contendedByOthers(0.1),
                "one interval of five is no contention");
    }

    @Test
    void workersThatCouldOfferAThirdAtMostAreTheLimitOnAContendedHostToo() {
        // One closed requester: 2 ms a round trip, 500/s at most, asked 50,000/s.
        SenderLoad closed = new SenderLoad(1, 10 * S, 0, 0, 1, 5_000, true);
        Saturation s = Saturation.judge(50_000, 500, closed, 0.3, 0, "requester", 0, 1, "a run queue of 8 on 2 CPUs");
        assertEquals(Saturation.SENDERS, s.limit(), s.sentence());
    }

    @Test
    void aMeasuredPhaseInWhichNothingWasSentIsNotValid() {
        RunSummary r = run(180, MS, kept(-1), checked(), null, Saturation.NONE, false);
        RunSummary none = Summaries.summary(r.header(), r.ending(), new RunSummary.Counts(0, 0, 4_000, 4_000, 0, 0, 0, 0, 0, -1),
                r.throughput(), r.views(), r.jvmPauses(), r.gc(), r.host(), r.delivery(), r.recovery(), r.saturation(),
                r.keeping(), false);
        List<String> codes = codes(none);
        assertTrue(codes.contains(Reason.SCHEDULE_BEHIND), codes.toString());
        assertTrue(codes.contains(Reason.RATE_BELOW_TARGET), codes.toString());
    }

    /** Ctrl-C in the warmup: no measured phase, so nothing to call valid, and no rate to explain. */
    @Test
    void aRunThatEndedBeforeItsMeasuredPhaseMeasuredNothing() {
        RunSummary r = run(0, MS, kept(-1), checked(), null, Saturation.NONE, false);
        RunSummary warmupOnly = Summaries.summary(r.header(), new RunSummary.Ending("interrupted", null),
                new RunSummary.Counts(0, 0, 844, 844, 74_156, 0, 0, 0, 0, -1), new RunSummary.Throughput(500, 0, 0, new long[0]),
                r.views(), r.jvmPauses(), r.gc(), r.host(), r.delivery(), r.recovery(), r.saturation(), r.keeping(), false);
        assertEquals(List.of(Reason.NOTHING_MEASURED), codes(warmupOnly));
        assertEquals("nothing-measured: the run ended before its measured phase began: nothing was measured (what to change:"
                + " let the run reach its measured phase: run it longer, or with a shorter --warmup)",
                Reading.of(warmupOnly).validity().reasons().get(0).line());
        // Past its warmup with nothing completed (no responder answered): measured, and not said to have ended early.
        RunSummary r2 = warmupOnly;
        RunSummary pastWarmup = new RunSummary(r2.header(), new RunSummary.Ending(null, null), r2.counts(), r2.throughput(),
                r2.views(), r2.jvmPauses(), r2.gc(), r2.host(), r2.delivery(), r2.recovery(), r2.saturation(), r2.keeping(),
                r2.deliveryNeeded(), new WarmupEnd(S, 0, false), r2.freezes(), null, null, List.of());
        assertFalse(codes(pastWarmup).contains(Reason.NOTHING_MEASURED), codes(pastWarmup).toString());
        RunSummary unanswered = new RunSummary(r2.header(), new RunSummary.Ending(null, null),
                new RunSummary.Counts(1_500, 0, 1_500, 0, 0, 0, 0, 0, 0, -1), r2.throughput(), r2.views(), r2.jvmPauses(),
                r2.gc(), r2.host(), r2.delivery(), r2.recovery(), r2.saturation(), r2.keeping(), r2.deliveryNeeded(),
                new WarmupEnd(S, 0, false), r2.freezes(), null, null, List.of());
        assertEquals(List.of(Reason.RATE_BELOW_TARGET), codes(unanswered), "sent on schedule, nothing completed: no valid test");
        assertEquals("not one of the measured phase's 1,500 messages completed: 0 of 500 msg/s achieved",
                Reading.of(unanswered).validity().reasons().get(0).text());
    }

    @Test
    void inAShortRunACommitsBatchAcrossTheEdgeIsNoCatchUp() {
        Saturation oneSender = new Saturation(Saturation.HELD, null, null, 200, 209, 1, 1, 0.1, 0, 0.2, 0);
        Delivery syncpoint10 = new Delivery(true, null, true, 10, 209, 209, 0, 0, 0, 0, 0, 0, 0);
        RunSummary base = run(209, MS, kept(MS), syncpoint10, null, oneSender, false);
        RunSummary oneSecond = Summaries.summary(base.header(), base.ending(), base.counts(),
                new RunSummary.Throughput(200, 1, 209, new long[0]), base.views(), base.jvmPauses(), base.gc(),
                base.host(), base.delivery(), null, oneSender, base.keeping(), false);
        assertTrue(Reading.of(oneSecond).validity().valid(), Reading.of(oneSecond).validity().codes());
        RunSummary thirtySeconds = Summaries.summary(base.header(), base.ending(), base.counts(),
                new RunSummary.Throughput(200, 30, 216 * 30, new long[0]), base.views(), base.jvmPauses(),
                base.gc(), base.host(), base.delivery(), null, oneSender, base.keeping(), false);
        assertEquals(List.of(Reason.RATE_ABOVE_TARGET), codes(thirtySeconds), "8 % over 30 s is no edge");
    }
}
