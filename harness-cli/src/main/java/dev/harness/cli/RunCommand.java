package dev.harness.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;

import dev.harness.agent.GcAgent;
import dev.harness.core.FileErrors;
import dev.harness.core.findings.ScheduleBounds;
import dev.harness.core.hlog.BadHlogException;
import dev.harness.core.jms.Api;
import dev.harness.core.jms.Provider;
import dev.harness.core.jms.UnreachableException;
import dev.harness.core.metrics.PrometheusEndpoint;
import dev.harness.core.metrics.RunMetrics;
import dev.harness.core.report.ConsoleReporter;
import dev.harness.core.report.EventLog;
import dev.harness.core.report.HlogReporter;
import dev.harness.core.report.HlogRun;
import dev.harness.core.report.HtmlReport;
import dev.harness.core.report.JsonReporter;
import dev.harness.core.report.JunitReport;
import dev.harness.core.report.RunOutcome;
import dev.harness.core.run.BrokerCommands;
import dev.harness.core.run.BrokerKill;
import dev.harness.core.run.CommandBrokerKiller;
import dev.harness.core.run.FreezePlan;
import dev.harness.core.run.PageCache;
import dev.harness.core.run.RunControl;
import dev.harness.core.run.RunListener;
import dev.harness.core.run.RunSummary;
import dev.harness.core.run.Runner;
import dev.harness.core.run.RunnerSettings;
import dev.harness.core.run.StartAt;
import dev.harness.core.run.Workload;
import dev.harness.core.run.WorkloadKind;
import dev.harness.core.schedule.Shard;
import dev.harness.core.slo.Objectives;
import dev.harness.core.slo.SloWatch;
import dev.harness.core.slo.Verdict;
import dev.harness.core.workload.PubSubSettings;
import dev.harness.core.workload.PubSubWorkload;
import dev.harness.core.workload.PutSettings;
import dev.harness.core.workload.PutWorkload;
import dev.harness.core.workload.ReqRespSettings;
import dev.harness.core.workload.ReqRespWorkload;
import dev.harness.core.workload.Warmup;
import dev.harness.core.workload.WorkloadSettings;
import io.micrometer.core.instrument.Clock;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;
import io.micrometer.jmx.JmxConfig;
import io.micrometer.jmx.JmxMeterRegistry;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

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

    @Option(names = "--slo", paramLabel = "OBJECTIVE",
            description = "A service-level objective, checked at the end (repeatable): 'response.p99 < 50ms', 'lost == 0',"
                    + " 'rate >= 0.98 * target'; with 'per 10s' it must hold in every 10 s window. Any view's count, mean,"
                    + " pN, max; rate, target, unsent, lost, late, duplicates, in-doubt, outage. One not met: exit code 5.")
    List<String> slo = new ArrayList<>();

    @Option(names = "--slo-abort", description = "End the run at the first window that breaks an objective (as Ctrl-C"
            + " does: every measurement kept).")
    boolean sloAbort;

    @Option(names = "--slo-allow-invalid", description = "Judge the objectives even when the run was NOT VALID (the"
            + " schedule not kept, the harness or host the limit, delivery unchecked, recovery unfinished). By default"
            + " such a run fails every verdict (exit 5), since its figures do not measure what was asked.")
    boolean sloAllowInvalid;

    @Option(names = "--junit", paramLabel = "FILE", description = "Write the objectives' verdict as JUnit XML: one testcase each.")
    Path junit;

    @Mixin
    ProviderOptions target;

    /** Whose now --start-at is read against; harness k8s sets its own. */
    java.time.Clock clock = java.time.Clock.systemDefaultZone();

    @Override
    public Api api() {
        return target.api();
    }

    @Override
    public Integer call() throws UnreachableException {
        Workload work = workload();
        checkWritable("--hlog", hlog);
        checkWritable("--json", json);
        checkWritable("--report", report);
        checkWritable("--events", events);
        checkWritable("--junit", junit);
        Objectives objectives = objectives();
        MetricsSpec metricsSpec = metricsSpec();
        RunnerSettings runnerSettings = runnerSettings();
        Instant start = runnerSettings.startAt();
        if (gcInject != null && gcInject.strip().equals("help")) {
            System.out.print(GcAgent.usage());
            return ExitCode.OK;
        }
        if (gcInject != null) {
            try {
                GcAgent.startInThisJvm(gcInject);
            } catch (IllegalArgumentException e) {
                throw usage("--gc-inject: " + e.getMessage());
            }
        }
        RunControl control = new RunControl();
        // Closed in reverse order: the guard, last, lets an interrupted JVM exit only after the
        // logs are flushed and the broker is gone.
        try (InterruptGuard guard = new InterruptGuard(() -> control.requestStop(RunControl.INTERRUPTED));
                Provider provider = openProvider();
                Outputs outputs = new Outputs(metricsSpec)) {
            if (start != null) {
                System.out.println("waiting for the start at " + start);
            }
            SloWatch watch = new SloWatch(objectives.list(), work, m.intervalNs,
                    objectives.abortOnWindow() ? control::requestStop : null).allowInvalid(sloAllowInvalid);
            RunSummary summary = run(provider, work, runnerSettings, control,
                    outputs.listeners(watch, ScheduleBounds.lagBoundNs(work)),
                    objectives.needDelivery());
            Verdict verdict = watch.verdict();
            List<String> notWritten = outputs.finish(RunOutcome.of(summary, verdict));
            if (junit != null) {
                try {
                    JunitReport.write(junit, "harness run " + summary.header().workload(), summary.header().start(), verdict);
                } catch (IOException e) {
                    notWritten.add("--junit " + junit + ": cannot write the file: " + FileErrors.describe(e));
                }
            }
            String failure = summary.failure();
            if (failure != null || !verdict.passed()) {
                // The run's failure is the code (a gate never hides a broken run), then the verdict's;
                // files it could not write are still said, a line each.
                notWritten.forEach(line -> System.err.println(spec.qualifiedName() + ": " + line));
                if (failure != null) {
                    throw new Failure.DuringRun(failure);
                }
                throw new Failure.ObjectivesFailed(verdict.failureLine());
            }
            if (!notWritten.isEmpty()) {
                throw new Failure.OutputNotWritten(String.join("; ", notWritten));
            }
            return ExitCode.OK;
        }
    }

    /**
     * These options parsed as harness run parses them, without running anything: for commands that
     * take run options (ab's sides, k8s's shards) and check them with run's own code.
     */
    static RunCommand parse(List<String> args) {
        RunCommand command = new RunCommand();
        CommandLine run = new CommandLine(command);
        run.setOverwrittenOptionsAllowed(true);
        run.parseArgs(args.toArray(String[]::new));
        return command;
    }

    /**
     * What a command that takes harness run's options (ab, k8s) passes on to run: every argument
     * but its own options, in the order given, so the option groups it shares with run as mixins
     * (parsed and checked there too) and the run options it does not declare, which run parses.
     */
    static List<String> passedOn(CommandSpec command) {
        Set<String> shared = new HashSet<>();
        command.mixins().values().forEach(mixin -> mixin.options().forEach(o -> shared.addAll(List.of(o.names()))));
        List<String> args = command.commandLine().getParseResult().expandedArgs();
        List<String> runs = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            String name = arg.contains("=") ? arg.substring(0, arg.indexOf('=')) : arg;
            OptionSpec own = arg.startsWith("-") && !shared.contains(name)
                    ? command.findOption(name) : null;
            if (own == null) {
                runs.add(arg);
            } else if (!arg.contains("=") && own.arity().max() > 0) {
                i++; // its value
            }
        }
        return runs;
    }

    /** Which part of one schedule this process runs; a split schedule needs one start for all its shards. */
    Shard shard() {
        Shard s = Shard.parse(shard, System.getenv());
        if (!s.whole() && startAt == null) {
            throw usage("--shard: the shards of one schedule need one start: give them all the same --start-at");
        }
        return s;
    }

    /** The objectives from --slo and --slo-abort, checked against this run's phases; they check themselves. */
    Objectives objectives() {
        if (junit != null && slo.isEmpty()) {
            throw usage("--junit: writes the verdict on the objectives; give at least one --slo");
        }
        return Objectives.of(slo, sloAbort, w.durationNs, m.intervalNs);
    }

    /**
     * The system these options drive: the provider's, or a harness broker child to kill (--kill-broker-at
     * without --kill-cmd) or to stop (--freeze-at without --broker-pid or --freeze-cmd).
     */
    Provider openProvider() throws UnreachableException {
        FreezePlan freeze = freezePlan();
        if (killBrokerAtNs != null && brokerCommandOptions.killCmd == null) {
            return ChildBrokerProvider.start();
        }
        return freeze != null && freeze.ownChild()
                ? ChildBrokerProvider.start("stopped with SIGSTOP and let go on with SIGCONT by --freeze-at") : target.open();
    }

    /** The stops of the broker these options ask for, or null; they check themselves. */
    FreezePlan freezePlan() {
        return freezeOptions.plan(warmup().ns() + w.durationNs, target.kind().ownBroker(), target.kind().name(), killBrokerAtNs != null);
    }

    /** The runner's own settings from the options; they check themselves. */
    RunnerSettings runnerSettings() {
        return new RunnerSettings(m.intervalNs, m.pauseResolutionNs, m.hiccupResolutionNs, StartAt.parse(startAt, clock));
    }

    /**
     * From the schedule's start to the end of a run of these options at the latest: the schedule,
     * the wait for replies and drainers, a reconnection, the outputs' writing. What harness k8s
     * gives the pods before it stops waiting for them.
     */
    long boundNs() {
        long replies = w.workload == WorkloadKind.REQRESP
                ? (w.replyTimeoutNs == null ? ReqRespSettings.DEFAULT_REPLY_TIMEOUT_NS : w.replyTimeoutNs) : 0;
        return warmup().longestNs() + w.durationNs + Math.max(w.drainTimeoutNs, replies) + w.reconnectTimeoutNs
                + Runner.WRITE_BOUND_NS;
    }

    /**
     * Runs the workload as these options say (interval, resolutions, start, broker kill), handing
     * header, intervals and summary to these listeners alone: harness run's own outputs, or harness
     * ab's round.
     */
    RunSummary run(Provider provider, Workload work, RunnerSettings settings, RunControl control,
            List<RunListener> listeners) throws UnreachableException {
        return run(provider, work, settings, control, listeners, false);
    }

    /** @param deliveryNeeded an objective reads delivery: a run that checks none is then not valid */
    RunSummary run(Provider provider, Workload work, RunnerSettings settings, RunControl control,
            List<RunListener> listeners, boolean deliveryNeeded) throws UnreachableException {
        Runner runner = new Runner(settings, listeners).deliveryNeeded(deliveryNeeded);
        BrokerKill kill = brokerKill();
        BrokerCommands commands = brokerCommands(kill);
        if (kill != null && commands != null) {
            runner.killingBroker(new CommandBrokerKiller(commands, provider, System.out::println), kill.atNs(),
                    kill.restartAfterNs());
        } else if (provider instanceof ChildBrokerProvider child && kill != null) {
            runner.killingBroker(brokerCommandOptions.dropCachesAlone(true)
                    ? PageCache.droppedBeforeRestart(child.broker(), System.out::println) : child.broker(), kill.atNs(),
                    kill.restartAfterNs());
        }
        FreezePlan freeze = freezePlan();
        if (freeze != null) {
            try {
                runner.freezing(FreezeOptions.freezer(freeze, provider), freeze);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException("cannot start the shell that stops the broker: " + e.getMessage(), e);
            }
        }
        RunSummary summary = runner.run(provider, work, control);
        if (runner.writeProblem() != null) {
            System.err.println("harness run: " + runner.writeProblem());
        }
        return summary;
    }

    /** What --metrics asked for: a Prometheus port (0 = none) and whether to register MBeans. */
    private record MetricsSpec(int prometheusPort, boolean jmx) {
        boolean any() {
            return prometheusPort != 0 || jmx;
        }
    }

    private MetricsSpec metricsSpec() {
        int port = 0;
        boolean jmx = false;
        for (String m : metrics) {
            if (m.equals("jmx")) {
                jmx = true;
            } else if (m.matches("prometheus:\\d{1,5}") && Integer.parseInt(m.substring(11)) >= 1
                    && Integer.parseInt(m.substring(11)) <= 65535) {
                port = Integer.parseInt(m.substring(11));
            } else {
                throw usage("--metrics: expected prometheus:PORT (1 to 65535) or jmx, got '" + m + "'");
            }
        }
        return new MetricsSpec(port, jmx);
    }

    /** The run's reporters, opened once the broker is reached. */
    private final class Outputs implements AutoCloseable {
        Path hlogFile;
        final HlogReporter hlogReporter;
        final JsonReporter json;
        final EventLog eventLog;
        PrometheusEndpoint prometheus;
        RunMetrics runMetrics;

        Outputs(MetricsSpec spec) {
            try {
                // The report is made from the hlog, so a report without --hlog gets one of its own.
                hlogFile = hlog != null ? hlog : report != null ? Files.createTempFile("harness-report-", ".hlog") : null;
                hlogReporter = hlogFile == null ? null : new HlogReporter(hlogFile);
            } catch (IOException e) {
                throw usage((hlog != null ? "--hlog " + hlog : "--report " + report + ": its temporary hlog")
                        + ": cannot write the file: " + FileErrors.describe(e));
            }
            try {
                json = RunCommand.this.json == null ? null : new JsonReporter(RunCommand.this.json);
            } catch (IOException e) {
                close();
                throw usage("--json " + RunCommand.this.json + ": cannot write the file: " + FileErrors.describe(e));
            }
            try {
                eventLog = events == null ? null : new EventLog(events);
            } catch (IOException e) {
                close();
                throw usage("--events " + events + ": cannot write the file: " + FileErrors.describe(e));
            }
            if (spec.any()) {
                CompositeMeterRegistry registry = new CompositeMeterRegistry();
                if (spec.prometheusPort() != 0) {
                    try {
                        prometheus = new PrometheusEndpoint(spec.prometheusPort());
                    } catch (IOException e) {
                        close();
                        throw usage("--metrics prometheus:" + spec.prometheusPort() + ": cannot listen on 127.0.0.1:"
                                + spec.prometheusPort() + ": " + (e.getMessage() == null ? "I/O error" : e.getMessage()));
                    }
                    registry.add(prometheus.registry());
                    System.out.println("metrics: Prometheus text at http://127.0.0.1:" + prometheus.port() + "/metrics");
                }
                if (spec.jmx()) {
                    registry.add(new JmxMeterRegistry(JmxConfig.DEFAULT, Clock.SYSTEM));
                    System.out.println("metrics: MBeans under the JMX domain 'metrics'");
                }
                runMetrics = new RunMetrics(registry);
            }
        }

        /**
         * After the run: the report written from the hlog, and what could not be written (a line
         * each), now that the summary is printed.
         */
        List<String> finish(RunOutcome outcome) {
            List<String> notWritten = new ArrayList<>();
            if (report != null) {
                hlogReporter.close();
                String problem = writeReport(hlogFile, outcome);
                if (problem != null) {
                    notWritten.add(problem);
                }
            }
            if (json != null && json.writeFailure() != null) {
                notWritten.add("--json " + RunCommand.this.json + ": cannot write the file: " + json.writeFailure());
            }
            if (eventLog != null && eventLog.writeFailure() != null) {
                notWritten.add("--events " + events + ": cannot write the file: " + eventLog.writeFailure());
            }
            return notWritten;
        }

        /** The watch first: the console and the JSON print its verdict when the run has finished. */
        List<RunListener> listeners(SloWatch watch, long lagBoundNs) {
            List<RunListener> l = new ArrayList<>();
            l.add(watch);
            l.add(new ConsoleReporter(System.out).verdictFrom(watch::verdict).behindBeyond(lagBoundNs)
                    .withDepth(w.workload == WorkloadKind.PUT && (preloads() || w.consumeDelayNs != null)));
            if (hlogReporter != null) {
                l.add(hlogReporter);
            }
            if (json != null) {
                l.add(json.verdictFrom(watch::verdict));
            }
            if (runMetrics != null) {
                l.add(runMetrics);
            }
            if (eventLog != null) {
                l.add(eventLog); // last: an interval's event says its lines and files are written
            }
            return l;
        }

        @Override
        public void close() {
            if (hlogReporter != null) {
                hlogReporter.close();
                if (hlog == null) {
                    try {
                        Files.deleteIfExists(hlogFile);
                    } catch (IOException e) {
                        // A temporary file left behind.
                    }
                }
            }
            if (json != null) {
                json.close();
            }
            if (eventLog != null) {
                eventLog.close();
            }
            if (runMetrics != null) {
                runMetrics.close();
            }
            if (prometheus != null) {
                prometheus.close();
            }
        }
    }

    /** Writes the report of the run just done; null, or why it could not. */
    private String writeReport(Path hlogFile, RunOutcome outcome) {
        try {
            List<Path> files = HtmlReport.write(HlogRun.read(hlogFile), outcome, report);
            System.out.println("report: " + String.join(", ", files.stream().map(Path::toString).toList()));
            return null;
        } catch (IOException | BadHlogException e) {
            return "--report " + report + ": cannot write the report: "
                    + (e instanceof IOException io ? FileErrors.describe(io) : e.getMessage());
        }
    }

    private void checkWritable(String option, Path file) {
        String problem = file == null ? null : FileErrors.unwritable(file);
        if (problem != null) {
            throw usage(option + " " + file + ": cannot write the file: " + problem);
        }
    }

    /** The workload the options describe; its settings check themselves and name the option that is wrong. */
    Workload workload() {
        Warmup warmup = warmup();
        Workload work = switch (w.workload) {
            case PUT -> {
                onlyFor("reqresp", reqrespOptions());
                onlyFor("pubsub", pubsubOptions());
                PutWorkload put = new PutWorkload(PutSettings.of(w.rate, w.senders, warmup.ns(), w.durationNs, w.sizeBytes,
                        w.persistent, w.syncpoint, w.queues, w.queuePrefix, w.drainers, w.drainTimeoutNs, w.maxInFlight)
                        .withShard(shard()).withConsumeDelay(w.consumeDelayNs)
                        .withPreload(w.preload == null ? null : w.preload.value(), w.preload != null && w.preload.bytes()));
                if (!shard().whole()) {
                    notYetFor("put with --shard", "--preload", w.preload);
                }
                put.warmup(warmup);
                put.purge(w.purge);
                yield put.reconnectWithin(w.reconnectTimeoutNs);
            }
            case REQRESP -> {
                onlyFor("put and pubsub", "--senders", w.senders);
                onlyFor("put", "--drainers", w.drainers, "--queue-prefix", w.queuePrefix, "--preload", w.preload);
                onlyFor("pubsub", pubsubOptions());
                ReqRespWorkload reqresp = new ReqRespWorkload(ReqRespSettings.of(w.rate, w.requesters, w.responders,
                        warmup.ns(), w.durationNs, w.sizeBytes, w.persistent, w.syncpoint, w.queues, w.requestPrefix,
                        w.replyPrefix, w.replyTimeoutNs, w.mode, w.drainTimeoutNs, w.maxInFlight).withShard(shard())
                        .withConsumeDelay(w.consumeDelayNs));
                reqresp.warmup(warmup);
                reqresp.purge(w.purge);
                yield reqresp.reconnectWithin(w.reconnectTimeoutNs);
            }
            case PUBSUB -> {
                onlyFor("reqresp", reqrespOptions());
                onlyFor("put and reqresp", "--queues", w.queues, "--drainers", w.drainers, "--queue-prefix", w.queuePrefix,
                        "--purge", w.purge ? Boolean.TRUE : null);
                notYetFor("pubsub", "--shard", shard, "--consume-delay", w.consumeDelayNs);
                onlyFor("put", "--preload", w.preload);
                PubSubWorkload pubsub = new PubSubWorkload(PubSubSettings.of(w.rate, w.senders, warmup.ns(), w.durationNs,
                        w.sizeBytes, w.persistent, w.syncpoint, w.topics, w.topicPrefix, w.subscribers, w.subscription,
                        w.consumersPerSubscription, w.keepSubscriptions, w.drainTimeoutNs, w.maxInFlight));
                pubsub.warmup(warmup);
                yield pubsub.reconnectWithin(w.reconnectTimeoutNs);
            }
        };
        BrokerKill kill = brokerKill();
        brokerCommands(kill);
        brokerCommandOptions.dropCachesAlone(kill != null && target.kind().ownBroker());
        freezePlan();
        return work;
    }

    /**
     * The warmup --warmup asks for. auto decides the measured phase's start as the run goes, which a
     * shard set (one boundary for all its shards) and a broker kill or stop (at a time from the start,
     * to be measured) cannot have: refused there when asked for, and the fixed default when not.
     */
    Warmup warmup() {
        String needsFixed = !Shard.parse(shard, System.getenv()).whole() ? "--shard" : startAt != null ? "--start-at"
                : killBrokerAtNs != null ? "--kill-broker-at" : freezeOptions.asked() ? "--freeze-at" : null;
        boolean warmupGiven = spec.commandLine().getParseResult() != null
                && spec.commandLine().getParseResult().hasMatchedOption("--warmup");
        if (preloads() && !warmupGiven) {
            return Warmup.fixed(0); // the backlog is what the run measures; the ready burst warmed the path
        }
        if (!w.warmup.auto() || needsFixed == null) {
            return w.warmup.checkedAgainst(m.intervalNs);
        }
        if (warmupGiven) {
            throw usage("--warmup auto: with " + needsFixed + " the measured phase must begin at a time known ahead (the"
                    + " same for every shard, or before a broker kill or stop); give a fixed --warmup such as "
                    + Values.durationText(WorkloadSettings.DEFAULT_WARMUP_NS));
        }
        return Warmup.fixed(WorkloadSettings.DEFAULT_WARMUP_NS);
    }

    /** Whether the options put a backlog before the schedule (--preload above 0). */
    private boolean preloads() {
        return w.preload != null && w.preload.value() > 0;
    }

    /** The broker kill these options ask for, or null; it checks itself. */
    BrokerKill brokerKill() {
        return BrokerKill.of(killBrokerAtNs, restartAfterNs, warmup().ns() + w.durationNs,
                target.kind().ownBroker(), target.kind().name(), w.reconnectTimeoutNs, brokerCommandOptions.killCmd != null);
    }

    /** The commands that kill and start the broker, or null; a restart may take what --reconnect-timeout leaves. */
    BrokerCommands brokerCommands(BrokerKill kill) {
        return brokerCommandOptions.settings(kill == null ? w.reconnectTimeoutNs : kill.readyWithinNs(w.reconnectTimeoutNs),
                target.kind().ownBroker());
    }

    private Object[] reqrespOptions() {
        return new Object[] {"--requesters", w.requesters, "--responders", w.responders, "--request-prefix", w.requestPrefix,
            "--reply-prefix", w.replyPrefix, "--reply-timeout", w.replyTimeoutNs, "--mode", w.mode};
    }

    private Object[] pubsubOptions() {
        return new Object[] {"--topics", w.topics, "--topic-prefix", w.topicPrefix, "--subscribers", w.subscribers,
            "--subscription", w.subscription, "--consumers-per-subscription", w.consumersPerSubscription,
            "--keep-subscriptions", w.keepSubscriptions ? Boolean.TRUE : null};
    }

    /** Options of the other workloads are refused, not silently ignored. */
    private void onlyFor(String workloads, Object... optionsAndValues) {
        for (int i = 0; i < optionsAndValues.length; i += 2) {
            if (optionsAndValues[i + 1] != null) {
                throw usage(optionsAndValues[i] + ": applies to --workload " + workloads + " only");
            }
        }
    }

    /** Options this workload does not take yet are refused in one line. */
    private void notYetFor(String workload, Object... optionsAndValues) {
        for (int i = 0; i < optionsAndValues.length; i += 2) {
            if (optionsAndValues[i + 1] != null) {
                throw usage(optionsAndValues[i] + ": --workload " + workload + " does not take it yet");
            }
        }
    }

    private ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
