package dev.harness.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Stream;

import dev.harness.core.FileErrors;
import dev.harness.core.SettingsException;
import dev.harness.core.broker.EmbeddedArtemis;
import dev.harness.core.jms.Api;
import dev.harness.core.jms.UnreachableException;
import dev.harness.core.jms.artemis.ArtemisDiagnosis;
import dev.harness.core.report.AbReport;
import dev.harness.core.report.ConsoleReporter;
import dev.harness.core.report.EventLog;
import dev.harness.core.run.RunControl;
import dev.harness.core.run.RunSummary;
import dev.harness.core.slo.Objectives;
import dev.harness.core.slo.SideFigures;
import dev.harness.core.slo.Term;
import dev.harness.core.slo.Verdict;
import dev.harness.core.study.AbRounds;
import dev.harness.core.study.AbRounds.Side;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Unmatched;

@Command(name = "ab", mixinStandardHelpOptions = true, sortOptions = false, usageHelpAutoWidth = true,
        defaultValueProvider = Defaults.class,
        description = {
            "Runs two configurations against the same broker in alternating rounds (A B A B ...), so that drift hits"
                    + " both alike, then prints them side by side: throughput and response percentiles, the ratio B/A,"
                    + " the spread over rounds, and which differences are larger than that spread.",
            "Any other option is a harness run option common to both sides, e.g.:",
            "  harness ab --a \"--syncpoint 10\" --b \"--syncpoint 0\" --rounds 3 --persistent --rate max --duration 20s",
            "A side may name a profile by its path: --a config/put-persistent-syncpoint-10.args (common options override it).",
            "Without --url or --provider, one embedded broker serves every round. The rounds run in this process.",
            "A side cannot take run's output options (--hlog, --json, --report, --events, --metrics), --gc-inject,"
                    + " --start-at, --kill-broker-at or --shard."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:every round ran", "2:bad option value", "3:cannot reach the broker, or it refused the login",
            "4:a round failed", "5:every round ran and an objective (--slo) was not met, or a round was NOT VALID",
            "6:the comparison was printed, but --report, --events or --junit could not be written",
            "130:interrupted with Ctrl-C (the whole pairs of rounds done are compared)",
            "143:terminated with SIGTERM (as Ctrl-C)"})
final class AbCommand implements Callable<Integer>, UsesApi {
    @Spec
    CommandSpec spec;

    @Option(names = "--a", required = true, paramLabel = "\"OPTIONS\"", description = "harness run options of side A.")
    String a;

    @Option(names = "--b", required = true, paramLabel = "\"OPTIONS\"", description = "harness run options of side B.")
    String b;

    @Option(names = "--rounds", defaultValue = "3", paramLabel = "N", description = "Rounds of each side. Default: ${DEFAULT-VALUE}.")
    int rounds;

    @Option(names = "--report", paramLabel = "FILE.html",
            description = "Write the HTML comparison: both response curves on one chart, and the table. Without it, the"
                    + " comparison is printed only.")
    Path report;

    @Option(names = "--events", paramLabel = "FILE",
            description = "Write events as JSON lines, each flushed: every round's started, interval and finished, then a"
                    + " round event with its figures (docs/reference/events.md).")
    Path events;

    @Mixin
    ObjectiveOptions objectives;

    // harness run's option groups, common to both sides: declared once, with run's defaults and checks.
    @Mixin
    WorkloadOptions workloadOptions;

    @Mixin
    MeasureOptions measureOptions;

    /** The other run options common to both sides (--url, --provider, ...), which run parses. */
    @Unmatched
    List<String> otherRunOptions = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        // A lost broker fails a round; anything else (options a round refused) keeps its own exit code.
        AbRounds<RunSummary> abRounds = new AbRounds<>(rounds, // checks --rounds (exit 2)
                e -> e instanceof UnreachableException || e instanceof Failure.DuringRun);
        OutputFiles.checkWritable(spec, "--report", report);
        OutputFiles.checkWritable(spec, "--events", events);
        objectives.check(spec);
        Objectives gate = Objectives.ofSides(objectives.slo);
        List<String> sideA = tokens("--a", a);
        List<String> sideB = tokens("--b", b);
        // One embedded broker for every round, unless the options (a profile's too) name a system to drive.
        RunPlan runA = check("--a", sideA);
        RunPlan runB = check("--b", sideB);
        if (measureOptions.coldStart || runA.runner.coldStart() || runB.runner.coldStart()) {
            throw usage("--cold-start: harness ab runs every round in one JVM, warm after its first round; compare cold"
                    + " starts with harness run, a process each");
        }
        EmbeddedArtemis broker = null;
        EventLog eventLog = null;
        // Ctrl-C: the round under way stops and is left out; the whole pairs done are tabulated.
        try (InterruptGuard guard = new InterruptGuard(abRounds::interrupt)) {
            Instant start = Instant.now();
            List<String> base = new ArrayList<>(RunPlan.passedOn(spec)); // every option common to both sides
            if (runA.ownBroker && runB.ownBroker) {
                try {
                    broker = EmbeddedArtemis.startTemporary();
                } catch (Exception e) {
                    throw new UnreachableException("cannot start the embedded broker: " + ArtemisDiagnosis.oneLine(e), e);
                }
                base.addAll(List.of("--url", broker.url()));
                System.out.println("harness ab: one embedded broker for every round at " + broker.url());
            }
            if (events != null) {
                try {
                    eventLog = new EventLog(events);
                } catch (IOException e) {
                    throw usage("--events " + events + ": cannot write the file: " + FileErrors.describe(e));
                }
            }
            EventLog log = eventLog;
            AbRounds.Outcome<RunSummary> ran;
            try {
                ran = abRounds.run((round, side, control) -> round(side == Side.A ? sideA : sideB, base, control, log),
                        (round, side, summary) -> said(round, side, side == Side.A ? sideA : sideB,
                                side == Side.A ? runA : runB, summary, log));
            } catch (AbRounds.RoundFailed f) {
                // The round's own line, as harness run says it; ab's names the round.
                Exception e = f.failure();
                System.err.println("harness run: " + e.getMessage());
                String line = "round " + f.round() + " of side " + f.side() + " (" + String.join(" ",
                        f.side() == Side.A ? sideA : sideB) + ") ended with exit code " + ExitCode.of(e) + "; no comparison";
                throw e instanceof UnreachableException ? new UnreachableException(line, e) : new Failure.DuringRun(line);
            }
            if (ran.pairs() == 0) {
                throw new Failure.Interrupted("interrupted before a pair of rounds was done; no comparison");
            }
            AbReport ab = new AbReport(
                    new AbReport.Side("A", String.join(" ", sideA), ran.a().stream().map(AbReport.Round::of).toList(),
                            runA.rate == 0),
                    new AbReport.Side("B", String.join(" ", sideB), ran.b().stream().map(AbReport.Round::of).toList(),
                            runB.rate == 0));
            if (ran.interrupted()) {
                System.out.println("\ninterrupted: " + ran.pairs() + " whole pair(s) of rounds of " + rounds + " compared");
            }
            System.out.println();
            System.out.print(ab.table());
            // The gate judges whole sides: every kept round's histograms added, counts summed.
            SideFigures figuresA = new SideFigures();
            SideFigures figuresB = new SideFigures();
            ran.a().forEach(figuresA::add);
            ran.b().forEach(figuresB::add);
            Verdict verdict = Verdict.of(gate.list(), s -> s == Term.Side.A ? figuresA.figures() : figuresB.figures(),
                    Map.of()).gated(ab.a().validity().plus(ab.b().validity(), ""), objectives.allowInvalid);
            ConsoleReporter.verdict(System.out, verdict);
            OutputFiles notWritten = new OutputFiles(spec);
            if (report != null) {
                try {
                    ab.writeHtml(report);
                    System.out.println("\ncomparison: " + report);
                } catch (IOException e) {
                    notWritten.failed("--report", report, e);
                }
            }
            ObjectiveOptions.writeJunit(objectives.junit, "harness ab", start, verdict, notWritten);
            if (eventLog != null && eventLog.writeFailure() != null) {
                notWritten.failed("--events", events, eventLog.writeFailure());
            }
            if (ran.interrupted()) {
                throw new Failure.Interrupted("interrupted: " + ran.pairs() + " whole pair(s) of rounds compared");
            }
            // As harness run: the gate's code before the files', which are still said, a line each.
            if (!verdict.passed()) {
                notWritten.say();
                throw new Failure.ObjectivesFailed(verdict.failureLine());
            }
            notWritten.throwIfAny();
            return ExitCode.OK;
        } finally {
            if (eventLog != null) {
                eventLog.close();
            }
            if (broker != null) {
                broker.close();
            }
        }
    }

    /** A round's line on the console, and its event. */
    private static void said(int round, Side side, List<String> options, RunPlan plan, RunSummary summary,
            EventLog eventLog) {
        AbReport.Round result = AbReport.Round.of(summary);
        System.out.println(AbReport.roundLine(round, side.name(), String.join(" ", options), result, plan.rate == 0));
        if (eventLog != null) {
            eventLog.emit("round", j -> j.field("round", round).field("side", side.name())
                    .field("achievedRate", result.achievedRate())
                    .field("responseP99Ns", result.response().getValueAtPercentile(99)));
        }
    }

    /**
     * One round: the side's options and the common ones (last, so they override a side's profile),
     * run here as harness run runs them, with nothing on the console (ab prints its own line).
     */
    private static RunSummary round(List<String> options, List<String> base, RunControl control, EventLog eventLog)
            throws UnreachableException {
        List<String> args = new ArrayList<>(options);
        args.addAll(base);
        return RunPlan.parse(args).runAlone(control, eventLog == null ? List.of() : List.of(eventLog));
    }

    /** Both sides run in one jar: on one namespace. */
    @Override
    public Api api() {
        Api apiA = check("--a", tokens("--a", a)).api();
        Api apiB = check("--b", tokens("--b", b)).api();
        if (apiA != apiB) {
            throw usage("--api: both sides run on one namespace; side A asks for " + apiA + ", side B for " + apiB);
        }
        return apiA;
    }

    /**
     * Options that harness run cannot parse or refuses fail here, in one line, before any round,
     * and so do those a round here cannot honour: it writes no files of its own and shares this JVM
     * and one broker with the others.
     */
    private RunPlan check(String option, List<String> side) {
        List<String> args = new ArrayList<>(side);
        args.addAll(RunPlan.passedOn(spec));
        String prefix = option + " (with the common options): ";
        try {
            CommandLine.ParseResult given = RunPlan.given(args);
            if (Stream.of("--slo", "--slo-abort", "--junit").anyMatch(given::hasMatchedOption)) {
                throw usage(prefix + "--slo, --slo-abort and --junit: give them to harness ab itself, each term with"
                        + " its side ('B.response.p99 <= 1.1 * A.response.p99'), judged on whole sides");
            }
            Stream.concat(Stream.of("--hlog", "--json", "--report", "--events", "--metrics", "--gc-inject", "--start-at",
                    "--kill-broker-at", "--shard"), RunCommand.INTERNAL_OPTIONS.stream()).filter(given::hasMatchedOption)
                    .findFirst().ifPresent(refused -> {
                        throw usage(prefix + refused + ": not for harness ab, whose rounds run in one process against"
                                + " one broker and write no files of their own");
                    });
            return RunPlan.parse(args);
        } catch (ParameterException e) {
            throw e.getCommandLine() == spec.commandLine() ? e : usage(prefix + Harness.oneLine(e));
        } catch (SettingsException e) {
            throw usage(prefix + e.getMessage());
        }
    }

    /** A side's options as one string, split as a shell would split simple words and quotes. */
    private List<String> tokens(String option, String value) {
        List<String> out;
        try {
            out = ShellWords.split(value);
        } catch (IllegalArgumentException e) {
            throw usage(option + ": " + e.getMessage() + " in '" + value + "'");
        }
        if (out.isEmpty()) {
            throw usage(option + ": expected harness run options, e.g. \"--syncpoint 10\"");
        }
        // A profile by its path: picocli would expand "@file" in ab's own arguments, so the @ is added here.
        out.replaceAll(t -> t.endsWith(".args") && !t.startsWith("-") && !t.startsWith("@") ? "@" + t : t);
        return out;
    }

    private ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
