#!/usr/bin/env bash
# The hot path on both namespaces, client side only: `harness run --api javax` (harness.jar,
# artemis-jms-client) against `--api jakarta` (harness-jakarta.jar, artemis-jakarta-client) at one
# fixed rate of non-persistent 2 KiB puts, against one `harness broker` child, so the broker's CPU
# is not counted. Each run's CPU is the harness JVM's own over the measured phase only (the JSON's
# saturation.cpuFraction: no JVM start, no warmup), per message measured. The order alternates
# (javax first in odd rounds, jakarta first in even ones) so drift of this shared machine hits both
# alike; the result is the median of the rounds' jakarta/javax ratios. Appends to
# bench/results-jakarta.md.
# Usage: bench/jakarta-vs-javax.sh [ROUNDS] [RATE] [DURATION] [WARMUP]   (defaults 8, 3000, 8s, 5s; ~30 s a round)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
rounds="${1:-8}"
rate="${2:-3000}"
duration="${3:-8s}"
warmup="${4:-5s}"
out="$root/bench/results-jakarta.md"
tmp="$(mktemp -d)"
broker_pid=""
cleanup() {
  if [ -n "$broker_pid" ]; then kill "$broker_pid" 2>/dev/null || true; wait "$broker_pid" 2>/dev/null || true; fi
  rm -rf "$tmp"
}
trap cleanup EXIT
port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
"$root/harness" broker --port "$port" --data-dir "$tmp/broker" --ready-file "$tmp/ready.json" >"$tmp/broker.log" 2>&1 &
broker_pid=$!
for _ in $(seq 1 600); do [ -f "$tmp/ready.json" ] && break; sleep 0.1; done
[ -f "$tmp/ready.json" ] || { echo "the broker did not start: $(cat "$tmp/broker.log")" >&2; exit 1; }
url="tcp://127.0.0.1:$port"
for round in $(seq 1 "$rounds"); do
  if [ $((round % 2)) -eq 1 ]; then order="javax jakarta"; else order="jakarta javax"; fi
  for api in $order; do
    "$root/harness" run --api "$api" --url "$url" --rate "$rate" --non-persistent --warmup "$warmup" \
        --duration "$duration" --queue-prefix "BENCH.$api.$round." --json "$tmp/$api-$round.json" >/dev/null
  done
done
python3 - "$tmp" "$rounds" "$rate" "$duration" "$warmup" >>"$out" <<'PY'
import json, statistics, sys, platform, os, datetime
tmp, rounds, rate, duration, warmup = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4], sys.argv[5]
cpus = os.cpu_count()
def figures(api, r):
    s = json.load(open(f"{tmp}/{api}-{r}.json"))
    summ = s["summary"]
    cpu_ms = summ["saturation"]["cpuFraction"] * cpus * summ["measuredSeconds"] * 1000 / summ["measuredCompleted"]
    return s["settings"]["client"], summ["achievedRate"], cpu_ms, summ["views"]["response"]
rows, ratios, cpu = [], [], {"javax": [], "jakarta": []}
for r in range(1, rounds + 1):
    per = {}
    for api in ("javax", "jakarta"):
        client, achieved, cpu_ms, response = figures(api, r)
        per[api] = cpu_ms
        cpu[api].append(cpu_ms)
        rows.append(f"| {r} | {api} | {client} | {achieved:,.0f} | {cpu_ms * 1000:.1f} |")
    ratios.append(per["jakarta"] / per["javax"])
    rows[-1] += f" {ratios[-1]:.3f} |"
    rows[-2] += " |"
print(f"\n## {datetime.date.today()}, {cpus} CPUs, {platform.system()} {platform.machine()}: client CPU against a broker child\n")
print(f"{rounds} rounds of `harness run --api API --url tcp://127.0.0.1:PORT --rate {rate} --non-persistent --warmup {warmup}"
      f" --duration {duration}` against one `harness broker` child, javax first in odd rounds and jakarta first in even"
      " ones; CPU is the harness JVM's own over the measured phase (the JSON's `saturation.cpuFraction` x CPUs x"
      " measured seconds), per message completed in it: the broker's CPU and the JVM's start are not in it.\n")
print("| round | api | client | achieved msg/s | CPU us per message | jakarta / javax |\n|---:|---|---|---:|---:|---:|")
print("\n".join(rows))
m = statistics.median
print(f"\nMedian CPU per message: javax {m(cpu['javax']) * 1000:.1f} us, jakarta {m(cpu['jakarta']) * 1000:.1f} us."
      f" Median of the rounds' ratios jakarta / javax: **{m(ratios):.3f}** (lowest {min(ratios):.3f}, highest {max(ratios):.3f}).")
PY
tail -n 2 "$out"
