#!/usr/bin/env bash
# What others' messages left on a run's queue cost it: the run's drainer selects its own messages
# (harness_run = ID), so messages another application puts on the queue during the run stay there,
# ahead of the run's, and the broker looks past them to deliver each of the run's. One `harness
# broker` child; each run on a queue of its own; OTHERS text messages put there by another client
# (bench/selector/OthersPut.java, Artemis's own client, compiled once) as the schedule starts (the
# run's `started` event), within its 5 s warmup, so that the measured phase runs with them on the
# queue but without the other client's own load; against a run with none. Per message measured:
# the broker child's CPU over the whole run
# (utime + stime from /proc) and response's p50 and p99. The order alternates; the results are the
# median of the rounds' with/without ratios. Appends to bench/results-selector.md.
# Usage: bench/selector-others.sh [OTHERS] [ROUNDS] [RATE] [DURATION]   (defaults 1000, 4, 2000, 15s)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
others="${1:-1000}"
rounds="${2:-4}"
rate="${3:-2000}"
duration="${4:-15s}"
out="$root/bench/results-selector.md"
tmp="$(mktemp -d)"
broker_pid=""
cleanup() {
  if [ -n "$broker_pid" ]; then kill "$broker_pid" 2>/dev/null || true; wait "$broker_pid" 2>/dev/null || true; fi
  rm -rf "$tmp"
}
trap cleanup EXIT
"$root/harness" --version >/dev/null # builds the jars when they are missing or old
jar="$root/harness-cli/target/harness.jar"
mkdir -p "$tmp/classes"
javac -d "$tmp/classes" -cp "$jar" "$root/bench/selector/OthersPut.java"
port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
java -Xmx2g -jar "$jar" broker --port "$port" --data-dir "$tmp/broker" --ready-file "$tmp/ready.json" >"$tmp/broker.log" 2>&1 &
broker_pid=$!
for _ in $(seq 1 600); do [ -f "$tmp/ready.json" ] && break; sleep 0.1; done
[ -f "$tmp/ready.json" ] || { echo "the broker did not start: $(cat "$tmp/broker.log")" >&2; exit 1; }
url="tcp://127.0.0.1:$port"
broker_ticks() { awk '{print $14 + $15}' "/proc/$broker_pid/stat"; }

for round in $(seq 1 "$rounds"); do
  if [ $((round % 2)) -eq 1 ]; then order="none others"; else order="others none"; fi
  for side in $order; do
    queue="BENCH.$side.$round."
    before="$(broker_ticks)"
    java -XX:TieredStopAtLevel=1 -Xms1g -Xmx1g -jar "$jar" run --url "$url" --rate "$rate" --non-persistent \
        --warmup 5s --duration "$duration" --queue-prefix "$queue" --json "$tmp/$side-$round.json" \
        --events "$tmp/$side-$round.jsonl" >"$tmp/$side-$round.out" &
    run_pid=$!
    if [ "$side" = others ]; then
      for _ in $(seq 1 600); do grep -q '"event":"started"' "$tmp/$side-$round.jsonl" 2>/dev/null && break; sleep 0.1; done
      java -cp "$jar:$tmp/classes" OthersPut "$url" "${queue}1" "$others"
    fi
    wait "$run_pid"
    echo "$(( $(broker_ticks) - before ))" >"$tmp/$side-$round.broker"
  done
done

python3 - "$tmp" "$rounds" "$rate" "$duration" "$others" "$(git -C "$root" rev-parse --short HEAD)" "$(getconf CLK_TCK)" \
  >>"$out" <<'PY'
import json, statistics, sys, platform, os, datetime
tmp, rounds, rate, duration, others, head, hz = sys.argv[1:8]
rounds, hz = int(rounds), int(hz)
def figures(side, r):
    s = json.load(open(f"{tmp}/{side}-{r}.json"))["summary"]
    broker_us = int(open(f"{tmp}/{side}-{r}.broker").read()) / hz * 1e6 / s["totalCompleted"]
    resp = s["views"]["response"]
    return s["achievedRate"], broker_us, resp["p50Ns"] / 1e6, resp["p99Ns"] / 1e6, s["othersLeft"]
rows, ratio = [], {"broker": [], "p50": [], "p99": []}
for r in range(1, rounds + 1):
    f = {side: figures(side, r) for side in ("none", "others")}
    for side in ("none", "others"):
        a, b, p50, p99, left = f[side]
        rows.append(f"| {r} | {side} | {left:,} | {a:,.0f} | {b:.1f} | {p50:.3f} | {p99:.3f} |")
    for i, k in ((1, "broker"), (2, "p50"), (3, "p99")):
        ratio[k].append(f["others"][i] / f["none"][i])
print(f"\n## {datetime.date.today()}, {os.cpu_count()} CPUs, {platform.system()} {platform.machine()}:"
      f" {others} messages of others on the run's queue ({head})\n")
print(f"{rounds} rounds of `harness run --url tcp://127.0.0.1:PORT --rate {rate} --non-persistent --warmup 5s"
      f" --duration {duration}` on one `harness broker` child, each on a queue of its own; on the `others` side,"
      f" {others} text messages put on that queue by another client as the schedule started (within the warmup), left there by the"
      " run's selector (`othersLeft`). Broker: the broker child's CPU per message of the run over the whole run.\n")
print("| round | side | others left | achieved msg/s | broker us/msg | response p50 ms | response p99 ms |")
print("|---|---|---|---|---|---|---|")
print("\n".join(rows))
med = {k: statistics.median(v) for k, v in ratio.items()}
print(f"\nMedian others/none ratios: broker CPU {med['broker']:.3f}, response p50 {med['p50']:.3f}, p99 {med['p99']:.3f}.")
PY
tail -n 3 "$out"
