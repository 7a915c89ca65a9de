#!/usr/bin/env bash
# Preloading against the peer: `harness run --preload COUNT` and `artemis producer --message-count
# COUNT` each put COUNT persistent 2 KiB messages on an empty queue of one standalone Artemis broker on
# 127.0.0.1 (a new one each round, so that neither starts on the other's journal), alternating which
# goes first. Each tool's rate is its own count over its own putting time: the peer's "Elapsed time",
# the harness's JSON `summary.preload.putNs` (neither counts JVM start or connecting; the harness's
# run then drains the backlog and measures, which is not timed here). The result is the median of the
# rounds' harness/peer ratios. Run by hand, never by CI; commit the table it appends
# (bench/results-preload.md).
#
#   bench/preload-vs-peer.sh                   # 100,000 persistent messages, 3 rounds
#   COUNT=100000 ROUNDS=3 bench/preload-vs-peer.sh
#
# Needs: a JDK 17+, Maven (the distribution comes from Maven Central), python3.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
scratch="${SCRATCH:-${TMPDIR:-/tmp}/harness-peer}"
rounds="${ROUNDS:-3}"
count="${COUNT:-100000}"
port="${PORT:-61718}"
out="${OUT:-$root/bench/results-preload.md}"

die() { echo "preload-vs-peer: $*" >&2; exit 2; }
command -v python3 >/dev/null || die "python3 is needed to read the tools' output"

. "$root/bench/lib/artemis.sh"
artemis_fetch
"$root/harness" --version >/dev/null # builds the jars when they are missing or old

ARTEMIS_NAME=preload-broker


url="tcp://127.0.0.1:$port"
# The peer sends persistent messages by default, one blocking send at a time; PEER_COMMIT=200 gives it
# the harness's units instead (--commit-interval).
peer_commit=""; [ -n "${PEER_COMMIT:-}" ] && peer_commit="--commit-interval $PEER_COMMIT"
for round in $(seq 1 "$rounds"); do
  if [ $((round % 2)) -eq 1 ]; then order="peer harness"; else order="harness peer"; fi
  artemis_start
  for tool in $order; do
    if [ "$tool" = peer ]; then
      "$dist/bin/artemis" producer --url "$url" --user admin --password admin --destination "queue://PRELOAD.peer.$round" \
        --message-count "$count" --message-size 2048 $peer_commit > "$scratch/preload-$tool-$round.out" 2>&1 \
        || die "artemis producer failed; see $scratch/preload-$tool-$round.out"
    else
      # One message due after the backlog: the run drains the preload, measures that one, and ends.
      "$root/harness" run --url "$url" --queue-prefix "PRELOAD.harness.$round." \
        --preload "$count" --size 2048 --rate 1 --duration 1s --drain-timeout 300s \
        --json "$scratch/preload-$tool-$round.json" > "$scratch/preload-$tool-$round.out" 2>&1 \
        || die "harness run failed; see $scratch/preload-$tool-$round.out"
    fi
  done
done
artemis_stop

python3 - "$scratch" "$rounds" "$count" "$(git -C "$root" rev-parse --short HEAD)" "$peer_commit" >>"$out" <<'PY'
import json, re, statistics, sys, os, platform, datetime
scratch, rounds, count, head, peer_commit = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], sys.argv[5]
def figures(tool, r):
    if tool == "peer":
        text = open(f"{scratch}/preload-{tool}-{r}.out").read()
        ms = [int(m) for m in re.findall(r"Elapsed time in milli second : (\d+)", text)]
        put = [int(m) for m in re.findall(r"Produced: (\d+) messages", text)]
        if not ms:
            sys.exit(f"no elapsed time in {scratch}/preload-{tool}-{r}.out")
        return (max(put) if put else count), max(ms) / 1000
    p = json.load(open(f"{scratch}/preload-{tool}-{r}.json"))["summary"]["preload"]
    return p["messages"], p["putNs"] / 1e9
rows, ratio = [], []
for r in range(1, rounds + 1):
    f = {t: figures(t, r) for t in ("peer", "harness")}
    for t in ("peer", "harness"):
        n, s = f[t]
        rows.append(f"| {r} | {t} | {n:,} | {s:.2f} | {n / s:,.0f} |")
    ratio.append((f["harness"][0] / f["harness"][1]) / (f["peer"][0] / f["peer"][1]))
print(f"\n## {datetime.date.today()}, {os.cpu_count()} CPUs, {platform.system()} {platform.machine()}: {count:,} persistent 2 KiB messages ({head})\n")
peer_how = f" {peer_commit}` (peer: {peer_commit.split()[-1]} sends to a commit)" if peer_commit else "` (peer: persistent by default, one blocking send at a time)"
print(f"{rounds} rounds, each on a new standalone Artemis 2.44.0 on 127.0.0.1: `artemis producer --message-count {count}"
      f" --message-size 2048{peer_how} and `harness run --preload"
      f" {count} --size 2048` (harness: one thread per queue, 200 messages to a commit) each fill an empty queue;"
      " the order alternates. msg/s: each tool's count over its own putting time.\n")
print("| round | tool | messages | seconds | msg/s |")
print("|---|---|---:|---:|---:|")
print("\n".join(rows))
print(f"\nMedian harness/peer msg/s: {statistics.median(ratio):.2f}.")
PY
tail -n 3 "$out"
