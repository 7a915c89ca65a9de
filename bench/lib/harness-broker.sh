# Sourced by the bench scripts that drive one `harness broker` child: starts it on a free port of
# 127.0.0.1 with its journal in $tmp/broker, and stops it on exit. The script sets root and tmp
# first (and removes $tmp itself); after this, url is the broker's and jar the harness's.
"$root/harness" --version >/dev/null # builds the jars when they are missing or old
jar="$root/harness-cli/target/harness.jar"
broker_pid=""
harness_broker_stop() {
  if [ -n "$broker_pid" ]; then kill "$broker_pid" 2>/dev/null || true; wait "$broker_pid" 2>/dev/null || true; fi
  rm -rf "$tmp"
}
trap harness_broker_stop EXIT

port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
java -Xmx2g -jar "$jar" broker --port "$port" --data-dir "$tmp/broker" --ready-file "$tmp/ready.json" \
  >"$tmp/broker.log" 2>&1 &
broker_pid=$!
for _ in $(seq 1 600); do [ -f "$tmp/ready.json" ] && break; sleep 0.1; done
[ -f "$tmp/ready.json" ] || { echo "the broker did not start: $(cat "$tmp/broker.log")" >&2; exit 1; }
url="tcp://127.0.0.1:$port"

# The broker child's CPU so far, in clock ticks (utime + stime).
broker_ticks() { awk '{print $14 + $15}' "/proc/$broker_pid/stat"; }
