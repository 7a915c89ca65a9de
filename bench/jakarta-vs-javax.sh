#!/usr/bin/env bash
# The hot path on both namespaces: unthrottled non-persistent puts on the embedded broker,
# javax then jakarta in each round so that drift of this shared machine hits both alike. Each
# run's achieved rate (from its JSON) and its process's CPU per message (user + system, from
# /proc, JVM start included alike) are appended to bench/results-jakarta.md with the medians'
# ratios jakarta/javax.
# Usage: bench/jakarta-vs-javax.sh [ROUNDS] [DURATION]   (defaults 5 and 10s; about 20 s per run)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
rounds="${1:-5}"
duration="${2:-10s}"
out="$root/bench/results-jakarta.md"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
ticks="$(getconf CLK_TCK)"
for round in $(seq 1 "$rounds"); do
  for api in javax jakarta; do
    # CPU of the child JVM from /proc/PID/stat (utime + stime), read just before it exits is
    # fiddly; bash's times for waited children is exact: run it in a subshell and read `times`.
    ( "$root/harness" run --api "$api" --rate max --non-persistent --warmup 3s --duration "$duration" \
        --json "$tmp/$api-$round.json" >/dev/null; times ) 2>/dev/null | tail -1 >"$tmp/$api-$round.cpu"
  done
done
python3 - "$tmp" "$rounds" "$duration" >>"$out" <<'PY'
import json, statistics, sys, re, platform, os, datetime
tmp, rounds, duration = sys.argv[1], int(sys.argv[2]), sys.argv[3]
def secs(t):  # bash `times` child line: "0m12.345s 0m1.234s"
    return sum(float(m) * 60 + float(s) for m, s in re.findall(r"(\d+)m([\d.]+)s", t))
rows, rate, cpu = [], {"javax": [], "jakarta": []}, {"javax": [], "jakarta": []}
for r in range(1, rounds + 1):
    for api in ("javax", "jakarta"):
        s = json.load(open(f"{tmp}/{api}-{r}.json"))
        done = s["summary"]["totalCompleted"]
        c = secs(open(f"{tmp}/{api}-{r}.cpu").read())
        rate[api].append(s["summary"]["achievedRate"]); cpu[api].append(1000 * c / done)
        rows.append(f"| {r} | {api} | {s['settings']['client']} | {s['summary']['achievedRate']:,.0f} | {1000 * c / done:.4f} |")
print(f"\n## {datetime.date.today()}, {os.cpu_count()} CPUs, {platform.system()} {platform.machine()}\n")
print(f"{rounds} rounds of `harness run --api API --rate max --non-persistent --warmup 3s --duration {duration}`"
      " on the embedded broker, javax then jakarta in each round; CPU is the whole process's (harness, embedded"
      " broker and JVM start) per message completed.\n")
print("| round | api | client | achieved msg/s | CPU ms per message |\n|---:|---|---|---:|---:|")
print("\n".join(rows))
m = lambda d, a: statistics.median(d[a])
print(f"\nMedians, jakarta / javax: achieved rate {m(rate, 'jakarta') / m(rate, 'javax'):.3f},"
      f" CPU per message {m(cpu, 'jakarta') / m(cpu, 'javax'):.3f}.")
PY
tail -n 3 "$out"
