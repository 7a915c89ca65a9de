#!/usr/bin/env bash
# Consume-only against the peer: `harness drain` and `artemis consumer` each empty a queue of
# COUNT 2 KiB messages that `artemis producer` put there, alternating round by round on one
# standalone Artemis broker on 127.0.0.1 (a new one each round, so that neither starts on the
# other's journal). Each tool's rate is its own count over its own consuming time (the peer's
# "Elapsed time", the harness's JSON `seconds`: neither counts JVM start); the client CPU is the
# whole process's (GNU time), per message. The result is the median of the rounds' harness/peer
# ratios. Run by hand, never by CI; commit the table it appends (bench/results-drain.md).
#
#   bench/drain-vs-peer.sh                   # 100,000 non-persistent messages, 3 rounds
#   COUNT=100000 ROUNDS=3 PERSISTENT=1 bench/drain-vs-peer.sh
#
# Needs: a JDK 17+, Maven (the distribution comes from Maven Central), python3, GNU time.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
scratch="${SCRATCH:-${TMPDIR:-/tmp}/harness-peer}"
rounds="${ROUNDS:-3}"
count="${COUNT:-100000}"
persistent="${PERSISTENT:-0}"
port="${PORT:-61717}"
out="${OUT:-$root/bench/results-drain.md}"

die() { echo "drain-vs-peer: $*" >&2; exit 2; }
command -v python3 >/dev/null || die "python3 is needed to read the tools' output"
[ -x /usr/bin/time ] || die "GNU time (/usr/bin/time) is needed to measure client CPU"

. "$root/bench/lib/artemis.sh"
artemis_fetch
"$root/harness" --version >/dev/null # builds the jars when they are missing or old

ARTEMIS_NAME=drain-broker


url="tcp://127.0.0.1:$port"
kind="--non-persistent"; [ "$persistent" = 1 ] && kind="--persistent"
fill() {
  "$dist/bin/artemis" producer --silent --url "$url" --user admin --password admin --destination "queue://$1" \
    --message-count "$count" --message-size 2048 $kind > "$scratch/drain-fill.log" 2>&1 \
    || die "artemis producer failed; see $scratch/drain-fill.log"
}

for round in $(seq 1 "$rounds"); do
  if [ $((round % 2)) -eq 1 ]; then order="peer harness"; else order="harness peer"; fi
  artemis_start
  for tool in $order; do
    queue="DRAIN.$tool.$round"
    fill "$queue"
    if [ "$tool" = peer ]; then
      /usr/bin/time -f "%U %S %e" -o "$scratch/drain-$tool-$round.time" "$dist/bin/artemis" consumer --url "$url" \
        --user admin --password admin --destination "queue://$queue" --message-count "$count" \
        > "$scratch/drain-$tool-$round.out" 2>&1
    else
      /usr/bin/time -f "%U %S %e" -o "$scratch/drain-$tool-$round.time" "$root/harness" drain --url "$url" \
        --queue "$queue" --json "$scratch/drain-$tool-$round.json" \
        > "$scratch/drain-$tool-$round.out" 2>&1
    fi
  done
done
artemis_stop

python3 - "$scratch" "$rounds" "$count" "$kind" "$(git -C "$root" rev-parse --short HEAD)" >>"$out" <<'PY'
import json, re, statistics, sys, os, platform, datetime
scratch, rounds, count, kind, head = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], sys.argv[5]
def figures(tool, r):
    user, system, wall = map(float, open(f"{scratch}/drain-{tool}-{r}.time").read().split()[-3:])
    if tool == "peer":
        text = open(f"{scratch}/drain-{tool}-{r}.out").read()
        ms = [int(m) for m in re.findall(r"Elapsed time in milli second : (\d+)", text)]
        got = [int(m) for m in re.findall(r"Consumed: (\d+) messages", text)]
        # One consumer thread, which says its count twice: the largest is the count.
        seconds, received = (max(ms) / 1000 if ms else wall), (max(got) if got else count)
    else:
        d = json.load(open(f"{scratch}/drain-{tool}-{r}.json"))
        seconds, received = d["seconds"], d["received"]
    return received, received / seconds, (user + system) * 1e6 / received
rows, rate, cpu = [], [], []
for r in range(1, rounds + 1):
    f = {t: figures(t, r) for t in ("peer", "harness")}
    for t in ("peer", "harness"):
        n, mps, us = f[t]
        rows.append(f"| {r} | {t} | {n:,} | {mps:,.0f} | {us:.1f} |")
    rate.append(f["harness"][1] / f["peer"][1])
    cpu.append(f["harness"][2] / f["peer"][2])
print(f"\n## {datetime.date.today()}, {os.cpu_count()} CPUs, {platform.system()} {platform.machine()}: {count:,} {kind[2:]} 2 KiB messages ({head})\n")
print(f"{rounds} rounds, each on a new standalone Artemis 2.44.0 on 127.0.0.1: `artemis producer --message-count {count}"
      f" --message-size 2048 {kind}` fills a queue, then `artemis consumer --message-count {count}` (peer) or"
      " `harness drain --queue Q` (harness) empties it; the order alternates. msg/s: each tool's count over its"
      " own consuming time; CPU: the whole client process's user + system per message (JVM start included).\n")
print("| round | tool | received | msg/s | client CPU us/msg |")
print("|---|---|---:|---:|---:|")
print("\n".join(rows))
print(f"\nMedian harness/peer ratios: msg/s {statistics.median(rate):.2f}, client CPU per message {statistics.median(cpu):.2f}.")
PY
tail -n 3 "$out"
