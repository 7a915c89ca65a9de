#!/usr/bin/env bash
# What a way of getting replies costs (--reply-by) against the router: correlation-id (a consumer
# per request selecting JMSCorrelationID, as MQ requesters get replies) and temporary (a temporary
# reply queue per requester). Every side drives the same `harness broker` child with closed-mode,
# non-persistent request/response outside syncpoint at one fixed rate, its responders in the
# harness's process, each side on queues of its own. Per round trip measured: the harness JVM's
# CPU over the measured phase, the broker child's CPU over the whole run, and response's p50 and
# p99. --cold-start: no warming burst, whose messages (as fast as they go) the broker's CPU would
# count and the run's round trips would not; a 5 s warmup instead. The order of the sides turns each round; the results are the median of the rounds' ratios.
# Appends to bench/results-shapes.md.
# Usage: bench/reply-costs.sh [ROUNDS] [RATE] [DURATION]   (defaults 4, 1000, 10s)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
rounds="${1:-4}"
rate="${2:-1000}"
duration="${3:-10s}"
out="$root/bench/results-shapes.md"
tmp="$(mktemp -d)"
# shellcheck source=bench/lib/harness-broker.sh
. "$root/bench/lib/harness-broker.sh"
java_opts=(-XX:TieredStopAtLevel=1 -Xms1g -Xmx1g -XX:+AlwaysPreTouch)

sides=(router correlation-id temporary)
for round in $(seq 1 "$rounds"); do
  n=${#sides[@]}
  for i in $(seq 0 $((n - 1))); do
    side="${sides[$(( (i + round) % n ))]}"
    replies=(--reply-prefix "BENCH.$side.$round.REP")
    if [ "$side" = temporary ]; then replies=(); fi # its replies go to temporary queues
    before="$(broker_ticks)"
    java "${java_opts[@]}" -jar "$jar" run --url "$url" --workload reqresp --reply-by "$side" --rate "$rate" \
        --requesters 10 --queues 2 --responders 2 --non-persistent --syncpoint 0 --cold-start --warmup 5s \
        --duration "$duration" \
        --request-prefix "BENCH.$side.$round.REQ" ${replies[@]+"${replies[@]}"} \
        --json "$tmp/$side-$round.json" >"$tmp/$side-$round.out"
    echo "$(( $(broker_ticks) - before ))" >"$tmp/$side-$round.broker"
  done
done

python3 - "$tmp" "$rounds" "$rate" "$duration" "$(git -C "$root" rev-parse --short HEAD)" "$(getconf CLK_TCK)" \
  >>"$out" <<'PY'
import json, statistics, sys, platform, os, datetime
tmp, rounds, rate, duration, head, hz = sys.argv[1:7]
rounds, hz, cpus = int(rounds), int(hz), os.cpu_count()
sides = ["router", "correlation-id", "temporary"]
def figures(side, r):
    s = json.load(open(f"{tmp}/{side}-{r}.json"))["summary"]
    n = s["measuredCompleted"]
    client_us = s["saturation"]["cpuFraction"] * cpus * s["measuredSeconds"] * 1e6 / n
    broker_us = int(open(f"{tmp}/{side}-{r}.broker").read()) / hz * 1e6 / s["totalCompleted"]
    resp = s["views"]["response"]
    return s["achievedRate"], client_us, broker_us, resp["p50Ns"] / 1e6, resp["p99Ns"] / 1e6
print(f"\n## {datetime.date.today()}, {cpus} CPUs, {platform.system()} {platform.machine()}: --reply-by against the router ({head})\n")
print(f"{rounds} rounds of `harness run --url tcp://127.0.0.1:PORT --workload reqresp --reply-by WAY --rate {rate}"
      f" --requesters 10 --queues 2 --responders 2 --non-persistent --syncpoint 0 --cold-start --warmup 5s"
      f" --duration {duration}`"
      " on one `harness broker` child, each side on queues of its own, the order turning each round. Client: the"
      " harness JVM's CPU per round trip over the measured phase (requesters and responders); broker: the broker"
      " child's CPU per round trip over the whole run.\n")
print("| round | --reply-by | achieved round trips/s | client us/trip | broker us/trip | response p50 ms | response p99 ms |")
print("|---|---|---|---|---|---|---|")
ratios = {side: {"client": [], "broker": [], "p50": [], "p99": []} for side in sides if side != "router"}
for r in range(1, rounds + 1):
    f = {side: figures(side, r) for side in sides}
    for side in sides:
        a, c, b, p50, p99 = f[side]
        print(f"| {r} | {side} | {a:,.0f} | {c:.1f} | {b:.1f} | {p50:.3f} | {p99:.3f} |")
    for side in ratios:
        for i, k in ((1, "client"), (2, "broker"), (3, "p50"), (4, "p99")):
            ratios[side][k].append(f[side][i] / f["router"][i])
print("\nMedian ratios to the router:\n")
print("| --reply-by | client CPU | broker CPU | response p50 | response p99 |")
print("|---|---|---|---|---|")
for side, rs in ratios.items():
    print(f"| `{side}` | {statistics.median(rs['client']):.2f}x | {statistics.median(rs['broker']):.2f}x"
          f" | {statistics.median(rs['p50']):.2f}x | {statistics.median(rs['p99']):.2f}x |")
PY
echo "appended to $out" >&2
