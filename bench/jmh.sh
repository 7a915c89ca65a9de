#!/usr/bin/env bash
# The hot path's per-message costs (harness-jmh's HotPathBenchmark) with JMH's GC profiler: time
# and bytes allocated per operation. Not part of .ci/run (its build runs each benchmark once, for
# 100 ms, as a smoke test). Usage: bench/jmh.sh [JMH options], e.g. bench/jmh.sh -f 1 -i 5
# Results: paste the table into bench/results-jmh.md with the machine line printed first.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
mvn -B -q -o install -DskipTests -pl harness-core,harness-jmh -am
mvn -B -q -o dependency:build-classpath -pl harness-jmh -Dmdep.outputFile=target/jmh.classpath >/dev/null
echo "machine: $(hostname), $(nproc) CPUs, $(uname -sr), $(java -version 2>&1 | head -1)"
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
java -cp "harness-jmh/target/classes:$(cat harness-jmh/target/jmh.classpath)" org.openjdk.jmh.Main \
  -prof gc -rf text -rff target/jmh-results.txt "$@" HotPathBenchmark
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
