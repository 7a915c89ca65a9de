package dev.harness.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import dev.harness.core.jms.Api;
import dev.harness.core.jms.Provider;
import dev.harness.core.jms.UnreachableException;
import dev.harness.core.report.DrainJson;
import dev.harness.core.run.RunControl;
import dev.harness.core.workload.DrainRun;
import dev.harness.core.workload.DrainSettings;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** Consume-only: empties queues that an application (or a produce-only run) filled, and times it. */
@Command(name = "drain", mixinStandardHelpOptions = true, sortOptions = false, usageHelpAutoWidth = true,
        defaultValueProvider = Defaults.class,
        description = {"Empties the queues you name, whoever filled them, and says how fast and how old their messages were.",
            "The one mode of the harness that takes messages it did not send: only from the queues given with --queue.",
            "Runs until the queues are empty, for --duration, or for --count messages, whichever comes first. A message's"
                    + " age is this host's clock less its JMSTimestamp, the producer's clock."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:the queues were emptied, or --duration or --count was reached",
            "2:bad option value, or a queue that does not exist", "3:cannot reach the broker, or it refused the login",
            "4:the broker failed during the drain (what was taken is reported)", "6:drained, but --json could not be written",
            "130:stopped with Ctrl-C (the summary is printed)", "143:stopped with SIGTERM (as Ctrl-C)"})
final class DrainCommand implements Callable<Integer>, UsesApi {
    @Spec
    CommandSpec spec;

    @Option(names = "--queue", required = true, paramLabel = "NAME",
            description = "A queue to empty; repeat it for more. Every message on it is taken.")
    List<String> queues;

    @Option(names = "--consumers", paramLabel = "N", defaultValue = "" + DrainSettings.DEFAULT_CONSUMERS,
            description = "Consumers per queue, each on a connection of its own. Default: ${DEFAULT-VALUE}.")
    int consumers;

    @Option(names = "--syncpoint", paramLabel = "N", defaultValue = "0",
            description = "0: each get acknowledged by itself; N: transacted gets, committed every N. Default: ${DEFAULT-VALUE}.")
    int syncpoint;

    @Option(names = "--ack", paramLabel = "auto|client|dups-ok|transacted[:N]",
            description = "Outside syncpoint, how the consumers acknowledge what they get: auto (default), client (each"
                    + " message once handled: its age taken), dups-ok (lazily) or transacted[:N] (as --syncpoint N).")
    String ack;

    @Option(names = "--duration", defaultValue = "0s", converter = Values.Duration.class, paramLabel = "DURATION",
            description = "Stop after this long; 0s = no limit. Default: ${DEFAULT-VALUE}.")
    long durationNs;

    @Option(names = "--count", defaultValue = "0", paramLabel = "N",
            description = "Stop after N messages (over all queues); 0 = no limit. Default: ${DEFAULT-VALUE}.")
    long count;

    @Option(names = "--empty-after", defaultValue = "1s", converter = Values.Duration.class, paramLabel = "DURATION",
            description = "The queues count as empty once no message came for this long; 0s = never (with --duration or"
                    + " --count). Default: ${DEFAULT-VALUE}.")
    long emptyAfterNs;

    @Option(names = "--interval", defaultValue = "1s", converter = Values.Duration.class, paramLabel = "DURATION",
            description = "Reporting interval. Default: ${DEFAULT-VALUE}.")
    long intervalNs;

    @Option(names = "--json", paramLabel = "FILE", description = "Write what was taken, how fast and how old, as JSON.")
    Path json;

    @Mixin
    ProviderOptions target;

    @Override
    public Api api() {
        return target.api();
    }

    @Override
    public Integer call() throws UnreachableException {
        if (target.kind().ownBroker()) {
            throw usage("--url: harness drain empties queues of an existing broker; give its tcp://HOST:PORT"
                    + " (or --provider ibmmq, --provider jndi)");
        }
        DrainSettings settings = new DrainSettings(queues, consumers, DrainSettings.receiving(ack, syncpoint), durationNs, count, emptyAfterNs, intervalNs);
        OutputFiles.checkWritable(spec, "--json", json);
        OutputFiles notWritten = new OutputFiles(spec);
        RunControl control = new RunControl();
        DrainRun.Result result;
        try (InterruptGuard guard = new InterruptGuard(() -> control.requestStop(RunControl.INTERRUPTED));
                Provider provider = target.open()) {
            result = new DrainRun(settings, control).run(provider, System.out);
            // Within the guard: Ctrl-C waits for the summary and the file.
            DrainRun.summary(result, System.out);
            if (json != null) {
                try {
                    DrainJson.write(result, json);
                    System.out.println("json: " + json);
                } catch (IOException e) {
                    notWritten.failed("--json", json, e);
                }
            }
        }
        // As harness run: the broker's failure is the code, the file not written still said.
        if (result.failure() != null) {
            notWritten.say();
            throw new Failure.DuringRun("the broker failed: " + result.failure());
        }
        notWritten.throwIfAny();
        return ExitCode.OK;
    }

    private ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
