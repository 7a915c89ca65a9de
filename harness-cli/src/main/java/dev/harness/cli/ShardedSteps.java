package dev.harness.cli;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import dev.harness.core.FileErrors;
import dev.harness.core.SettingsException;
import dev.harness.core.TempFiles;
import dev.harness.core.Units;
import dev.harness.core.hlog.BadHlogException;
import dev.harness.core.jms.UnreachableException;
import dev.harness.core.report.HlogMerge;
import dev.harness.core.report.RunJson;
import dev.harness.core.report.ShardedStep;
import dev.harness.core.study.SweepStep;
import dev.harness.core.workload.QueueClaim;

/**
 * {@code harness sweep --shards N}: each step as N {@code harness run} processes on this host, shard
 * I/N of one schedule each (as on N hosts), started together with one {@code --start-at} and merged
 * as {@code harness merge} merges them. Without {@code --url}, the shards of a step share a broker
 * child of its own, as an unsharded step has its own embedded broker.
 */
final class ShardedSteps {
    /** Shards in one sweep, at most: each is a JVM with the harness's heap. */
    static final int MAX_SHARDS = 16;
    /**
     * From the shards' launch to their --start-at, at least: a JVM's start, its connections and the
     * ready burst before message 0 (on 2 CPUs, two shards and a broker child were ready well within
     * it). More shards get longer ({@link #leadSeconds}). A shard ready after it is refused by run
     * itself (it would be out of step), and the step fails saying so.
     */
    static final long LEAD_S = 12;
    /** A shard still running this long past its run's own bound is stopped (SIGTERM, then SIGKILL). */
    private static final long OVERRUN_NS = TimeUnit.MINUTES.toNanos(2);
    /** A stopped shard's time to write its summary and files before it is killed: well within InterruptGuard's wait. */
    private static final long STOP_GRACE_MS = TimeUnit.SECONDS.toMillis(20);
    /**
     * This JVM's options that a shard does not take: agents, debuggers, JMX ports and output files,
     * which would clash between the shards or with this JVM. The rest (heap, collector, JIT, system
     * properties such as a trust store) the shards take as they are.
     */
    private static final List<String> OWN_JVM_OPTIONS = List.of("-agentlib:", "-agentpath:", "-javaagent:", "-Xrunjdwp",
            "-Xdebug", "-Xlog", "-Xloggc", "-XX:StartFlightRecording", "-XX:FlightRecorderOptions", "-XX:HeapDumpPath",
            "-XX:ErrorFile", "-XX:LogFile", "-Dcom.sun.management.");
    /** Variables whose options the JVM adds to its own: a shard gets them from this JVM's options above, filtered. */
    private static final List<String> OPTIONS_VARIABLES = List.of("JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS", "_JAVA_OPTIONS");

    private final int shards;
    private final String unit;
    private final boolean ownBroker;
    private final long runBoundNs;
    private final BooleanSupplier interrupted;
    private final Claimer claimer;
    /** What the last step drove, as its shards' JSON named it. */
    private String lastTarget;
    /** Every earlier step's shards' run ids: their leftovers are a later step's to remove. */
    private final List<Long> previousRuns = new ArrayList<>();
    /** The step's shards while they run, for a sweep that gives up waiting (killed with it). */
    private volatile List<Process> running = List.of();

    /**
     * @param unit what the steps' rates count (msg/s, round trips/s), for a failed step's line
     * @param ownBroker no --url or provider: each step starts a broker child the shards share
     * @param claimer claims a step's queues on the user's broker before its shards start
     * @param runBoundNs the longest a shard's run may take, warmup to its last drain (RunPlan.boundNs)
     */
    ShardedSteps(int shards, String unit, boolean ownBroker, long runBoundNs, BooleanSupplier interrupted, Claimer claimer) {
        this.shards = shards;
        this.unit = unit;
        this.ownBroker = ownBroker;
        this.runBoundNs = runBoundNs;
        this.interrupted = interrupted;
        this.claimer = claimer;
    }

    /**
     * Claims a step's queues on the user's broker as one run of the step's options would (its own
     * earlier runs' leftovers removed, others' refused or, with --purge, removed), before the shards'
     * lead starts: removing a large backlog takes longer than the lead, and a shard that did it itself
     * would be late for its start.
     */
    @FunctionalInterface
    interface Claimer {
        void claim(List<String> stepArgs) throws UnreachableException;
    }

    /** The options that make a run shard {@code index} of a set of {@code shards}, starting at {@code start}. */
    static List<String> options(int index, int shards, Instant start) {
        return List.of("--shard", index + "/" + shards, "--start-at", start.truncatedTo(ChronoUnit.SECONDS).toString());
    }

    /** From launch to --start-at: JVMs that start side by side on a few CPUs take longer the more they are. */
    static long leadSeconds(int shards) {
        return Math.max(LEAD_S, 4 + 2L * shards);
    }

    String lastTarget() {
        return lastTarget;
    }

    /** Kills the shards of the step under way: the sweep is going without them. */
    void killRunning() {
        running.forEach(Process::destroyForcibly);
    }

    /**
     * Runs one step: its shards with these run options ({@code args}, the rate's among them), then
     * their hlogs merged (copied to {@code keptHlog} when given) and their figures as one run's.
     *
     * @param notWritten where a kept hlog that could not be written is said
     * @throws Failure.Interrupted when the sweep was interrupted during the step (its shards were stopped)
     * @throws Failure.DuringRun when a shard failed, naming it, its exit code and its last line
     */
    SweepStep step(List<String> args, double rate, Path keptHlog, List<String> notWritten)
            throws UnreachableException, IOException {
        Path dir = Files.createTempDirectory("harness-sweep-step-");
        ChildBrokerProvider broker = null;
        try {
            broker = ownBroker && !interrupted.getAsBoolean() ? ChildBrokerProvider.start(
                    "shared by the shards of a sweep's step") : null;
            List<String> stepArgs = new ArrayList<>(args);
            if (broker != null) { // the last --provider and --url given win
                stepArgs.addAll(List.of("--provider", "artemis", "--url", broker.broker().url()));
            }
            List<Long> runIds = new ArrayList<>();
            for (int i = 0; i < shards; i++) {
                runIds.add(ThreadLocalRandom.current().nextLong(1, Long.MAX_VALUE));
            }
            if (!ownBroker && !interrupted.getAsBoolean()) { // a broker of the step's own holds nothing yet
                QueueClaim.earlierRuns(previousRuns);
                claimer.claim(stepArgs);
            }
            // Whole seconds, never less than the lead.
            Instant start = Instant.now().plusSeconds(leadSeconds(shards) + 1).truncatedTo(ChronoUnit.SECONDS);
            Ended ended = new Ended(-1, false);
            List<Process> launched = new ArrayList<>();
            try {
                for (int i = 0; i < shards && !interrupted.getAsBoolean(); i++) {
                    launched.add(launch(i, runIds.get(i), stepArgs, start, dir));
                    running = List.copyOf(launched);
                }
                ended = awaitAll(launched, System.nanoTime() + TimeUnit.SECONDS.toNanos(leadSeconds(shards) + 1) + runBoundNs
                        + OVERRUN_NS, interrupted);
            } finally {
                for (Process p : launched) {
                    p.destroyForcibly(); // none is left running, whatever ended the step
                    waitQuietly(p);
                }
                running = List.of();
            }
            // Whatever ended the step, its shards' runs may have left messages: later steps are told.
            previousRuns.addAll(runIds);
            if (interrupted.getAsBoolean()) {
                throw new Failure.Interrupted("interrupted during a step");
            }
            int failed = ended.firstFailed() >= 0 ? ended.firstFailed() : ended.overran() ? 0 : -1;
            if (failed >= 0) {
                Process p = launched.get(failed);
                int code = p.isAlive() ? -1 : p.exitValue();
                String why = "shard " + failed + "/" + shards + " of the step at " + Units.rate(rate) + " " + unit + " "
                        + (ended.overran() ? "ran past its bound (" + Values.durationText(runBoundNs + OVERRUN_NS)
                                + " after its start) and was stopped, with the others" : code < 0 ? "did not exit"
                                        : "exited with code " + code) + ": " + lastLine(dir.resolve("shard-" + failed + ".out"));
                if (code == ExitCode.UNREACHABLE) {
                    throw new UnreachableException(why, null);
                }
                throw new Failure.DuringRun(why);
            }
            return merged(dir, rate, keptHlog, notWritten);
        } finally {
            if (broker != null) {
                broker.close();
            }
            TempFiles.deleteQuietly(dir);
        }
    }

    /** The step's figures from its shards' files in {@code dir}: hlogs merged, JSON merged. */
    private SweepStep merged(Path dir, double rate, Path keptHlog, List<String> notWritten) {
        List<Path> jsons = ShardedStep.files(dir, shards, "json");
        Path merged = dir.resolve("merged.hlog");
        SweepStep step;
        try {
            HlogMerge.merge(ShardedStep.files(dir, shards, "hlog"), merged);
            lastTarget = RunJson.read("shard", jsons.get(0)).header().target();
            step = ShardedStep.of(rate, jsons, merged, keptHlog, Runtime.getRuntime().availableProcessors());
        } catch (BadHlogException | SettingsException | IOException e) {
            throw new Failure.DuringRun("the step at " + Units.rate(rate) + " " + unit + ": its shards could not be merged as one"
                    + " schedule: " + (e instanceof IOException io ? FileErrors.describe(io)
                            : String.valueOf(e.getMessage()).replace(dir.toString(), "the step's directory")));
        }
        if (keptHlog != null) {
            try {
                Files.copy(merged, keptHlog, StandardCopyOption.REPLACE_EXISTING);
            } catch (IOException e) {
                notWritten.add("--hlog-dir " + keptHlog + ": cannot write the file: " + FileErrors.describe(e));
                step = new SweepStep(step.target(), step.achieved(), step.reasons(), step.response(), step.service(),
                        step.sendLagP99Ns(), step.cpuMsPerMessage(), step.hostQueue(), step.stopped(), null);
            }
        }
        return step;
    }

    /** Shard {@code index} as a child of this JVM, with its options and class path; its output in DIR/shard-I.out. */
    private Process launch(int index, long runId, List<String> args, Instant start, Path dir) throws IOException {
        List<String> command = new ArrayList<>(ChildBroker.ownSession()); // signals reach it from this sweep only
        command.add(ChildBroker.javaBinary());
        for (String option : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (OWN_JVM_OPTIONS.stream().noneMatch(option::startsWith)) {
                command.add(option);
            }
        }
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), Harness.class.getName(), "run"));
        command.addAll(args);
        command.addAll(options(index, shards, start));
        command.addAll(List.of("--run-id", Long.toString(runId), "--stop-with-parent",
                Long.toString(ProcessHandle.current().pid())));
        if (!previousRuns.isEmpty()) {
            command.addAll(List.of("--earlier-runs", String.join(",", previousRuns.stream().map(String::valueOf).toList())));
        }
        command.addAll(List.of("--hlog", dir.resolve("shard-" + index + ".hlog").toString(), "--json",
                dir.resolve("shard-" + index + ".json").toString()));
        Path out = dir.resolve("shard-" + index + ".out");
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile());
        OPTIONS_VARIABLES.forEach(builder.environment()::remove);
        return builder.start();
    }

    /**
     * How a step's shards ended: the first that failed (exited with a code other than 0 before any
     * was stopped), or -1; and whether they ran past their bound and were stopped for it.
     */
    record Ended(int firstFailed, boolean overran) {
    }

    /**
     * Waits for every shard to end. Interrupted, past the step's bound ({@code deadlineNs}), or once
     * a shard has failed (the set is no whole schedule then), each still running is asked to stop as
     * Ctrl-C asks (SIGTERM: it keeps what it measured), then killed after a grace.
     */
    static Ended awaitAll(List<Process> launched, long deadlineNs, BooleanSupplier interrupted) {
        long deadline = deadlineNs;
        boolean stopping = false;
        boolean overran = false;
        int firstFailed = -1;
        for (Process alive; (alive = launched.stream().filter(Process::isAlive).findFirst().orElse(null)) != null;) {
            if (!stopping) { // the shards stopped below exit 143: only one that failed before is the cause
                for (int i = 0; i < launched.size() && firstFailed < 0; i++) {
                    Process p = launched.get(i);
                    firstFailed = !p.isAlive() && p.exitValue() != ExitCode.OK ? i : -1;
                }
            }
            boolean late = System.nanoTime() > deadline;
            if (!stopping && (interrupted.getAsBoolean() || firstFailed >= 0 || late)) {
                stopping = true;
                overran = late && firstFailed < 0;
                launched.forEach(Process::destroy);
                deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(STOP_GRACE_MS);
            } else if (stopping && late) {
                break; // the caller kills them
            }
            try {
                alive.waitFor(100, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        if (!stopping) { // all ended by themselves: the first in order that failed, if any
            for (int i = 0; i < launched.size() && firstFailed < 0; i++) {
                firstFailed = launched.get(i).exitValue() != ExitCode.OK ? i : -1;
            }
        }
        return new Ended(firstFailed, overran);
    }

    private static void waitQuietly(Process p) {
        try {
            p.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** A shard's last line of output: why it failed, in its own words. */
    static String lastLine(Path out) {
        try {
            List<String> lines = Files.readAllLines(out, StandardCharsets.UTF_8).stream().filter(l -> !l.isBlank()).toList();
            return lines.isEmpty() ? "(no output)" : lines.get(lines.size() - 1).strip();
        } catch (IOException e) {
            return "(its output could not be read: " + FileErrors.describeRead(e) + ")";
        }
    }

    /** "2 shards (harness run --shard I/2) on this host, ...", for the sweep's first line. */
    String describe() {
        return String.format(Locale.ROOT, "%d shards (harness run --shard I/%d) on this host, started %d s ahead together",
                shards, shards, leadSeconds(shards));
    }
}
