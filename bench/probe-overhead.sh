#!/bin/sh
# What the probe adds per call (issue 15): a no-op instrumented call and non-persistent sends to an
# in-VM Artemis broker, timed in a tight loop in a JVM without the probe and in one started with
# -javaagent:harness-agent.jar=probe,... ; ROUNDS alternating pairs, so drift hits both alike.
# Prints each round's figures and the added time (probe minus baseline) of the medians.
# Needs harness-cli/target/harness.jar and harness-agent/target/harness-agent.jar (mvn -DskipTests package).
set -eu
cd "$(dirname "$0")/.."
ROUNDS=${ROUNDS:-3}
BATCHES=${BATCHES:-2000}
JAR=${JAR:-harness-cli/target/harness.jar}
AGENT=${AGENT:-harness-agent/target/harness-agent.jar}
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
javac -nowarn -d "$OUT/classes" -cp "$JAR" bench/probe/ProbeOverhead.java bench/probe/com/ibm/mq/MQQueueManager.java
CP="$OUT/classes:$JAR"
run() {
    java -Xmx512m "$@" -cp "$CP" ProbeOverhead "$BATCHES" 2>/dev/null | grep -E '^(no-op|send) '
}
for r in $(seq "$ROUNDS"); do
    base=$(run)
    probed=$(run -javaagent:"$AGENT"=probe,hlog="$OUT/p.hlog",interval=1m)
    echo "round $r baseline: $(echo "$base" | tr '\n' ';')"
    echo "round $r probed:   $(echo "$probed" | tr '\n' ';')"
    for kind in no-op send; do
        b=$(echo "$base" | awk -v k="$kind" '$1==k {print $3}')
        p=$(echo "$probed" | awk -v k="$kind" '$1==k {print $3}')
        b99=$(echo "$base" | awk -v k="$kind" '$1==k {print $6}')
        p99=$(echo "$probed" | awk -v k="$kind" '$1==k {print $6}')
        awk -v r="$r" -v k="$kind" -v b="$b" -v p="$p" -v b99="$b99" -v p99="$p99" 'BEGIN {
            printf "round %s %-6s added: median %+.1f ns (x%.2f), p99 %+.1f ns\n", r, k, p - b, p / b, p99 - b99 }'
    done
done
