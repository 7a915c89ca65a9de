package dev.harness.core.verify;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import dev.harness.core.SettingsException;
import dev.harness.core.Units;
import dev.harness.core.disturbance.SignalFreezer;
import dev.harness.core.disturbance.Stop;
import dev.harness.core.jms.UnreachableException;
import dev.harness.core.measure.View;
import dev.harness.core.verify.RunLauncher.Launched;

/**
 * harness verify's study: the rate each workload holds, then the scenarios with an analytic truth
 * (the broker frozen, ten short stops, sends in flight, the harness's own JVM stopped, GC pauses,
 * request/response open and closed, publish/subscribe's fan-out), each run against one broker and
 * judged by {@link Judge}. A scenario whose run other processes contended is run once more.
 */
public final class VerifyStudy {
    private static final long S = 1_000_000_000L;
    private static final long MS = 1_000_000L;
    /** The broker frozen, and the harness stopped: long against the noise of a loaded host, short against the run. */
    private static final long STOP_NS = 2 * S;
    /** The warmup tried first; doubled, up to the most, when a run only began its measured phase behind. */
    private static final long WARMUP_NS = 3 * S;
    private static final long MAX_WARMUP_NS = 12 * S;
    /** How long a run may take beyond its schedule (a JVM's start, a slow broker, the outputs' writing). */
    private static final long CHILD_GRACE_NS = 120 * S;
    /**
     * The loop of every voter in the stopped run's pause detector, its own thread's and the hiccup
     * meter's: the first to wake after a stop reports it less its loop, so a 10 ms meter would hide 10 ms.
     */
    private static final long PAUSE_RESOLUTION_NS = 5 * MS;
    /** What verify's runs keep fixed: the user gives the broker, verify the rest. */
    private static final List<String> RUN_OPTIONS = List.of("--non-persistent");

    /** One scenario's run and judgement. */
    @FunctionalInterface
    interface ScenarioRun {
        ScenarioResult run() throws Exception;
    }

    private final boolean quick;
    private final double rate;
    private final List<String> base;
    private final List<String> freeze;
    private final RunLauncher launcher;
    private final Consumer<String> progress;
    private volatile boolean interrupted;
    private volatile Launched current;

    /** The warmup with which a run of this system kept its schedule from the measured phase's start. */
    private long warmupNs = WARMUP_NS;

    /**
     * @param quick the one-minute set
     * @param rate the rate tried first
     * @param base every run's options: the broker and how to reach it
     * @param freeze the options that let a run freeze the broker; null when there are none
     * @param progress told what runs, a line each
     */
    public VerifyStudy(boolean quick, double rate, List<String> base, List<String> freeze, RunLauncher launcher,
            Consumer<String> progress) {
        this.quick = quick;
        this.rate = rate;
        this.base = List.copyOf(base);
        this.freeze = freeze == null ? null : List.copyOf(freeze);
        this.launcher = launcher;
        this.progress = progress;
    }

    /** Every scenario of the set (or the quick one), in order; {@code where} names the broker for the result. */
    public VerifyResult run(String where) throws Exception {
        List<String> rates = new ArrayList<>();
        List<ScenarioResult> scenarios = new ArrayList<>();
        double putRate = holdRate("put", List.of(), rates);
        scenarios.add(onceMore(() -> brokerFrozen(putRate, "broker-frozen", "broker frozen 2 s", List.of())));
        if (!quick) {
            scenarios.add(onceMore(() -> tenStops(putRate)));
            scenarios.add(onceMore(() -> brokerFrozen(putRate, "in-flight", "broker frozen 2 s, 16 sends in flight",
                    List.of("--max-in-flight", "16"))));
        }
        scenarios.add(onceMore(() -> harnessStopped(putRate)));
        if (!quick) {
            scenarios.add(onceMore(() -> gcPauses(putRate)));
            double reqRate = holdRate("reqresp", List.of("--workload", "reqresp"), rates);
            scenarios.add(onceMore(() -> brokerFrozen(reqRate, "reqresp-open", "request/response (open) frozen 2 s",
                    List.of("--workload", "reqresp", "--mode", "open"))));
            scenarios.add(onceMore(() -> brokerFrozen(reqRate, "reqresp-closed", "request/response (closed) frozen 2 s",
                    List.of("--workload", "reqresp", "--mode", "closed"))));
            List<String> fanOut = List.of("--workload", "pubsub", "--subscribers", "3");
            double pubRate = holdRate("pubsub", fanOut, rates);
            scenarios.add(onceMore(() -> brokerFrozen(pubRate, "pubsub-fanout",
                    "publish/subscribe (3 subscribers) frozen 2 s, fanout", fanOut, View.FANOUT)));
        }
        return interrupted ? null : new VerifyResult(where, quick, rates, scenarios);
    }

    /** Ctrl-C: the run under way stops (it lets a broker it froze go on), and no verdict is given. */
    public void interrupt() {
        interrupted = true;
        Launched run = current;
        if (run != null) {
            run.close();
        }
    }

    private long durationNs() {
        return (quick ? 8 : 10) * S;
    }

    /** When the 2 s stops begin, from the schedule's start: well inside the measured phase. */
    private long stopAtNs() {
        return warmupNs + (quick ? 3 : 4) * S;
    }

    /**
     * The rate the system holds for this workload ({@link RateFinder}), said in {@code rates}
     * whatever happens; 0 when none held: the scenarios of that workload are then not run.
     */
    double holdRate(String workload, List<String> options, List<String> rates) throws Exception {
        RateFinder.Found found = new RateFinder(quick ? 3 : 4, MAX_WARMUP_NS, () -> interrupted).find(workload, rate,
                warmupNs, (asked, warmup) -> {
                    Launched run = launch(workload + "-rate-" + Math.round(asked) + "-warmup-" + warmup / S + "s", List.of(),
                            args(asked, warmup, (quick ? 3 : 4) * S, options));
                    RunLauncher.Exit exit = finish(run, warmup + 4 * S);
                    if (exit.kind() == RunLauncher.Exit.Kind.UNREACHABLE) {
                        throw new UnreachableException(run.lastLine(), null);
                    }
                    if (exit.kind() == RunLauncher.Exit.Kind.REFUSED) {
                        throw new SettingsException("the run " + run.name() + " refused its options", run.lastLine());
                    }
                    if (exit.kind() != RunLauncher.Exit.Kind.OK) {
                        return RateFinder.Outcome.failed("the run ended with exit code " + exit.code() + ": "
                                + run.lastLine());
                    }
                    RunFiles files = run.files();
                    return new RateFinder.Outcome(null, files.validity(), files.achievedRate());
                });
        rates.add(found.line());
        if (found.rate() > 0) {
            warmupNs = found.warmupNs();
        }
        return found.rate();
    }

    /** The common options of a run: the broker, the rate, the phases, verify's fixed ones. */
    private List<String> args(double r, long warmup, long duration, List<String> options) {
        List<String> args = new ArrayList<>(base);
        args.addAll(RUN_OPTIONS);
        args.addAll(List.of("--rate", number(r), "--warmup", warmup / MS + "ms", "--duration", duration / MS + "ms"));
        args.addAll(options);
        return args;
    }

    /** 1, 3, 6: one stop of the broker for 2 s; response's p99, p99.9 and max against the truth. */
    ScenarioResult brokerFrozen(double r, String id, String title, List<String> options) throws Exception {
        return brokerFrozen(r, id, title, options, View.RESPONSE);
    }

    /** One stop of the broker for 2 s, judged on {@code view} (response, or fanout for publish/subscribe). */
    ScenarioResult brokerFrozen(double r, String id, String title, List<String> options, View view) throws Exception {
        String why = whyNot(r, true);
        if (why != null) {
            return ScenarioResult.notRun(id, title, why);
        }
        List<String> more = new ArrayList<>(options);
        more.addAll(List.of("--freeze-at", stopAtNs() / MS + "ms", "--freeze-for", STOP_NS / MS + "ms", "--interval", "200ms"));
        more.addAll(freeze);
        return stall(id, title + " at " + Units.rate(r) + " msg/s", r, durationNs(), more, 1, List.of(99.0, 99.9), true,
                view);
    }

    /** 2: ten stops of 100 ms a second apart: response's p99 and p99.9 against the truth. */
    ScenarioResult tenStops(double r) throws Exception {
        String id = "ten-stops";
        String title = "ten 100 ms stops of the broker";
        String why = whyNot(r, true);
        if (why != null) {
            return ScenarioResult.notRun(id, title, why);
        }
        List<String> more = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            more.addAll(List.of("--freeze-at", (warmupNs + 500 * MS + i * S) / MS + "ms"));
        }
        more.addAll(List.of("--freeze-for", "100ms", "--interval", "200ms"));
        more.addAll(freeze);
        return stall(id, title + " at " + Units.rate(r) + " msg/s", r, 11 * S, more, 10, List.of(99.0, 99.9), false,
                View.RESPONSE);
    }

    private ScenarioResult stall(String id, String title, double r, long durationNs, List<String> options, int stops,
            List<Double> percentiles, boolean max, View view) throws Exception {
        Launched child = launch(id, List.of(), args(r, warmupNs, durationNs, options));
        String failed = failed(child, finish(child, warmupNs + durationNs));
        if (failed != null) {
            return ScenarioResult.notRun(id, title, failed);
        }
        RunFiles files = child.files();
        List<Stop> made = files.freezes();
        if (made.size() != stops) {
            return ScenarioResult.notRun(id, title, "the run made " + made.size() + " of its " + stops + " stops");
        }
        StallTruth truth = StallTruth.of(r, warmupNs, durationNs, made);
        List<Row> rows = Judge.stall(truth, catchUp(files, r, made), files.measured(view), view.tag(),
                files.measured(View.SERVICE), percentiles, max);
        return judged(id, title, r, made, files, rows, truth, view);
    }

    /**
     * 4: the run's own JVM stopped 2 s from here, timed around the signals; response against the
     * truth, and the samples pause-corrected added around the stop against one per message due.
     */
    ScenarioResult harnessStopped(double r) throws Exception {
        String id = "harness-stopped";
        String title = "harness JVM stopped 2 s";
        String why = whyNot(r, false);
        if (why != null) {
            return ScenarioResult.notRun(id, title, why);
        }
        title += " at " + Units.rate(r) + " msg/s";
        Launched child = launch(id, List.of(), args(r, warmupNs, durationNs(), List.of("--interval", "200ms",
                "--pause-resolution", PAUSE_RESOLUTION_NS / MS + "ms", "--hiccup-resolution", PAUSE_RESOLUTION_NS / MS + "ms")));
        long stopCalledEpochMs = 0;
        long stopCalled = 0;
        long stopped = 0;
        long resumeCalled = 0;
        long resumed = 0;
        if (child.awaitInterval(stopAtNs() / 1e9, CHILD_GRACE_NS)) {
            try (SignalFreezer stop = new SignalFreezer(child.pid(), "the harness run")) {
                stopCalledEpochMs = System.currentTimeMillis();
                stopCalled = System.nanoTime();
                stop.freeze();
                stopped = System.nanoTime();
                sleepUntil(stopped + STOP_NS);
                resumeCalled = System.nanoTime();
                stop.thaw();
                resumed = System.nanoTime();
            }
        }
        String failed = failed(child, finish(child, warmupNs + durationNs() + STOP_NS));
        if (failed != null || resumed == 0) {
            return ScenarioResult.notRun(id, title, failed != null ? failed : "the run never reached " + stopAtNs() / 1e9 + " s");
        }
        RunFiles files = child.files();
        // Stop.timed in the run's frame: the schedule's start is known to the millisecond from its JSON.
        long originNs = stopCalled - (stopCalledEpochMs - files.startEpochMs()) * MS;
        Stop made = Stop.timed(originNs, stopCalled, stopped, resumeCalled, resumed);
        StallTruth truth = StallTruth.of(r, warmupNs, durationNs(), List.of(made));
        double catchUp = catchUp(files, r, List.of(made));
        List<Row> rows = new ArrayList<>(Judge.stall(truth, catchUp, files.measured(View.RESPONSE),
                files.measured(View.SERVICE), List.of(99.0, 99.9), true));
        // The correction comes when the detector sees the pause end: in the interval that spans the stop, or just after.
        // The count is pause-corrected's less put's, two histograms cut a moment apart, so the window ends once the
        // backlog is worked off: cut inside the catch-up burst, that moment held several sends (CI: 7 of 1,992).
        double endS = (made.atNs() + made.lengthNs()) / 1e9;
        double caughtUpS = endS + (Double.isInfinite(catchUp) ? 0 : r * made.lengthNs() / 1e9 / (catchUp - r));
        rows.add(Judge.pauseCorrections(truth, files.correctionsBetween(made.atNs() / 1e9, caughtUpS + 0.5),
                PAUSE_RESOLUTION_NS));
        return judged(id, title, r, List.of(made), files, rows, truth);
    }

    /**
     * 5: GC pauses the agent forces in the run's JVM (a small heap, the serial collector), the
     * harness's GC figures against that JVM's own log, and response at least their truth.
     */
    ScenarioResult gcPauses(double r) throws Exception {
        String id = "gc-pauses";
        String title = "GC pauses of the harness JVM";
        String why = whyNot(r, false);
        if (why != null) {
            return ScenarioResult.notRun(id, title, why);
        }
        title += " at " + Units.rate(r) + " msg/s";
        Path gcLog = launcher.file(id + ".gc.log");
        Launched child = launch(id, List.of("-Xmx256m", "-XX:+UseSerialGC", GcLog.option(gcLog)),
                args(r, warmupNs, durationNs(), List.of("--gc-inject", "alloc=200,live=64,heap=0.3,prune=0.9,report=20",
                        "--interval", "200ms")));
        String failed = failed(child, finish(child, warmupNs + durationNs()));
        if (failed != null) {
            return ScenarioResult.notRun(id, title, failed);
        }
        RunFiles files = child.files();
        long fromMs = files.startEpochMs() + warmupNs / MS;
        long toMs = fromMs + durationNs() / MS;
        List<GcLog.Pause> logged = GcLog.endingIn(GcLog.read(gcLog), fromMs, toMs);
        List<Stop> pauses = logged.stream().map(p -> Stop.exactly((p.endEpochMs() - files.startEpochMs()) * MS
                - p.lengthNs(), p.lengthNs())).toList();
        StallTruth truth = StallTruth.of(r, warmupNs, durationNs(), pauses);
        List<Row> rows = Judge.gc(logged, files.gcPauseCount(), files.gcPauseTotalNs(),
                files.longestGcPauseNs(fromMs, toMs), truth, files.measured(View.RESPONSE), files.measured(View.SERVICE));
        return judged(id, title, r, pauses, files, rows, truth);
    }

    /** A scenario's rows with what the run said of itself, and its response spectrum against the truth. */
    private static ScenarioResult judged(String id, String title, double r, List<Stop> stops, RunFiles files,
            List<Row> rows, StallTruth truth) {
        return judged(id, title, r, stops, files, rows, truth, View.RESPONSE);
    }

    private static ScenarioResult judged(String id, String title, double r, List<Stop> stops, RunFiles files,
            List<Row> rows, StallTruth truth, View view) {
        return new ScenarioResult(id, title, r, stops, files.validity(), rows, null, files.findings(),
                new ScenarioResult.Spectrum(files.measured(view), files.measured(View.SERVICE), truth));
    }

    /**
     * A scenario run again, once, when other processes contended the host during its run: such a
     * run proves nothing either way (a neighbour's burst, not the harness), and the second run's
     * verdict stands, and the table says so. A figure outside its truth is never run again.
     */
    ScenarioResult onceMore(ScenarioRun scenario) throws Exception {
        ScenarioResult first = scenario.run();
        if (interrupted || !first.contendedByOthers()) {
            return first;
        }
        progress.accept("  " + first.id() + ": NOT VALID (" + first.validity().codes() + "): other processes"
                + " contended the host; running it once more");
        return scenario.run().ranTwice(first);
    }

    /** How slowly the run worked off its stops' backlogs, from its completions. */
    private double catchUp(RunFiles files, double r, List<Stop> stops) {
        return CatchUp.slowest(r, warmupNs / 1e9, stops, files.completions());
    }

    /** Why a scenario cannot run: no rate held, or no way to freeze the broker; null when it can. */
    private String whyNot(double r, boolean freezesBroker) {
        if (interrupted) {
            return "interrupted";
        }
        if (r == 0) {
            return "the system held none of the rates tried (see rate)";
        }
        if (freezesBroker && freeze == null) {
            return "verify cannot stop the broker at the --url given: give --broker-pid (a broker on this host), or"
                    + " --freeze-cmd and --thaw-cmd";
        }
        return null;
    }

    private Launched launch(String name, List<String> jvmOptions, List<String> args) throws IOException {
        Launched run = launcher.launch(name, jvmOptions, args);
        current = run;
        return run;
    }

    /** Waits for the run, bounded by its schedule and a grace. */
    private RunLauncher.Exit finish(Launched run, long scheduleNs) throws InterruptedException {
        RunLauncher.Exit exit = run.await(scheduleNs + CHILD_GRACE_NS);
        current = null;
        return exit;
    }

    /** Why a finished run gives nothing to judge: it did not end, or failed; null when it ran to its end. */
    private String failed(Launched run, RunLauncher.Exit exit) {
        if (interrupted) {
            return "interrupted";
        }
        if (exit.code() == -1) {
            return "the run did not end within " + TimeUnit.NANOSECONDS.toSeconds(CHILD_GRACE_NS) + " s of its schedule";
        }
        return exit.kind() == RunLauncher.Exit.Kind.OK ? null : "the run ended with exit code " + exit.code() + ": "
                + run.lastLine();
    }

    private static void sleepUntil(long ns) throws InterruptedException {
        for (long left = ns - System.nanoTime(); left > 0; left = ns - System.nanoTime()) {
            TimeUnit.NANOSECONDS.sleep(Math.min(left, 10 * MS));
        }
    }

    /** "1000", "62.5": a rate as run's --rate takes it. */
    private static String number(double r) {
        return r == Math.rint(r) ? Long.toString((long) r) : String.format(Locale.ROOT, "%.3f", r);
    }
}
