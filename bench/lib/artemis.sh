# Sourced by the bench scripts that compare the harness with Artemis's own tools: the distribution
# from Maven Central, and one standalone broker on 127.0.0.1 at a time, stopped on exit. The script
# sets root, scratch, port and a die function first; ARTEMIS_NAME names its broker's files.
artemis_version=2.44.0
dist="$scratch/apache-artemis-$artemis_version"

# Fetches and unpacks the distribution into $scratch, once.
artemis_fetch() {
  mkdir -p "$scratch"
  if [ ! -x "$dist/bin/artemis" ]; then
    echo "getting apache-artemis $artemis_version (bin, tar.gz) from Maven Central into $scratch"
    (cd "$scratch" && mvn -B -q dependency:copy \
      -Dartifact="org.apache.activemq:apache-artemis:$artemis_version:tar.gz:bin" -DoutputDirectory="$scratch")
    tar xzf "$scratch/apache-artemis-$artemis_version-bin.tar.gz" -C "$scratch"
  fi
}

broker_pid=""
artemis_stop() {
  if [ -n "$broker_pid" ] && kill -0 "$broker_pid" 2>/dev/null; then
    kill -TERM "$broker_pid" 2>/dev/null || true
    wait "$broker_pid" 2>/dev/null || true
  fi
}
trap artemis_stop EXIT INT TERM

# Stops the broker before, if any, and starts a new one on a new journal; returns once it accepts
# connections (AMQ221007), or dies with where its log is.
artemis_start() {
  local name="${ARTEMIS_NAME:-broker}"
  local instance="$scratch/$name" data="$scratch/$name-data" log="$scratch/$name.log"
  artemis_stop
  rm -rf "$instance" "$data"
  "$dist/bin/artemis" create --silent --force --allow-anonymous --user admin --password admin \
    --host 127.0.0.1 --default-port "$port" --no-web --no-amqp-acceptor --no-hornetq-acceptor \
    --no-mqtt-acceptor --no-stomp-acceptor --data "$data" "$instance" > "$scratch/$name-create.log" 2>&1
  "$instance/bin/artemis" run > "$log" 2>&1 &
  broker_pid=$!
  for _ in $(seq 1 240); do
    grep -q AMQ221007 "$log" && return 0
    kill -0 "$broker_pid" 2>/dev/null || die "the broker died; see $log"
    sleep 0.25
  done
  die "the broker did not start within 60 s; see $log"
}
