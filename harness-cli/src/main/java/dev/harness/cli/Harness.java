package dev.harness.cli;

import java.io.PrintWriter;
import java.util.List;

import dev.harness.core.host.Environment;
import dev.harness.core.jms.Api;
import dev.harness.core.jms.ProviderKinds;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.Spec;
import picocli.CommandLine.UnmatchedArgumentException;

/** The harness command: parses, wires, and leaves the work to harness-core. */
@Command(name = "harness",
        mixinStandardHelpOptions = true,
        versionProvider = Harness.Version.class,
        description = "A load harness for messaging systems that tells the truth about latency.",
        subcommands = {RunCommand.class, RespondCommand.class, DrainCommand.class, BrokerCommand.class, BenchCommand.class, LogdiskCommand.class,
            GcInjectCommand.class, ProbeCommand.class, ReportCommand.class, MergeCommand.class, CheckCommand.class, AbCommand.class, SweepCommand.class,
            RestartStudyCommand.class, K8sCommand.class, VerifyCommand.class,
            CommandLine.HelpCommand.class})
public final class Harness implements Runnable {
    @Spec
    CommandSpec spec;

    public static void main(String[] args) {
        System.exit(execute(args));
    }

    /** Runs one command line and returns its exit code; public for {@link ApiJar}'s hand-over. */
    public static int execute(String... args) {
        CommandLine cl = commandLine();
        // A kind registered on HARNESS_CLASSPATH that this jar cannot load: said, and the rest works.
        ProviderKinds.skipped().forEach(note -> cl.getErr().println("harness: " + note));
        cl.getErr().flush();
        int code = cl.execute(args);
        // Here, not in main: a command handed to the other API's jar runs this method of that
        // jar's classes, whose guards this jar's classes cannot release.
        InterruptGuard.commandReturned();
        return code;
    }

    /**
     * A command for the other namespace runs in the jar built for it; this jar runs the rest. The
     * choice is made on the parsed options, before the command does anything.
     */
    private static int inItsJar(ParseResult parsed) {
        ParseResult leaf = parsed;
        while (leaf.hasSubcommand()) {
            leaf = leaf.subcommand();
        }
        if (leaf.commandSpec().userObject() instanceof UsesApi command && !leaf.isUsageHelpRequested()
                && !leaf.isVersionHelpRequested()) {
            CommandLine cl = leaf.commandSpec().commandLine();
            ApiJar.refuseClientsOnClassPath(message -> new ParameterException(cl, message));
            Api api = command.api();
            if (api != Api.current()) {
                return ApiJar.execute(api, parsed.originalArgs().toArray(String[]::new), message -> new ParameterException(cl, message));
            }
        }
        return new CommandLine.RunLast().execute(parsed);
    }

    static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new Harness());
        // Profiles in config/ are @files; options after one override it, so the last one wins.
        cl.setOverwrittenOptionsAllowed(true);
        cl.setParameterExceptionHandler(ONE_LINE_USAGE_ERROR);
        cl.setExecutionExceptionHandler(ONE_LINE_FAILURE);
        cl.setExitCodeExceptionMapper(ExitCode.MAPPER);
        cl.setExecutionStrategy(Harness::inItsJar);
        OptionGroups.install(cl);
        return cl;
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** Bad input: one line naming the option and what it expects, exit code 2. */
    static final IParameterExceptionHandler ONE_LINE_USAGE_ERROR = (e, args) -> {
        CommandLine cl = e.getCommandLine();
        PrintWriter err = cl.getErr();
        err.println(usageLine(cl, oneLine(e)));
        err.flush();
        return exitCode(cl, e);
    };

    /** Suggestions for a mistyped option, at most this many. */
    private static final int SUGGESTIONS = 3;

    /**
     * What bad input says, in one line: picocli's message, a duration without its unit named with
     * its option and an example, and an unknown option followed by the ones it may have meant.
     * Also for the run options that ab and k8s parse with run's code.
     */
    static String oneLine(ParameterException e) {
        if (e.getCause() instanceof Values.NoUnit noUnit && e.getArgSpec() instanceof OptionSpec option) {
            return Values.noUnit(option.longestName(), noUnit);
        }
        if (e instanceof UnmatchedArgumentException unmatched && unmatched.isUnknownOption()) {
            List<String> meant = unmatched.getSuggestions();
            if (!meant.isEmpty()) {
                return e.getMessage() + "; did you mean " + Values.either(meant.subList(0, Math.min(SUGGESTIONS,
                        meant.size()))) + "?";
            }
        }
        return e.getMessage();
    }

    /**
     * Every failure a command throws: one line after the command's name, and the code of the one
     * map ({@link ExitCode#of}). A bug is still one line first; its stack trace only with
     * HARNESS_DEBUG set.
     */
    static final IExecutionExceptionHandler ONE_LINE_FAILURE = (e, cl, parsed) -> {
        int code = exitCode(cl, e);
        PrintWriter err = cl.getErr();
        String name = cl.getCommandSpec().qualifiedName();
        if (code == ExitCode.INTERNAL) {
            err.println(name + ": internal error: " + e
                    + (System.getenv("HARNESS_DEBUG") == null ? " (set HARNESS_DEBUG=1 for the stack trace)" : ""));
            if (System.getenv("HARNESS_DEBUG") != null) {
                e.printStackTrace(err);
            }
        } else if (code == ExitCode.USAGE) {
            err.println(usageLine(cl, e.getMessage()));
        } else {
            err.println(name + ": " + e.getMessage());
        }
        err.flush();
        return code;
    };

    private static String usageLine(CommandLine cl, String message) {
        String name = cl.getCommandSpec().qualifiedName();
        return name + ": " + message + " (see " + name + " --help)";
    }

    private static int exitCode(CommandLine cl, Exception e) {
        return cl.getExitCodeExceptionMapper() != null ? cl.getExitCodeExceptionMapper().getExitCode(e) : ExitCode.of(e);
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"harness " + Environment.harnessVersion()};
        }
    }
}
