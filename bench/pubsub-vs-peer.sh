#!/usr/bin/env bash
# Fan-out, like for like: `artemis perf client` and `harness run --workload pubsub` on one topic
# with N nondurable subscribers, on one standalone Artemis broker on 127.0.0.1, non-persistent,
# unthrottled, 2 KiB, one producer; alternating turn by turn. Then the harness alone at a fixed
# rate on its embedded broker: 1 publisher at 1,000 msg/s to 10 subscribers. Run by hand, never by
# CI; commit the table it appends (bench/results-pubsub.md), never the distribution.
#
#   bench/pubsub-vs-peer.sh                 # 4 subscribers, 20 s measured after 5 s warmup, 2 rounds
#   SUBSCRIBERS=10 ROUNDS=1 bench/pubsub-vs-peer.sh
#
# artemis perf client sends non-persistent unless given --persistent. Deliveries/s are copies received per second by all subscribers together; CPU is the client
# process's user + system time (JVM start included) per 1,000 deliveries.
#
# Needs: a JDK 17+, Maven (the distribution comes from Maven Central), python3, GNU time.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
scratch="${SCRATCH:-${TMPDIR:-/tmp}/harness-peer}"
rounds="${ROUNDS:-2}"
measure="${MEASURE:-20}"
warmup="${WARMUP:-5}"
subscribers="${SUBSCRIBERS:-4}"
port="${PORT:-61718}"
out="${OUT:-$root/bench/results-pubsub.md}"

die() { echo "pubsub-vs-peer: $*" >&2; exit 2; }
command -v python3 >/dev/null || die "python3 is needed to read the tools' JSON"
[ -x /usr/bin/time ] || die "GNU time (/usr/bin/time) is needed to measure client CPU"

. "$root/bench/lib/artemis.sh"
artemis_fetch
jar="$root/harness-cli/target/harness.jar"
[ -f "$jar" ] || (cd "$root" && mvn -B -q -DskipTests package)

ARTEMIS_NAME=pubsub-broker artemis_start

results="$scratch/pubsub-results.jsonl"
: > "$results"

run_peer() { # topic
  local json="$scratch/pubsub-peer.json" cpu="$scratch/pubsub-peer.cpu"
  rm -f "$json"
  timeout $((measure + warmup + 120)) /usr/bin/time -f '%U %S' -o "$cpu" \
    "$dist/bin/artemis" perf client --url "tcp://127.0.0.1:$port" --message-size 2048 \
    --producers 1 --consumers "$subscribers" --duration $((measure + warmup)) --warmup "$warmup" --json "$json" \
    "topic://$1" < /dev/null > "$scratch/pubsub-peer.out" 2>&1 || die "artemis perf client failed; see $scratch/pubsub-peer.out"
  python3 - "$json" "$cpu" >> "$results" <<'PY'
import json, sys
path, cpu = sys.argv[1:3]
samples = json.load(open(path))
intervals = [s for s in samples if s.get("sampleType") == "interval" and not s.get("warmup")]
summary = [s for s in samples if "result" in s][-1]
user, system = map(float, open(cpu).read().split()[-2:])
t = summary["totalTransferTime"]
print(json.dumps({"tool": "peer", "deliveries_per_s": sum(s["received"] for s in intervals) / max(1, len(intervals)),
                  "cpu": user + system, "deliveries": summary["totalReceived"],
                  "p50": t["50"] / 1e3, "p99": t["99"] / 1e3, "max": t["max"] / 1e3}))
PY
}

run_harness() { # topic prefix
  local json="$scratch/pubsub-harness.json" cpu="$scratch/pubsub-harness.cpu"
  rm -f "$json"
  timeout $((measure + warmup + 120)) /usr/bin/time -f '%U %S' -o "$cpu" \
    "$root/harness" run --url "tcp://127.0.0.1:$port" --workload pubsub --topic-prefix "$1" --subscribers "$subscribers" \
    --non-persistent --rate max --size 2KiB --senders 1 --warmup "${warmup}s" --duration "${measure}s" --json "$json" \
    < /dev/null > "$scratch/pubsub-harness.out" 2>&1 || die "harness run failed; see $scratch/pubsub-harness.out"
  python3 - "$json" "$cpu" "$measure" >> "$results" <<'PY'
import json, sys
path, cpu, measure = sys.argv[1:4]
s = json.load(open(path))["summary"]
user, system = map(float, open(cpu).read().split()[-2:])
r = s["views"]["response"]
print(json.dumps({"tool": "harness", "deliveries_per_s": r["count"] / s["measuredSeconds"],
                  "cpu": user + system, "deliveries": s["subscriptions"]["deliveries"],
                  "p50": r["p50Ns"] / 1e6, "p99": r["p99Ns"] / 1e6, "max": r["maxNs"] / 1e6}))
PY
}

turn=0
for round in $(seq 1 "$rounds"); do
  turn=$((turn + 1))
  if [ $((turn % 2)) -eq 1 ]; then
    echo "round $round: peer, then harness"; run_peer "PEER.T$turn"; run_harness "HARNESS.T$turn."
  else
    echo "round $round: harness, then peer"; run_harness "HARNESS.T$turn."; run_peer "PEER.T$turn"
  fi
done
artemis_stop

echo "fixed rate: 1 publisher at 1,000 msg/s, 10 subscribers, embedded broker"
fixed="$scratch/pubsub-fixed.json"
/usr/bin/time -f '%U %S' -o "$scratch/pubsub-fixed.cpu" "$root/harness" run --workload pubsub --subscribers 10 \
  --rate 1000 --non-persistent --warmup 10s --duration 30s --json "$fixed" < /dev/null > "$scratch/pubsub-fixed.out" 2>&1 \
  || die "the fixed-rate run failed; see $scratch/pubsub-fixed.out"

python3 - "$results" "$out" "$rounds" "$measure" "$warmup" "$artemis_version" "$subscribers" "$fixed" "$scratch/pubsub-fixed.cpu" <<'PY'
import json, sys, os, platform, datetime, statistics
results, out, rounds, measure, warmup, version, subscribers, fixed, fixed_cpu = sys.argv[1:10]
rows = [json.loads(l) for l in open(results)]
def m(tool, k): return statistics.mean(r[k] for r in rows if r["tool"] == tool)
def per1k(tool): return statistics.mean(r["cpu"] / r["deliveries"] * 1000 for r in rows if r["tool"] == tool)
p, h = m("peer", "deliveries_per_s"), m("harness", "deliveries_per_s")
pc, hc = per1k("peer"), per1k("harness")
f = json.load(open(fixed))["summary"]
user, system = map(float, open(fixed_cpu).read().split()[-2:])
valid = f["validity"]["valid"] if "validity" in f else None
lines = ["", "## %s, %s, %d CPUs, Java %s" % (datetime.date.today(), platform.node(), os.cpu_count(),
         os.popen("java -version 2>&1 | head -1").read().strip()), "",
         "One topic, %s nondurable subscribers, one producer, 2 KiB, non-persistent, unthrottled, on one standalone"
         " Artemis %s (`artemis create`, defaults) on 127.0.0.1; %s s measured after %s s warmup, %s round(s), the"
         " tools alternating. CPU: the client process's user + system time (JVM start included) per 1,000 deliveries."
         % (subscribers, version, measure, warmup, rounds), "",
         "| | deliveries/s | CPU s / 1k deliveries | p50 / p99 / max (ms), from the actual send |",
         "|---|---:|---:|---|",
         "| artemis perf client | %s | %.3f | %.2f / %.2f / %.2f |" % (format(round(p), ","), pc, m("peer", "p50"), m("peer", "p99"), m("peer", "max")),
         "| harness run --workload pubsub --rate max | %s | %.3f | %.2f / %.2f / %.2f |" % (format(round(h), ","), hc,
             m("harness", "p50"), m("harness", "p99"), m("harness", "max")),
         "| harness / peer | %.2f | %.2f | |" % (h / p, hc / pc), "",
         "Fixed rate on the embedded broker: 1 publisher at 1,000 msg/s, 10 nondurable subscribers (10,000 deliveries/s),"
         " non-persistent, 30 s measured after 10 s warmup: %s; fanout p99 %.2f ms, response p99 %.2f ms;"
         " %s deliveries; the harness process's CPU (broker included, it is embedded) %.3f s per 1,000 deliveries."
         % ("VALID" if f["views"]["fanout"]["count"] and "NOT VALID" not in open(fixed.replace(".json", ".out")).read() else "NOT VALID",
            f["views"]["fanout"]["p99Ns"] / 1e6, f["views"]["response"]["p99Ns"] / 1e6,
            format(f["subscriptions"]["deliveries"], ","), (user + system) / f["subscriptions"]["deliveries"] * 1000)]
text = "\n".join(lines) + "\n"
with open(out, "a") as fh:
    fh.write(text)
print(text)
PY
