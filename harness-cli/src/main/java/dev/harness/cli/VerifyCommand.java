package dev.harness.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

import dev.harness.core.FileErrors;
import dev.harness.core.SettingsException;
import dev.harness.core.TempFiles;
import dev.harness.core.findings.Reason;
import dev.harness.core.findings.ScheduleBounds;
import dev.harness.core.hlog.BadHlogException;
import dev.harness.core.jms.Api;
import dev.harness.core.jms.UnreachableException;
import dev.harness.core.jms.artemis.ArtemisDiagnosis;
import dev.harness.core.measure.View;
import dev.harness.core.report.Units;
import dev.harness.core.report.VerifyReport;
import dev.harness.core.run.SignalFreezer;
import dev.harness.core.run.Stop;
import dev.harness.core.verify.CatchUp;
import dev.harness.core.verify.GcLog;
import dev.harness.core.verify.Judge;
import dev.harness.core.verify.Row;
import dev.harness.core.verify.RunFiles;
import dev.harness.core.verify.ScenarioResult;
import dev.harness.core.verify.StallTruth;
import dev.harness.core.verify.VerifyResult;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

@Command(name = "verify", mixinStandardHelpOptions = true, sortOptions = false, usageHelpAutoWidth = true,
        description = {
            "Proves the harness's latency on this machine and broker: runs harness run child processes, each with a"
                    + " disturbance of known length (the broker frozen with SIGSTOP, the harness's own JVM stopped, GC"
                    + " pauses), and holds response, pause-corrected and the GC figures against the truth those lengths"
                    + " give, with service beside them. A figure passes when it is never under its truth and at most 5 %%"
                    + " over it; each run must be VALID.",
            "First finds a rate the system holds (an undisturbed run at --rate, then half, ...) and says which.",
            "Without --url or --provider, a harness broker child of verify's own is the broker. A broker given by --url"
                    + " is frozen through --broker-pid, or --freeze-cmd and --thaw-cmd; without them its freeze scenarios"
                    + " are not run, and say so. The runs are non-persistent."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:every scenario run passed",
            "2:bad option value",
            "3:cannot reach the broker, or it refused the login",
            "5:a figure failed, a scenario's run was NOT VALID, or no scenario could be run",
            "6:the table was printed, but --json or --report could not be written",
            "130:interrupted with Ctrl-C"})
final class VerifyCommand implements Callable<Integer>, UsesApi {
    private static final long S = 1_000_000_000L;
    private static final long MS = 1_000_000L;
    /** The broker frozen, and the harness stopped: long against the noise of a loaded host, short against the run. */
    private static final long STOP_NS = 2 * S;
    /** The warmup tried first; doubled, up to the most, when a run only began its measured phase behind. */
    private static final long WARMUP_NS = 3 * S;
    private static final long MAX_WARMUP_NS = 12 * S;
    /** Reasons a run is not valid that say its warmup was too short, not its rate too high. */
    private static final Set<String> WARMING = Set.of(Reason.BACKLOG_AT_START, Reason.RATE_ABOVE_TARGET);
    /** How long a run may take beyond its schedule (a JVM's start, a slow broker, the outputs' writing). */
    private static final long CHILD_GRACE_NS = 120 * S;
    /**
     * The loop of every voter in the stopped run's pause detector, its own thread's and the hiccup
     * meter's: the first to wake after a stop reports it less its loop, so a 10 ms meter would hide 10 ms.
     */
    private static final long PAUSE_RESOLUTION_NS = 5 * MS;
    /** What verify's runs keep fixed: the user gives the broker, verify the rest. */
    private static final List<String> RUN_OPTIONS = List.of("--non-persistent");
    /** verify's own options, which its runs never get. */
    private static final Set<String> OWN = Set.of("--quick", "--rate", "--broker-pid", "--freeze-cmd", "--thaw-cmd", "--json",
            "--report", "--dir", "--help", "--version", "-h", "-V");

    @Spec
    CommandSpec spec;

    @Option(names = "--quick", description = "The one-minute set: the broker frozen 2 s, and the harness's own JVM stopped"
            + " 2 s, at one rate.")
    boolean quick;

    @Option(names = "--rate", converter = Values.Rate.class, paramLabel = "N",
            description = "The rate to try first, msg/s; where the system does not hold it, half of it, and so on."
                    + " Default: ${DEFAULT-VALUE}.", defaultValue = "1000")
    double rate;

    @Mixin
    FreezeTargetOptions freezeTarget;

    @Option(names = "--json", paramLabel = "FILE", description = "Write every scenario's rows as JSON (harness-verify/1).")
    Path json;

    @Option(names = "--report", paramLabel = "FILE.html",
            description = "Write one HTML page: the table, and each scenario's percentile spectrum with its truth drawn in.")
    Path report;

    @Option(names = "--dir", paramLabel = "DIR",
            description = "Keep the runs' files here (each run's JSON, hlog, events and console). Default: a temporary"
                    + " directory, removed at the end.")
    Path dir;

    @Mixin
    ProviderOptions target;

    private volatile boolean interrupted;
    private volatile VerifyChild current;

    @Override
    public Api api() {
        return target.api();
    }

    @Override
    public Integer call() throws Exception {
        if (rate == 0) {
            throw usage("--rate: expected messages per second: verify's truths need a fixed schedule, not max");
        }
        checkWritable("--json", json);
        checkWritable("--report", report);
        List<String> provider = providerArgs();
        boolean ownBroker = target.kind().ownBroker();
        target.refuseOtherKindsOptions();
        if (ownBroker && freezeTarget.given() != null) {
            throw usage(freezeTarget.given() + ": applies to a broker given by --url; without it verify freezes a harness"
                    + " broker child of its own");
        }
        freezeTarget.check();
        Path work;
        try {
            // Absolute: the runs start in it, and are given their files' paths.
            work = (dir != null ? Files.createDirectories(dir) : Files.createTempDirectory("harness-verify-")).toAbsolutePath();
        } catch (IOException e) {
            throw usage((dir != null ? "--dir " + dir : "the temporary directory") + ": cannot create the directory: "
                    + FileErrors.describe(e));
        }
        // Closed in reverse order: the broker and the files first, then the guard lets an interrupted JVM exit.
        try (InterruptGuard guard = new InterruptGuard(this::interrupt);
                Cleanup cleanup = new Cleanup(dir == null ? work : null)) {
            List<String> base = new ArrayList<>(provider);
            List<String> freeze;
            String where;
            if (ownBroker) {
                cleanup.brokerData = Files.createTempDirectory("harness-verify-broker-");
                try {
                    cleanup.broker = new ChildBroker(cleanup.brokerData, ChildBroker.freePort(), "auto").start();
                } catch (IOException | ChildBroker.StartFailure | RuntimeException e) {
                    throw new UnreachableException("cannot start the harness broker child: " + ArtemisDiagnosis.oneLine(e), e);
                }
                ChildBroker broker = cleanup.broker;
                base = new ArrayList<>(List.of("--url", broker.url()));
                freeze = List.of("--broker-pid", Long.toString(broker.process().pid()));
                where = "a harness broker child (embedded Artemis) at " + broker.url() + ", process " + broker.process().pid();
            } else {
                freeze = freezeTarget.runArgs();
                where = String.join(" ", provider);
            }
            System.out.println("harness verify: " + (quick ? "the quick set" : "every scenario") + " against " + where
                    + "; the runs' files in " + work);
            List<String> rates = new ArrayList<>();
            List<ScenarioResult> scenarios = new ArrayList<>();
            Scenarios s = new Scenarios(work, base, freeze);
            double putRate = s.holdRate("put", List.of(), rates);
            scenarios.add(s.onceMore(() -> s.brokerFrozen(putRate, "broker-frozen", "broker frozen 2 s", List.of())));
            if (!quick) {
                scenarios.add(s.onceMore(() -> s.tenStops(putRate)));
                scenarios.add(s.onceMore(() -> s.brokerFrozen(putRate, "in-flight", "broker frozen 2 s, 16 sends in flight",
                        List.of("--max-in-flight", "16"))));
            }
            scenarios.add(s.onceMore(() -> s.harnessStopped(putRate)));
            if (!quick) {
                scenarios.add(s.onceMore(() -> s.gcPauses(putRate)));
                double reqRate = s.holdRate("reqresp", List.of("--workload", "reqresp"), rates);
                scenarios.add(s.onceMore(() -> s.brokerFrozen(reqRate, "reqresp-open", "request/response (open) frozen 2 s",
                        List.of("--workload", "reqresp", "--mode", "open"))));
                scenarios.add(s.onceMore(() -> s.brokerFrozen(reqRate, "reqresp-closed",
                        "request/response (closed) frozen 2 s", List.of("--workload", "reqresp", "--mode", "closed"))));
                List<String> fanOut = List.of("--workload", "pubsub", "--subscribers", "3");
                double pubRate = s.holdRate("pubsub", fanOut, rates);
                scenarios.add(s.onceMore(() -> s.brokerFrozen(pubRate, "pubsub-fanout",
                        "publish/subscribe (3 subscribers) frozen 2 s, fanout", fanOut, View.FANOUT)));
            }
            if (interrupted) {
                throw new Failure.Interrupted("interrupted: no verdict");
            }
            VerifyResult result = new VerifyResult(where, quick, rates, scenarios);
            VerifyReport.console(System.out, result);
            List<String> notWritten = new ArrayList<>();
            if (json != null) {
                try {
                    VerifyReport.writeJson(json, result);
                } catch (IOException e) {
                    notWritten.add("--json " + json + ": cannot write the file: " + FileErrors.describe(e));
                }
            }
            if (report != null) {
                try {
                    VerifyReport.writeHtml(report, result);
                    System.out.println("report: " + report);
                } catch (IOException e) {
                    notWritten.add("--report " + report + ": cannot write the file: " + FileErrors.describe(e));
                }
            }
            if (!result.passed()) {
                notWritten.forEach(line -> System.err.println(spec.qualifiedName() + ": " + line));
                throw new Failure.ObjectivesFailed(result.line());
            }
            if (!notWritten.isEmpty()) {
                throw new Failure.OutputNotWritten(String.join("; ", notWritten));
            }
            return ExitCode.OK;
        }
    }

    /** verify's own broker child and the directories it made, removed at the end whatever happens. */
    private static final class Cleanup implements AutoCloseable {
        private final Path work;
        ChildBroker broker;
        Path brokerData;

        /** @param work the runs' directory to remove, or null to keep it (--dir) */
        Cleanup(Path work) {
            this.work = work;
        }

        @Override
        public void close() {
            if (broker != null) {
                broker.close();
            }
            TempFiles.deleteQuietly(brokerData);
            TempFiles.deleteQuietly(work);
        }
    }

    /** Ctrl-C: the run under way stops (it lets a broker it froze go on), and no verdict is given. */
    private void interrupt() {
        interrupted = true;
        VerifyChild child = current;
        if (child != null) {
            child.close();
        }
    }

    /** One scenario's run and judgement. */
    @FunctionalInterface
    private interface ScenarioRun {
        ScenarioResult run() throws Exception;
    }

    /** The scenarios' runs against one broker, in one directory. */
    private final class Scenarios {
        private final Path work;
        private final List<String> base;
        /** The options that let a run freeze the broker; null when verify has none. */
        private final List<String> freeze;
        /** The warmup with which a run of this system kept its schedule from the measured phase's start. */
        private long warmupNs = WARMUP_NS;

        Scenarios(Path work, List<String> base, List<String> freeze) {
            this.work = work;
            this.base = base;
            this.freeze = freeze;
        }

        private long durationNs() {
            return (quick ? 8 : 10) * S;
        }

        /** When the 2 s stops begin, from the schedule's start: well inside the measured phase. */
        private long stopAtNs() {
            return warmupNs + (quick ? 3 : 4) * S;
        }

        /**
         * The rate the system holds for this workload: an undisturbed run at --rate, then at half of
         * it, ... until one is VALID and holds its rate; a run that only began its measured phase
         * behind (a cold JVM or broker on a busy host) is tried again at the same rate with twice the
         * warmup. Said in {@code rates}, whatever happens. 0 when none held: the scenarios of that
         * workload are then not run.
         */
        double holdRate(String workload, List<String> options, List<String> rates) throws Exception {
            double asked = rate;
            long warmup = warmupNs;
            List<String> tried = new ArrayList<>();
            for (int attempt = 0; attempt < (quick ? 3 : 4) && !interrupted; attempt++) {
                List<String> args = args(asked, warmup, (quick ? 3 : 4) * S, options);
                VerifyChild child = launch(workload + "-rate-" + Math.round(asked) + "-warmup-" + warmup / S + "s", List.of(),
                        args);
                int code = finish(child, warmup + 4 * S);
                if (code == ExitCode.UNREACHABLE) {
                    throw new UnreachableException(child.lastLine(), null);
                }
                if (code == ExitCode.USAGE) {
                    throw usage("the run " + child.name + " refused its options: " + child.lastLine());
                }
                String why;
                boolean warming = false;
                if (code != ExitCode.OK) {
                    why = "the run ended with exit code " + code + ": " + child.lastLine();
                } else {
                    RunFiles files = read(child);
                    double achieved = files.achievedRate();
                    if (files.validity().valid() && ScheduleBounds.rateHeld(asked, achieved)) {
                        warmupNs = warmup;
                        rates.add(workload + ": " + Units.rate(asked) + " msg/s held (an undisturbed run after a "
                                + warmup / S + " s warmup: VALID, " + Units.rate(achieved) + " msg/s)"
                                + (tried.isEmpty() ? "" : "; not held: " + String.join("; ", tried)));
                        return asked;
                    }
                    why = files.validity().valid() ? Units.rate(achieved) + " msg/s achieved"
                            : "NOT VALID: " + files.validity().codes();
                    warming = !files.validity().valid() && files.validity().reasons().stream()
                            .allMatch(reason -> WARMING.contains(reason.code()));
                }
                tried.add(Units.rate(asked) + " msg/s after " + warmup / S + " s (" + why + ")");
                if (warming && warmup < MAX_WARMUP_NS) {
                    warmup *= 2;
                } else {
                    asked /= 2;
                }
            }
            rates.add(workload + ": no rate held: " + String.join("; ", tried));
            return 0;
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
            VerifyChild child = launch(id, List.of(), args(r, warmupNs, durationNs, options));
            int code = finish(child, warmupNs + durationNs);
            String failed = failed(child, code);
            if (failed != null) {
                return ScenarioResult.notRun(id, title, failed);
            }
            RunFiles files = read(child);
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
            VerifyChild child = launch(id, List.of(), args(r, warmupNs, durationNs(), List.of("--interval", "200ms",
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
            int code = finish(child, warmupNs + durationNs() + STOP_NS);
            String failed = failed(child, code);
            if (failed != null || resumed == 0) {
                return ScenarioResult.notRun(id, title, failed != null ? failed : "the run never reached " + stopAtNs() / 1e9 + " s");
            }
            RunFiles files = read(child);
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
            Path gcLog = work.resolve(id + ".gc.log");
            VerifyChild child = launch(id, List.of("-Xmx256m", "-XX:+UseSerialGC", GcLog.option(gcLog)),
                    args(r, warmupNs, durationNs(), List.of("--gc-inject", "alloc=200,live=64,heap=0.3,prune=0.9,report=20",
                            "--interval", "200ms")));
            int code = finish(child, warmupNs + durationNs());
            String failed = failed(child, code);
            if (failed != null) {
                return ScenarioResult.notRun(id, title, failed);
            }
            RunFiles files = read(child);
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
            System.out.println("  " + first.id() + ": NOT VALID (" + first.validity().codes() + "): other processes"
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

        /**
         * Starts a run whose options harness run's own code has checked first (as ab's and k8s's
         * are), so a bad one is a usage error here, not a failed child.
         */
        private VerifyChild launch(String name, List<String> jvmOptions, List<String> args) throws IOException {
            try {
                RunPlan.parse(args);
            } catch (ParameterException | SettingsException e) {
                throw usage("the options of the run " + name + " (" + String.join(" ", args) + "): " + e.getMessage());
            }
            System.out.println("  " + name + ": harness run " + String.join(" ", args));
            VerifyChild child = VerifyChild.start(work, name, jvmOptions, args);
            current = child;
            return child;
        }

        /** Waits for the run, bounded by its schedule and a grace; its exit code, -1 when it did not end. */
        private int finish(VerifyChild child, long scheduleNs) throws InterruptedException {
            int code = child.waitFor(scheduleNs + CHILD_GRACE_NS);
            current = null;
            return code;
        }

        /** Why a finished run gives nothing to judge: it did not end, or failed; null when it ran to its end. */
        private String failed(VerifyChild child, int code) {
            if (interrupted) {
                return "interrupted";
            }
            if (code == -1) {
                return "the run did not end within " + TimeUnit.NANOSECONDS.toSeconds(CHILD_GRACE_NS) + " s of its schedule";
            }
            return code == ExitCode.OK ? null : "the run ended with exit code " + code + ": " + child.lastLine();
        }

        private RunFiles read(VerifyChild child) throws IOException {
            try {
                return RunFiles.read(child.json, child.hlog);
            } catch (BadHlogException | SettingsException e) {
                throw new IOException("the run " + child.name + " left no files to read: " + e.getMessage(), e);
            }
        }
    }

    /**
     * The options that name the broker and how to reach it (--url, --provider and each kind's,
     * the credentials, --api), as given: every run of verify's gets them.
     */
    private List<String> providerArgs() {
        List<String> args = new ArrayList<>();
        for (OptionSpec o : spec.commandLine().getParseResult().matchedOptions()) {
            if (OWN.contains(o.longestName())) {
                continue;
            }
            if (o.arity().max() == 0) {
                Object value = o.getValue();
                if (Boolean.TRUE.equals(value)) {
                    args.add(o.longestName());
                } else if (Boolean.FALSE.equals(value) && o.negatable()) {
                    args.add("--no-" + o.longestName().substring(2));
                }
                continue;
            }
            for (String v : o.originalStringValues()) {
                args.add(o.longestName());
                args.add(v);
            }
        }
        return args;
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

    private void checkWritable(String option, Path file) {
        String problem = file == null ? null : FileErrors.unwritable(file);
        if (problem != null) {
            throw usage(option + " " + file + ": cannot write the file: " + problem);
        }
    }

    private ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
