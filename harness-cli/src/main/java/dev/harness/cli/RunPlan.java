package dev.harness.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

import dev.harness.core.WorkloadKind;
import dev.harness.core.disturbance.BrokerCommands;
import dev.harness.core.disturbance.BrokerKill;
import dev.harness.core.disturbance.CommandBrokerKiller;
import dev.harness.core.disturbance.FreezePlan;
import dev.harness.core.disturbance.PageCache;
import dev.harness.core.jms.Provider;
import dev.harness.core.jms.UnreachableException;
import dev.harness.core.run.RunControl;
import dev.harness.core.run.RunListener;
import dev.harness.core.run.RunSummary;
import dev.harness.core.run.Runner;
import dev.harness.core.run.RunnerSettings;
import dev.harness.core.run.StartAt;
import dev.harness.core.run.Workload;
import dev.harness.core.schedule.Shard;
import dev.harness.core.schedule.Warmup;
import dev.harness.core.slo.Objectives;
import dev.harness.core.workload.MessageProperties;
import dev.harness.core.workload.PubSubSettings;
import dev.harness.core.workload.PubSubWorkload;
import dev.harness.core.workload.PutSettings;
import dev.harness.core.workload.PutWorkload;
import dev.harness.core.workload.Receiving;
import dev.harness.core.workload.ReplyBy;
import dev.harness.core.workload.ReqRespSettings;
import dev.harness.core.workload.ReqRespWorkload;
import dev.harness.core.workload.WorkloadSettings;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;

/**
 * One run as harness run's options describe it, decided and checked once: the workload's settings,
 * the warmup, the runner's settings, the objectives, the shard, the broker's kill and stops, the
 * files asked for. harness run carries it out; ab's rounds, k8s's shards and verify's runs take one
 * parsed by {@link #parse}, not another command's fields.
 */
final class RunPlan {
    /** The files a run writes, each null unless asked for. */
    record Files(Path hlog, Path json, Path report, Path events, Path junit) {
    }

    /** What --metrics asked for: a Prometheus port (0 = none) and whether to register MBeans. */
    record Metrics(int prometheusPort, boolean jmx) {
        boolean any() {
            return prometheusPort != 0 || jmx;
        }
    }

    final WorkloadKind kind;
    /** The rate asked for, messages (or round trips) a second; 0 for none: unthrottled, or a closed loop. */
    final double rate;
    final Warmup warmup;
    final Shard shard;
    final RunnerSettings runner;
    final Objectives objectives;
    /** Objectives judged on a run that was NOT VALID too (--slo-allow-invalid). */
    final boolean sloAllowInvalid;
    final BrokerKill kill;
    final BrokerCommands commands;
    /** --drop-caches on the harness's own broker child, before its restart. */
    final boolean dropCachesBeforeRestart;
    final FreezePlan freeze;
    final Files files;
    final Metrics metrics;
    final String gcInject;
    /** From the schedule's start to the end of such a run at the latest: what k8s gives its pods. */
    final long boundNs;
    /** Runs of a sweep's step before, whose leftovers this run removes as the harness's own (--earlier-runs). */
    final List<Long> earlierRuns;
    /** The console shows the depth column: a put that starts deep or consumes slowly. */
    final boolean showsDepth;

    /** No --url and no other provider: the run starts a broker of its own. */
    final boolean ownBroker;
    /** The environment variable that holds the password (--password-env), or null. */
    final String passwordEnv;

    private final ProviderOptions target;
    private final Supplier<Workload> workloads;

    private RunPlan(RunCommand o) {
        CommandLine line = o.spec.commandLine();
        WorkloadOptions w = o.w;
        this.kind = w.workload;
        this.rate = w.rate;
        this.target = o.target;
        this.shard = Shard.parse(o.shard, System.getenv());
        this.warmup = warmup(o, line, shard);
        long scheduleNs = warmup.ns() + w.durationNs;
        this.ownBroker = target.kind().ownBroker();
        this.passwordEnv = target.credentials.source == null ? null : target.credentials.source.env;
        this.workloads = workloads(w, warmup, shard, o.shard, o.startAt != null, line);
        workloads.get(); // checks the settings, naming the option that is wrong
        this.kill = BrokerKill.of(o.killBrokerAtNs, o.restartAfterNs, scheduleNs, ownBroker, target.kind().name(),
                w.reconnectTimeoutNs, o.brokerCommandOptions.killCmd != null);
        // A restart may take what --reconnect-timeout leaves.
        this.commands = o.brokerCommandOptions.settings(kill == null ? w.reconnectTimeoutNs
                : kill.readyWithinNs(w.reconnectTimeoutNs), ownBroker);
        this.dropCachesBeforeRestart = o.brokerCommandOptions.dropCachesAlone(kill != null && ownBroker);
        this.freeze = o.freezeOptions.plan(scheduleNs, ownBroker, target.kind().name(), kill != null);
        this.files = new Files(o.hlog, o.json, o.report, o.events, o.objectives.junit);
        OutputFiles.checkWritable(o.spec, "--hlog", files.hlog());
        OutputFiles.checkWritable(o.spec, "--json", files.json());
        OutputFiles.checkWritable(o.spec, "--report", files.report());
        OutputFiles.checkWritable(o.spec, "--events", files.events());
        o.objectives.check(o.spec);
        this.objectives = Objectives.of(o.objectives.slo, o.sloAbort, w.durationNs, o.m.intervalNs);
        this.sloAllowInvalid = o.objectives.allowInvalid;
        this.metrics = metrics(o.metrics, line);
        this.runner = new RunnerSettings(o.m.intervalNs, o.m.pauseResolutionNs, o.m.hiccupResolutionNs,
                StartAt.parse(o.startAt, o.clock), o.m.coldStart, o.runId == null ? 0 : o.runId);
        this.earlierRuns = List.copyOf(o.earlierRuns);
        this.gcInject = o.gcInject;
        long replies = kind == WorkloadKind.REQRESP
                ? (w.replyTimeoutNs == null ? ReqRespSettings.DEFAULT_REPLY_TIMEOUT_NS : w.replyTimeoutNs) : 0;
        this.boundNs = warmup.longestNs() + w.durationNs + Math.max(w.drainTimeoutNs, replies) + w.reconnectTimeoutNs
                + Runner.WRITE_BOUND_NS;
        this.showsDepth = kind == WorkloadKind.PUT && (preloads(w) || w.consumeDelayNs != null);
    }

    /** The plan of these parsed options; a bad value is a ParameterException naming its option. */
    static RunPlan of(RunCommand options) {
        return new RunPlan(options);
    }

    /**
     * These options parsed and checked as harness run parses them, without running anything: for
     * commands that run harness run's runs (ab's rounds, k8s's shards, verify's runs).
     */
    static RunPlan parse(List<String> args) {
        return RunCommand.parse(args).plan();
    }

    /** As {@link #parse(List)}, with --start-at's local times read against that clock. */
    static RunPlan parse(List<String> args, java.time.Clock clock) {
        RunCommand options = RunCommand.parse(args);
        options.clock = clock;
        return options.plan();
    }

    /**
     * Which of harness run's options these arguments give, parsed and not checked: for commands that
     * refuse some of them before their plan is made, so that their refusal is the one said.
     */
    static CommandLine.ParseResult given(List<String> args) {
        return RunCommand.parse(args).spec.commandLine().getParseResult();
    }

    /** Whether these given options leave the run its own embedded broker: no --url, no other provider. */
    static boolean ownBroker(CommandLine.ParseResult given) {
        return ((RunCommand) given.commandSpec().userObject()).target.kind().ownBroker();
    }

    /** The option groups a command that takes harness run's options shares with run, as mixins. */
    private static final Set<Class<?>> RUNS_GROUPS = Set.of(WorkloadOptions.class, MeasureOptions.class);

    /**
     * What a command that takes harness run's options (ab, k8s) passes on to run: every argument
     * but its own options, in the order given, so the option groups it shares with run as mixins
     * (parsed and checked there too) and the run options it does not declare, which run parses.
     * Its other mixins (ab's objectives, judged on its sides) are its own.
     */
    static List<String> passedOn(CommandSpec command) {
        Set<String> shared = new HashSet<>();
        command.mixins().values().stream().filter(m -> m.userObject() != null && RUNS_GROUPS.contains(m.userObject().getClass()))
                .forEach(mixin -> mixin.options().forEach(o -> shared.addAll(List.of(o.names()))));
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

    /** A new workload of these settings: each run takes its own. */
    Workload newWorkload() {
        return workloads.get();
    }

    /**
     * The system to drive: the provider's, or a harness broker child to kill (--kill-broker-at without
     * --kill-cmd) or to stop (--freeze-at without --broker-pid or --freeze-cmd).
     */
    Provider openProvider() throws UnreachableException {
        if (kill != null && commands == null) {
            return ChildBrokerProvider.start();
        }
        return freeze != null && freeze.ownChild() ? ChildBrokerProvider.start("stopped with SIGSTOP and let go on with SIGCONT by --freeze-at")
                : target.open();
    }

    /** The API whose namespace the run needs. */
    dev.harness.core.jms.Api api() {
        return target.api();
    }

    /**
     * Runs the workload as planned (interval, resolutions, start, broker kill and stops), handing
     * header, intervals and summary to these listeners alone.
     *
     * @param deliveryNeeded an objective reads delivery: a run that checks none is then not valid
     */
    RunSummary run(Provider provider, Workload work, RunControl control, List<RunListener> listeners,
            boolean deliveryNeeded) throws UnreachableException {
        Runner r = new Runner(runner, listeners).deliveryNeeded(deliveryNeeded);
        if (kill != null && commands != null) {
            r.killingBroker(new CommandBrokerKiller(commands, provider, System.out::println), kill.atNs(),
                    kill.restartAfterNs());
        } else if (kill != null && provider instanceof ChildBrokerProvider child) {
            r.killingBroker(dropCachesBeforeRestart ? PageCache.droppedBeforeRestart(child.broker(), System.out::println)
                    : child.broker(), kill.atNs(), kill.restartAfterNs());
        }
        if (freeze != null) {
            try {
                r.freezing(FreezeOptions.freezer(freeze, provider), freeze);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot start the shell that stops the broker: " + e.getMessage(), e);
            }
        }
        RunSummary summary = r.run(provider, work, control);
        if (r.writeProblem() != null) {
            System.err.println("harness run: " + r.writeProblem());
        }
        return summary;
    }

    private static Metrics metrics(List<String> asked, CommandLine line) {
        int port = 0;
        boolean jmx = false;
        for (String m : asked) {
            if (m.equals("jmx")) {
                jmx = true;
            } else if (m.matches("prometheus:\\d{1,5}") && Integer.parseInt(m.substring(11)) >= 1
                    && Integer.parseInt(m.substring(11)) <= 65535) {
                port = Integer.parseInt(m.substring(11));
            } else {
                throw new ParameterException(line, "--metrics: expected prometheus:PORT (1 to 65535) or jmx, got '" + m + "'");
            }
        }
        return new Metrics(port, jmx);
    }

    /**
     * The warmup --warmup asks for. auto decides the measured phase's start as the run goes, which a
     * shard set (one boundary for all its shards) and a broker kill or stop (at a time from the start,
     * to be measured) cannot have: refused there when asked for, and the fixed default when not.
     */
    private static Warmup warmup(RunCommand o, CommandLine line, Shard shard) {
        String needsFixed = !shard.whole() ? "--shard" : o.startAt != null ? "--start-at"
                : o.killBrokerAtNs != null ? "--kill-broker-at" : o.freezeOptions.asked() ? "--freeze-at" : null;
        boolean warmupGiven = line.getParseResult() != null && line.getParseResult().hasMatchedOption("--warmup");
        if (preloads(o.w) && !warmupGiven) {
            return Warmup.fixed(0); // the backlog is what the run measures; the ready burst warmed the path
        }
        if (!o.w.warmup.auto() || needsFixed == null) {
            return o.w.warmup.checkedAgainst(o.m.intervalNs);
        }
        if (warmupGiven) {
            throw new ParameterException(line, "--warmup auto: with " + needsFixed + " the measured phase must begin at a"
                    + " time known ahead (the same for every shard, or before a broker kill or stop); give a fixed"
                    + " --warmup such as " + Values.durationText(WorkloadSettings.DEFAULT_WARMUP_NS));
        }
        return Warmup.fixed(WorkloadSettings.DEFAULT_WARMUP_NS);
    }

    /**
     * A run of a new workload as planned on its own provider, with only these listeners (nothing on
     * the console): one of ab's rounds. A failed run is a {@link Failure.DuringRun}.
     */
    RunSummary runAlone(RunControl control, List<RunListener> listeners) throws UnreachableException {
        Workload work = newWorkload();
        try (Provider provider = openProvider()) {
            RunSummary summary = run(provider, work, control, listeners, false);
            if (summary.failure() != null) {
                throw new Failure.DuringRun(summary.failure());
            }
            return summary;
        }
    }

    /** Whether the options put a backlog before the schedule (--preload above 0). */
    private static boolean preloads(WorkloadOptions w) {
        return w.preload != null && w.preload.value() > 0;
    }

    /** How to make the workload the options describe; its settings check themselves and name the option that is wrong. */
    private static Supplier<Workload> workloads(WorkloadOptions w, Warmup warmup, Shard shard, String shardGiven,
            boolean startGiven, CommandLine line) {
        Refusals refuse = new Refusals(line);
        // A split schedule needs one start for all its shards: checked where a workload takes its shard.
        Runnable oneStart = () -> {
            if (!shard.whole() && !startGiven) {
                throw new ParameterException(line,
                        "--shard: the shards of one schedule need one start: give them all the same --start-at");
            }
        };
        MessageProperties properties = MessageProperties.of(w.properties == null ? 0 : w.properties, w.property);
        return switch (w.workload) {
            case PUT -> {
                refuse.onlyFor("reqresp", reqrespOptions(w));
                refuse.onlyFor("pubsub", pubsubOptions(w));
                PutSettings whole = PutSettings.of(w.rate, w.senders, warmup, w.durationNs, w.size,
                        w.persistent, w.syncpoint, w.queues, w.queuePrefix, w.drainers, w.drainTimeoutNs, w.maxInFlight);
                oneStart.run();
                PutSettings settings = whole.withShard(shard).withConsumeDelay(w.consumeDelayNs)
                        .withPreload(w.preload == null ? null : w.preload.value(), w.preload != null && w.preload.bytes());
                Receiving receiving = Receiving.of(w.ack, w.receive);
                if (settings.drainers() == 0 && (w.ack != null || w.receive != null)) {
                    throw new ParameterException(line, (w.ack != null ? "--ack" : "--receive")
                            + ": is how the drainers get, and --drainers 0 runs none: give --drainers 1 or more, or"
                            + " leave out --ack and --receive");
                }
                if (!shard.whole()) {
                    refuse.notYetFor("put with --shard", "--preload", w.preload);
                }
                yield () -> {
                    PutWorkload put = new PutWorkload(settings);
                    put.purge(w.purge);
                    put.payload(w.payload);
                    put.messageType(w.messageType);
                    put.deliveryDelay(w.deliveryDelayNs == null ? 0 : w.deliveryDelayNs);
                    put.timeToLive(w.timeToLiveNs == null ? 0 : w.timeToLiveNs);
                    put.properties(properties);
                    put.priority(w.priority);
                    put.receiving(receiving);
                    put.sessionsPerConnection(w.sessionsPerConnection);
                    put.reconnectEvery(w.reconnectEvery);
                    return put.reconnectWithin(w.reconnectTimeoutNs);
                };
            }
            case REQRESP -> {
                refuse.onlyFor("put and pubsub", "--senders", w.senders);
                refuse.onlyFor("put", "--drainers", w.drainers, "--queue-prefix", w.queuePrefix, "--preload", w.preload);
                refuse.onlyFor("pubsub", pubsubOptions(w));
                Receiving receiving = Receiving.ofEachGet(w.ack, w.receive, "responders (with their replies) and reply routers");
                if (w.replyBy == ReplyBy.TEMPORARY && w.replyPrefix != null) {
                    throw new ParameterException(line, "--reply-prefix: --reply-by temporary puts the replies on a temporary"
                            + " queue per requester, not on named ones");
                }
                ReqRespSettings whole = ReqRespSettings.of(w.rate, w.requesters, w.responders, warmup,
                        w.durationNs, w.size, w.persistent, w.syncpoint, w.queues, w.requestPrefix, w.replyPrefix,
                        w.replyTimeoutNs, w.mode, w.drainTimeoutNs, w.maxInFlight);
                oneStart.run();
                ReqRespSettings settings = whole.withShard(shard).withConsumeDelay(w.consumeDelayNs).withReplyBy(w.replyBy);
                if (w.ack != null && settings.syncpoint() > 0 && receiving.ack() != Receiving.Ack.TRANSACTED) {
                    throw new ParameterException(line, "--ack: with --syncpoint " + settings.syncpoint() + " responders and"
                            + " reply routers commit each get in its unit of work; give --syncpoint 0 to acknowledge them"
                            + " otherwise");
                }
                yield () -> {
                    ReqRespWorkload reqresp = new ReqRespWorkload(settings);
                    reqresp.purge(w.purge);
                    reqresp.payload(w.payload);
                    reqresp.messageType(w.messageType);
                    reqresp.deliveryDelay(w.deliveryDelayNs == null ? 0 : w.deliveryDelayNs);
                    reqresp.timeToLive(w.timeToLiveNs == null ? 0 : w.timeToLiveNs);
                    reqresp.sessionsPerConnection(w.sessionsPerConnection);
                    reqresp.reconnectEvery(w.reconnectEvery);
                    reqresp.receiving(receiving);
                    reqresp.properties(properties);
                    reqresp.priority(w.priority);
                    return reqresp.reconnectWithin(w.reconnectTimeoutNs);
                };
            }
            case PUBSUB -> {
                refuse.onlyFor("reqresp", reqrespOptions(w));
                refuse.onlyFor("put and reqresp", "--queues", w.queues, "--drainers", w.drainers, "--queue-prefix",
                        w.queuePrefix, "--purge", w.purge ? Boolean.TRUE : null);
                refuse.notYetFor("pubsub", "--shard", shardGiven, "--consume-delay", w.consumeDelayNs);
                Receiving receiving = Receiving.of(w.ack, w.receive);
                refuse.onlyFor("put", "--preload", w.preload);
                PubSubSettings settings = PubSubSettings.of(w.rate, w.senders, warmup, w.durationNs, w.size,
                        w.persistent, w.syncpoint, w.topics, w.topicPrefix, w.subscribers, w.subscription,
                        w.consumersPerSubscription, w.keepSubscriptions, w.drainTimeoutNs, w.maxInFlight);
                yield () -> {
                    PubSubWorkload pubsub = new PubSubWorkload(settings);
                    pubsub.payload(w.payload);
                    pubsub.messageType(w.messageType);
                    pubsub.deliveryDelay(w.deliveryDelayNs == null ? 0 : w.deliveryDelayNs);
                    pubsub.timeToLive(w.timeToLiveNs == null ? 0 : w.timeToLiveNs);
                    pubsub.properties(properties);
                    pubsub.priority(w.priority);
                    pubsub.sessionsPerConnection(w.sessionsPerConnection);
                    pubsub.receiving(receiving);
                    pubsub.reconnectEvery(w.reconnectEvery);
                    return pubsub.reconnectWithin(w.reconnectTimeoutNs);
                };
            }
        };
    }

    private static Object[] reqrespOptions(WorkloadOptions w) {
        return new Object[] {"--requesters", w.requesters, "--responders", w.responders, "--request-prefix",
            w.requestPrefix, "--reply-prefix", w.replyPrefix, "--reply-timeout", w.replyTimeoutNs, "--mode", w.mode,
            "--reply-by", w.replyBy};
    }

    private static Object[] pubsubOptions(WorkloadOptions w) {
        return new Object[] {"--topics", w.topics, "--topic-prefix", w.topicPrefix, "--subscribers", w.subscribers,
            "--subscription", w.subscription, "--consumers-per-subscription", w.consumersPerSubscription,
            "--keep-subscriptions", w.keepSubscriptions ? Boolean.TRUE : null};
    }

    /** Options of the other workloads, and those a workload does not take yet, are refused in one line, not ignored. */
    private record Refusals(CommandLine line) {
        void onlyFor(String workloads, Object... optionsAndValues) {
            refuse(": applies to --workload " + workloads + " only", optionsAndValues);
        }

        void notYetFor(String workload, Object... optionsAndValues) {
            refuse(": --workload " + workload + " does not take it yet", optionsAndValues);
        }

        private void refuse(String why, Object... optionsAndValues) {
            for (int i = 0; i < optionsAndValues.length; i += 2) {
                if (optionsAndValues[i + 1] != null) {
                    throw new ParameterException(line, optionsAndValues[i] + why);
                }
            }
        }
    }
}
