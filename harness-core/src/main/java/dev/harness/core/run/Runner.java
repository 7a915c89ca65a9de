package dev.harness.core.run;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

import org.HdrHistogram.Histogram;

import dev.harness.core.Format;
import dev.harness.core.Setting;
import dev.harness.core.SettingsException;
import dev.harness.core.Units;
import dev.harness.core.WorkloadKind;
import dev.harness.core.disturbance.BrokerKiller;
import dev.harness.core.disturbance.FreezePlan;
import dev.harness.core.disturbance.Freezer;
import dev.harness.core.disturbance.Stop;
import dev.harness.core.host.Environment;
import dev.harness.core.jms.Api;
import dev.harness.core.jms.Errors;
import dev.harness.core.jms.Provider;
import dev.harness.core.jms.UnreachableException;
import dev.harness.core.measure.Histograms;
import dev.harness.core.measure.IntervalSnapshot;
import dev.harness.core.measure.Measurement;
import dev.harness.core.measure.ScheduleKeeping;
import dev.harness.core.measure.View;
import dev.harness.core.schedule.Schedule;
import dev.harness.core.schedule.Warmup;

/**
 * Runs one workload against one provider: connects, starts the schedule, cuts intervals on a
 * fixed timeline (no drift), waits for completions to catch up, and hands header, intervals and
 * summary to the listeners. The calling thread is the interval thread: it only cuts, and a writer
 * thread of the run's own calls the listeners, so a stalled terminal or a slow disk never delays
 * a cut. Workers never do I/O of the harness's own.
 */
public final class Runner {
    /** Time between the end of setup and message 0, so every sender starts on time. */
    private static final long LEAD_NS = TimeUnit.MILLISECONDS.toNanos(200);
    /** With --start-at: how long before it the wait ends, for the header and the workers' start. */
    private static final long PREPARE_NS = TimeUnit.SECONDS.toNanos(1);
    /**
     * How late a run may be for its --start-at and still start. Message 0 is due at --start-at
     * whatever happens, so a run late by this much sends its first messages that late; a later one
     * refuses to start, as a shard out of step with the others of its set must (merge would refuse
     * the set). The same 100 ms below which no send-lag is a backlog.
     */
    public static final long START_LATE_BOUND_NS = TimeUnit.MILLISECONDS.toNanos(100);
    /** How long an interrupted or failed run waits for messages already in flight. */
    private static final long STOP_GRACE_NS = TimeUnit.SECONDS.toNanos(2);
    /** --ttl: how long past the last send's time to live the run waits, for a broker that expires late. */
    private static final long EXPIRY_GRACE_NS = TimeUnit.SECONDS.toNanos(1);
    /** How long a stopped run waits for senders stuck in a send to a stalled broker. */
    private static final long STUCK_SENDER_NS = TimeUnit.SECONDS.toNanos(5);
    /**
     * How often the interval thread looks at the workers between ticks: the end of sending or a stop
     * is seen within this. Each look costs a wake-up: every 10 ms took 1.2 % of a core on an idle run
     * (bench/results-light.md), every 50 ms a fifth of it.
     */
    private static final long POLL_NS = TimeUnit.MILLISECONDS.toNanos(50);
    /** How long the end of a run waits for the listeners to write what they were handed. */
    public static final long WRITE_BOUND_NS = TimeUnit.SECONDS.toNanos(30);

    private final RunnerSettings settings;
    private final long intervalNs;
    private final List<RunListener> listeners;
    private long lateStartMs;
    /** What the warm-up burst before message 0 did, for the header. */
    private String ready;
    /** The backlog put before the schedule ({@code --preload}), or null. */
    private Preloaded preloaded;
    /** What the run found on the queues it consumes from, and did (see {@link Workload#claimQueues}); null for none. */
    private String queueClaim;
    /** --warmup auto's decision; null with a fixed warmup. */
    private AutoWarmup autoWarmup;
    /** The interval cut last, and a histogram to read its send-lag: --warmup auto looks at each. */
    private IntervalSnapshot lastInterval;
    private final Histogram lagScratch = Histograms.create();
    private BrokerKiller killer;
    private long killAtNs;
    private long restartAfterNs;
    private WriterThread writer;
    private String writeProblem;
    private boolean deliveryNeeded;
    private ScheduleKeeping keeping;
    private Freezer freezer;
    private FreezePlan freezePlan;
    private List<Stop> freezes = List.of();

    public Runner(RunnerSettings settings, List<RunListener> listeners) {
        this.settings = settings;
        this.intervalNs = settings.intervalNs();
        this.listeners = List.copyOf(listeners);
    }

    /**
     * Kills the broker {@code atNs} after the schedule's start (warmup included) and starts it
     * again {@code restartAfterNs} later, on a thread of its own, while the run goes on.
     */
    public Runner killingBroker(BrokerKiller killer, long atNs, long restartAfterNs) {
        if (atNs < 0 || restartAfterNs < 0) {
            throw new IllegalArgumentException("kill and restart times must not be negative");
        }
        this.killer = killer;
        this.killAtNs = atNs;
        this.restartAfterNs = restartAfterNs;
        return this;
    }

    /** Stops the broker as the plan says ({@code --freeze-at}), on a thread of its own, while the run goes on. */
    public Runner freezing(Freezer freezer, FreezePlan plan) {
        this.freezer = freezer;
        this.freezePlan = plan;
        return this;
    }

    /** An objective of this run reads delivery: a run that checks none is then not valid. */
    public Runner deliveryNeeded(boolean needed) {
        this.deliveryNeeded = needed;
        return this;
    }

    private void startKiller(Schedule schedule, Measurement measurement, RunControl control) {
        if (killer == null) {
            return;
        }
        Thread t = new Thread(() -> {
            if (!sleepUntil(schedule.startNs() + killAtNs, control)) {
                return;
            }
            try {
                measurement.outages().brokerKilled(System.nanoTime(), killer.killedBy());
                killer.kill();
            } catch (Exception e) {
                control.fail("--kill-broker-at: the broker could not be killed: " + Errors.oneLine(e));
                return;
            }
            if (!sleepUntil(System.nanoTime() + restartAfterNs, control)) {
                return; // the run is over: no broker to start
            }
            try {
                BrokerKiller.Restart restart = killer.restart();
                // Ready when it was ready, not when a start command that runs on returned.
                measurement.outages().brokerRestarted(restart.readyNs(), restart.millis(), killer.restartSpan(),
                        restart.fromStartLineMillis(), restart.fromStartLine());
            } catch (Exception e) {
                control.fail("--kill-broker-at: the broker did not start again: " + Errors.oneLine(e));
            }
        }, "harness-broker-killer");
        t.setDaemon(true);
        t.start();
    }

    /** False when the run stopped first. */
    private static boolean sleepUntil(long ns, RunControl control) {
        while (!control.stopRequested()) {
            long left = ns - System.nanoTime();
            if (left <= 0) {
                return true;
            }
            LockSupport.parkNanos(Math.min(left, POLL_NS));
        }
        return false;
    }

    /**
     * Waits, connected, until shortly before the start time, so that the measurement (its pause
     * detector, hiccup meter and first interval) begins with the schedule, not with the wait.
     */
    private void awaitStart(RunControl control) {
        Instant startAt = settings.startAt();
        if (startAt == null) {
            return;
        }
        while (!control.stopRequested()) {
            long leftMs = startAt.toEpochMilli() - TimeUnit.NANOSECONDS.toMillis(PREPARE_NS) - System.currentTimeMillis();
            if (leftMs <= 0) {
                return;
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(Math.min(leftMs, 100)));
        }
    }

    /**
     * This JVM's CPU time, the clock and its pauses so far where the measured phase starts, for the
     * saturation figures: at the warmup's cut, or at the schedule's start when there is no warmup.
     */
    private long cpuStartNs = -1;
    /** The child processes' CPU time at the same moment as {@link #cpuStartNs}. */
    private Map<Long, Long> childCpuStart = Map.of();
    private long cpuWallStartNs;
    private long pausedBeforeNs;
    private boolean measuredFromWarmupEnd;
    /** --ttl: the run waited for its last messages until every one had outlived its time to live. */
    private boolean outlivedTimeToLive;

    public RunSummary run(Provider provider, Workload workload, RunControl control) throws UnreachableException {
        long runId = settings.runId() != 0 ? settings.runId() : ThreadLocalRandom.current().nextLong();
        queueClaim = workload.claimQueues(provider); // before any consumer of the run's: it may refuse
        workload.open(provider, control, runId);
        writer = new WriterThread("harness-interval-writer");
        writeProblem = null;
        RunSummary summary;
        try {
            summary = measure(provider, workload, control);
        } finally {
            // Everything handed over is written before the run returns, an interrupted one included.
            int unwritten = writer.finish(WRITE_BOUND_NS);
            if (unwritten > 0) {
                writeProblem = "the console, hlog and JSON writers had not finished " + unwritten + " of their tasks "
                        + TimeUnit.NANOSECONDS.toSeconds(WRITE_BOUND_NS) + " s after the run (a stalled terminal or disk?):"
                        + " what they had not written is lost";
            }
            workload.close();
            if (freezer != null) {
                freezer.close(); // a run that failed before its first stop never started the freezer's thread
            }
        }
        if (writer.failure() != null) {
            throw writer.failure();
        }
        return summary;
    }

    /** Why the last run's outputs may be incomplete (the writers did not finish in time), or null. */
    public String writeProblem() {
        return writeProblem;
    }

    private void toListeners(Consumer<RunListener> call) {
        writer.submit(() -> listeners.forEach(call));
    }

    private RunSummary measure(Provider provider, Workload workload, RunControl control) throws UnreachableException {
        // Read before the schedule is laid, so that its lead is not spent reading /proc.
        Environment environment = Environment.collect(provider.target(), provider.client());
        // With --warmup auto the schedule and the measurement are made for its longest warmup, and
        // both are shortened once the run sees the schedule kept (cutIntervals).
        long warmupNs = workload.warmup().longestNs();
        long lengthNs = warmupNs + workload.durationNs();
        long keptNs = lengthNs + workload.drainTimeoutNs();
        int keepSeconds = (int) Math.min(Integer.MAX_VALUE - 1, TimeUnit.NANOSECONDS.toSeconds(keptNs) + 120);
        // This JVM's meters first (JFR among them), then the burst that warms the rest: everything
        // the run starts is up and warm before message 0 is due. begin() forgets what the meters saw.
        try (Measurement measurement = Measurement.start(warmupNs, keepSeconds,
                Schedule.intervalNs(workload.targetRate()), settings.pauseResolutionNs(),
                settings.hiccupResolutionNs())) {
            if (workload.kind() == WorkloadKind.PUBSUB) {
                measurement.completesByFanOut();
            }
            // The backlog goes first, while the run's consumers wait: the schedule's messages queue behind it.
            String preloading = workload.preloading();
            if (preloading != null) {
                toListeners(l -> l.preloading(preloading));
            }
            preloaded = workload.preload(provider, control);
            Instant startAt = settings.startAt();
            ready = settings.coldStart() ? ReadyBurst.COLD_START
                    : ReadyBurst.run(provider, workload, control, startAt == null ? Long.MAX_VALUE
                            : TimeUnit.MILLISECONDS.toNanos(startAt.toEpochMilli() - System.currentTimeMillis()) - PREPARE_NS);
            awaitStart(control);
            long aheadNs = startAt == null ? LEAD_NS
                    : TimeUnit.MILLISECONDS.toNanos(startAt.toEpochMilli() - System.currentTimeMillis());
            if (aheadNs < -START_LATE_BOUND_NS) {
                throw new SettingsException("--start-at", "this run was ready " + TimeUnit.NANOSECONDS.toMillis(-aheadNs)
                        + " ms after its --start-at " + startAt + " (connecting and warming up took longer), more than the "
                        + TimeUnit.NANOSECONDS.toMillis(START_LATE_BOUND_NS) + " ms a run may be late; it did not start, as"
                        + " a shard out of step with the others of its set must not: give a later --start-at");
            }
            lateStartMs = aheadNs < 0 ? TimeUnit.NANOSECONDS.toMillis(-aheadNs) : 0;
            // With --start-at, message 0 is due at that time even when this run is a little late for it.
            long leadNs = startAt == null ? LEAD_NS : aheadNs;
            Schedule schedule = new Schedule(System.nanoTime() + leadNs, workload.rate(), lengthNs, workload.shard());
            keeping = new ScheduleKeeping(workload.lagBoundNs(), workload.targetRate(), lengthNs);
            measurement.begin(schedule);
            cpuStartNs = processCpuNs();
            childCpuStart = ChildCpu.sample();
            cpuWallStartNs = System.nanoTime();
            pausedBeforeNs = 0;
            measuredFromWarmupEnd = false;
            RunHeader header = header(provider, workload, measurement, environment);
            toListeners(l -> l.started(header));
            workload.start(schedule, measurement, provider);
            startKiller(schedule, measurement, control);
            List<SizeClass> sizes = List.of();
            Freezing freezing = freezer == null ? null
                    : Freezing.start(freezer, freezePlan, schedule.startNs(), control, stop -> toListeners(l -> l.froze(stop)));
            try {
                cutIntervals(workload, control, measurement, schedule);
                // Taken at the final cut, as the views are: a receiver's later completions are in neither.
                sizes = workload.sizes();
            } finally {
                if (freezing != null) {
                    freezing.close(); // the broker goes on before the workload closes its connections
                    freezes = freezing.stops();
                }
            }
            RunSummary summary = summarize(header, workload, control, measurement, schedule, sizes);
            toListeners(l -> l.finished(summary));
            return summary;
        }
    }

    private void cutIntervals(Workload workload, RunControl control, Measurement measurement, Schedule schedule) {
        long warmupEndNs = measurement.warmupEndNs();
        Ticks ticks = new Ticks(schedule.startNs(), intervalNs, warmupEndNs);
        Warmup warmup = workload.warmup();
        autoWarmup = !warmup.auto() ? null : new AutoWarmup(schedule.startNs(), intervalNs, warmup.ns(), warmup.autoMaxNs(),
                keeping.lagBoundNs(), !schedule.unthrottled()); // the schedule's keeping's bound: one per run
        long nextTickNs = ticks.after(schedule.startNs());
        // Never skipping a message is the rule, but a system that cannot keep up would make the
        // run last for ever: sending stops this long after the schedule's end.
        long giveUpNs = schedule.endNs() + workload.drainTimeoutNs();
        long sendingEndedNs = 0;
        long stopSeenNs = 0;
        long deadlineNs = Long.MAX_VALUE;
        while (true) {
            long now = System.nanoTime();
            if (sendingEndedNs == 0 && workload.sendingDone()) {
                sendingEndedNs = now;
                long wait = control.stopRequested() ? Math.min(STOP_GRACE_NS, workload.drainTimeoutNs())
                        : workload.drainTimeoutNs();
                if (workload.timeToLiveNs() > 0) {
                    wait = Math.min(wait, workload.timeToLiveNs() + EXPIRY_GRACE_NS); // no message lives longer
                }
                deadlineNs = Math.min(deadlineNs, now + wait);
            }
            if (sendingEndedNs == 0 && now >= giveUpNs) {
                control.requestStop("the system could not keep up with the target rate; sending stopped "
                        + TimeUnit.NANOSECONDS.toSeconds(workload.drainTimeoutNs()) + " s after the schedule's end");
            }
            if (control.stopRequested() && stopSeenNs == 0) {
                stopSeenNs = now;
                deadlineNs = Math.min(deadlineNs, now + STUCK_SENDER_NS);
            }
            // The tick first, then the end of the run. A cut later than the next tick too (this
            // JVM stalled) stands for the ticks it missed: one interval of its real length rather
            // than empty ones back to back.
            if (now >= nextTickNs) {
                boolean warmupCut = !measuredFromWarmupEnd && warmupEndNs > schedule.startNs() && nextTickNs - warmupEndNs >= 0;
                long dueNs = nextTickNs;
                long cutNs = cut(measurement, dueNs);
                if (warmupCut) {
                    measuredFromWarmupEnd = true;
                    cpuStartNs = processCpuNs();
                    childCpuStart = ChildCpu.sample();
                    cpuWallStartNs = System.nanoTime();
                    pausedBeforeNs = measurement.pauseCorrected().pauseTotalNs();
                }
                long boundaryNs = measuredFromWarmupEnd ? -1 : steadyFrom(schedule);
                if (boundaryNs >= 0 && boundaryNs != warmupEndNs) {
                    // --warmup auto saw the schedule kept: the measured phase begins at the next tick,
                    // and the schedule lasts the duration from there.
                    measurement.endWarmupAt(boundaryNs);
                    schedule.endAt(boundaryNs + workload.durationNs());
                    keeping.scheduleLasts(schedule.endNs() - schedule.startNs());
                    warmupEndNs = boundaryNs;
                    ticks = new Ticks(schedule.startNs(), intervalNs, boundaryNs);
                    giveUpNs = schedule.endNs() + workload.drainTimeoutNs();
                }
                nextTickNs = ticks.afterCut(dueNs, cutNs);
            }
            boolean caughtUp = sendingEndedNs != 0 && workload.completed() >= workload.committed();
            if (caughtUp || now >= deadlineNs) {
                outlivedTimeToLive = workload.timeToLiveNs() > 0 && sendingEndedNs != 0
                        && now - sendingEndedNs >= workload.timeToLiveNs();
                workload.settle();
                now = System.nanoTime();
                if (now > measurement.lastCutNs()) {
                    cut(measurement, now);
                }
                return;
            }
            LockSupport.parkNanos(Math.min(nextTickNs - now, POLL_NS));
        }
    }

    /**
     * --warmup auto, after a cut in the warmup: the tick where the measured phase begins, if the
     * interval just cut made the schedule kept long enough; -1 when not, or the warmup is fixed.
     */
    private long steadyFrom(Schedule schedule) {
        if (autoWarmup == null || autoWarmup.steady()) {
            return -1;
        }
        IntervalSnapshot s = lastInterval;
        s.warmup().get(View.SEND_LAG).copyInto(lagScratch);
        lagScratch.add(s.measured().get(View.SEND_LAG));
        long sends = lagScratch.getTotalCount();
        long due = schedule.dueBetween(schedule.startNs() + s.span().startNs(), schedule.startNs() + s.span().endNs());
        return autoWarmup.afterInterval(sends == 0 ? 0 : lagScratch.getValueAtPercentile(99), sends, s.counts().completed(),
                due, System.nanoTime());
    }

    /** Cuts the interval due at {@code dueNs} now, stamped with now; returns now. */
    private long cut(Measurement measurement, long dueNs) {
        long cutNs = System.nanoTime();
        var snapshot = measurement.takeInterval(dueNs, cutNs);
        keeping.add(snapshot);
        lastInterval = snapshot;
        toListeners(l -> l.interval(snapshot));
        return cutNs;
    }

    private RunHeader header(Provider provider, Workload workload, Measurement measurement, Environment environment) {
        List<String> notes = new ArrayList<>(provider.notes());
        notes.addAll(measurement.hostNotes());
        if (lateStartMs > 0) {
            notes.add("this run was ready " + lateStartMs + " ms after its --start-at " + settings.startAt() + ", when message 0"
                    + " was due: its first messages were sent that late (send-lag); its schedule is the set's");
        }
        if (workload.rate() == 0) {
            notes.add(ClosedLoop.NOTE);
        } else {
            notes.add("response is measured from each message's intended send time on the fixed schedule,"
                    + " so a stall anywhere (broker, network, disk, this JVM) shows in it");
        }
        notes.add("pause-corrected is the put timings with LatencyStats' correction for pauses of this JVM (longer than "
                + TimeUnit.NANOSECONDS.toMillis(settings.pauseResolutionNs()) + " ms) during which sends were due, and nothing for"
                + " time when none was due; it cannot see a stalled broker");
        Instant start = Instant.ofEpochMilli(measurement.startEpochMs());
        // The nominal interval, stated: intervals are stamped with their real cuts, a little off
        // the grid, and harness merge takes its grid from here.
        List<Setting> settings = new ArrayList<>(workload.describe());
        settings.add(new Setting("interval", Format.duration(intervalNs)));
        if (this.settings.startAt() != null) {
            settings.add(new Setting("start at", this.settings.startAt().toString()));
        }
        settings.add(new Setting("api", Api.current().toString()));
        settings.add(new Setting("client", provider.client()));
        settings.add(new Setting("jvm", ThisJvm.describe()));
        settings.add(new Setting("ready", ready));
        if (preloaded != null) {
            settings.add(new Setting(RunHeader.PRELOADED, String.format(Locale.ROOT, "%,d messages on %d queue%s in %s (%,.0f"
                    + " msg/s), before message 0 was due%s", preloaded.messages(), preloaded.queues(),
                    preloaded.queues() == 1 ? "" : "s", Units.duration(preloaded.putNs()), preloaded.putRate(),
                    preloaded.pagedAfterPut() == 1 ? "; the broker paged them to disk past the memory it gives them,"
                            + " so its gets read page files" : preloaded.pagedAfterPut() == 0 ? "; the broker holds them"
                            + " in memory (no paging)" : "")));
        }
        if (queueClaim != null) {
            settings.add(new Setting("queue check", queueClaim));
        }
        if (killer != null) {
            settings.addAll(killer.describe()); // the commands that kill and start the broker, and when it counts as back
        }
        if (freezer != null) {
            settings.add(new Setting("freeze", freezePlan.describe() + ", by " + freezer.describe()));
        }
        return new RunHeader(workload.kind(), provider.target(), settings, notes, start, environment, keeping.lagBoundNs());
    }

    private RunSummary summarize(RunHeader header, Workload workload, RunControl control, Measurement measurement,
            Schedule schedule, List<SizeClass> sizes) {
        Measurement.MeasuredTotals t = measurement.totals();
        boolean fanOut = workload.kind() == WorkloadKind.PUBSUB;
        long measuredCompleted = View.completions(t.measured(), fanOut);
        long totalCompleted = measuredCompleted + View.completions(t.warmup(), fanOut);
        long sendsReturned = workload.sendsReturned();
        long unsent = schedule.unthrottled() ? 0 : Math.max(0, schedule.total() - sendsReturned);
        long committed = workload.committed();
        RunSummary.Throughput throughput = new RunSummary.Throughput(schedule.shard().share(schedule.rate()),
                t.measuredSeconds(), t.completedAfterWarmup(), t.perSecond(), t.longestGapFromNs(), t.longestGapNs(), t.gaps());
        long wallNs = System.nanoTime() - cpuWallStartNs;
        long cpuNs = processCpuNs();
        int cpus = Runtime.getRuntime().availableProcessors();
        double cpu = cpuNs < 0 || cpuStartNs < 0 || wallNs <= 0 ? -1 : (cpuNs - cpuStartNs) / (double) wallNs / cpus;
        double paused = wallNs <= 0 ? 0 : Math.min(1, Math.max(0, t.jvmPauseTotalNs() - pausedBeforeNs) / (double) wallNs);
        double childrenPercent = wallNs <= 0 ? 0
                : 100.0 * ChildCpu.betweenNs(childCpuStart, ChildCpu.sample()) / wallNs / cpus;
        ScheduleKeeping.Totals kept = keeping.totals(lateStartMs, childrenPercent);
        WarmupEnd warmupEnd = warmupEnd(workload, measurement);
        // A run that ended in its warmup has no achieved rate to explain.
        Saturation saturation = Saturation.judge(schedule.unthrottled() || warmupEnd.ns() < 0 ? 0 : throughput.targetRate(),
                throughput.achievedRate(), workload.senderLoad(), cpu, paused,
                workload.kind() == WorkloadKind.REQRESP ? "requester" : fanOut ? "publisher" : "sender",
                t.recovery() == null ? 0 : Math.max(0, t.recovery().outageNs()), wallNs, kept.hostContention(cpu))
                .byDesign(workload.consumeCapacity(throughput.targetRate()), workload.consumeLimit(),
                        workload.kind().rateUnit());
        // A broker failure's losses stay losses: only a run without one counts the missing as expired.
        boolean expiring = outlivedTimeToLive && t.recovery() == null;
        Delivery delivery = workload.delivery();
        FanOutSummary copies = workload.endSubscriptions(); // after the tally, as the summary's order was
        return new RunSummary(header, new RunSummary.Ending(control.stopReason(), control.failure()),
                new RunSummary.Counts(t.measured().get(View.PUT).getTotalCount(), measuredCompleted, committed,
                        totalCompleted, unsent, sendsReturned - committed, t.lost(), workload.late(), workload.othersConsumed(),
                        workload.othersLeft()),
                throughput,
                new RunSummary.Views(t.measured(), t.warmup(), t.responseWithoutOutage()),
                new RunSummary.JvmPauses(t.jvmPauseCount(), t.jvmPauseTotalNs(), t.longestJvmPauses(),
                        t.correctionsAdded(), settings.pauseResolutionNs()),
                t.gc(), t.host(), expiring ? delivery.expiring() : delivery, t.recovery(),
                saturation, kept, deliveryNeeded,
                warmupEnd, freezes, expiring && copies != null ? copies.expiring() : copies,
                workload.preloaded(schedule.startNs()), sizes);
    }

    /** Where the measured phase began: -1 when the run ended before it did. */
    private WarmupEnd warmupEnd(Workload workload, Measurement measurement) {
        long ns = measurement.warmupEndNs() - measurement.startNs();
        boolean reached = measuredFromWarmupEnd || ns <= 0;
        return new WarmupEnd(reached ? ns : -1, workload.warmup().autoMaxNs(), autoWarmup != null && autoWarmup.steady());
    }

    /** This JVM's CPU time so far, or -1 where the platform does not say. */
    private static long processCpuNs() {
        if (java.lang.management.ManagementFactory.getOperatingSystemMXBean()
                instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getProcessCpuTime();
        }
        return -1;
    }

}
