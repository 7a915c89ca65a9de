#!/usr/bin/env bash
# The hot path's per-message costs (harness-jmh's HotPathBenchmark, and MessageTypesBenchmark: a message of each type) and the probe's advice on the
# probed application's thread (ProbeAdviceBenchmark) with JMH's GC profiler: time and bytes
# allocated per operation. Not part of .ci/run (its build runs each benchmark once, for
# 100 ms, as a smoke test). Usage: [BENCHMARKS=regex] bench/jmh.sh [JMH options], e.g.
# bench/jmh.sh -f 1 -i 5, or BENCHMARKS='ProbeAdviceBenchmark|recordIntoAView' bench/jmh.sh -f 1
# Results: paste the table into bench/results-jmh.md with the machine line printed first.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
# Compiled in one reactor, nothing installed: harness-core and harness-agent come from their target/classes.
mvn -B -q -o compile dependency:build-classpath -pl harness-jmh -am -Dmdep.outputFile=target/jmh.classpath >/dev/null
echo "machine: $(hostname), $(nproc) CPUs, $(uname -sr), $(java -version 2>&1 | head -1)"
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
java -cp "harness-jmh/target/classes:$(cat harness-jmh/target/jmh.classpath)" org.openjdk.jmh.Main \
  -prof gc -rf text -rff target/jmh-results.txt "$@" \
  "${BENCHMARKS:-HotPathBenchmark|MessageTypesBenchmark|ProbeAdviceBenchmark}"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
