package dev.harness.cli;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import dev.harness.core.FileErrors;
import dev.harness.core.TempFiles;
import dev.harness.core.Units;
import dev.harness.core.hlog.BadHlogException;
import dev.harness.core.jms.UnreachableException;
import dev.harness.core.report.HlogMerge;
import dev.harness.core.report.RunJson;
import dev.harness.core.report.ShardedStep;
import dev.harness.core.study.SweepStep;

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
     * From the shards' launch to their --start-at: a JVM's start, its connections and the ready burst
     * before message 0 (on 2 CPUs, four shards were ready within 5 s). A shard ready after it is
     * refused by run itself (it would be out of step), and the step fails saying so.
     */
    static final long LEAD_S = 12;
    /** A shard still running this long after its step should have ended is stopped (SIGTERM, then SIGKILL). */
    private static final long OVERRUN_NS = TimeUnit.MINUTES.toNanos(5);
    /** A stopped shard's time to write its summary and files before it is killed. */
    private static final long STOP_GRACE_MS = TimeUnit.SECONDS.toMillis(60);

    private final int shards;
    private final boolean ownBroker;
    private final long stepNs;
    private final BooleanSupplier interrupted;
    /** What the last step drove, as its shards' JSON named it. */
    private String lastTarget;

    /**
     * @param ownBroker no --url or provider: each step starts a broker child the shards share
     * @param stepNs a step's warmup and measured phase, for the bound on how long its shards may run
     */
    ShardedSteps(int shards, boolean ownBroker, long stepNs, BooleanSupplier interrupted) {
        this.shards = shards;
        this.ownBroker = ownBroker;
        this.stepNs = stepNs;
        this.interrupted = interrupted;
    }

    /** The options that make a run shard {@code index} of a set of {@code shards}, starting at {@code start}. */
    static List<String> options(int index, int shards, Instant start) {
        return List.of("--shard", index + "/" + shards, "--start-at", start.truncatedTo(ChronoUnit.SECONDS).toString());
    }

    String lastTarget() {
        return lastTarget;
    }

    /**
     * Runs one step: its shards with these run options ({@code args}, the rate's among them), then
     * their hlogs merged into {@code keptHlog} (or a temporary file) and their figures as one run's.
     *
     * @throws Failure.Interrupted when the sweep was interrupted during the step (its shards were stopped)
     * @throws Failure.DuringRun when a shard failed, naming it, its exit code and its last line
     */
    SweepStep step(List<String> args, double rate, Path keptHlog) throws UnreachableException, IOException {
        Path dir = Files.createTempDirectory("harness-sweep-step-");
        try (ChildBrokerProvider broker = ownBroker ? ChildBrokerProvider.start("shared by the shards of a sweep's step")
                : null) {
            List<String> stepArgs = new ArrayList<>(args);
            if (broker != null) {
                stepArgs.addAll(List.of("--url", broker.broker().url()));
            }
            Instant start = Instant.now().plusSeconds(LEAD_S).truncatedTo(ChronoUnit.SECONDS);
            List<Process> running = new ArrayList<>();
            try {
                for (int i = 0; i < shards; i++) {
                    running.add(launch(i, stepArgs, start, dir));
                }
                awaitAll(running);
            } finally {
                for (Process p : running) {
                    p.destroyForcibly(); // none is left running, whatever ended the step
                }
            }
            if (interrupted.getAsBoolean()) {
                throw new Failure.Interrupted("interrupted during a step");
            }
            for (int i = 0; i < shards; i++) {
                int code = running.get(i).exitValue();
                if (code != ExitCode.OK) {
                    String why = "shard " + i + "/" + shards + " of the step at " + Units.rate(rate) + " exited with code "
                            + code + ": " + lastLine(dir.resolve("shard-" + i + ".out"));
                    if (code == ExitCode.UNREACHABLE) {
                        throw new UnreachableException(why, null);
                    }
                    throw new Failure.DuringRun(why);
                }
            }
            List<Path> jsons = ShardedStep.files(dir, shards, "json");
            Path merged = keptHlog != null ? keptHlog : dir.resolve("merged.hlog");
            try {
                HlogMerge.merge(ShardedStep.files(dir, shards, "hlog"), merged);
                lastTarget = RunJson.read("shard", jsons.get(0)).header().target();
                return ShardedStep.of(rate, jsons, merged, keptHlog, Runtime.getRuntime().availableProcessors());
            } catch (BadHlogException e) {
                throw new Failure.DuringRun("the step at " + Units.rate(rate) + ": its shards' hlogs could not be merged: "
                        + e.getMessage());
            }
        } finally {
            TempFiles.deleteQuietly(dir);
        }
    }

    /** Shard {@code index} as a child of this JVM, with its options and class path; its output in DIR/shard-I.out. */
    private Process launch(int index, List<String> args, Instant start, Path dir) throws IOException {
        List<String> command = new ArrayList<>(ChildBroker.ownSession()); // signals reach it from this sweep only
        command.add(ChildBroker.javaBinary());
        command.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), Harness.class.getName(), "run"));
        command.addAll(args);
        command.addAll(options(index, shards, start));
        command.addAll(List.of("--hlog", dir.resolve("shard-" + index + ".hlog").toString(), "--json",
                dir.resolve("shard-" + index + ".json").toString()));
        Path out = dir.resolve("shard-" + index + ".out");
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile()).start();
    }

    /**
     * Waits for every shard to end. Interrupted, or past the step's bound, each still running is asked
     * to stop as Ctrl-C asks (SIGTERM: it keeps what it measured), then killed after a grace.
     */
    private void awaitAll(List<Process> running) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(LEAD_S) + stepNs + OVERRUN_NS;
        boolean stopping = false;
        for (Process alive; (alive = running.stream().filter(Process::isAlive).findFirst().orElse(null)) != null;) {
            if (!stopping && (interrupted.getAsBoolean() || System.nanoTime() > deadline)) {
                stopping = true;
                running.forEach(Process::destroy);
                deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(STOP_GRACE_MS);
            } else if (stopping && System.nanoTime() > deadline) {
                return; // killed in step()'s finally
            }
            try {
                alive.waitFor(100, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
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

    /** "4 shards", for the sweep's line. */
    String describe() {
        return String.format(Locale.ROOT, "%d shards (harness run --shard I/%d) on this host, started %d s ahead together",
                shards, shards, LEAD_S);
    }
}
