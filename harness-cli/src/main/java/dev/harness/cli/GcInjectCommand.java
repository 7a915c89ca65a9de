package dev.harness.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;

import dev.harness.agent.GcAgent;
import dev.harness.core.FileErrors;
import dev.harness.core.jms.UnreachableException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

@Command(name = "gc-inject", mixinStandardHelpOptions = true, sortOptions = false, usageHelpAutoWidth = true,
        description = {
            "Loads the GC-injection agent into a running JVM (a broker, a harness respond process, an application)"
                    + " through the Attach API. It allocates in the manner of HeapFragger until that JVM exits, and"
                    + " prints 'pause of N ms at TIME' lines on the JVM's stderr (or to log=FILE).",
            "Options (comma-separated): alloc=MB/s, live=MB, heap=FRACTION|MB, prune=FRACTION, report=MS, log=FILE,"
                    + " delay=S; --options help lists them."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:the agent is loaded",
            "2:bad option value",
            "3:cannot attach to that process (not a JVM, not ours, or gone)",
            "4:the agent did not start there (the line says why), or already runs there"})
final class GcInjectCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--pid", required = true, paramLabel = "PID", description = "The JVM's process id (jps lists them).")
    long pid;

    @Option(names = "--options", defaultValue = "", paramLabel = "OPTIONS",
            description = "The agent's options, e.g. alloc=200,live=256,heap=0.5. Default: the agent's defaults.")
    String options;

    @Override
    public Integer call() throws UnreachableException {
        if (pid <= 0 || pid == ProcessHandle.current().pid()) {
            throw new ParameterException(spec.commandLine(), "--pid: expected another running JVM's process id, got " + pid
                    + " (for this harness's own JVM, use harness run --gc-inject)");
        }
        try {
            GcAgent.checkOptions(options);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--options: " + e.getMessage());
        }
        AgentJar jar;
        try {
            jar = AgentJar.write();
        } catch (IOException e) {
            // Not the user's input: the temporary directory or this build of the jar.
            throw new IllegalStateException("cannot write the agent's jar to a temporary file: " + FileErrors.describe(e), e);
        }
        String[] status;
        try {
            status = Attacher.load(pid, jar.path().toString(), absoluteLog(options), GcAgent.STATUS_PROPERTY);
        } catch (Attacher.AttachFailure e) {
            if (e.unreachable) {
                throw new UnreachableException(e.getMessage(), e);
            }
            throw new Failure.DuringRun(e.getMessage());
        } finally {
            jar.discard(); // that JVM opened it (or never will): a copy of this run's own goes
        }
        if ("running".equals(status[0])) {
            throw new Failure.DuringRun("the agent already runs in process " + pid
                    + " (loaded earlier); its options cannot be changed until that JVM restarts");
        }
        if (!"running".equals(status[1])) {
            throw new Failure.DuringRun("the agent did not start in process " + pid + ": "
                    + (status[1] == null ? "no word from it" : status[1].replaceFirst("^not started: ", "")));
        }
        System.out.println("harness gc-inject: agent running in process " + pid + (options.isEmpty() ? "" : " with "
                + options) + "; its lines go to that JVM's stderr" + (options.contains("log=") ? " or its log file" : ""));
        return ExitCode.OK;
    }

    /** A relative log= would land in the other JVM's working directory, not the user's. */
    static String absoluteLog(String options) {
        StringBuilder out = new StringBuilder();
        for (String part : options.split(",", -1)) {
            if (out.length() > 0) {
                out.append(',');
            }
            out.append(part.startsWith("log=") && !part.substring(4).isEmpty()
                    ? "log=" + Path.of(part.substring(4)).toAbsolutePath() : part);
        }
        return out.toString();
    }
}
