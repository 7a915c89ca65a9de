package dev.harness.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

import javax.jms.JMSException;

import dev.harness.core.FileErrors;
import dev.harness.core.TempFiles;
import dev.harness.core.disturbance.BrokerCommands;
import dev.harness.core.disturbance.BrokerKiller;
import dev.harness.core.disturbance.CommandBrokerKiller;
import dev.harness.core.disturbance.PageCache;
import dev.harness.core.disturbance.RestartStudy;
import dev.harness.core.jms.Api;
import dev.harness.core.jms.Provider;
import dev.harness.core.jms.UnreachableException;
import dev.harness.core.jms.artemis.ArtemisProvider;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

@Command(name = "restart-study", mixinStandardHelpOptions = true, sortOptions = false, usageHelpAutoWidth = true,
        description = {
            "How long a broker takes to come back after kill -9, against queue depth and uncommitted messages.",
            "For each case, a harness broker child on a fresh journal is filled to the depth (persistent, committed),"
                    + " given that many messages in a transaction left open, killed with SIGKILL and restarted on the same"
                    + " journal. Prints a line per case and a table: restart time (process start to accepting"
                    + " connections), time to the first message, drain time, and the messages recovered (which must be"
                    + " exactly the committed ones, each once, and no uncommitted one: each message is tagged).",
            "With --kill-cmd and --start-cmd, the broker is the one the provider options reach (artemis, ibmmq, jndi),"
                    + " killed and started by those commands, and ready by the rule of --ready-log and --ready-line"
                    + " (default: the first connection that succeeds)."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:every case recovered exactly its committed messages", "2:bad option value",
            "3:a broker could not start, or cannot be reached",
            "4:a case lost committed messages, got one twice or kept uncommitted ones, or --kill-cmd or --start-cmd"
                + " failed, or the broker refused a request (a full or unknown queue)",
            "6:every case recovered exactly its committed messages and the table was printed, but --out could not be"
                + " written",
            "130:interrupted with Ctrl-C or SIGTERM (the case under way ends; the cases done are printed and appended to"
                + " --out)"})
final class RestartStudyCommand implements Callable<Integer>, UsesApi {
    /** Deep queues on a slow disk took IBM MQ minutes to recover in IBM's restart study: a generous default bound. */
    private static final String DEFAULT_READY_TIMEOUT = "10m";

    @Spec
    CommandSpec spec;

    @Option(names = "--depths", split = ",", defaultValue = "0,10000,50000,100000", paramLabel = "N,N,...",
            description = "Committed messages on the queue at the kill. Default: ${DEFAULT-VALUE}.")
    List<Integer> depths;

    @Option(names = "--uncommitted", split = ",", defaultValue = "0,1000,10000", paramLabel = "N,N,...",
            description = "Messages in a transaction left open at the kill. Default: ${DEFAULT-VALUE}.")
    List<Integer> uncommitted;

    @Option(names = "--size", defaultValue = "2KiB", converter = Values.Size.class, paramLabel = "SIZE",
            description = "Message size. Default: ${DEFAULT-VALUE}.")
    int sizeBytes;

    @Option(names = "--queue", defaultValue = RestartStudy.DEFAULT_QUEUE, paramLabel = "NAME",
            description = "The queue filled and recovered, or with --queues N the queues' NAME (with --kill-cmd they must"
                    + " exist on the broker, and hold nothing another application needs: what is on them is taken off"
                    + " first). Default: ${DEFAULT-VALUE}.")
    String queue;

    @Option(names = "--queues", defaultValue = "1", paramLabel = "N",
            description = "Spread each case's depth and uncommitted messages round robin over N queues, NAME.1 .. NAME.N"
                    + " (NAME is --queue's), as IBM's restart study did over 10. Default: ${DEFAULT-VALUE}: --queue alone.")
    int queueCount;

    @Option(names = "--dir", paramLabel = "DIR", description = "Where the journals go (on the disk to study). Default: a temporary directory.")
    Path dir;

    @Option(names = "--out", paramLabel = "FILE",
            description = "Append the table (Markdown, headed by the date and the machine) to FILE. Without it, the table"
                    + " is printed only.")
    Path out;

    @Mixin
    BrokerCommandOptions brokerCommandOptions;

    @Option(names = "--ready-timeout", defaultValue = DEFAULT_READY_TIMEOUT, converter = Values.Duration.class,
            paramLabel = "DURATION", description = "With --kill-cmd: how long --start-cmd may take to make the broker ready"
                    + " before the study fails (exit 4). Default: ${DEFAULT-VALUE}.")
    long readyTimeoutNs;

    @Mixin
    ProviderOptions target;

    private String bufferTimeout = "auto";
    /** Ctrl-C or SIGTERM: no case begins after it. */
    private volatile boolean interrupted;

    /** Its own broker through Artemis's client of the namespace asked for, or the provider's. */
    @Override
    public Api api() {
        return target.api();
    }

    @Override
    public Integer call() throws Exception {
        for (List<Integer> l : List.of(depths, uncommitted)) {
            if (l.stream().anyMatch(n -> n < 0 || n > 10_000_000)) {
                throw usage((l == depths ? "--depths" : "--uncommitted") + ": expected whole numbers from 0 to 10000000");
            }
        }
        if (sizeBytes < 1 || sizeBytes > 10 * 1024 * 1024) {
            throw usage("--size: expected 1 byte to 10MiB");
        }
        if (queue.isBlank()) {
            throw usage("--queue: expected a queue name");
        }
        if (queueCount < 1 || queueCount > 100) {
            throw usage("--queues: expected 1 to 100");
        }
        List<String> queues = RestartStudy.queues(queue, queueCount);
        target.refuseOtherKindsOptions();
        boolean ownBroker = target.kind().ownBroker();
        BrokerCommands commands = brokerCommandOptions.settings(readyTimeoutNs, ownBroker);
        boolean dropCachesOwn = brokerCommandOptions.dropCachesAlone(ownBroker);
        if (commands == null && !ownBroker) {
            throw usage(ProviderOptions.PROVIDER + " " + target.kind().name() + ": restart-study drives another broker"
                    + " only with --kill-cmd and --start-cmd; without them it runs its own (leave out --url and --provider)");
        }
        if (commands != null && dir != null) {
            throw usage("--dir: the journals of the harness's own brokers; with --kill-cmd the broker keeps its own");
        }
        String problem = out == null ? null : FileErrors.unwritable(out);
        if (problem != null) {
            throw usage("--out " + out + ": cannot write the file: " + problem);
        }
        // Read by the interrupt hook's thread too, when a case outlasts its wait.
        List<RestartStudy.Result> results = Collections.synchronizedList(new ArrayList<>());
        String[] broker = {null};
        int cases = RestartStudy.grid(depths, uncommitted).size();
        // Ctrl-C or SIGTERM: the case under way ends (a broker it killed is started again), the next does not begin.
        try (InterruptGuard guard = new InterruptGuard(() -> interrupted = true, () -> {
            printAndAppend(table(commands, dropCachesOwn, broker[0], queues, List.copyOf(results), "interrupted; the case"
                    + " under way did not end within a minute of it, and is not here"
                    + (commands != null ? " (its broker may be left killed: start it again)" : "")));
            System.out.flush();
        })) {
            try {
                if (commands == null) {
                    broker[0] = ownBrokers(results, queues, dropCachesOwn);
                } else {
                    commandBroker(commands, results, queues, broker);
                }
            } catch (Exception | Error e) {
                // The cases done before the one that failed are measurements: the table keeps them.
                if (!results.isEmpty()) {
                    printAndAppend(table(commands, dropCachesOwn, broker[0], queues, results, (interrupted ? "interrupted; "
                            : "") + "cases after these did not complete: " + oneLine(e)));
                }
                if (interrupted) {
                    throw new Failure.Interrupted("interrupted: " + results.size() + " of " + cases + " cases done");
                }
                throw e;
            }
            if (interrupted) {
                printAndAppend(table(commands, dropCachesOwn, broker[0], queues, results, "interrupted after "
                        + results.size() + " of " + cases + " cases; the others did not run"));
                throw new Failure.Interrupted("interrupted: " + results.size() + " of " + cases + " cases done");
            }
            String md = table(commands, dropCachesOwn, broker[0], queues, results, null);
            System.out.print(md);
            long wrong = results.stream().filter(RestartStudy.Result::wrong).count();
            System.out.println(verdict(results.size(), wrong));
            String notWritten = append(md);
            // As harness run: the study's own code before the file's, which is still said.
            if (wrong != 0) {
                if (notWritten != null) {
                    System.err.println(spec.qualifiedName() + ": " + notWritten);
                }
                throw new Failure.DuringRun(wrong + " case(s) lost committed messages, got some twice or kept uncommitted ones"
                        + " (WRONG above)");
            }
            if (notWritten != null) {
                throw new Failure.OutputNotWritten(notWritten);
            }
            return ExitCode.OK;
        }
    }

    /** The study's one-line answer, after its table. */
    static String verdict(int cases, long wrong) {
        return wrong == 0
                ? String.format(Locale.ROOT, "verdict: PASS: every case (%d of %d) recovered exactly its committed messages,"
                        + " each once, and none of the uncommitted ones", cases, cases)
                : String.format(Locale.ROOT, "verdict: FAIL: %d of %d cases lost committed messages, got some twice or"
                        + " kept uncommitted ones (WRONG above)", wrong, cases);
    }

    private static String onQueues(List<String> queues) {
        return queues.size() == 1 ? queues.get(0) : queues.size() + " queues round robin (" + queues.get(0) + " .. "
                + queues.get(queues.size() - 1) + ")";
    }

    private static String oneLine(Throwable e) {
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage().lines().findFirst().orElse("");
    }

    /** A table that ends the study early: on the console and in --out, the exit code the reason's, not the file's. */
    private void printAndAppend(String md) {
        System.out.print(md);
        String notWritten = append(md);
        if (notWritten != null) {
            System.err.println(spec.qualifiedName() + ": " + notWritten);
        }
    }

    /** Appends the table to --out, if given: null, or why it could not. */
    private String append(String md) {
        if (out == null) {
            return null;
        }
        try {
            Files.writeString(out, md, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            return "--out " + out + ": cannot write the file: " + FileErrors.describe(e);
        }
        System.out.println("appended to " + out);
        return null;
    }

    /** The table of these results, in Markdown; {@code incomplete} says why it ends early, null when it does not. */
    private String table(BrokerCommands commands, boolean dropCachesOwn, String broker, List<String> queues,
            List<RestartStudy.Result> results, String incomplete) {
        StringBuilder md = new StringBuilder();
        md.append(String.format(Locale.ROOT, "%n## %s, %s, %d CPUs, %s%n%n", LocalDate.now(), System.getProperty("os.arch"),
                Runtime.getRuntime().availableProcessors(), commands != null ? "broker " + broker
                        : "journal in " + (dir == null ? "a temporary directory" : dir)));
        md.append(commands == null
                ? String.format(Locale.ROOT, "harness broker (embedded Artemis, NIO journal, buffer timeout %s us), %d-byte"
                        + " persistent messages on %s, killed with SIGKILL and restarted on the same journal%s.%n%n",
                        bufferTimeout, sizeBytes, onQueues(queues), dropCachesOwn ? " after dropping " + PageCache.dropped()
                                + ", the broker's, as after a machine failure" : "")
                : String.format(Locale.ROOT, "%s, %d-byte persistent messages on %s, killed with `--kill-cmd '%s'`, started"
                        + " with `--start-cmd '%s'`%s; ready: %s; restart ms: %s.%n%n", broker, sizeBytes, onQueues(queues),
                        commands.killCmd(), commands.startCmd(), commands.dropCaches() ? " after dropping " + PageCache.dropped()
                                + " (" + PageCache.NOT_ELSEWHERE + ")" : "",
                        commands.readiness().describe(), commands.restartSpan()));
        md.append("first message ms: from ready to a consumer's first message; drain ms: from there to the last one;"
                + " missing: committed, not back; twice: committed, back more than once; extra: uncommitted and kept, or"
                + " not this case's.\n\n");
        String startLine = commands == null ? null : commands.startLineSpan();
        // missing: committed, not back; twice: committed, back again; extra: uncommitted kept, or not this case's.
        md.append("| depth | uncommitted | restart ms | first message ms | drain ms | recovered |"
                + (startLine == null ? "" : " " + startLine + " ms |") + " missing | twice | extra |"
                + "\n|---:|---:|---:|---:|---:|---:|" + (startLine == null ? "" : "---:|") + "---:|---:|---:|\n");
        for (RestartStudy.Result r : results) {
            md.append(String.format(Locale.ROOT, "| %,d | %,d | %,d | %s | %,d | %,d%s |%s %,d | %,d | %,d |%n", r.c().depth(),
                    r.c().uncommitted(), r.restartMillis(), millisOrDash(r.firstMessageMillis()), r.drainMillis(),
                    r.recovered(), r.wrong() ? " WRONG" : "", startLine == null ? "" : " " + millisOrDash(r.fromStartLineMillis())
                    + " |", r.missing(), r.duplicates(), r.extra()));
        }
        if (incomplete != null) {
            md.append(String.format(Locale.ROOT, "%nIncomplete: %s%n", incomplete));
        }
        return md.toString();
    }

    /** Today's study: a harness broker child on a fresh journal per case. */
    private String ownBrokers(List<RestartStudy.Result> results, List<String> queues, boolean dropCaches) throws Exception {
        Path root = dir != null ? Files.createDirectories(dir).resolve("harness-restart-study-" + ProcessHandle.current().pid())
                : Files.createTempDirectory("harness-restart-study-");
        int[] index = {0};
        RestartStudy study = new RestartStudy(() -> {
            Path data = root.resolve("case-" + index[0]++);
            ChildBroker child = new ChildBroker(data, ChildBroker.freePort(), bufferTimeout).start();
            bufferTimeout = child.bufferTimeoutUs(); // the first one measures it, the others use it
            ArtemisProvider provider = new ArtemisProvider(child.url(), null, null);
            BrokerKiller killer = dropCaches ? PageCache.droppedBeforeRestart(child, line -> System.out.println("  " + line))
                    : child;
            return new RestartStudy.CaseBroker(provider, killer, true, () -> {
                provider.close();
                child.close();
                TempFiles.deleteQuietly(data);
            });
        }, queues, sizeBytes, line -> System.out.println("  " + line));
        try {
            runCases(study, results);
        } catch (ChildBroker.StartFailure e) {
            throw new UnreachableException(e.getMessage(), e);
        } catch (CommandBrokerKiller.CommandFailed e) {
            throw new Failure.DuringRun(e.getMessage()); // --drop-caches
        } finally {
            TempFiles.deleteQuietly(root);
        }
        return "harness broker children";
    }

    /** The broker the provider options reach, killed and started by the user's commands; it runs before and after. */
    private void commandBroker(BrokerCommands commands, List<RestartStudy.Result> results, List<String> queues, String[] broker)
            throws Exception {
        try (Provider provider = target.open()) {
            BrokerKiller killer = new CommandBrokerKiller(commands, provider, line -> System.out.println("  " + line));
            broker[0] = provider.target() + " (" + provider.client() + ")";
            System.out.println("restart-study against " + broker[0]);
            System.out.println("  kill-cmd     " + commands.killCmd());
            System.out.println("  start-cmd    " + commands.startCmd());
            System.out.println("  broker ready " + commands.readiness().describe() + ", within "
                    + TimeUnit.NANOSECONDS.toMillis(commands.readyWithinNs()) + " ms");
            if (commands.dropCaches()) {
                System.out.println("  drop caches  " + PageCache.dropped() + " before each restart; " + PageCache.NOT_ELSEWHERE);
            }
            RestartStudy study = new RestartStudy(() -> new RestartStudy.CaseBroker(provider, killer, false, () -> { }),
                    queues, sizeBytes, line -> System.out.println("  " + line));
            try {
                runCases(study, results);
            } catch (CommandBrokerKiller.CommandFailed e) {
                throw new Failure.DuringRun(e.getMessage());
            } catch (JMSException e) {
                throw failure(provider, e, study.killedOnce());
            }
        }
    }

    /**
     * A JMS failure of the study, classified by the provider's own reading of it: a broker not reached
     * (or refusing the login) before the first kill was never studied (exit 3); a request it refused
     * though it is up (a full queue, no such queue, not authorized), or any failure once it has been
     * killed, is the broker failing the study (exit 4).
     */
    static Exception failure(Provider provider, JMSException e, boolean killedOnce) {
        if (!killedOnce && provider.reconnectCures(e)) {
            return UnreachableException.connecting(provider, e);
        }
        return new Failure.DuringRun((killedOnce ? "" : "before the first kill: ") + provider.explain(e));
    }

    private void runCases(RestartStudy study, List<RestartStudy.Result> results) throws Exception {
        for (RestartStudy.Case c : RestartStudy.grid(depths, uncommitted)) {
            if (interrupted) {
                return;
            }
            RestartStudy.Result r = study.run(c);
            results.add(r);
            System.out.println(row(r));
        }
    }

    private static String millisOrDash(long ms) {
        return ms < 0 ? "-" : String.format(Locale.ROOT, "%,d", ms);
    }

    /** A case's console line: its times, and what came back against what was committed. */
    static String row(RestartStudy.Result r) {
        return String.format(Locale.ROOT, "depth %,9d  uncommitted %,7d  restart %,6d ms%s  first message %7s ms after ready"
                + "  drain %,7d ms  recovered %,9d  missing %,d  twice %,d  extra %,d%s", r.c().depth(), r.c().uncommitted(),
                r.restartMillis(), r.fromStartLineMillis() < 0 ? "" : String.format(Locale.ROOT, " (%,d ms from the start line)",
                        r.fromStartLineMillis()),
                millisOrDash(r.firstMessageMillis()), r.drainMillis(), r.recovered(), r.missing(), r.duplicates(), r.extra(),
                r.wrong() ? "  WRONG: " + r.wrongs() : "");
    }

    private ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
