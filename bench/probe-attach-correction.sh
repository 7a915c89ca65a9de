#!/usr/bin/env bash
# How much of a pause the probe's pause-corrected view fills in, right after an attach (issue
# 28, item 10): examples/probe-app (API jakarta or javax, paced at RATE sends/s) against a harness
# broker, harness probe attached, the application stopped (SIGSTOP) for PAUSE seconds AFTER
# seconds after the attach (each of AFTERS), then the probe ends. Per operation: the corrections
# (the pause-corrected view's count less the calls) of the interval the stop ended in, against
# the calls it held back (RATE x the stop as the probed JVM's hiccup meter saw it, less the one in
# flight); the rate the estimate used (what item 10 is about; the detector's own measure of the
# stop is the other factor); the corrections of all intervals, where the loaded machine's own
# hiccups, which the probe's detector sees too, add theirs. Needs the project's jars
# (mvn -DskipTests package).
set -euo pipefail
cd "$(dirname "$0")/.."
RATE=${RATE:-500}
PAUSE=${PAUSE:-2}
AFTERS=${AFTERS:-"2 6 12"}
PORT=${PORT:-61626}
API=${API:-jakarta}
OUT=$(mktemp -d)
javac -nowarn -cp harness-cli/target/harness.jar -d "$OUT/classes" bench/probe/Corrections.java
broker=""
app=""
cleanup() {
    [ -n "$app" ] && kill "$app" 2>/dev/null || true
    [ -n "$broker" ] && kill "$broker" 2>/dev/null || true
    wait 2>/dev/null || true
    rm -rf "$OUT"
}
trap cleanup EXIT
java -jar harness-cli/target/harness.jar broker --port "$PORT" --data-dir "$OUT/data" --ready-file "$OUT/ready" \
    > "$OUT/broker.out" 2>&1 &
broker=$!
for _ in $(seq 300); do [ -f "$OUT/ready" ] && break; sleep 0.1; done
for after in $AFTERS; do
    examples/probe-app/run.sh "$API" "tcp://127.0.0.1:$PORT" "$RATE" $((after + PAUSE + 60)) > "$OUT/app.out" 2>&1 &
    for _ in $(seq 300); do grep -q "pid " "$OUT/app.out" && break; sleep 0.1; done
    app=$(sed -n 's/^ProbeApp: pid \([0-9]*\),.*/\1/p' "$OUT/app.out")
    sleep 3 # the application warm
    java -jar harness-cli/target/harness.jar probe --pid "$app" --duration $((after + PAUSE + 3))s --interval 1s \
        --hlog "$OUT/p.hlog" > "$OUT/probe.out" 2>&1 &
    probe=$!
    for _ in $(seq 300); do grep -q "instrumented" "$OUT/probe.out" && break; sleep 0.1; done
    sleep "$after"
    kill -STOP "$app"; sleep "$PAUSE"; kill -CONT "$app"
    wait "$probe"
    kill "$app"; wait "$app" 2>/dev/null || true
    app=""
    java -cp "$OUT/classes:harness-cli/target/harness.jar" Corrections "$OUT/p.hlog" send-syncpoint commit |
        while read -r op stop longest all; do
            if [ "$op" = hiccup ]; then
                ms=$stop
                echo "stopped $after s after the attach, for $ms ms as the probed JVM's hiccup meter saw it"
                continue
            fi
            per=$RATE
            [ "$op" = commit ] && per=$((RATE / 10)) # ProbeApp commits every 10 sends
            due=$((per * ms / 1000 - 1))
            # The corrections of a pause P at an estimated interval i are P/i - 1, the longest P - i:
            # the rate the estimate used is (corrections + 1) / (longest + i), about (corrections + 1) / longest.
            echo "  $op: $stop corrections of $due held back ($(( 100 * stop / due )) %), $all in all intervals;" \
                "the rate they imply $(( (stop + 1) * 1000 / longest ))/s of $per/s"
        done
done
