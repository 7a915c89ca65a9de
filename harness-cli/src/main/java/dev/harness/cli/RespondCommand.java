package dev.harness.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;

import javax.jms.JMSException;

import dev.harness.core.jms.Provider;
import dev.harness.core.jms.UnreachableException;
import dev.harness.core.run.RespondRun;
import dev.harness.core.run.RunControl;
import dev.harness.core.workload.ResponderPool;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** Responders only, in a process of their own (another JVM or host), for harness run --workload reqresp --responders 0. */
@Command(name = "respond", mixinStandardHelpOptions = true, sortOptions = false, usageHelpAutoWidth = true,
        description = {"Answers requests, as a responder pool in a process of its own.",
            "Gets each request from the request queues and puts a reply of the same size on the queue it names,",
            "correlation id = request message id. Runs until Ctrl-C, SIGTERM or --duration."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:stopped", "2:bad option value", "3:cannot reach the broker", "4:the broker failed"})
final class RespondCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--responders", defaultValue = "10", description = "Responder threads, spread over the request queues. Default: ${DEFAULT-VALUE}.")
    int responders;

    @Option(names = "--queues", defaultValue = "10", description = "Request queues. Default: ${DEFAULT-VALUE}.")
    int queues;

    @Option(names = "--request-prefix", defaultValue = "REQUEST", paramLabel = "P", description = "Request queues are P1 .. PN. Default: ${DEFAULT-VALUE}.")
    String requestPrefix;

    @Option(names = "--syncpoint", defaultValue = "1", paramLabel = "N",
            description = "0: outside syncpoint; otherwise each get and its reply are committed together. Default: ${DEFAULT-VALUE}.")
    int syncpoint;

    @Option(names = "--size", defaultValue = "2KiB", converter = Values.Size.class, paramLabel = "SIZE",
            description = "Usual request size (larger ones are answered too). Default: ${DEFAULT-VALUE}.")
    int sizeBytes;

    @Option(names = "--duration", defaultValue = "0s", converter = Values.Duration.class, paramLabel = "DURATION",
            description = "How long to answer; 0s = until stopped. Default: ${DEFAULT-VALUE}.")
    long durationNs;

    @Option(names = "--interval", defaultValue = "1s", converter = Values.Duration.class, paramLabel = "DURATION",
            description = "Reporting interval. Default: ${DEFAULT-VALUE}.")
    long intervalNs;

    @Option(names = "--reconnect-timeout", defaultValue = "30s", converter = Values.Duration.class, paramLabel = "DURATION",
            description = "A responder whose connection drops connects again, backing off from 100ms to 1s, for at most this"
                    + " long; 0s: a lost connection stops harness respond at once. Default: ${DEFAULT-VALUE}.")
    long reconnectTimeoutNs;

    @Option(names = "--hlog", paramLabel = "FILE", description = "HdrHistogram log of get-to-commit times (ns), tag responder.")
    Path hlog;

    @Mixin
    ProviderOptions target;

    @Override
    public Integer call() {
        if (target.kind().equals("embedded")) {
            throw usage("--url: harness respond answers requests on an existing broker; give its tcp://HOST:PORT"
                    + " (or --provider ibmmq, --provider jndi)");
        }
        if (responders < 1 || responders > 10_000 || queues < 1 || queues > 1_000) {
            throw usage("--responders: expected 1 to 10000, --queues: 1 to 1000");
        }
        if (syncpoint != 0 && syncpoint != 1) {
            throw usage("--syncpoint: expected 0 (outside syncpoint) or 1 (each get committed with its reply), got " + syncpoint);
        }
        if (reconnectTimeoutNs > RunCommand.MAX_RECONNECT_NS) {
            throw usage("--reconnect-timeout: expected at most 1h");
        }
        if (durationNs < 0 || intervalNs < 100_000_000L) {
            throw usage("--interval: expected at least 100ms; --duration: 0s or more");
        }
        if (sizeBytes < 1 || sizeBytes > RunCommand.MAX_SIZE_BYTES) {
            throw usage("--size: expected 1 byte to 100MiB");
        }
        if (requestPrefix.isBlank()) {
            throw usage("--request-prefix: expected a non-empty prefix");
        }
        String problem = hlog == null ? null : FileErrors.unwritable(hlog);
        if (problem != null) {
            throw usage("--hlog " + hlog + ": cannot write the file: " + problem);
        }
        RunControl control = new RunControl();
        try (InterruptGuard guard = new InterruptGuard(() -> control.requestStop("interrupted"));
                Provider provider = target.open();
                ResponderPool pool = new ResponderPool(responders, queues, requestPrefix, syncpoint, sizeBytes, control, 0)) {
            try {
                pool.open(provider, reconnectTimeoutNs);
            } catch (JMSException e) {
                throw new UnreachableException("cannot reach " + provider.target() + ": " + provider.explain(e), e);
            }
            System.out.println("harness respond: " + responders + " responders on " + requestPrefix + "1.." + queues
                    + " at " + provider.target());
            try {
                new RespondRun(pool, control, intervalNs).run(durationNs, System.out, hlog);
            } catch (JMSException e) {
                throw new UnreachableException("cannot start the responders at " + provider.target() + ": "
                        + provider.explain(e), e);
            }
            if (control.failure() != null) {
                System.err.println("harness respond: the broker failed: " + control.failure());
                return ExitCode.FAILED_DURING_RUN;
            }
            return ExitCode.OK;
        } catch (UnreachableException e) {
            System.err.println("harness respond: " + e.getMessage());
            return ExitCode.UNREACHABLE;
        } catch (IOException e) {
            System.err.println("harness respond: --hlog " + hlog + ": " + FileErrors.describe(e));
            return ExitCode.USAGE;
        }
    }

    private ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
