package dev.harness.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import dev.harness.agent.GcAgent;
import dev.harness.core.jms.Api;
import dev.harness.core.jms.Provider;
import dev.harness.core.jms.UnreachableException;
import dev.harness.core.run.RunControl;
import dev.harness.core.run.RunSummary;
import dev.harness.core.run.Workload;
import dev.harness.core.slo.SloWatch;
import dev.harness.core.slo.Verdict;
import dev.harness.core.workload.QueueClaim;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** harness run: its options, parsed; {@link RunPlan} decides the run from them, {@link RunOutputs} writes it. */
@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false, usageHelpAutoWidth = true,
        defaultValueProvider = Defaults.class,
        description = {
            "Puts messages (or request/response round trips, or publishes to topics) at a fixed rate and measures every one"
                + " from its intended send time.",
            "With no --url, an embedded Artemis broker is started for the run and removed after it."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:the run completed",
            "2:bad option value or file",
            "3:cannot reach the broker, or it refused the login (nothing measured; the message says which)",
            "4:the broker failed during the run (what was measured is reported)",
            "5:the run completed and an objective (--slo) was not met, or the run was NOT VALID (--slo-allow-invalid judges it anyway)",
            "6:the run completed and its summary was printed, but an output file could not be written",
            "130:interrupted with Ctrl-C (what was measured is reported)",
            "143:terminated with SIGTERM (as Ctrl-C)"})
final class RunCommand implements Callable<Integer>, UsesApi {
    @Spec
    CommandSpec spec;

    @Mixin
    WorkloadOptions w;

    @Option(names = "--kill-broker-at", converter = Values.Duration.class, paramLabel = "DURATION",
            description = "Kill the broker this long after the schedule's start (warmup included), then start it again on"
                    + " the same journal: a harness broker child the run starts (SIGKILL), or any broker with --kill-cmd"
                    + " and --start-cmd. The summary gives its restart time, the outage clients saw, the backlog's drain,"
                    + " and what was lost or duplicated.")
    Long killBrokerAtNs;

    @Option(names = "--restart-after", converter = Values.Duration.class, paramLabel = "DURATION",
            description = "With --kill-broker-at: how long the broker stays down before it is started again. Default: 0s.")
    Long restartAfterNs;

    @Mixin
    BrokerCommandOptions brokerCommandOptions;

    @Mixin
    FreezeOptions freezeOptions;

    @Mixin
    MeasureOptions m;

    @Option(names = "--gc-inject", paramLabel = "OPTIONS",
            description = "Start the GC-injection agent in this JVM (and so in its responders and embedded broker) before"
                    + " the run: alloc=MB/s,live=MB,heap=FRACTION|MB,prune=FRACTION,report=MS,log=FILE; '' for its defaults."
                    + " See harness gc-inject for other JVMs.")
    String gcInject;

    @Option(names = "--metrics", paramLabel = "prometheus:PORT|jmx",
            description = "Publish live figures through Micrometer while the run lasts: prometheus:PORT serves the Prometheus"
                    + " text format at http://127.0.0.1:PORT/metrics; jmx registers MBeans. May be given twice.")
    List<String> metrics = new ArrayList<>();

    @Option(names = "--start-at", paramLabel = "TIME",
            description = "Start the schedule at this wall-clock time (2026-11-21T14:30:00Z, or HH:MM[:SS] local time, the next"
                    + " one to come), so that harness processes on several hosts share one start and their hlogs merge.")
    String startAt;

    @Option(names = "--hlog", paramLabel = "FILE", description = "Write an HdrHistogram interval log (values in ns), one tag per view.")
    Path hlog;

    @Option(names = "--report", paramLabel = "FILE.html",
            description = "After the run, write the HTML report (and its .hgrm and .csv files beside it), as harness report does.")
    Path report;

    @Option(names = "--json", paramLabel = "FILE", description = "Write the summary and the per-interval series as JSON.")
    Path json;

    @Option(names = "--events", paramLabel = "FILE",
            description = "Write events as JSON lines, each flushed as it happens: started, interval, finished (docs/reference/events.md),"
                    + " for programs that watch the run.")
    Path events;

    @Option(names = "--shard", paramLabel = "I/N",
            description = "Run shard I of N (from 0) of the schedule --rate describes: its messages k with k mod N = I, on"
                    + " queue q with q mod N = I; N processes with the same options and --start-at send exactly the"
                    + " schedule, interleaved. auto/N takes I from JOB_COMPLETION_INDEX (a Kubernetes Indexed Job's pods).")
    String shard;

    /** Options only harness sweep gives its shards: refused where other commands pass run options on. */
    static final List<String> INTERNAL_OPTIONS = List.of("--run-id", "--earlier-runs", "--stop-with-parent");

    /** harness sweep --shards: the id this shard's messages carry, chosen by the sweep. */
    @Option(names = "--run-id", hidden = true)
    Long runId;

    /** harness sweep --shards: the sweep (its pid) that started this shard; once it is gone, the shard stops as Ctrl-C stops it. */
    @Option(names = "--stop-with-parent", hidden = true)
    Long stopWithParent;

    /** harness sweep --shards: the previous step's shards, whose leftovers on this shard's queues are the harness's own. */
    @Option(names = "--earlier-runs", hidden = true, split = ",")
    List<Long> earlierRuns = new ArrayList<>();

    @Mixin
    ObjectiveOptions objectives;

    @Option(names = "--slo-abort", description = "End the run at the first window that breaks an objective (as Ctrl-C"
            + " does: every measurement kept).")
    boolean sloAbort;

    @Mixin
    ProviderOptions target;

    /** Whose now --start-at is read against; harness k8s sets its own. */
    java.time.Clock clock = java.time.Clock.systemDefaultZone();

    @Override
    public Api api() {
        return target.api();
    }

    /** The plan of these options, decided and checked once. */
    private RunPlan plan;

    RunPlan plan() {
        if (plan == null) {
            plan = RunPlan.of(this);
        }
        return plan;
    }

    @Override
    public Integer call() throws UnreachableException {
        RunPlan plan = plan(); // every option checked, output files included
        if (plan.gcInject != null && plan.gcInject.strip().equals("help")) {
            System.out.print(GcAgent.usage());
            return ExitCode.OK;
        }
        if (plan.gcInject != null) {
            try {
                GcAgent.startInThisJvm(plan.gcInject);
            } catch (IllegalArgumentException e) {
                throw new ParameterException(spec.commandLine(), "--gc-inject: " + e.getMessage());
            }
        }
        QueueClaim.earlierRuns(plan.earlierRuns);
        Workload work = plan.newWorkload();
        RunControl control = new RunControl();
        if (stopWithParent != null && ParentWatch.watch(ProcessHandle.of(stopWithParent),
                () -> control.requestStop(RunControl.INTERRUPTED)) < 0) {
            control.requestStop(RunControl.INTERRUPTED); // gone before the watch began
        }
        // Closed in reverse order: the guard, last, lets an interrupted JVM exit only after the
        // logs are flushed and the broker is gone.
        try (InterruptGuard guard = new InterruptGuard(() -> control.requestStop(RunControl.INTERRUPTED));
                Provider provider = plan.openProvider();
                RunOutputs outputs = new RunOutputs(spec, plan)) {
            if (plan.runner.startAt() != null) {
                System.out.println("waiting for the start at " + plan.runner.startAt());
            }
            SloWatch watch = new SloWatch(plan.objectives.list(), work, plan.runner.intervalNs(),
                    plan.objectives.abortOnWindow() ? control::requestStop : null).allowInvalid(plan.sloAllowInvalid);
            RunSummary summary = plan.run(provider, work, control, List.of(outputs.listener(watch)),
                    plan.objectives.needDelivery());
            Verdict verdict = watch.verdict();
            OutputFiles notWritten = outputs.finish(summary, verdict);
            // The run's failure is the code (a gate never hides a broken run), then the verdict's;
            // files it could not write are still said, a line each.
            if (summary.failure() != null) {
                notWritten.say();
                throw new Failure.DuringRun(summary.failure());
            }
            if (!verdict.passed()) {
                notWritten.say();
                throw new Failure.ObjectivesFailed(verdict.failureLine());
            }
            notWritten.throwIfAny();
            return ExitCode.OK;
        }
    }

    /** These options parsed as harness run parses them, without running anything: for {@link RunPlan#parse}. */
    static RunCommand parse(List<String> args) {
        RunCommand command = new RunCommand();
        CommandLine run = new CommandLine(command);
        run.setOverwrittenOptionsAllowed(true);
        run.parseArgs(args.toArray(String[]::new));
        return command;
    }
}
