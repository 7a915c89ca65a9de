package dev.harness.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import dev.harness.core.FileErrors;
import dev.harness.core.jms.EmbeddedArtemis;
import dev.harness.core.jms.Errors;
import dev.harness.core.jms.UnreachableException;
import dev.harness.core.report.AbReport;
import dev.harness.core.run.ClosedLoop;
import dev.harness.core.report.HlogRun;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Unmatched;

@Command(name = "ab", mixinStandardHelpOptions = true, sortOptions = false, usageHelpAutoWidth = true,
        description = {
            "Runs two configurations against the same broker in alternating rounds (A B A B ...), so that drift hits"
                    + " both alike, then prints them side by side: throughput and response percentiles, the ratio B/A,"
                    + " the spread over rounds, and which differences are larger than that spread.",
            "Any other option is a harness run option common to both sides, e.g.:",
            "  harness ab --a \"--syncpoint 10\" --b \"--syncpoint 0\" --rounds 3 --persistent --rate max --duration 20s",
            "A side may name a profile by its path: --a config/put-persistent-syncpoint-10.args (common options override it).",
            "Without --url or --provider, one embedded broker serves every round."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:every round ran", "2:bad option value", "3:cannot reach the broker, or it refused the login",
            "4:a round failed", "6:the comparison was printed, but --report could not be written",
            "130:interrupted with Ctrl-C (the whole pairs of rounds done are compared)"})
final class AbCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--a", required = true, paramLabel = "\"OPTIONS\"", description = "harness run options of side A.")
    String a;

    @Option(names = "--b", required = true, paramLabel = "\"OPTIONS\"", description = "harness run options of side B.")
    String b;

    @Option(names = "--rounds", defaultValue = "3", paramLabel = "N", description = "Rounds of each side. Default: ${DEFAULT-VALUE}.")
    int rounds;

    @Option(names = "--report", defaultValue = "ab.html", paramLabel = "FILE.html",
            description = "The HTML comparison: both response curves on one chart, and the table. Default: ${DEFAULT-VALUE}.")
    Path report;

    @Unmatched
    List<String> common = new ArrayList<>();

    private volatile boolean interrupted;

    @Override
    public Integer call() throws Exception {
        if (rounds < 1 || rounds > 100) {
            throw usage("--rounds: expected 1 to 100, got " + rounds);
        }
        String problem = FileErrors.unwritable(report);
        if (problem != null) {
            throw usage("--report " + report + ": cannot write the file: " + problem);
        }
        List<String> sideA = tokens("--a", a);
        List<String> sideB = tokens("--b", b);
        // One embedded broker for every round, unless the options (a profile's too) name a system to drive.
        RunCommand runA = check("--a", sideA);
        RunCommand runB = check("--b", sideB);
        boolean ownBroker = runA.target.kind() == ProviderOptions.Kind.EMBEDDED
                & runB.target.kind() == ProviderOptions.Kind.EMBEDDED;
        Path work = Files.createTempDirectory("harness-ab-");
        EmbeddedArtemis broker = null;
        // Ctrl-C: the round under way stops (its own guard) and is left out; the rounds done are tabulated.
        try (InterruptGuard guard = new InterruptGuard(() -> interrupted = true)) {
            List<String> base = new ArrayList<>(common);
            if (ownBroker) {
                try {
                    broker = EmbeddedArtemis.startTemporary();
                } catch (Exception e) {
                    throw new UnreachableException("cannot start the embedded broker: " + Errors.oneLine(e), e);
                }
                base.addAll(List.of("--url", broker.url()));
                System.out.println("harness ab: one embedded broker for every round at " + broker.url());
            }
            List<AbReport.Round> roundsA = new ArrayList<>();
            List<AbReport.Round> roundsB = new ArrayList<>();
            rounds:
            for (int round = 1; round <= rounds; round++) {
                for (String side : List.of("A", "B")) {
                    if (interrupted) {
                        break rounds;
                    }
                    List<String> options = side.equals("A") ? sideA : sideB;
                    Path json = work.resolve(side + round + ".json");
                    Path hlog = work.resolve(side + round + ".hlog");
                    // The common options last, so they override a side's profile (a shorter --duration, say).
                    List<String> args = new ArrayList<>(List.of("run", "--quiet"));
                    args.addAll(options);
                    args.addAll(base);
                    args.addAll(List.of("--json", json.toString(), "--hlog", hlog.toString()));
                    int code = Harness.commandLine().execute(args.toArray(String[]::new));
                    if (interrupted) {
                        break rounds; // this round was cut short: not a round
                    }
                    if (code != ExitCode.OK) {
                        // The round said why, in its own line; this one says which round.
                        String line = "round " + round + " of side " + side + " (" + String.join(" ", options)
                                + ") ended with exit code " + code + "; no comparison";
                        throw code == ExitCode.USAGE ? usage(line)
                                : code == ExitCode.UNREACHABLE ? new UnreachableException(line, null)
                                : new Failure.DuringRun(line);
                    }
                    AbReport.Round result = new AbReport.Round(achievedRate(json), HlogRun.read(hlog).measured("response"));
                    (side.equals("A") ? roundsA : roundsB).add(result);
                    boolean closedLoop = (side.equals("A") ? runA : runB).rate == 0;
                    System.out.printf("round %d, %s (%s): %,.0f msg/s, %s p99 %.3f ms%n", round, side,
                            String.join(" ", options), result.achievedRate(), closedLoop ? ClosedLoop.LABEL : "response",
                            result.response().getValueAtPercentile(99) / 1e6);
                }
            }
            // Whole pairs only, so that drift hits both sides alike.
            int pairs = Math.min(roundsA.size(), roundsB.size());
            if (pairs == 0) {
                throw new Failure.Interrupted("interrupted before a pair of rounds was done; no comparison");
            }
            AbReport ab = new AbReport(
                    new AbReport.Side("A", String.join(" ", sideA), roundsA.subList(0, pairs), runA.rate == 0),
                    new AbReport.Side("B", String.join(" ", sideB), roundsB.subList(0, pairs), runB.rate == 0));
            if (interrupted) {
                System.out.println("\ninterrupted: " + pairs + " whole pair(s) of rounds of " + rounds + " compared");
            }
            System.out.println();
            System.out.print(ab.table());
            try {
                ab.writeHtml(report);
            } catch (IOException e) {
                throw new Failure.OutputNotWritten("--report " + report + ": cannot write the file: " + FileErrors.describe(e));
            }
            System.out.println("\ncomparison: " + report);
            if (interrupted) {
                throw new Failure.Interrupted("interrupted: " + pairs + " whole pair(s) of rounds compared");
            }
            return ExitCode.OK;
        } finally {
            if (broker != null) {
                broker.close();
            }
            deleteQuietly(work);
        }
    }

    private static final Pattern ACHIEVED = Pattern.compile("\"achievedRate\": ([0-9.eE+-]+)");

    /** The summary's cumulative rate after warmup, from the run's own JSON. */
    private static double achievedRate(Path json) throws IOException {
        Matcher m = ACHIEVED.matcher(Files.readString(json));
        return m.find() ? Double.parseDouble(m.group(1)) : 0;
    }

    /** Options that harness run cannot parse fail here, in one line, before any round. */
    private RunCommand check(String option, List<String> side) {
        List<String> args = new ArrayList<>(side);
        args.addAll(common);
        RunCommand command = new RunCommand();
        CommandLine run = new CommandLine(command);
        run.setOverwrittenOptionsAllowed(true);
        try {
            run.parseArgs(args.toArray(String[]::new));
        } catch (ParameterException e) {
            throw usage(option + " (with the common options): " + e.getMessage());
        }
        return command;
    }

    /** A side's options as one string, split as a shell would split simple words and quotes. */
    private List<String> tokens(String option, String value) {
        List<String> out = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        char quote = 0;
        boolean inToken = false;
        for (char c : value.toCharArray()) {
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else {
                    current.append(c);
                }
            } else if (c == '"' || c == '\'') {
                quote = c;
                inToken = true;
            } else if (Character.isWhitespace(c)) {
                if (inToken) {
                    out.add(current.toString());
                    current.setLength(0);
                    inToken = false;
                }
            } else {
                current.append(c);
                inToken = true;
            }
        }
        if (quote != 0) {
            throw usage(option + ": unbalanced quote in '" + value + "'");
        }
        if (inToken) {
            out.add(current.toString());
        }
        if (out.isEmpty()) {
            throw usage(option + ": expected harness run options, e.g. \"--syncpoint 10\"");
        }
        // A profile by its path: picocli would expand "@file" in ab's own arguments, so the @ is added here.
        out.replaceAll(t -> t.endsWith(".args") && !t.startsWith("-") && !t.startsWith("@") ? "@" + t : t);
        return out;
    }

    private static void deleteQuietly(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // Temporary files left behind.
        }
    }

    private ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
