package dev.harness.core.run;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

import dev.harness.core.findings.Reading;
import dev.harness.core.findings.ScheduleBounds;
import dev.harness.core.findings.ScheduleKeeping;
import dev.harness.core.jms.Api;
import dev.harness.core.jms.Errors;
import dev.harness.core.jms.Provider;
import dev.harness.core.jms.UnreachableException;
import dev.harness.core.measure.Measurement;
import dev.harness.core.measure.View;
import dev.harness.core.schedule.Schedule;
import dev.harness.core.workload.Format;

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
    /** How long an interrupted or failed run waits for messages already in flight. */
    private static final long STOP_GRACE_NS = TimeUnit.SECONDS.toNanos(2);
    /** How long a stopped run waits for senders stuck in a send to a stalled broker. */
    private static final long STUCK_SENDER_NS = TimeUnit.SECONDS.toNanos(5);
    /** How often the interval thread looks at the workers between ticks. */
    private static final long POLL_NS = TimeUnit.MILLISECONDS.toNanos(10);
    /** How long the end of a run waits for the listeners to write what they were handed. */
    public static final long WRITE_BOUND_NS = TimeUnit.SECONDS.toNanos(30);

    private final RunnerSettings settings;
    private final long intervalNs;
    private final List<RunListener> listeners;
    private long lateStartMs;
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
                measurement.outages().brokerRestarted(System.nanoTime(), restart.millis(), killer.restartSpan(),
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
        long prepareMs = 2_000;
        while (!control.stopRequested()) {
            long leftMs = startAt.toEpochMilli() - prepareMs - System.currentTimeMillis();
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
    private long cpuWallStartNs;
    private long pausedBeforeNs;
    private boolean measuredFromWarmupEnd;

    public RunSummary run(Provider provider, Workload workload, RunControl control) throws UnreachableException {
        long runId = ThreadLocalRandom.current().nextLong();
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
        awaitStart(control);
        long lengthNs = workload.warmupNs() + workload.durationNs();
        long keptNs = lengthNs + workload.drainTimeoutNs();
        int keepSeconds = (int) Math.min(Integer.MAX_VALUE - 1, TimeUnit.NANOSECONDS.toSeconds(keptNs) + 120);
        try (Measurement measurement = Measurement.start(workload.warmupNs(), keepSeconds,
                Schedule.intervalNs(workload.rate() / workload.shard().count()), settings.pauseResolutionNs(),
                settings.hiccupResolutionNs())) {
            Instant startAt = settings.startAt();
            long aheadNs = startAt == null ? LEAD_NS
                    : TimeUnit.MILLISECONDS.toNanos(startAt.toEpochMilli() - System.currentTimeMillis());
            lateStartMs = aheadNs < 0 ? TimeUnit.NANOSECONDS.toMillis(-aheadNs) : 0;
            long leadNs = Math.max(LEAD_NS, aheadNs);
            Schedule schedule = new Schedule(System.nanoTime() + leadNs, workload.rate(), lengthNs, workload.shard());
            double processRate = workload.rate() / workload.shard().count();
            keeping = new ScheduleKeeping(ScheduleBounds.lagBoundNs(processRate, workload.workers()), processRate);
            measurement.begin(schedule);
            cpuStartNs = processCpuNs();
            cpuWallStartNs = System.nanoTime();
            pausedBeforeNs = 0;
            measuredFromWarmupEnd = false;
            RunHeader header = header(provider, workload, measurement);
            toListeners(l -> l.started(header));
            workload.start(schedule, measurement, provider);
            startKiller(schedule, measurement, control);
            Freezing freezing = freezer == null ? null
                    : Freezing.start(freezer, freezePlan, schedule.startNs(), control, stop -> toListeners(l -> l.froze(stop)));
            try {
                cutIntervals(workload, control, measurement, schedule);
            } finally {
                if (freezing != null) {
                    freezing.close(); // the broker goes on before the workload closes its connections
                    freezes = freezing.stops();
                }
            }
            RunSummary summary = summarize(header, workload, control, measurement, schedule);
            toListeners(l -> l.finished(summary));
            return summary;
        }
    }

    private void cutIntervals(Workload workload, RunControl control, Measurement measurement, Schedule schedule) {
        long warmupEndNs = measurement.warmupEndNs();
        Ticks ticks = new Ticks(schedule.startNs(), intervalNs, warmupEndNs);
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
                long cutNs = cut(measurement, nextTickNs);
                if (warmupCut) {
                    measuredFromWarmupEnd = true;
                    cpuStartNs = processCpuNs();
                    cpuWallStartNs = System.nanoTime();
                    pausedBeforeNs = measurement.pauseCorrected().pauseTotalNs();
                }
                nextTickNs = ticks.afterCut(nextTickNs, cutNs);
            }
            boolean caughtUp = sendingEndedNs != 0 && workload.completed() >= workload.committed();
            if (caughtUp || now >= deadlineNs) {
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

    /** Cuts the interval due at {@code dueNs} now, stamped with now; returns now. */
    private long cut(Measurement measurement, long dueNs) {
        long cutNs = System.nanoTime();
        var snapshot = measurement.takeInterval(dueNs, cutNs);
        keeping.add(snapshot);
        toListeners(l -> l.interval(snapshot));
        return cutNs;
    }

    private RunHeader header(Provider provider, Workload workload, Measurement measurement) {
        List<String> notes = new ArrayList<>(provider.notes());
        notes.addAll(measurement.hostNotes());
        if (lateStartMs > 0) {
            notes.add("STARTED LATE: " + lateStartMs + " ms after the --start-at time " + settings.startAt() + " (connecting took"
                    + " longer); this run's intervals are that much out of line with other hosts' given the same start");
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
        List<RunHeader.Setting> settings = new ArrayList<>(workload.describe());
        settings.add(new RunHeader.Setting("interval", Format.duration(intervalNs)));
        settings.add(new RunHeader.Setting("api", Api.current().toString()));
        settings.add(new RunHeader.Setting("client", provider.client()));
        if (killer != null) {
            settings.addAll(killer.describe()); // the commands that kill and start the broker, and when it counts as back
        }
        if (freezer != null) {
            settings.add(new RunHeader.Setting("freeze", freezePlan.describe() + ", by " + freezer.describe()));
        }
        return new RunHeader(workload.kind(), provider.target(), settings, notes, start);
    }

    private RunSummary summarize(RunHeader header, Workload workload, RunControl control, Measurement measurement,
            Schedule schedule) {
        Measurement.MeasuredTotals t = measurement.totals();
        long measuredCompleted = completions(t.measured());
        long totalCompleted = measuredCompleted + completions(t.warmup());
        long sendsReturned = workload.sendsReturned();
        long unsent = schedule.unthrottled() ? 0 : Math.max(0, schedule.total() - sendsReturned);
        long committed = workload.committed();
        RunSummary.Throughput throughput = new RunSummary.Throughput(schedule.rate() / schedule.shard().count(),
                t.measuredSeconds(), t.completedAfterWarmup(), t.perSecond(), t.longestGapFromNs(), t.longestGapNs());
        long wallNs = System.nanoTime() - cpuWallStartNs;
        long cpuNs = processCpuNs();
        double cpu = cpuNs < 0 || cpuStartNs < 0 || wallNs <= 0 ? -1
                : (cpuNs - cpuStartNs) / (double) wallNs / Runtime.getRuntime().availableProcessors();
        double paused = wallNs <= 0 ? 0 : Math.min(1, Math.max(0, t.jvmPauseTotalNs() - pausedBeforeNs) / (double) wallNs);
        ScheduleKeeping.Totals kept = keeping.totals(lateStartMs);
        Saturation saturation = Saturation.judge(schedule.unthrottled() ? 0 : throughput.targetRate(),
                throughput.achievedRate(), workload.senderLoad(), cpu, paused,
                workload.kind() == WorkloadKind.REQRESP ? "requester" : "sender",
                t.recovery() == null ? 0 : Math.max(0, t.recovery().outageNs()), wallNs, Reading.hostContention(kept, cpu));
        return new RunSummary(header, new RunSummary.Ending(control.stopReason(), control.failure()),
                new RunSummary.Counts(t.measured().get(View.PUT).getTotalCount(), measuredCompleted, committed,
                        totalCompleted, unsent, sendsReturned - committed, t.lost(), workload.late(), workload.stale()),
                throughput,
                new RunSummary.Views(t.measured(), t.warmup(), t.responseWithoutOutage()),
                new RunSummary.JvmPauses(t.jvmPauseCount(), t.jvmPauseTotalNs(), t.longestJvmPauses(),
                        t.correctionsAdded()),
                t.gc(), t.host(), workload.delivery(), t.recovery(), saturation, kept, deliveryNeeded, freezes);
    }

    /** This JVM's CPU time so far, or -1 where the platform does not say. */
    private static long processCpuNs() {
        if (java.lang.management.ManagementFactory.getOperatingSystemMXBean()
                instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getProcessCpuTime();
        }
        return -1;
    }

    /** The response view also holds the requests given up at their timeout: those are no completions. */
    private static long completions(java.util.Map<View, org.HdrHistogram.Histogram> views) {
        return views.get(View.RESPONSE).getTotalCount() - views.get(View.LOST).getTotalCount();
    }
}
