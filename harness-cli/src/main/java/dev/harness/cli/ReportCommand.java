package dev.harness.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import dev.harness.core.FileErrors;
import dev.harness.core.hlog.BadHlogException;
import dev.harness.core.hlog.HlogRun;
import dev.harness.core.report.HtmlReport;
import dev.harness.core.report.RunJson;
import dev.harness.core.report.RunOutcome;
import dev.harness.core.report.SweepJson;
import dev.harness.core.report.SweepReport;
import dev.harness.core.study.SweepResult;
import dev.harness.core.SettingsException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

@Command(name = "report", mixinStandardHelpOptions = true, sortOptions = false, usageHelpAutoWidth = true,
        description = {
            "Writes one self-contained HTML report of a run from its hlog (harness run --hlog, or harness merge --out):"
                    + " percentile curves of every view, throughput and latency over time, the summary table.",
            "Beside it: NAME.<view>.hgrm percentile files (HdrHistogram's format) and NAME.csv, the per-interval series.",
            "Given a sweep's --json (harness sweep), writes its curve instead; given two, draws both on one chart, labelled:"
                    + " harness report after.json before.json --out compare.html"},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:written", "2:unreadable hlog or --json, or unwritable output"})
final class ReportCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..2", paramLabel = "FILE", description = "The run's HdrHistogram log; or one or two sweeps' --json.")
    List<Path> inputs;

    @Option(names = "--out", required = true, paramLabel = "FILE.html", description = "The HTML file to write.")
    Path out;

    @Option(names = "--json", paramLabel = "FILE.json",
            description = "The run's --json: the verdict on its objectives (--slo) at the top of the report, and its"
                    + " delivery and outage figures, which the hlog does not carry.")
    Path json;

    @Override
    public Integer call() {
        String problem = FileErrors.unwritable(out);
        if (problem != null) {
            throw new ParameterException(spec.commandLine(), "--out " + out + ": cannot write the file: " + problem);
        }
        Path hlog = inputs.get(0);
        if (SweepJson.is(hlog)) {
            return sweeps();
        }
        if (inputs.size() > 1) {
            throw new ParameterException(spec.commandLine(), inputs.get(1) + ": a second file is for comparing two sweeps'"
                    + " --json; " + hlog + " is no sweep's");
        }
        HlogRun run;
        try {
            run = HlogRun.read(hlog);
        } catch (BadHlogException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        RunOutcome outcome = json == null ? null : RunJson.read("--json", json).outcome();
        try {
            List<Path> files = HtmlReport.write(run, outcome, out);
            System.out.println("harness report: wrote " + String.join(", ", files.stream().map(Path::toString).toList()));
            return ExitCode.OK;
        } catch (IOException e) {
            throw new ParameterException(spec.commandLine(), "--out " + out + ": cannot write: " + FileErrors.describe(e));
        }
    }

    /** One sweep's curve, or two on one chart. */
    private int sweeps() {
        if (json != null) {
            throw new ParameterException(spec.commandLine(), "--json: is a run's, for its hlog; a sweep's JSON holds its own figures");
        }
        try {
            SweepResult main = SweepJson.read("report", inputs.get(0));
            SweepResult other = inputs.size() > 1 ? SweepJson.read("report", inputs.get(1)) : null;
            if (other != null && !other.unit().equals(main.unit())) {
                throw new ParameterException(spec.commandLine(), inputs.get(1) + ": its rates are " + other.unit() + ", "
                        + inputs.get(0) + "'s " + main.unit() + "; one chart compares sweeps of one unit");
            }
            SweepReport.writeHtml(out, main, other);
            System.out.println("harness report: wrote " + out);
            return ExitCode.OK;
        } catch (SettingsException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        } catch (IOException e) {
            throw new ParameterException(spec.commandLine(), "--out " + out + ": cannot write: " + FileErrors.describe(e));
        }
    }
}
