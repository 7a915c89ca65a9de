#!/usr/bin/env bash
# What a message shape costs against the default (2 KiB of text in a BytesMessage, no properties):
# --properties 10, --payload random, a --size mix of the same mean (512:50,3584:50), and the
# message types text, map and object (--message-type). Every side drives the same
# `harness broker` child with non-persistent puts at one fixed rate, one drainer, each on queues
# of its own. Per message measured: the harness JVM's CPU over the measured phase (the JSON's
# saturation.cpuFraction), the broker child's CPU over the whole run (utime + stime from /proc),
# and response's p50 and p99. The order of the sides turns each round, so drift of this shared
# machine hits all alike; the results are the median of the rounds' shape/default ratios.
# Appends to bench/results-shapes.md.
# Usage: bench/shape-costs.sh [ROUNDS] [RATE] [DURATION]   (defaults 4, 2000, 10s)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
rounds="${1:-4}"
rate="${2:-2000}"
duration="${3:-10s}"
out="$root/bench/results-shapes.md"
tmp="$(mktemp -d)"
# shellcheck source=bench/lib/harness-broker.sh
. "$root/bench/lib/harness-broker.sh"
java_opts=(-XX:TieredStopAtLevel=1 -Xms1g -Xmx1g -XX:+AlwaysPreTouch)

sides=(default properties random mix text map object)
options() {
  case "$1" in
    default) ;;
    properties) echo "--properties 10" ;;
    random) echo "--payload random" ;;
    mix) echo "--size 512:50,3584:50" ;;
    text | map | object) echo "--message-type $1" ;;
  esac
}
for side in "${sides[@]}"; do
  options "$side" >"$tmp/$side.options"
done
for round in $(seq 1 "$rounds"); do
  n=${#sides[@]}
  for i in $(seq 0 $((n - 1))); do
    side="${sides[$(( (i + round) % n ))]}"
    before="$(broker_ticks)"
    # shellcheck disable=SC2046
    java "${java_opts[@]}" -jar "$jar" run --url "$url" --rate "$rate" --non-persistent --warmup 3s \
        --duration "$duration" --queue-prefix "BENCH.$side.$round." $(options "$side") \
        --json "$tmp/$side-$round.json" >"$tmp/$side-$round.out"
    echo "$(( $(broker_ticks) - before ))" >"$tmp/$side-$round.broker"
  done
done

python3 - "$tmp" "$rounds" "$rate" "$duration" "$(git -C "$root" rev-parse --short HEAD)" "$(getconf CLK_TCK)" \
  >>"$out" <<'PY'
import json, statistics, sys, platform, os, datetime
tmp, rounds, rate, duration, head, hz = sys.argv[1:7]
rounds, hz, cpus = int(rounds), int(hz), os.cpu_count()
sides = {side: open(f"{tmp}/{side}.options").read().strip()
         for side in ["default", "properties", "random", "mix", "text", "map", "object"]}
def figures(side, r):
    s = json.load(open(f"{tmp}/{side}-{r}.json"))["summary"]
    n = s["measuredCompleted"]
    client_us = s["saturation"]["cpuFraction"] * cpus * s["measuredSeconds"] * 1e6 / n
    broker_us = int(open(f"{tmp}/{side}-{r}.broker").read()) / hz * 1e6 / s["totalCompleted"]
    resp = s["views"]["response"]
    return s["achievedRate"], client_us, broker_us, resp["p50Ns"] / 1e6, resp["p99Ns"] / 1e6
print(f"\n## {datetime.date.today()}, {cpus} CPUs, {platform.system()} {platform.machine()}: shapes against the default ({head})\n")
print(f"{rounds} rounds of `harness run --url tcp://127.0.0.1:PORT --rate {rate} --non-persistent --warmup 3s"
      f" --duration {duration}` on one `harness broker` child, each side on queues of its own, the order turning each"
      " round. Client: the harness JVM's CPU per message over the measured phase; broker: the broker child's CPU per"
      " message over the whole run.\n")
print("| round | side | options | achieved msg/s | client us/msg | broker us/msg | response p50 ms | response p99 ms |")
print("|---|---|---|---|---|---|---|---|")
ratios = {side: {"client": [], "broker": [], "p50": [], "p99": []} for side in sides if side != "default"}
for r in range(1, rounds + 1):
    f = {side: figures(side, r) for side in sides}
    for side, opts in sides.items():
        a, c, b, p50, p99 = f[side]
        print(f"| {r} | {side} | `{opts or '(none)'}` | {a:,.0f} | {c:.1f} | {b:.1f} | {p50:.3f} | {p99:.3f} |")
    for side in ratios:
        for i, k in ((1, "client"), (2, "broker"), (3, "p50"), (4, "p99")):
            ratios[side][k].append(f[side][i] / f["default"][i])
print("\nMedian ratios to the default, per shape:\n")
print("| shape | client CPU | broker CPU | response p50 | response p99 |")
print("|---|---|---|---|---|")
for side, rs in ratios.items():
    print(f"| `{sides[side]}` | {statistics.median(rs['client']):.2f}x | {statistics.median(rs['broker']):.2f}x"
          f" | {statistics.median(rs['p50']):.2f}x | {statistics.median(rs['p99']):.2f}x |")
PY
echo "appended to $out" >&2
