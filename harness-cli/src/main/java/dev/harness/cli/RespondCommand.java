package dev.harness.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import javax.jms.JMSException;

import dev.harness.core.EventsFile;
import dev.harness.core.FileErrors;
import dev.harness.core.jms.Api;
import dev.harness.core.jms.Provider;
import dev.harness.core.jms.UnreachableException;
import dev.harness.core.run.RunControl;
import dev.harness.core.SettingsException;
import dev.harness.core.workload.QueueClaim;
import dev.harness.core.workload.Receiving;
import dev.harness.core.workload.ReqRespSettings;
import dev.harness.core.workload.RespondRun;
import dev.harness.core.workload.RespondSettings;
import dev.harness.core.workload.ResponderPool;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** Responders only, in a process of their own (another JVM or host), for harness run --workload reqresp --responders 0. */
@Command(name = "respond", mixinStandardHelpOptions = true, sortOptions = false, usageHelpAutoWidth = true,
        defaultValueProvider = Defaults.class,
        description = {"Answers requests, as a responder pool in a process of its own.",
            "Gets each request a harness sent from the request queues (messages of others stay there, unless --purge",
            "removes them first) and puts a reply of the same size on the queue it names, correlation id = request",
            "message id. Runs until Ctrl-C, SIGTERM or --duration."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:--duration ended", "2:bad option value or file", "3:cannot reach the broker, or it refused the login",
            "4:the broker failed", "6:stopped, but --events could not be written to the end",
            "130:stopped with Ctrl-C (the summary is printed)", "143:stopped with SIGTERM (as Ctrl-C)"})
final class RespondCommand implements Callable<Integer>, UsesApi {
    @Spec
    CommandSpec spec;

    @Option(names = "--responders", description = "Responder threads, spread over the request queues. Default: ${DEFAULT-VALUE}.")
    int responders;

    @Option(names = "--queues", defaultValue = "" + ReqRespSettings.DEFAULT_QUEUES, description = "Request queues. Default: ${DEFAULT-VALUE}.")
    int queues;

    @Option(names = "--request-prefix", defaultValue = ReqRespSettings.DEFAULT_REQUEST_PREFIX, paramLabel = "P", description = "Request queues are P1 .. PN. Default: ${DEFAULT-VALUE}.")
    String requestPrefix;

    @Option(names = "--syncpoint", defaultValue = "" + ReqRespSettings.DEFAULT_SYNCPOINT, paramLabel = "N",
            description = "0: outside syncpoint; otherwise each get and its reply are committed together. Default: ${DEFAULT-VALUE}.")
    int syncpoint;

    @Option(names = "--size", converter = Values.Size.class, paramLabel = "SIZE",
            description = "Usual request size (larger ones are answered too). Default: ${DEFAULT-VALUE}.")
    int sizeBytes;

    @Option(names = "--duration", defaultValue = "0s", converter = Values.Duration.class, paramLabel = "DURATION",
            description = "How long to answer; 0s = until stopped. Default: ${DEFAULT-VALUE}.")
    long durationNs;

    @Option(names = "--interval", converter = Values.Duration.class, paramLabel = "DURATION",
            description = "Reporting interval. Default: ${DEFAULT-VALUE}.")
    long intervalNs;

    @Option(names = "--reconnect-timeout", converter = Values.Duration.class, paramLabel = "DURATION",
            description = "A responder whose connection drops connects again, backing off from 100ms to 1s, for at most this"
                    + " long; 0s: a lost connection stops harness respond at once. Default: ${DEFAULT-VALUE}.")
    long reconnectTimeoutNs;

    @Option(names = "--consume-delay", converter = Values.Duration.class, paramLabel = "DURATION",
            description = "Each responder takes this long over every request before it replies (5ms), as an application"
                    + " does; the responder view includes it.")
    Long consumeDelayNs;

    @Option(names = "--ack", paramLabel = "auto|client|dups-ok|transacted",
            description = "With --syncpoint 0, how the responders acknowledge the requests they get: auto (default), client"
                    + " (each request once answered), dups-ok (lazily: a request may come twice) or transacted (a commit"
                    + " per get). With --syncpoint 1 each get commits with its reply.")
    String ack;

    @Option(names = "--reply-by", paramLabel = "router|correlation-id|temporary", converter = Values.ReplyByChoice.class,
            description = "How the requesters get their replies, as harness run takes it: every reply already carries"
                    + " what each way needs (to the request's JMSReplyTo, a temporary queue's too, with JMSCorrelationID"
                    + " set to the request's JMSMessageID), so any value is answered; given, the header says which the"
                    + " requesters use.")
    dev.harness.core.workload.ReplyBy replyBy;

    @Option(names = "--receive", paramLabel = "listener|sync",
            description = "How the responders get requests: a message listener (default), or sync, a receive(timeout)"
                    + " loop on a thread and a session per request queue, as an application that polls.")
    String receive;

    @Option(names = "--purge", description = "Before answering, remove every message on the request queues and say how"
            + " many. Needed where no property travels to tell a harness's requests by (IBM MQ with --mq-target-client"
            + " mq): the responders then take every message that reaches those queues.")
    boolean purge;

    @Option(names = "--hlog", paramLabel = "FILE", description = "HdrHistogram log of get-to-commit times (ns), tag responder.")
    Path hlog;

    @Option(names = "--events", paramLabel = "FILE",
            description = "Write events as JSON lines, each flushed: ready once every responder is subscribed, interval,"
                    + " finished (docs/reference/events.md).")
    Path events;

    @Mixin
    ProviderOptions target;

    /** --ack and --receive as a run's responders take them; an explicit --ack in syncpoint only as transacted. */
    private Receiving receiving() {
        Receiving r = Receiving.ofEachGet(ack, receive, "responders (with their replies)");
        if (ack != null && syncpoint > 0 && r.ack() != Receiving.Ack.TRANSACTED) {
            throw usage("--ack: with --syncpoint " + syncpoint + " each get commits with its reply; give --syncpoint 0 to"
                    + " acknowledge the gets otherwise");
        }
        return r;
    }

    @Override
    public Api api() {
        return target.api();
    }

    @Override
    public Integer call() throws UnreachableException {
        if (target.kind().ownBroker()) {
            throw usage("--url: harness respond answers requests on an existing broker; give its tcp://HOST:PORT"
                    + " (or --provider ibmmq, --provider jndi)");
        }
        Receiving receiving = receiving();
        RespondSettings settings = new RespondSettings(responders, queues, requestPrefix, syncpoint, sizeBytes, durationNs,
                intervalNs, reconnectTimeoutNs, consumeDelayNs == null ? 0 : consumeDelayNs, receiving);
        String problem = hlog == null ? null : FileErrors.unwritable(hlog);
        if (problem != null) {
            throw usage("--hlog " + hlog + ": cannot write the file: " + problem);
        }
        problem = events == null ? null : FileErrors.unwritable(events);
        if (problem != null) {
            throw usage("--events " + events + ": cannot write the file: " + problem);
        }
        RunControl control = new RunControl();
        try (InterruptGuard guard = new InterruptGuard(() -> control.requestStop(RunControl.INTERRUPTED));
                Provider provider = target.open();
                ResponderPool pool = new ResponderPool(settings.responders(), settings.queues(), settings.requestPrefix(),
                        settings.syncpoint(), settings.sizeBytes(), control, 0).serviceTime(settings.consumeDelayNs())
                        .receiving(settings.receiving())) {
            List<String> requestQueues = new ArrayList<>();
            for (int q = 1; q <= queues; q++) {
                requestQueues.add(requestPrefix + q);
            }
            String takes;
            try {
                // Before any responder gets: what they may take, and a purge asked for, come first.
                takes = QueueClaim.forResponders(provider, requestQueues, purge);
                pool.open(provider, settings.reconnectTimeoutNs());
            } catch (JMSException e) {
                throw UnreachableException.connecting(provider, e);
            }
            System.out.println("harness respond: " + responders + " responders on " + requestPrefix + "1.." + queues
                    + " at " + provider.target());
            // As run's header says them: which API and which client library answer.
            System.out.println("  api          " + Api.current());
            System.out.println("  client       " + provider.client());
            if (settings.syncpoint() == 0) {
                System.out.println("  receives     " + settings.receiving().describe());
            } else if (settings.receiving().sync()) {
                System.out.println("  receives     " + settings.receiving().how() + "; each get commits with its reply"
                        + " (--syncpoint 1)");
            }
            System.out.println("  replies      to each request's JMSReplyTo, with JMSCorrelationID set to its JMSMessageID:"
                    + " what requesters need whichever way they get replies" + (replyBy == null ? ""
                            : " (--reply-by " + replyBy + ")"));
            if (settings.consumeDelayNs() > 0) {
                System.out.println("  each takes   " + Values.durationText(settings.consumeDelayNs())
                        + " over every request before it replies (--consume-delay)");
            }
            System.out.println("  takes        " + takes);
            EventsFile eventLog = openEvents();
            try (eventLog) {
                new RespondRun(pool, control, settings.intervalNs()).run(settings.durationNs(), System.out, hlog,
                        eventLog);
            } catch (JMSException e) {
                throw new UnreachableException("cannot start the responders at " + provider.target() + ": "
                        + provider.explain(e), e);
            } catch (IOException e) {
                throw usage("--hlog " + hlog + ": " + FileErrors.describe(e));
            }
            if (control.failure() != null) {
                throw new Failure.DuringRun("the broker failed: " + control.failure());
            }
            if (eventLog != null && eventLog.writeFailure() != null) {
                throw new Failure.OutputNotWritten("--events " + events + ": cannot write the file: " + eventLog.writeFailure());
            }
            return ExitCode.OK;
        }
    }

    /** Opened once the broker is reached, so that a failed start does not empty an earlier file. */
    private EventsFile openEvents() {
        try {
            return events == null ? null : new EventsFile(events);
        } catch (IOException e) {
            throw usage("--events " + events + ": cannot write the file: " + FileErrors.describe(e));
        }
    }

    private ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
