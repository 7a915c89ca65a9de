package dev.harness.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Callable;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.zip.DataFormatException;

import org.HdrHistogram.Histogram;

import dev.harness.agent.probe.Ops;
import dev.harness.agent.probe.ProbeOptions;
import dev.harness.agent.probe.ProbeTotals;
import dev.harness.agent.probe.ProbeWire;
import dev.harness.core.FileErrors;
import dev.harness.core.hlog.BadHlogException;
import dev.harness.core.hlog.HlogHeader;
import dev.harness.core.hlog.HlogRun;
import dev.harness.core.hlog.HlogWriter;
import dev.harness.core.jms.UnreachableException;
import dev.harness.core.report.HtmlReport;
import dev.harness.core.JsonWriter;
import dev.harness.core.report.TextHistogram;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

@Command(name = "probe", mixinStandardHelpOptions = true, sortOptions = false, usageHelpAutoWidth = true,
        description = {
            "Times the messaging calls of a running Java application without changing it: loads the probe agent"
                    + " through the Attach API, which instruments JMS / Jakarta Messaging sends, receives, commits,"
                    + " rollbacks and onMessage, and the MQ classes for Java's put, get, commit and backout, and"
                    + " streams what it records back here. Prints a table every --interval; at the end the"
                    + " instrumentation is removed and the application runs on as before.",
            "For a JVM that cannot be attached to: -javaagent:harness-agent.jar=probe,hlog=app.hlog at its start."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:the probe ended (--duration, the application exited) and everything was written",
            "2:bad option value",
            "3:cannot attach to that process (not a JVM, not ours, attach disabled, or gone)",
            "4:the probe did not start there (the line says why), or another probe runs there (busy)",
            "6:an output file could not be written",
            "130:interrupted (Ctrl-C): the summary is printed and the files written",
            "143:terminated with SIGTERM (as Ctrl-C)"})
final class ProbeCommand implements Callable<Integer> {
    /** Where the agent leaves "TOKEN outcome" of each attach (ProbeSession.ATTACH_PROPERTY). */
    static final String ATTACH_PROPERTY = "harness.probe.attach";
    /** What the agent's reader hands the main loop when the connection ends. */
    private static final String CLOSED = new String("closed");
    private static final long HELLO_TIMEOUT_MS = 15_000;
    private static final long BYE_TIMEOUT_MS = 15_000;

    @Spec
    CommandSpec spec;

    @Option(names = "--pid", required = true, paramLabel = "PID", description = "The JVM's process id (jps lists them).")
    long pid;

    @Option(names = "--duration", paramLabel = "D", converter = Values.Duration.class,
            description = "How long to probe (30s, 5m); default: until Ctrl-C or the application exits.")
    Long durationNs;

    @Option(names = "--interval", paramLabel = "D", converter = Values.Duration.class, defaultValue = "10s",
            description = "How often the table is printed. Default: ${DEFAULT-VALUE}.")
    long intervalNs;

    @Option(names = "--histogram", description = "After each table, the interval's distribution of each operation's"
            + " times drawn as text (a tracer's frequency table).")
    boolean histogram;

    @Option(names = "--hlog", paramLabel = "FILE",
            description = "Write every call's time, returned or thrown, to this hlog, one histogram per tag and second (or"
                    + " per --interval when shorter): send, send-syncpoint, commit, rollback, receive, on-message, mq-put,"
                    + " mq-put-syncpoint, mq-get, mq-commit, mq-backout; each with its pause-corrected view"
                    + " (TAG-pause-corrected); and the probed JVM's own hiccups (tag hiccup).")
    Path hlog;

    @Option(names = "--json", paramLabel = "FILE", description = "Write the summary as JSON (schema harness-probe/1).")
    Path json;

    @Option(names = "--report", paramLabel = "FILE.html", description = "Write an HTML report of the probe, as harness report does.")
    Path report;

    private volatile boolean interrupted;
    private long malformed;

    @Override
    public Integer call() throws UnreachableException {
        if (pid <= 0 || pid == ProcessHandle.current().pid()) {
            throw new ParameterException(spec.commandLine(), "--pid: expected another running JVM's process id, got " + pid);
        }
        if (durationNs != null && durationNs <= 0) {
            throw new ParameterException(spec.commandLine(), "--duration: expected a positive duration");
        }
        if (intervalNs < 100_000_000L) {
            throw new ParameterException(spec.commandLine(), "--interval: expected at least 100ms");
        }
        for (Object[] f : new Object[][] {{"--hlog", hlog}, {"--json", json}, {"--report", report}}) {
            String problem = f[1] == null ? null : FileErrors.unwritable((Path) f[1]);
            if (problem != null) {
                throw new ParameterException(spec.commandLine(), f[0] + " " + f[1] + ": cannot write the file: " + problem);
            }
        }
        AgentJar jar;
        try {
            jar = AgentJar.write();
        } catch (IOException e) {
            throw new IllegalStateException("cannot write the agent's jar to a temporary file: " + FileErrors.describe(e), e);
        }
        String token = HexFormat.of().formatHex(SecureRandom.getSeed(12));
        try (ServerSocket server = new ServerSocket()) {
            server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 1);
            String[] status;
            try {
                status = Attacher.load(pid, jar.path().toString(), "probe,port=" + server.getLocalPort() + ",token=" + token
                        + ",interval=" + intervalNs / 1_000_000L + "ms", ATTACH_PROPERTY);
            } catch (Attacher.AttachFailure e) {
                if (e.unreachable) {
                    throw new UnreachableException(e.getMessage(), e);
                }
                throw new Failure.DuringRun(e.getMessage());
            } finally {
                jar.discard(); // the target JVM loaded it (or never will): this probe's own copy goes
            }
            String outcome = status[1] != null && status[1].startsWith(token + " ") ? status[1].substring(token.length() + 1)
                    : null;
            if (!"running".equals(outcome)) {
                // "busy: ..." when another probe runs there: its status is left as it was.
                throw new Failure.DuringRun((outcome != null && outcome.startsWith("busy:") ? "" : "the probe did not start"
                        + " in process " + pid + ": ") + (outcome == null ? "no word from it (an older agent there?)" : outcome));
            }
            if (javaVersion(status[2]) >= 21) {
                // JEP 451: that JVM printed a warning of its own, and a later release may refuse.
                System.out.println("harness probe: note: process " + pid + " runs Java " + status[2] + ", which warns on its"
                        + " stderr when an agent is loaded into it; a later release may refuse unless it runs with"
                        + " -XX:+EnableDynamicAgentLoading (or use -javaagent:harness-agent.jar=probe,hlog=F at its start)");
            }
            server.setSoTimeout((int) HELLO_TIMEOUT_MS);
            Socket socket;
            try {
                socket = server.accept();
            } catch (SocketTimeoutException e) {
                throw new Failure.DuringRun("the probe started in process " + pid + " but never connected back");
            }
            try (socket) {
                return probe(socket, token);
            }
        } catch (IOException e) {
            throw new Failure.DuringRun("the connection to the probe in process " + pid + " failed: " + e.getMessage());
        }
    }

    /**
     * Reads the agent's lines on a thread of its own, with blocking reads (a timeout in the middle
     * of a line would lose its start), into {@code lines}; {@link #CLOSED} at the end.
     */
    private static Thread reader(BufferedReader in, BlockingQueue<String> lines) {
        Thread t = new Thread(() -> {
            try {
                String line;
                while ((line = in.readLine()) != null) {
                    lines.put(line);
                }
            } catch (IOException e) {
                // Closed: as the end of the stream.
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                lines.offer(CLOSED);
            }
        }, "harness-probe-reader");
        t.setDaemon(true);
        t.start();
        return t;
    }

    private int probe(Socket socket, String token) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
        Writer out = new OutputStreamWriter(socket.getOutputStream(), StandardCharsets.UTF_8);
        BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        reader(in, lines);
        String hello = take(lines, HELLO_TIMEOUT_MS);
        if (!ProbeWire.isHello(hello, token)) {
            throw new Failure.DuringRun("an unexpected peer connected instead of the probe in process " + pid);
        }
        long startMs = System.currentTimeMillis();
        String intervalName = intervalNs % 1_000_000_000L == 0 ? intervalNs / 1_000_000_000L + "s"
                : intervalNs / 1_000_000L + "ms";
        ProbeTotals totals = new ProbeTotals(intervalName);
        Path hlogFile = hlog != null ? hlog : report != null ? Files.createTempFile("harness-probe-", ".hlog") : null;
        HlogWriter writer = hlogFile == null ? null : HlogWriter.create(hlogFile);
        if (writer != null) {
            writer.header(HlogHeader.builder(startMs).comment("harness probe of process " + pid + " (" + command() + ")")
                    .interval(ProbeOptions.shipMs(intervalNs / 1_000_000L)).build());
            writer.flush();
        }
        System.out.println("harness probe: probing process " + pid + " (" + command() + "); a table every " + intervalName
                + (durationNs == null ? ", until Ctrl-C" : " for " + Values.durationText(durationNs))
                + "; times in µs");
        long deadline = durationNs == null ? Long.MAX_VALUE : System.nanoTime() + durationNs;
        long nextTable = System.nanoTime() + intervalNs;
        Map<String, Histogram> intervalHistograms = new TreeMap<>((a, b) -> Integer.compare(Ops.code(a), Ops.code(b)));
        String ended = null;
        boolean stopSent = false;
        long stopSentAt = 0;
        try (InterruptGuard guard = new InterruptGuard(() -> interrupted = true)) {
            while (true) {
                long now = System.nanoTime();
                if (!stopSent && (interrupted || now >= deadline)) {
                    try {
                        out.write(ProbeWire.STOP + "\n");
                        out.flush();
                    } catch (IOException e) {
                        // The agent went away: its end of the stream follows.
                    }
                    stopSent = true;
                    stopSentAt = now;
                }
                if (stopSent && now - stopSentAt > BYE_TIMEOUT_MS * 1_000_000L) {
                    ended = "the probe did not say goodbye within " + BYE_TIMEOUT_MS / 1000 + " s";
                    break;
                }
                if (now >= nextTable) {
                    System.out.print(totals.table());
                    drawHistograms(intervalHistograms);
                    nextTable += intervalNs;
                }
                String line;
                try {
                    line = lines.poll(Math.max(1, Math.min(200_000_000L, nextTable - System.nanoTime())), TimeUnit.NANOSECONDS);
                } catch (InterruptedException e) {
                    interrupted = true;
                    continue;
                }
                if (line == null) {
                    continue;
                }
                if (line == CLOSED) {
                    ended = ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)
                            ? "the connection to the probe closed" : "process " + pid + " exited";
                    break;
                }
                ProbeWire.Item item = ProbeWire.read(line);
                if (item instanceof ProbeWire.Bye bye) {
                    ended = bye.reason();
                    break;
                }
                if (!handle(item, totals, writer, startMs, intervalHistograms)) {
                    malformed++;
                }
            }
            if (malformed > 0) {
                System.out.println("harness probe: skipped " + malformed + " malformed line" + (malformed == 1 ? "" : "s")
                        + " from the agent");
            }
            System.out.print(totals.table());
            drawHistograms(intervalHistograms);
            System.out.println("harness probe ended: " + ended);
            System.out.println("summary of " + Values.durationText((System.currentTimeMillis() - startMs) * 1_000_000L)
                    + " of probing process " + pid + " (times in µs):");
            System.out.print(totals.summary());
            if (writer != null) {
                writer.close();
                if (writer.checkError()) {
                    throw new Failure.OutputNotWritten("--hlog " + hlogFile + ": write failed");
                }
                if (hlog != null) {
                    System.out.println("hlog: " + hlog);
                }
            }
            if (json != null) {
                try {
                    Files.writeString(json, json(totals, startMs, ended));
                    System.out.println("json: " + json);
                } catch (IOException e) {
                    throw new Failure.OutputNotWritten("--json " + json + ": " + FileErrors.describe(e));
                }
            }
            if (report != null) {
                try {
                    List<Path> files = HtmlReport.write(HlogRun.read(hlogFile), report);
                    System.out.println("report: " + String.join(", ", files.stream().map(Path::toString).toList()));
                } catch (IOException | BadHlogException e) {
                    throw new Failure.OutputNotWritten("--report " + report + ": " + e.getMessage());
                } finally {
                    if (hlog == null) {
                        Files.deleteIfExists(hlogFile);
                    }
                }
            }
            if (interrupted) {
                throw new Failure.Interrupted("interrupted: the summary above covers what was seen");
            }
            return ExitCode.OK;
        }
    }

    /** The summary as JSON, schema harness-probe/1: times in ns. */
    private String json(ProbeTotals totals, long startMs, String ended) {
        JsonWriter w = JsonWriter.oneLine().beginObject().field("schema", "harness-probe/1").field("pid", pid)
                .field("startMs", startMs).field("endMs", System.currentTimeMillis()).field("ended", ended)
                .name("operations").beginObject();
        for (String tag : totals.tags()) {
            long[] f = totals.figures(tag);
            w.name(tag).beginObject().field("count", f[0]).field("meanNs", f[1]).field("p50Ns", f[2]).field("p90Ns", f[3])
                    .field("p99Ns", f[4]).field("p999Ns", f[5]).field("maxNs", f[6]).field("failed", totals.failedCount(tag));
            long[] c = totals.correctedFigures(tag);
            if (c != null) {
                w.name("pauseCorrected").beginObject().field("count", c[0]).field("meanNs", c[1]).field("p50Ns", c[2])
                        .field("p90Ns", c[3]).field("p99Ns", c[4]).field("p999Ns", c[5]).field("maxNs", c[6]).endObject();
            }
            long[] d = totals.delivery(tag);
            if (d != null) {
                w.field("persistent", d[0]).field("nonPersistent", d[1]).field("deliveryUnknown", d[2]);
            }
            w.endObject();
        }
        w.endObject().field("emptyReceives", totals.emptyReceives()).name("errors").beginObject();
        totals.errorKinds().forEach(w::field);
        w.endObject().field("hiccupMaxNs", totals.hiccupMaxNs());
        long[] cost = totals.cost();
        if (cost != null) {
            w.name("agentCost").beginObject().field("cpuNs", cost[0]).field("wallNs", cost[1])
                    .field("pauseDetectorCpuNs", cost[2]).field("hiccupMeterCpuNs", cost[3]).endObject();
        }
        return w.endObject().toString() + "\n";
    }

    private static int javaVersion(String specification) {
        try {
            return specification == null ? 0 : Integer.parseInt(specification.replaceFirst("^1\\.", "").split("\\.")[0]);
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** The next line within {@code timeoutMs}, or null (also when the connection ended). */
    private static String take(BlockingQueue<String> lines, long timeoutMs) {
        try {
            String line = lines.poll(timeoutMs, TimeUnit.MILLISECONDS);
            return line == CLOSED ? null : line;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    private void drawHistograms(Map<String, Histogram> interval) {
        if (histogram) {
            interval.forEach((tag, h) -> {
                System.out.println(tag + ", this interval:");
                TextHistogram.draw(h).forEach(System.out::println);
            });
        }
        interval.clear();
    }

    /** One line from the agent; false when it is malformed (skipped, counted). Unknown kinds of line are ignored. */
    boolean handle(ProbeWire.Item item, ProbeTotals totals, HlogWriter writer, long startMs,
            Map<String, Histogram> interval) {
        if (item instanceof ProbeWire.Message m) {
            System.out.println("probe: " + m.text());
        } else if (item instanceof ProbeWire.ErrorKind k) {
            totals.errorKind(k.kind(), k.count());
        } else if (item instanceof ProbeWire.Delivery d) {
            totals.delivery(d.tag(), d.persistent(), d.nonPersistent(), d.unknown());
        } else if (item instanceof ProbeWire.Cost c) {
            totals.cost(c.cpuNs(), c.wallNs(), c.detectorNs(), c.meterNs());
        } else if (item instanceof ProbeWire.Interval h) {
            try {
                totals.add(h.outcome(), h.tag(), h.histogram());
                String hlogTag = Ops.hlogTag(h.outcome(), h.tag());
                if (hlogTag != null) {
                    Histogram d = Histogram.decodeFromCompressedByteBuffer(ProbeTotals.decode(h.histogram()), 0);
                    if (Ops.isCalls(h.outcome())) {
                        interval.computeIfAbsent(h.tag(), t -> new Histogram(d.getNumberOfSignificantValueDigits())).add(d);
                    }
                    if (writer != null) {
                        writer.interval((h.startMs() - startMs) / 1000.0, (h.endMs() - startMs) / 1000.0, hlogTag, d);
                        writer.flush();
                    }
                }
            } catch (IllegalArgumentException | DataFormatException e) {
                return false; // a histogram that does not decode
            }
        }
        // Unknown: a line a later agent may send, ignored.
        return item != null;
    }

    private String command() {
        return ProcessHandle.of(pid).flatMap(p -> p.info().command()).orElse("java");
    }
}
