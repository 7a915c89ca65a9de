#!/usr/bin/env bash
# Cold harness, warm broker (issue 30): how soon a freshly started harness JVM holds its rate.
# Starts `harness broker` in a JVM of its own, warms it with one run, then starts the harness
# again, cold, ROUNDS times, and prints each cold run's messages sent and send-lag p99 per second
# from message 0 (the JSON's intervals), and the first second from which every second held the
# rate within 1 %. Run by hand, never by CI.
#
#   bench/cold-start.sh                          # 8,000 non-persistent msg/s, 3 cold runs
#   RATE=2000 OPTS=--persistent bench/cold-start.sh
#
# The harness runs through ./harness (its JVM options; HARNESS_JAVA_OPTS replaces them).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
rate="${RATE:-8000}"
opts="${OPTS:---non-persistent}"
rounds="${ROUNDS:-3}"
port="${PORT:-61718}"
scratch="$(mktemp -d)"
jar="$root/harness-cli/target/harness.jar"
broker_pid=""
cleanup() {
  if [ -n "$broker_pid" ] && kill -0 "$broker_pid" 2>/dev/null; then
    kill -TERM "$broker_pid" 2>/dev/null || true
    wait "$broker_pid" 2>/dev/null || true
  fi
  rm -rf "$scratch"
}
trap cleanup EXIT INT TERM

java -Xms512m -Xmx512m -jar "$jar" broker --port "$port" --data-dir "$scratch/data" --ready-file "$scratch/ready" \
  > "$scratch/broker.log" 2>&1 &
broker_pid=$!
for _ in $(seq 1 240); do [ -f "$scratch/ready" ] && break; sleep 0.25; done
[ -f "$scratch/ready" ] || { echo "cold-start: the broker did not start; see $scratch/broker.log" >&2; exit 3; }

run() { # json
  "$root/harness" run --url "tcp://127.0.0.1:$port" $opts --rate "$rate" --warmup 5s --duration 5s \
    --json "$1" > "$scratch/out.txt" 2>&1 || { cat "$scratch/out.txt" >&2; exit 4; }
}
run "$scratch/warm.json" # warms the broker; not reported
for r in $(seq 1 "$rounds"); do
  run "$scratch/cold.json"
  python3 - "$scratch/cold.json" "$rate" "$r" "$(cut -d' ' -f1-3 /proc/loadavg)" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
rate, r, load = float(sys.argv[2]), sys.argv[3], sys.argv[4]
iv = [i for i in d["intervals"] if i["endS"] - i["startS"] > 0.99][:8]
sent = [i["sent"] for i in iv]
lag = ["%.1f" % (i["views"]["send-lag"]["p99Ns"] / 1e6) for i in iv]
held = next((k for k in range(len(iv)) if all(abs(s - rate) <= 0.01 * rate for s in sent[k:])), None)
print("cold run %s (load %s): sent per second %s; send-lag p99 (ms) %s; held the rate from second %s"
      % (r, load, sent, lag, "never" if held is None else held))
PY
done
