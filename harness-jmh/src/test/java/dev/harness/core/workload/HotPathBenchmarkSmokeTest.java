package dev.harness.core.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Collection;

import org.junit.jupiter.api.Test;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

import dev.harness.agent.probe.ProbeAdviceBenchmark;

/**
 * The smoke run the build affords: every benchmark (the hot path's, a message of each type, and the probe advice's) once,
 * in this JVM, for a tenth of a second, so a benchmark that throws or was not generated fails the
 * build. No figure is judged here (this
 * machine is shared and noisy); bench/jmh.sh measures.
 */
class HotPathBenchmarkSmokeTest {
    @Test
    void everyBenchmarkRuns() throws Exception {
        Options o = new OptionsBuilder().include(HotPathBenchmark.class.getName())
                .include(ProbeAdviceBenchmark.class.getName())
                .include(MessageTypesBenchmark.class.getName())
                .forks(0).warmupIterations(0).measurementIterations(1).measurementTime(TimeValue.milliseconds(100))
                .shouldFailOnError(true).build();
        Collection<RunResult> results = new Runner(o).run();
        assertEquals(8 + 4 + 5, results.size(), "every benchmark ran, each message type");
        for (RunResult r : results) {
            assertTrue(r.getPrimaryResult().getScore() > 0, r.getParams().getBenchmark());
        }
    }
}
