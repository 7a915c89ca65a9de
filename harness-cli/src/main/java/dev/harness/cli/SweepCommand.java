package dev.harness.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Stream;

import dev.harness.core.FileErrors;
import dev.harness.core.Format;
import dev.harness.core.Units;
import dev.harness.core.SettingsException;
import dev.harness.core.WorkloadKind;
import dev.harness.core.jms.Api;
import dev.harness.core.jms.Provider;
import dev.harness.core.jms.UnreachableException;
import dev.harness.core.measure.View;
import dev.harness.core.findings.Reading;
import dev.harness.core.report.BenchTable;
import dev.harness.core.report.HlogReporter;
import dev.harness.core.report.SweepJson;
import dev.harness.core.report.SweepReport;
import dev.harness.core.run.RunControl;
import dev.harness.core.run.RunSummary;
import dev.harness.core.schedule.Warmup;
import dev.harness.core.study.CapacitySearch;
import dev.harness.core.study.Knee;
import dev.harness.core.study.Sweep;
import dev.harness.core.study.SweepRates;
import dev.harness.core.study.SweepResult;
import dev.harness.core.study.SweepStep;
import dev.harness.core.workload.ReqRespSettings;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Unmatched;

/** harness sweep: harness run's options, run as fixed-rate steps from light load to past the knee. */
@Command(name = "sweep", mixinStandardHelpOptions = true, sortOptions = false, usageHelpAutoWidth = true,
        defaultValueProvider = Defaults.class, modelTransformer = SweepCommand.RateHidden.class,
        description = {
            "Runs harness run's options as a series of fixed-rate steps, lightest first, each a whole run with its own warmup"
                    + " and validity, and draws latency against the achieved rate: response p50, p99, p99.9 (from the"
                    + " intended send time) and service p99 (from the actual send). Names the knee: " + Knee.RULE + ".",
            "Every other option is a harness run option, profiles (@file) and providers included, e.g.:",
            "  harness sweep --persistent --rates 250,500,1000,2000,4000 --duration 10s --report sweep.html",
            "  harness sweep @config/reqresp-standard.args --url tcp://broker:61616 --to max --steps 6 --json after.json"
                    + " --compare before.json --report compare.html",
            "Without --warmup, each step warms up with --warmup " + SweepCommand.STEP_WARMUP + ": past the knee the"
                    + " schedule is never kept, and the step measures its backlog from there (NOT VALID, warmup-unsteady)."
                    + " With --preload, none, as run: each step measures from its backlog."
                    + " With --shards, run's fixed default: every shard must begin measuring at the same moment.",
            "Without --url or --provider, each step runs on an embedded broker of its own. Run's output options (--hlog,"
                    + " --events, --metrics), --rate, --shard, --start-at, --kill-broker-at, --freeze-at, --gc-inject and"
                    + " objectives are not taken: the sweep writes its own files."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:every step ran (or the sweep stopped after --stop-after-failed steps), and its outputs were written",
            "2:bad option value or file",
            "3:cannot reach the broker, or it refused the login (at a later step: the steps done are tabulated and written)",
            "4:the broker failed during a step, or a shard of a step failed (the steps done are tabulated and written)",
            "6:the sweep ran and its table was printed, but --json, --report or a step's hlog could not be written",
            "130:interrupted with Ctrl-C (the steps done are tabulated and written)", "143:terminated with SIGTERM (as Ctrl-C)"})
final class SweepCommand implements Callable<Integer>, UsesApi {
    @Spec
    CommandSpec spec;

    @Option(names = "--rates", split = ",", converter = Values.Rate.class, paramLabel = "N[,N...]",
            description = "The steps' target rates, increasing, e.g. 500,1000,2000.")
    List<Double> rates;

    @Option(names = "--from", converter = Values.Rate.class, paramLabel = "N",
            description = "The lightest step's rate, for a geometric series to --to; with --to max, default 10 %% of the capacity.")
    Double from;

    @Option(names = "--to", paramLabel = "N|max",
            description = "The heaviest step's rate; max first measures the capacity unthrottled, then sweeps to 110 %% of it.")
    String to;

    @Option(names = "--steps", defaultValue = "6", paramLabel = "N",
            description = "Steps from --from to --to, each the same factor above the last. Default: ${DEFAULT-VALUE}.")
    int steps;

    @Option(names = "--requester-counts", split = ",", paramLabel = "N[,N...]",
            description = "Request/response in a closed loop: each step runs this many requesters, increasing, each sending"
                    + " its next request as its last reply comes (--mode closed --rate max), e.g. 1,2,4,8,16: throughput"
                    + " against round-trip time, as IBM MQ's performance reports draw it. In place of --rates.")
    List<Integer> requesterCounts;

    @Option(names = "--shards", paramLabel = "N",
            description = "Run each step as N harness run processes on this host, each shard I/N of the step's one schedule"
                    + " (run --shard), started together (" + ShardedSteps.LEAD_S + " s ahead, 2 s more a shard past 4) and merged"
                    + " per step as harness"
                    + " merge merges them: one JVM's sender is no longer the limit. Needs --queues of at least N and a fixed"
                    + " --warmup (run's default when none is given); without --url the shards of a step share a broker"
                    + " child of its own. Not with --to max or --requester-counts, whose steps have no schedule to split.")
    Integer shards;

    @Option(names = "--max-p99", converter = Values.Duration.class, paramLabel = "DURATION",
            description = "A step whose response p99 is above this counts as failed, as a NOT VALID one does.")
    Long maxP99Ns;

    @Option(names = "--stop-after-failed", defaultValue = "2", paramLabel = "N",
            description = "Stop after N steps NOT VALID or over --max-p99: past the knee each further step only adds load."
                    + " Default: ${DEFAULT-VALUE}.")
    int stopAfterFailed;

    @Option(names = "--hlog-dir", paramLabel = "DIR",
            description = "Write each step's HdrHistogram interval log here, step-NN-RATE.hlog (harness report reads each).")
    Path hlogDir;

    @Option(names = "--json", paramLabel = "FILE", description = "Write every step's figures, the knee and its rule as JSON.")
    Path json;

    @Option(names = "--report", paramLabel = "FILE.html",
            description = "Write the HTML report: the curve (NOT VALID steps hollow, the knee marked) and the table.")
    Path report;

    @Option(names = "--compare", paramLabel = "OTHER.json",
            description = "Another sweep's --json, drawn on the same chart as this one, each curve labelled (--label).")
    Path compare;

    @Option(names = "--label", paramLabel = "TEXT", description = "This sweep's name on a chart. Default: its options.")
    String label;

    // harness run's option groups, passed on to every step: declared once, with run's defaults and checks.
    @Mixin
    WorkloadOptions workloadOptions;

    @Mixin
    MeasureOptions measureOptions;

    /** The other run options (--url, --provider, ...), which run parses. */
    @Unmatched
    List<String> otherRunOptions = new ArrayList<>();

    /**
     * A step's warmup when none is given: auto, at most this long. Past the knee the schedule is never
     * kept, so auto's own bound (minutes) would spend each such step warming up and measure nothing.
     */
    static final String STEP_WARMUP = "auto:10s";

    private volatile RunControl current = new RunControl();
    private volatile boolean interrupted;
    /** The system the last step drove, as its header named it. */
    private String lastTarget;
    private int stepNumber;
    /** --shards: each step's shard set; null for steps in this process. */
    private ShardedSteps sharded;

    @Override
    public Api api() {
        return check(RunPlan.passedOn(spec)).api(); // bad options refused here, before a jar is chosen
    }

    @Override
    public Integer call() throws Exception {
        OutputFiles.checkWritable(spec, "--json", json);
        OutputFiles.checkWritable(spec, "--report", report);
        if (compare != null && report == null) {
            throw usage("--compare: draws the other sweep on this one's chart; give --report FILE.html too");
        }
        SweepResult compared = compare == null ? null : read(compare);
        List<String> base = new ArrayList<>(RunPlan.passedOn(spec));
        CommandLine.ParseResult given = RunPlan.given(withRate(base, 1));
        if (!given.hasMatchedOption("--warmup") && !given.hasMatchedOption("--preload") && shards == null) {
            base.addAll(List.of("--warmup", STEP_WARMUP)); // a shard set's warmup is fixed: run's default
        }
        RunPlan plan = check(base);
        sharded = shards == null ? null : new ShardedSteps(shards, plan.kind.rateUnit(), plan.ownBroker, plan.boundNs,
                () -> interrupted, SweepCommand::claimWhole);
        WorkloadKind kind = plan.kind;
        boolean toMax = to != null && to.strip().equalsIgnoreCase("max");
        String sweptBy = requesterCounts != null ? SweepResult.BY_REQUESTERS : SweepResult.BY_RATE;
        double[] targets = requesterCounts != null ? requesterTargets(kind) : toMax ? null : targets();
        makeHlogDir();
        String options = (String.join(" ", RunPlan.passedOn(spec)) + (shards == null ? "" : " --shards " + shards)).strip();
        String unit = kind.rateUnit();
        if (compared != null && !compared.unit().equals(unit)) {
            throw usage("--compare " + compare + ": its rates are " + compared.unit() + ", this sweep's " + unit
                    + "; one chart compares sweeps of one unit");
        }
        String started = Instant.now().toString();
        List<String> notWritten = new ArrayList<>();
        Sweep.Launcher launcher = target -> requesterCounts != null ? step(closedLoop(base, (int) target), kind, target,
                "requesters", notWritten) : step(withRate(base, target), kind, target, Format.rate(target), notWritten);
        Sweep sweep = new Sweep(stopAfterFailed, maxP99Ns, launcher, () -> interrupted);
        SweepStep capacity = null;
        Sweep.Swept swept;
        try (InterruptGuard guard = new InterruptGuard(() -> {
            interrupted = true;
            current.requestStop(RunControl.INTERRUPTED);
        }, () -> {
            if (sharded != null) {
                sharded.killRunning(); // the JVM goes without waiting longer: its shards go with it
            }
        })) {
            if (toMax) {
                System.out.println("capacity: an unthrottled trial first (--to max)...");
                capacity = launcher.step(0);
                System.out.printf(Locale.ROOT, interrupted ? "capacity: the trial was interrupted (%,.0f %s so far)%n"
                        : "capacity: %,.0f %s%n", capacity.achieved(), unit);
                if (!interrupted && capacity.achieved() < 1) {
                    throw new Failure.DuringRun("nothing completed in the unthrottled trial: there is no capacity to"
                            + " sweep to");
                }
                if (interrupted) {
                    capacity = null; // a part of a trial is no capacity
                }
                targets = interrupted ? null : SweepRates.aroundCapacity(capacity.achieved(), from, steps);
            }
            if (targets == null) {
                swept = new Sweep.Swept(List.of(), "was interrupted", true); // during the capacity's trial
            } else {
                System.out.println("sweep: " + targets.length + " steps at " + (requesterCounts != null ? countList(targets)
                        + " requesters, each a closed loop (--mode closed --rate max)" : rateList(targets) + " " + unit)
                        + (sharded == null ? "" : ", each as " + sharded.describe()));
                swept = sweep.run(targets, (i, of, s) -> System.out.println(SweepReport.stepLine(i, of, s,
                        SweepResult.targetText(sweptBy, unit, s.target()))));
            }
            String target = sharded != null && plan.ownBroker ? "a harness broker child per step, shared by its shards"
                    : lastTarget != null ? lastTarget : plan.ownBroker ? "an embedded broker per step" : "-";
            SweepResult result = new SweepResult(label != null ? label : options.isEmpty() ? "sweep" : options, options,
                    target, unit, started, BenchTable.machine(), capacity, maxP99Ns, swept.steps(), swept.ended(), swept.interrupted(),
                    sweptBy, shards == null ? 1 : shards);
            System.out.print(SweepReport.table(result));
            write(result, compared, notWritten);
            if (swept.interrupted() || interrupted) {
                notWritten.forEach(System.err::println);
                throw new Failure.Interrupted("interrupted: " + swept.steps().size() + " step(s) done, tabulated and written");
            }
            if (swept.failure() != null) {
                notWritten.forEach(System.err::println);
                throw swept.failure(); // the failed step's exit code, the steps before it kept
            }
            if (!notWritten.isEmpty()) {
                throw new Failure.OutputNotWritten(String.join("; ", notWritten));
            }
            return ExitCode.OK;
        }
    }

    /**
     * One step: harness run with these options ({@code args}, its target's among them), in this process,
     * its hlog in --hlog-dir named by {@code name}; {@code target} 0 is the unthrottled capacity trial.
     */
    private SweepStep step(List<String> args, WorkloadKind kind, double target, String name, List<String> notWritten)
            throws UnreachableException {
        current = new RunControl();
        if (interrupted) {
            current.requestStop(RunControl.INTERRUPTED);
        }
        double rate = target;
        if (rate == 0 && kind == WorkloadKind.REQRESP) {
            // Request/response runs on a schedule: its capacity is a closed loop at a rate none reaches.
            args.addAll(List.of("--mode", "closed", "--rate", Long.toString(CapacitySearch.CLOSED_PROBE_RATE),
                    "--reply-timeout", CapacitySearch.CLOSED_PROBE_REPLY_TIMEOUT));
        }
        Path hlog = hlogDir == null || rate == 0 ? null
                : hlogDir.resolve(String.format(Locale.ROOT, "step-%02d-%s.hlog", ++stepNumber, name.equals("requesters")
                        ? Math.round(target) + "-requesters" : name));
        if (sharded != null) {
            try {
                SweepStep step = sharded.step(args, rate, hlog, notWritten);
                lastTarget = sharded.lastTarget();
                return step;
            } catch (IOException e) {
                throw new Failure.DuringRun("the step at " + Units.rate(rate) + " " + kind.rateUnit() + " could not run its shards: "
                        + FileErrors.describe(e));
            }
        }
        HlogReporter hlogReporter = null;
        if (hlog != null) {
            try {
                hlogReporter = new HlogReporter(hlog);
            } catch (IOException e) {
                notWritten.add("--hlog-dir " + hlog + ": cannot write the file: " + FileErrors.describe(e));
                hlog = null;
            }
        }
        RunSummary summary;
        try (HlogReporter closed = hlogReporter) { // also when the run ends in an exception, before its summary
            summary = RunPlan.parse(args).runAlone(current, hlogReporter == null ? List.of() : List.of(hlogReporter));
        }
        lastTarget = summary.header().target();
        return of(summary, rate, hlog);
    }

    /** A sharded step's queues, claimed here as one unsharded run of its options claims them: all of them. */
    private static void claimWhole(List<String> stepArgs) throws UnreachableException {
        RunPlan whole = RunPlan.parse(stepArgs);
        try (Provider provider = whole.openProvider()) {
            whole.newWorkload().claimQueues(provider);
        }
    }

    /** A step's figures from its run. */
    static SweepStep of(RunSummary s, double rate, Path hlog) {
        List<String> reasons = rate == 0 ? List.of() : Reading.of(s).validity().reasons().stream().map(r -> r.code() + ": "
                + r.text()).toList();
        double cpu = s.saturation().cpuFraction();
        long completed = s.throughput().completedAfterWarmup();
        double cpuMs = cpu < 0 || completed == 0 ? -1
                : cpu * Runtime.getRuntime().availableProcessors() * s.throughput().measuredSeconds() * 1000 / completed;
        String queue = s.host().longest().map(p -> p.description()).orElse(null);
        return new SweepStep(rate, s.throughput().achievedRate(), reasons, latency(s, View.RESPONSE), latency(s, View.SERVICE),
                SweepStep.Latency.at(s.views().measured().get(View.SEND_LAG), 99), cpuMs, queue, s.ending().stopReason(), hlog == null ? null : hlog.toString());
    }

    private static SweepStep.Latency latency(RunSummary s, View v) {
        return SweepStep.Latency.of(s.views().measured().get(v));
    }

    /** --requester-counts: request/response only, increasing, each step a closed loop the counts alone set. */
    private double[] requesterTargets(WorkloadKind kind) {
        if (kind != WorkloadKind.REQRESP) {
            throw usage("--requester-counts: sweeps request/response's requesters; give --workload reqresp");
        }
        if (rates != null || from != null || to != null || spec.commandLine().getParseResult().hasMatchedOption("--steps")) {
            throw usage("--requester-counts: each step's requesters, in place of --rates, --from, --to and --steps");
        }
        double[] targets = new double[requesterCounts.size()];
        for (int i = 0; i < targets.length; i++) {
            int n = requesterCounts.get(i);
            if (n < 1 || n > ReqRespSettings.MAX_REQUESTERS || i > 0 && n <= targets[i - 1]) {
                throw usage("--requester-counts: expected increasing counts from 1 to " + ReqRespSettings.MAX_REQUESTERS
                        + ", got " + requesterCounts.stream().map(String::valueOf).collect(java.util.stream.Collectors.joining(",")));
            }
            targets[i] = n;
        }
        if (targets.length > SweepRates.MAX_STEPS) {
            throw usage("--requester-counts: at most " + SweepRates.MAX_STEPS + " steps, got " + targets.length);
        }
        return targets;
    }

    /** A step of --requester-counts: a closed loop of {@code requesters}, without a schedule. */
    private static List<String> closedLoop(List<String> base, int requesters) {
        List<String> args = new ArrayList<>(base);
        args.addAll(List.of("--mode", "closed", "--rate", "max", "--requesters", Integer.toString(requesters)));
        return args;
    }

    /** The rates --rates, or --from, --to and --steps, give. */
    private double[] targets() {
        boolean series = from != null || to != null;
        try {
            if (rates != null) {
                if (series) {
                    throw usage("--rates: give the steps' rates, or --from and --to, not both");
                }
                return SweepRates.listed(rates);
            }
            if (from == null || to == null) {
                throw usage(series ? (from == null ? "--from" : "--to") + ": a series needs both --from and --to (or --to max)"
                        : "--rates: give the steps' rates (--rates 500,1000,2000), or --from and --to (or --to max)");
            }
            return SweepRates.geometric(from, Values.rate(to), steps);
        } catch (CommandLine.TypeConversionException e) {
            throw usage("--to: " + e.getMessage());
        }
    }

    /**
     * The steps set the rate: run's --rate, shared through its options, is out of sweep's help and
     * reference. It still parses, so a profile's is taken (and overridden) and a typed one refused in words.
     */
    static final class RateHidden implements CommandLine.IModelTransformer {
        @Override
        public CommandSpec transform(CommandSpec command) {
            OptionSpec rate = command.findOption("--rate");
            command.remove(rate);
            command.addOption(rate.toBuilder().hidden(true).build());
            return command;
        }
    }

    /** harness run's checks on the options at the first rate, and the options a step cannot take. */
    private RunPlan check(List<String> base) {
        CommandLine.ParseResult ours = spec.commandLine().getParseResult();
        // A profile's --rate is a run's; the steps' override it. One typed here is a mistake.
        if (ours.originalArgs().stream().anyMatch(a -> a.equals("--rate") || a.startsWith("--rate="))) {
            throw usage("--rate: a sweep's steps set the rate; give --rates, or --from and --to");
        }
        if (requesterCounts != null) {
            // A profile's --requesters and --mode are a run's; the steps' override them. Typed here they are a mistake.
            for (String option : List.of("--requesters", "--mode")) {
                if (ours.originalArgs().stream().anyMatch(a -> a.equals(option) || a.startsWith(option + "="))) {
                    throw usage(option + ": --requester-counts sets each step's requesters, in a closed loop");
                }
            }
        }
        if (from != null && from == 0) {
            throw usage("--from: expected the lightest step's rate, messages per second above 0");
        }
        if (rates != null && ours.hasMatchedOption("--steps")) {
            throw usage("--steps: counts the steps from --from to --to; --rates lists them");
        }
        if (rates == null && to != null && !to.strip().equalsIgnoreCase("max")) {
            try {
                Values.rate(to);
            } catch (CommandLine.TypeConversionException e) {
                throw usage("--to: " + e.getMessage());
            }
        }
        if (to != null && to.strip().equalsIgnoreCase("max") && rates != null) {
            throw usage("--rates: give the steps' rates, or --to max, not both");
        }
        if (to != null && to.strip().equalsIgnoreCase("max")) {
            if (steps < 2 || steps > SweepRates.MAX_STEPS) {
                throw usage("--steps: expected 2 to " + SweepRates.MAX_STEPS + " steps, got " + steps);
            }
        }
        if (shards != null) {
            if (shards < 2 || shards > ShardedSteps.MAX_SHARDS) {
                throw usage("--shards: expected 2 to " + ShardedSteps.MAX_SHARDS + " processes per step, got " + shards);
            }
            if (requesterCounts != null || to != null && to.strip().equalsIgnoreCase("max")) {
                throw usage("--shards: shards split a fixed-rate schedule, and " + (requesterCounts != null
                        ? "--requester-counts runs closed loops" : "--to max's capacity trial runs unthrottled") + ", without"
                        + " one; give --rates, or --from and --to");
            }
        }
        try {
            CommandLine.ParseResult given = RunPlan.given(withRate(base, 1));
            Stream.concat(Stream.of("--hlog", "--events", "--metrics", "--gc-inject", "--start-at", "--kill-broker-at",
                    "--freeze-at", "--shard", "--slo", "--slo-abort", "--slo-allow-invalid", "--junit"),
                    RunCommand.INTERNAL_OPTIONS.stream()).filter(given::hasMatchedOption).findFirst()
                    .ifPresent(refused -> {
                        throw usage(refused + ": not for harness sweep (a profile's too), whose steps run in one process,"
                                + " write only its files (--json, --report, --hlog-dir) and are judged by validity and"
                                + " --max-p99");
                    });
            List<String> first = withRate(base, 1);
            if (shards != null) { // run's own checks of a shard: its queues, its warmup, its workload
                first.addAll(ShardedSteps.options(0, shards, Instant.now().plus(1, ChronoUnit.HOURS)));
            }
            RunPlan plan = RunPlan.parse(first);
            Warmup w = plan.warmup;
            long minimumNs = w.auto() ? Warmup.AUTO_MIN_NS : w.ns();
            if (workloadOptions.durationNs < minimumNs) {
                throw usage(String.format(Locale.ROOT, "--duration %s: each step measures at least as long as its warmup's"
                        + " minimum (%s)", Values.durationText(workloadOptions.durationNs), Values.durationText(minimumNs)));
            }
            return plan;
        } catch (ParameterException e) {
            throw e.getCommandLine() == spec.commandLine() ? e : usage(asSweeps(Harness.oneLine(e)));
        } catch (SettingsException e) {
            throw usage(asSweeps(e.getMessage()));
        }
    }

    /** Run's refusal of the --shard the sweep added, in the sweep's words: --shards is what the user gave. */
    private String asSweeps(String refusal) {
        return shards != null && refusal.startsWith("--shard:") ? "--shards:" + refusal.substring("--shard:".length())
                : refusal;
    }

    private void makeHlogDir() {
        if (hlogDir == null) {
            return;
        }
        try {
            Files.createDirectories(hlogDir);
        } catch (IOException e) {
            throw usage("--hlog-dir " + hlogDir + ": cannot make the directory: " + FileErrors.describe(e));
        }
        if (!Files.isWritable(hlogDir)) {
            throw usage("--hlog-dir " + hlogDir + ": cannot write in the directory");
        }
    }

    private SweepResult read(Path file) {
        try {
            return SweepJson.read("--compare", file);
        } catch (SettingsException e) {
            throw usage(e.getMessage());
        }
    }

    private void write(SweepResult result, SweepResult compared, List<String> notWritten) {
        if (json != null) {
            try {
                SweepJson.write(json, result);
                System.out.println("json: " + json);
            } catch (IOException e) {
                notWritten.add("--json " + json + ": cannot write the file: " + FileErrors.describe(e));
            }
        }
        if (report != null) {
            try {
                SweepReport.writeHtml(report, result, compared);
                System.out.println("report: " + report);
            } catch (IOException e) {
                notWritten.add("--report " + report + ": cannot write the file: " + FileErrors.describe(e));
            }
        }
        if (hlogDir != null) {
            System.out.println("hlogs: " + hlogDir + " (a file per step)");
        }
    }

    private static List<String> withRate(List<String> base, double rate) {
        List<String> args = new ArrayList<>(base);
        args.addAll(List.of("--rate", rate == 0 ? "max" : Format.rate(rate)));
        return args;
    }

    private static String countList(double[] counts) {
        return String.join(", ", java.util.Arrays.stream(counts).mapToObj(c -> Long.toString(Math.round(c))).toList());
    }

    private static String rateList(double[] rates) {
        return String.join(", ", java.util.Arrays.stream(rates).mapToObj(Units::rate).toList());
    }

    private ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
