#!/usr/bin/env bash
# The put benchmark on both namespaces, alternating (javax, jakarta, javax, ...) so that drift of
# this shared machine hits both alike; appends each run's table and the ratios jakarta/javax of
# the unthrottled rate and CPU per message to bench/results-jakarta.md.
# Usage: bench/jakarta-vs-javax.sh [ROUNDS]   (default 3; about 1 minute per run)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
rounds="${1:-3}"
out="$root/bench/results-jakarta.md"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
for round in $(seq 1 "$rounds"); do
  for api in javax jakarta; do
    "$root/harness" bench --api "$api" --warmup 2s --trial 5s --steps 1 --out "$tmp/$api-$round.md" >/dev/null
  done
done
{
  echo
  echo "## $(date +%F), $(nproc) CPUs, $(uname -sm), $(java -version 2>&1 | head -1)"
  echo
  echo "$rounds rounds of \`harness bench --warmup 2s --trial 5s --steps 1\`, javax then jakarta in each round."
  echo
  echo "| round | api | configuration | unthrottled msg/s | CPU ms per message |"
  echo "|---:|---|---|---:|---:|"
  for round in $(seq 1 "$rounds"); do
    for api in javax jakarta; do
      # Table rows: | configuration | unthrottled | sustained | latencies | cpu |
      grep -E '^\| (non-persistent|persistent)' "$tmp/$api-$round.md" \
        | awk -F'|' -v r="$round" -v a="$api" '{gsub(/^ +| +$/, "", $2); gsub(/ /, "", $3); gsub(/ /, "", $6); print "| " r " | " a " | " $2 " | " $3 " | " $6 " |"}'
    done
  done
  echo
  echo "Medians over rounds, jakarta / javax:"
  echo
  for api in javax jakarta; do
    for round in $(seq 1 "$rounds"); do
      grep -E '^\| (non-persistent|persistent)' "$tmp/$api-$round.md" \
        | awk -F'|' -v a="$api" '{gsub(/^ +| +$/, "", $2); gsub(/[ ,]/, "", $3); gsub(/ /, "", $6); print a "\t" $2 "\t" $3 "\t" $6}'
    done
  done | python3 -c '
import sys, statistics, collections
v = collections.defaultdict(list)
for line in sys.stdin:
    api, config, rate, cpu = line.rstrip("\n").split("\t")
    v[(config, "rate", api)].append(float(rate))
    v[(config, "cpu", api)].append(float(cpu))
for config in sorted({k[0] for k in v}):
    r = statistics.median(v[(config, "rate", "jakarta")]) / statistics.median(v[(config, "rate", "javax")])
    c = statistics.median(v[(config, "cpu", "jakarta")]) / statistics.median(v[(config, "cpu", "javax")])
    print(f"- {config}: unthrottled rate {r:.3f}, CPU per message {c:.3f}")
'
} >>"$out"
tail -n 5 "$out"
