#!/usr/bin/env bash
# The peer benchmark: `artemis perf client` (the tool an Artemis user would otherwise pick) and
# `harness run`, alternating turn by turn on one standalone Artemis broker on 127.0.0.1, with the
# same settings. Run by hand, never by CI; commit the table it appends, never the distribution.
#
#   bench/peer-benchmark.sh                  # 20 s measured after 5 s warmup, 1 round
#   ROUNDS=2 MEASURE=20 WARMUP=5 bench/peer-benchmark.sh
#   CASES=bc bench/peer-benchmark.sh         # only cases b and c
#
# Cases a-d: one send at a time (each tool's default); e-h: the same with 100 in flight
# (artemis perf client --max-pending 100, harness run --max-in-flight 100).
#
# The harness runs through its launcher (./harness), so with the JVM options a user gets:
# HARNESS_JAVA_OPTS replaces them, as for ./harness. The peer runs through its own (bin/artemis).
#
# Needs: a JDK 17+, Maven (the distribution comes from Maven Central), python3, GNU time.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
scratch="${SCRATCH:-${TMPDIR:-/tmp}/harness-peer}"
rounds="${ROUNDS:-1}"
measure="${MEASURE:-20}"
warmup="${WARMUP:-5}"
port="${PORT:-61716}"
out="${OUT:-$root/bench/results-peer.md}"

die() { echo "peer-benchmark: $*" >&2; exit 2; }
command -v python3 >/dev/null || die "python3 is needed to read the tools' JSON"
[ -x /usr/bin/time ] || die "GNU time (/usr/bin/time) is needed to measure client CPU"

. "$root/bench/lib/artemis.sh"
artemis_fetch

jar="$root/harness-cli/target/harness.jar"
[ -f "$jar" ] || (cd "$root" && mvn -B -q -DskipTests package)

ARTEMIS_NAME=broker


# case name | peer options | harness options
cases=(
  "a: non-persistent, unthrottled||--non-persistent --rate max"
  "b: persistent, unthrottled|--persistent|--persistent --rate max"
  "c: persistent, commit every 10, unthrottled|--persistent --commit-interval 10|--persistent --syncpoint 10 --rate max"
  "d: persistent, 2,000 msg/s|--persistent --rate 2000|--persistent --rate 2000"
  # The same four with each tool at its best for throughput: the peer's --max-pending 100 (what its
  # documentation suggests), the harness's --max-in-flight 100 (asynchronous sends).
  "e: non-persistent, unthrottled, 100 in flight|--max-pending 100|--non-persistent --rate max --max-in-flight 100"
  "f: persistent, unthrottled, 100 in flight|--persistent --max-pending 100|--persistent --rate max --max-in-flight 100"
  "g: persistent, commit every 10, unthrottled, 100 in flight|--persistent --commit-interval 10 --max-pending 100|--persistent --syncpoint 10 --rate max --max-in-flight 100"
  "h: persistent, 2,000 msg/s, 100 in flight|--persistent --rate 2000 --max-pending 100|--persistent --rate 2000 --max-in-flight 100"
)

results="$scratch/results.jsonl"
: > "$results"

run_peer() { # name opts queue
  local name="$1" opts="$2" queue="$3" json="$scratch/peer.json" cpu="$scratch/peer.cpu"
  rm -f "$json"
  # perf client counts its warmup inside --duration; it prompts for a URL when it cannot
  # connect, so stdin is closed and the run is bounded.
  timeout $((measure + warmup + 120)) /usr/bin/time -f '%U %S' -o "$cpu" \
    "$dist/bin/artemis" perf client --url "tcp://127.0.0.1:$port?confirmationWindowSize=20000" \
    $opts --message-size 2048 --producers 1 --consumers 1 \
    --duration $((measure + warmup)) --warmup "$warmup" --json "$json" "queue://$queue" \
    < /dev/null > "$scratch/peer.out" 2>&1 || die "artemis perf client failed; see $scratch/peer.out"
  python3 - "$name" "$json" "$cpu" >> "$results" <<'PY'
import json, sys
name, path, cpu = sys.argv[1:4]
samples = json.load(open(path))
intervals = [s for s in samples if s.get("sampleType") == "interval" and not s.get("warmup")]
summary = [s for s in samples if "result" in s][-1]
rate = sum(s["received"] for s in intervals) / max(1, len(intervals))
user, system = map(float, open(cpu).read().split()[-2:])
transfer = summary["totalTransferTime"]
delay = summary.get("totalDelaySendTime") or {}
print(json.dumps({"case": name, "tool": "peer", "rate": rate, "cpu": user + system,
                  "messages": summary["totalReceived"],
                  "p50": transfer["50"] / 1e3, "p99": transfer["99"] / 1e3, "p999": transfer["99.9"] / 1e3,
                  "max": transfer["max"] / 1e3,
                  "note": "transfer time (from the actual send)"
                          + ("; delay send p99 %.1f ms" % (delay["99"] / 1e3) if delay.get("count") else "")}))
PY
}

run_harness() { # name opts queue
  local name="$1" opts="$2" queue="$3" json="$scratch/harness.json" cpu="$scratch/harness.cpu"
  rm -f "$json"
  timeout $((measure + warmup + 120)) /usr/bin/time -f '%U %S' -o "$cpu" \
    "$root/harness" run --url "tcp://127.0.0.1:$port" $opts --size 2KiB --senders 1 --drainers 1 --queues 1 \
    --queue-prefix "$queue" --warmup "${warmup}s" --duration "${measure}s" --json "$json" \
    < /dev/null > "$scratch/harness.out" 2>&1 || die "harness run failed; see $scratch/harness.out"
  python3 - "$name" "$json" "$cpu" >> "$results" <<'PY'
import json, sys
name, path, cpu = sys.argv[1:4]
s = json.load(open(path))["summary"]
user, system = map(float, open(cpu).read().split()[-2:])
r, lag = s["views"]["response"], s["views"]["send-lag"]
print(json.dumps({"case": name, "tool": "harness", "rate": s["achievedRate"], "cpu": user + system,
                  "messages": s["totalCompleted"],
                  "p50": r["p50Ns"] / 1e6, "p99": r["p99Ns"] / 1e6, "p999": r["p99_9Ns"] / 1e6,
                  "max": r["maxNs"] / 1e6,
                  # Unthrottled (--rate max) has no schedule: its latencies are closed-loop, like the peer's.
                  "note": ("closed-loop: unthrottled, no schedule, response = service" if s.get("closedLoop")
                           else "response (from the intended send time); send-lag p99 %.3f ms" % (lag["p99Ns"] / 1e6))}))
PY
}

artemis_start
turn=0
for round in $(seq 1 "$rounds"); do
  for c in "${cases[@]}"; do
    IFS='|' read -r name peer_opts harness_opts <<< "$c"
    [[ "${CASES:-abcdefgh}" == *"${name:0:1}"* ]] || continue
    turn=$((turn + 1))
    # A queue of its own per turn, so no turn inherits another's backlog; who goes first alternates.
    if [ $((turn % 2)) -eq 1 ]; then
      echo "round $round, $name: peer, then harness"
      run_peer "$name" "$peer_opts" "PEER.$turn"
      run_harness "$name" "$harness_opts" "HARNESS.$turn."
    else
      echo "round $round, $name: harness, then peer"
      run_harness "$name" "$harness_opts" "HARNESS.$turn."
      run_peer "$name" "$peer_opts" "PEER.$turn"
    fi
  done
done

harness_jvm="${HARNESS_JAVA_OPTS-$(sed -n 's/^java_opts="\${HARNESS_JAVA_OPTS-"\(.*\)"}"$/\1/p' "$root/harness")}"
# The launcher's line names its JIT options by variable: the client's are those of `run`.
harness_jvm="${harness_jvm//\$jit_opts/$(sed -n 's/^jit_opts="\(.*\)"$/\1/p' "$root/harness" | head -1)}"
python3 - "$results" "$out" "$rounds" "$measure" "$warmup" "$artemis_version" "$harness_jvm" <<'PY'
import json, sys, os, platform, datetime, statistics
results, out, rounds, measure, warmup, version, harness_jvm = sys.argv[1:8]
rows = [json.loads(l) for l in open(results)]
cases = list(dict.fromkeys(r["case"] for r in rows))
def mean(xs): return statistics.mean(xs) if xs else float("nan")
lines = ["", "## %s, %s, %d CPUs, Java %s" % (datetime.date.today(), platform.node(), os.cpu_count(),
         os.popen("java -version 2>&1 | head -1").read().strip()), "",
         "One standalone Artemis %s broker (`artemis create`, defaults) on 127.0.0.1; 2 KiB messages, 1 producer and"
         " 1 consumer, one queue, %s s measured after %s s warmup, %s round(s), tools alternating turn by turn."
         " `artemis perf client` with `?confirmationWindowSize=20000`; cases a-d with each tool's default of one"
         " send in flight, e-h with `artemis perf client --max-pending 100` beside `harness run --max-in-flight 100`"
         " (which sets confirmationWindowSize and producerWindowSize to 1 MiB, as the header states);"
         " CPU is the client process's user + system time (JVM start included) per 1,000 messages it received."
         " The harness's JVM options: `%s`; the peer's, its launcher's (`-Xms512M -Xmx1024M`)."
         % (version, measure, warmup, rounds, harness_jvm), "",
         "| case | peer msg/s | harness msg/s | harness / peer | peer CPU s / 1k msg | harness CPU s / 1k msg |"
         " harness / peer CPU | peer p50 / p99 / p99.9 / max (ms) | harness p50 / p99 / p99.9 / max (ms) |",
         "|---|---:|---:|---:|---:|---:|---:|---|---|"]
notes = []
for c in cases:
    p = [r for r in rows if r["case"] == c and r["tool"] == "peer"]
    h = [r for r in rows if r["case"] == c and r["tool"] == "harness"]
    pr, hr = mean([r["rate"] for r in p]), mean([r["rate"] for r in h])
    pc = mean([r["cpu"] / r["messages"] * 1000 for r in p if r["messages"]])
    hc = mean([r["cpu"] / r["messages"] * 1000 for r in h if r["messages"]])
    lat = lambda rs: " / ".join("%.2f" % mean([r[k] for r in rs]) for k in ("p50", "p99", "p999", "max"))
    lines.append("| %s | %s | %s | %.2f | %.3f | %.3f | %.2f | %s | %s |" % (
        c, format(round(pr), ","), format(round(hr), ","), hr / pr if pr else float("nan"), pc, hc,
        hc / pc if pc else float("nan"), lat(p), lat(h)))
    notes.append("- %s: peer %s; harness %s." % (c, p[-1]["note"], h[-1]["note"]))
lines += ["", "Latency columns: in the unthrottled cases both tools time from the actual send (closed-loop: a"
          " stall delays later sends instead of showing in their latency); at a fixed rate the peer's transfer"
          " time starts at the actual send, the harness's `response` at the intended send time.", ""] + notes
text = "\n".join(lines) + "\n"
with open(out, "a") as f:
    f.write(text)
print(text)
print("appended to", out)
PY
