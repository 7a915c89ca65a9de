#!/usr/bin/env bash
# What leaving others' messages alone costs: the run property every message carries and the
# selector (harness_run = ID) every consumer of a run opens with, against the harness just before
# them (BASE, a git revision, built here in a temporary worktree). Both drive the same
# `harness broker` child (this tree's) with non-persistent 2 KiB puts at one fixed rate, one
# drainer per queue. Per message measured: the harness JVM's CPU over the measured phase (the
# JSON's saturation.cpuFraction) and the broker child's CPU over the whole run (utime + stime from
# /proc, so its share of the warmup too, the same for both sides), and response's p50 and p99.
# The order alternates (base first in odd rounds) so drift of this shared machine hits both alike;
# the results are the median of the rounds' selector/base ratios. Appends to bench/results-selector.md.
# Usage: bench/selector-cost.sh BASE [ROUNDS] [RATE] [DURATION] [WORKLOAD]   (defaults -, 6, 3000, 10s, put)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
base="${1:?usage: bench/selector-cost.sh BASE-REVISION [ROUNDS] [RATE] [DURATION] [WORKLOAD]}"
rounds="${2:-6}"
rate="${3:-3000}"
duration="${4:-10s}"
workload="${5:-put}"
out="$root/bench/results-selector.md"
tmp="$(mktemp -d)"
broker_pid=""
cleanup() {
  if [ -n "$broker_pid" ]; then kill "$broker_pid" 2>/dev/null || true; wait "$broker_pid" 2>/dev/null || true; fi
  git -C "$root" worktree remove --force "$tmp/base" >/dev/null 2>&1 || true
  rm -rf "$tmp"
}
trap cleanup EXIT

echo "building the base ($base) in a temporary worktree" >&2
git -C "$root" worktree add --detach "$tmp/base" "$base" >/dev/null 2>&1
(cd "$tmp/base" && mvn -B -q -o -DskipTests package >/dev/null 2>&1 || mvn -B -q -DskipTests package >/dev/null)
base_jar="$tmp/base/harness-cli/target/harness.jar"
"$root/harness" --version >/dev/null # builds this tree's jars when they are missing or old
this_jar="$root/harness-cli/target/harness.jar"
java_opts=(-XX:TieredStopAtLevel=1 -Xms1g -Xmx1g -XX:+AlwaysPreTouch)

port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
java -Xmx2g -jar "$this_jar" broker --port "$port" --data-dir "$tmp/broker" --ready-file "$tmp/ready.json" \
  >"$tmp/broker.log" 2>&1 &
broker_pid=$!
for _ in $(seq 1 600); do [ -f "$tmp/ready.json" ] && break; sleep 0.1; done
[ -f "$tmp/ready.json" ] || { echo "the broker did not start: $(cat "$tmp/broker.log")" >&2; exit 1; }
url="tcp://127.0.0.1:$port"
broker_ticks() { awk '{print $14 + $15}' "/proc/$broker_pid/stat"; }

extra=()
if [ "$workload" = reqresp ]; then extra=(--workload reqresp --mode open --queues 2); fi
for round in $(seq 1 "$rounds"); do
  if [ $((round % 2)) -eq 1 ]; then order="base selector"; else order="selector base"; fi
  for side in $order; do
    jar="$this_jar"; [ "$side" = base ] && jar="$base_jar"
    before="$(broker_ticks)"
    prefix=(--queue-prefix "BENCH.$side.$round.")
    [ "$workload" = reqresp ] && prefix=(--request-prefix "BENCH.$side.$round.REQ." --reply-prefix "BENCH.$side.$round.REP.")
    java "${java_opts[@]}" -jar "$jar" run --url "$url" --rate "$rate" --non-persistent --warmup 3s \
        --duration "$duration" "${prefix[@]}" "${extra[@]}" --json "$tmp/$side-$round.json" >"$tmp/$side-$round.out"
    echo "$(( $(broker_ticks) - before ))" >"$tmp/$side-$round.broker"
  done
done

python3 - "$tmp" "$rounds" "$rate" "$duration" "$workload" "$base" "$(git -C "$root" rev-parse --short HEAD)" \
  "$(getconf CLK_TCK)" >>"$out" <<'PY'
import json, statistics, sys, platform, os, datetime
tmp, rounds, rate, duration, workload, base, head, hz = sys.argv[1:9]
rounds, hz, cpus = int(rounds), int(hz), os.cpu_count()
def figures(side, r):
    s = json.load(open(f"{tmp}/{side}-{r}.json"))["summary"]
    n = s["measuredCompleted"]
    client_us = s["saturation"]["cpuFraction"] * cpus * s["measuredSeconds"] * 1e6 / n
    broker_us = int(open(f"{tmp}/{side}-{r}.broker").read()) / hz * 1e6 / s["totalCompleted"]
    resp = s["views"]["response"]
    return s["achievedRate"], client_us, broker_us, resp["p50Ns"] / 1e6, resp["p99Ns"] / 1e6
rows, ratio = [], {"client": [], "broker": [], "p50": [], "p99": []}
for r in range(1, rounds + 1):
    f = {side: figures(side, r) for side in ("base", "selector")}
    for side in ("base", "selector"):
        a, c, b, p50, p99 = f[side]
        rows.append(f"| {r} | {side} | {a:,.0f} | {c:.1f} | {b:.1f} | {p50:.3f} | {p99:.3f} |")
    for i, k in ((1, "client"), (2, "broker"), (3, "p50"), (4, "p99")):
        ratio[k].append(f["selector"][i] / f["base"][i])
print(f"\n## {datetime.date.today()}, {cpus} CPUs, {platform.system()} {platform.machine()}: {workload},"
      f" selector ({head}) against base ({base})\n")
print(f"{rounds} rounds of `harness run --url tcp://127.0.0.1:PORT --rate {rate} --non-persistent --warmup 3s"
      f" --duration {duration}`{' --workload reqresp --mode open --queues 2' if workload == 'reqresp' else ''}"
      " on one `harness broker` child, each side on queues of its own, base first in odd rounds."
      " Client: the harness JVM's CPU per message over the measured phase; broker: the broker child's"
      " CPU per message over the whole run.\n")
print("| round | side | achieved msg/s | client us/msg | broker us/msg | response p50 ms | response p99 ms |")
print("|---|---|---|---|---|---|---|")
print("\n".join(rows))
med = {k: statistics.median(v) for k, v in ratio.items()}
print(f"\nMedian selector/base ratios: client CPU {med['client']:.3f}, broker CPU {med['broker']:.3f},"
      f" response p50 {med['p50']:.3f}, p99 {med['p99']:.3f}.")
PY
tail -n 4 "$out"
