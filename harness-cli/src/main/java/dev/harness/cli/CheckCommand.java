package dev.harness.cli;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import dev.harness.core.findings.Reading;
import dev.harness.core.findings.Validity;
import dev.harness.core.hlog.BadHlogException;
import dev.harness.core.hlog.HlogRun;
import dev.harness.core.report.ConsoleReporter;
import dev.harness.core.report.RunJson;
import dev.harness.core.slo.LogFigures;
import dev.harness.core.slo.Objectives;
import dev.harness.core.slo.Verdict;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** The verdict of a finished run, or of several hosts' runs merged, from its hlog: the same code as run's. */
@Command(name = "check", mixinStandardHelpOptions = true, sortOptions = false, usageHelpAutoWidth = true,
        modelTransformer = CheckCommand.SloRequired.class,
        description = {
            "Judges service-level objectives on a finished run from its hlog (harness run --hlog), or on several hosts'"
                    + " runs from their merged hlog (harness merge --out): the measured phase's histograms, its windows,"
                    + " rate and target. What only the JSON carries (unsent, lost, late, duplicates, in-doubt, outage)"
                    + " comes from the runs' --json files, summed (outage: the longest).",
            "  harness check merged.hlog --json a.json --json b.json --slo 'response.p99.9 < 200ms' --slo 'lost == 0'"},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:every objective met",
            "2:a bad objective, hlog or JSON, a JSON not of the hlog's run(s), an objective that needs the JSON without one, or"
                    + " an unwritable --junit",
            "4:a --json run did not complete: the broker failed during it or lost committed persistent messages",
            "5:an objective was not met, or a --json run was NOT VALID (--slo-allow-invalid judges it anyway)",
            "6:every objective met, but --junit could not be written",
            "130:a --json run was interrupted (Ctrl-C): its verdict is printed, the run's own code kept"})
final class CheckCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE.hlog", description = "The run's hlog, or a merged one.")
    Path hlog;

    @Option(names = "--json", paramLabel = "FILE.json",
            description = "The run's --json (repeatable: one per host of a merged log), for unsent, lost, late, duplicates,"
                    + " in-doubt and outage.")
    List<Path> json = new ArrayList<>();

    @Mixin
    ObjectiveOptions objectives;

    @Override
    public Integer call() {
        objectives.check(spec);
        List<RunJson> runs = json.stream().map(file -> RunJson.read("--json", file)).toList();
        HlogRun log;
        try {
            log = HlogRun.read(hlog);
        } catch (BadHlogException e) {
            throw usage(e.getMessage());
        }
        RunJson.requireOf("--json", log, runs);
        Objectives judged = LogFigures.objectives(objectives.slo, log, runs);
        // Each run's validity as it read itself; a merged log's is every host's.
        Validity validity = Validity.VALID;
        for (RunJson run : runs) {
            validity = validity.plus(run.reading().validity(), runs.size() == 1 ? "" : run.file().getFileName() + ": ");
        }
        // Without its --json, what the hlog's send-lag tells: the schedule kept or not.
        Validity fromLog = runs.isEmpty() ? Reading.ofLog(log) : null;
        if (fromLog != null) {
            validity = fromLog;
        }
        Verdict verdict = LogFigures.verdict(judged, log, runs).gated(validity, objectives.allowInvalid);
        System.out.println("harness check " + hlog + ": " + log.title());
        if (runs.isEmpty() && fromLog == null) {
            System.out.println("validity: not known from an hlog alone; give the run's --json to check it too");
        } else if (runs.isEmpty()) {
            System.out.println("validity, as far as the hlog's send-lag tells (the schedule kept; " + Reading.NOT_FROM_HLOG
                    + " need the run's --json): " + (validity.valid() ? "VALID" : "NOT VALID: "
                    + String.join("; ", validity.reasons().stream().map(r -> r.line()).toList())));
        } else {
            System.out.println(validity.valid() ? "validity: VALID" : "validity: NOT VALID: "
                    + String.join("; ", validity.reasons().stream().map(r -> r.line()).toList()));
        }
        ConsoleReporter.verdict(System.out, verdict);
        OutputFiles notWritten = new OutputFiles(spec);
        ObjectiveOptions.writeJunit(objectives.junit, "harness check " + hlog.getFileName(),
                Instant.ofEpochMilli(log.header().startMs()), verdict, notWritten);
        // A gate never hides a broken run: a run that did not complete keeps its own code (4, 130)
        // whatever the verdict, as harness run gave it.
        for (RunJson run : runs) {
            String broken = run.notCompleted();
            if (broken != null) {
                notWritten.say();
                String line = "--json " + run.file() + ": the run did not complete: " + broken;
                throw run.interrupted() && run.totals().failure() == null ? new Failure.Interrupted(line)
                        : new Failure.DuringRun(line);
            }
        }
        // As harness run: the verdict's code first, the file it could not write still said.
        if (!verdict.passed()) {
            notWritten.say();
            throw new Failure.ObjectivesFailed(verdict.failureLine());
        }
        notWritten.throwIfAny();
        return ExitCode.OK;
    }

    /** check judges nothing without an objective: its --slo, shared with run as optional, is required here. */
    static final class SloRequired implements CommandLine.IModelTransformer {
        @Override
        public CommandSpec transform(CommandSpec command) {
            OptionSpec slo = command.findOption("--slo");
            command.remove(slo);
            command.addOption(slo.toBuilder().required(true).build());
            return command;
        }
    }

    private ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
