package dev.harness.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import dev.harness.core.FileErrors;
import dev.harness.core.findings.ReadOnce;
import dev.harness.core.findings.Reading;
import dev.harness.core.hlog.BadHlogException;
import dev.harness.core.hlog.HlogRun;
import dev.harness.core.metrics.PrometheusEndpoint;
import dev.harness.core.metrics.RunMetrics;
import dev.harness.core.report.ConsoleReporter;
import dev.harness.core.report.EventLog;
import dev.harness.core.report.HlogReporter;
import dev.harness.core.report.HtmlReport;
import dev.harness.core.report.JsonReporter;
import dev.harness.core.report.RunOutcome;
import dev.harness.core.run.RunListener;
import dev.harness.core.run.RunSummary;
import dev.harness.core.slo.SloWatch;
import dev.harness.core.slo.Verdict;
import io.micrometer.core.instrument.Clock;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;
import io.micrometer.jmx.JmxConfig;
import io.micrometer.jmx.JmxMeterRegistry;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/** A run's reporters, as its plan asks: opened once the broker is reached, finished after the summary. */
final class RunOutputs implements AutoCloseable {
    private final CommandSpec spec;
    private final RunPlan plan;
    private final RunPlan.Files files;
    private final Path hlogFile;
    private final HlogReporter hlogReporter;
    private JsonReporter json;
    private EventLog eventLog;
    private PrometheusEndpoint prometheus;
    private RunMetrics runMetrics;
    private ReadOnce readOnce;

    RunOutputs(CommandSpec spec, RunPlan plan) {
        this.spec = spec;
        this.plan = plan;
        this.files = plan.files;
        try {
            // The report is made from the hlog, so a report without --hlog gets one of its own.
            hlogFile = files.hlog() != null ? files.hlog()
                    : files.report() != null ? Files.createTempFile("harness-report-", ".hlog") : null;
            hlogReporter = hlogFile == null ? null : new HlogReporter(hlogFile);
        } catch (IOException e) {
            throw usage((files.hlog() != null ? "--hlog " + files.hlog() : "--report " + files.report()
                    + ": its temporary hlog") + ": cannot write the file: " + FileErrors.describe(e));
        }
        try {
            json = files.json() == null ? null : new JsonReporter(files.json());
        } catch (IOException e) {
            close();
            throw usage("--json " + files.json() + ": cannot write the file: " + FileErrors.describe(e));
        }
        try {
            eventLog = files.events() == null ? null : new EventLog(files.events());
        } catch (IOException e) {
            close();
            throw usage("--events " + files.events() + ": cannot write the file: " + FileErrors.describe(e));
        }
        RunPlan.Metrics metrics = plan.metrics;
        if (metrics.any()) {
            CompositeMeterRegistry registry = new CompositeMeterRegistry();
            if (metrics.prometheusPort() != 0) {
                try {
                    prometheus = new PrometheusEndpoint(metrics.prometheusPort());
                } catch (IOException e) {
                    close();
                    throw usage("--metrics prometheus:" + metrics.prometheusPort() + ": cannot listen on 127.0.0.1:"
                            + metrics.prometheusPort() + ": " + (e.getMessage() == null ? "I/O error" : e.getMessage()));
                }
                registry.add(prometheus.registry());
                System.out.println("metrics: Prometheus text at http://127.0.0.1:" + prometheus.port() + "/metrics");
            }
            if (metrics.jmx()) {
                registry.add(new JmxMeterRegistry(JmxConfig.DEFAULT, Clock.SYSTEM));
                System.out.println("metrics: MBeans under the JMX domain 'metrics'");
            }
            runMetrics = new RunMetrics(registry);
        }
    }

    /**
     * The run's listeners as one, the summary read once for them all. The watch first: the console
     * and the JSON print its verdict when the run has finished.
     */
    RunListener listener(SloWatch watch) {
        List<RunListener> l = new ArrayList<>();
        l.add(watch);
        l.add(new ConsoleReporter(System.out).verdictFrom(watch::verdict).withDepth(plan.showsDepth));
        if (hlogReporter != null) {
            l.add(hlogReporter);
        }
        if (json != null) {
            l.add(json.verdictFrom(watch::verdict));
        }
        if (runMetrics != null) {
            l.add(runMetrics);
        }
        if (eventLog != null) {
            l.add(eventLog); // last: an interval's event says its lines and files are written
        }
        readOnce = new ReadOnce(l);
        return readOnce;
    }

    /**
     * After the run: the report written from the hlog, the verdict's JUnit file, and what could not
     * be written (a line each), now that the summary is printed.
     */
    OutputFiles finish(RunSummary summary, Verdict verdict) {
        OutputFiles out = new OutputFiles(spec);
        if (files.report() != null) {
            hlogReporter.close();
            try {
                List<Path> written = HtmlReport.write(HlogRun.read(hlogFile), RunOutcome.of(summary, reading(summary), verdict), files.report());
                System.out.println("report: " + String.join(", ", written.stream().map(Path::toString).toList()));
            } catch (IOException | BadHlogException e) {
                out.failed("--report " + files.report() + ": cannot write the report: "
                        + (e instanceof IOException io ? FileErrors.describe(io) : e.getMessage()));
            }
        }
        if (json != null && json.writeFailure() != null) {
            out.failed("--json", files.json(), json.writeFailure());
        }
        if (eventLog != null && eventLog.writeFailure() != null) {
            out.failed("--events", files.events(), eventLog.writeFailure());
        }
        ObjectiveOptions.writeJunit(files.junit(), "harness run " + summary.header().workload(), summary.header().start(),
                verdict, out);
        return out;
    }

    /** The reading the listeners were handed; read here when the writers never got to the summary. */
    private Reading reading(RunSummary summary) {
        Reading r = readOnce == null ? null : readOnce.reading();
        return r != null ? r : Reading.of(summary);
    }

    @Override
    public void close() {
        if (hlogReporter != null) {
            hlogReporter.close();
            if (files.hlog() == null) {
                try {
                    Files.deleteIfExists(hlogFile);
                } catch (IOException e) {
                    // A temporary file left behind.
                }
            }
        }
        if (json != null) {
            json.close();
        }
        if (eventLog != null) {
            eventLog.close();
        }
        if (runMetrics != null) {
            runMetrics.close();
        }
        if (prometheus != null) {
            prometheus.close();
        }
    }

    private ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
