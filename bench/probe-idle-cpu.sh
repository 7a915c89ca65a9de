#!/bin/sh
# What the probe costs a JVM that is idle (issue 15: "the detector must be cheap; measure what it
# costs"): the CPU time of an idle JVM over SECONDS without the probe and with
# -javaagent:harness-agent.jar=probe,... (its hiccup meter, shipper and watcher threads running),
# ROUNDS alternating pairs. Prints each run's process CPU and, probed, the CPU of each of the
# probe's threads (ThreadMXBean), then per round the added CPU as % of a core and the ratio.
# Needs harness-agent/target/harness-agent.jar (mvn -DskipTests package).
set -eu
cd "$(dirname "$0")/.."
ROUNDS=${ROUNDS:-3}
SECONDS_=${SECONDS_:-30}
AGENT=${AGENT:-harness-agent/target/harness-agent.jar}
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
javac -nowarn -d "$OUT/classes" bench/probe/IdleCpu.java
run() {
    java -Xmx64m "$@" -cp "$OUT/classes" IdleCpu "$SECONDS_" 2>/dev/null
}
for r in $(seq "$ROUNDS"); do
    base=$(run)
    probed=$(run -javaagent:"$AGENT"=probe,hlog="$OUT/p.hlog",interval=1m)
    echo "round $r baseline: $(echo "$base" | tr '\n' ';')"
    echo "round $r probed:   $(echo "$probed" | tr '\n' ';')"
    b=$(echo "$base" | awk '$1=="process" {print $2}')
    p=$(echo "$probed" | awk '$1=="process" {print $2}')
    awk -v r="$r" -v b="$b" -v p="$p" -v s="$SECONDS_" 'BEGIN {
        printf "round %s added: %+.1f ms cpu over %s s = %+.3f %% of a core (x%.2f of the baseline)\n", r, p - b, s,
            100 * (p - b) / (s * 1000), p / b }'
done
