#!/usr/bin/env bash
# The pacer's park-then-spin loop alone (bench/pacer-spin/PacerSpin.java), spin windows of 50 us
# (the harness's), 20 us and none, in turns, ROUNDS times: CPU per message and wake-up lateness.
# Usage: ROUNDS=2 RATE=2000 MESSAGES=20000 bash bench/pacer-spin.sh
set -euo pipefail
cd "$(dirname "$0")/pacer-spin"
ROUNDS=${ROUNDS:-2}; RATE=${RATE:-2000}; MESSAGES=${MESSAGES:-20000}
uptime
for round in $(seq "$ROUNDS"); do
    for spin in 50000 20000 0; do
        java -XX:TieredStopAtLevel=1 PacerSpin.java "$spin" "$RATE" "$MESSAGES"
    done
done
uptime
