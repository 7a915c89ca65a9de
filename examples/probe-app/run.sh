#!/usr/bin/env bash
# Builds and runs ProbeApp, the example application of harness probe's walkthrough, against the
# Artemis client inside the jars the project's build leaves in harness-cli/target (nothing is
# downloaded): the Jakarta Messaging variant on harness-jakarta.jar, the javax.jms one on
# harness.jar. Compiled into a temporary directory, removed when the application ends.
#
#   examples/probe-app/run.sh jakarta|javax [URL] [RATE] [SECONDS]
#
# URL defaults to tcp://127.0.0.1:61616 (./harness broker), RATE to 100 messages/s, SECONDS to 0
# (until Ctrl-C).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
target="$here/../../harness-cli/target"
usage="usage: examples/probe-app/run.sh jakarta|javax [URL] [RATE] [SECONDS]"
case "${1:-}" in
  jakarta) jar="$target/harness-jakarta.jar" ;;
  javax) jar="$target/harness.jar" ;;
  -h|--help) echo "$usage"; exit 0 ;;
  *) echo "run.sh: expected jakarta or javax first, got '${1:-}'; $usage" >&2; exit 2 ;;
esac
api="$1"
shift
if [ ! -f "$jar" ]; then
  echo "run.sh: $jar is missing: build the harness first (./harness --help builds it, or mvn -B -DskipTests package)" >&2
  exit 2
fi
build="$(mktemp -d "${TMPDIR:-/tmp}/probe-app.XXXXXX")"
trap 'rm -rf "$build"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
source="$here/ProbeApp.java"
if [ "$api" = javax ]; then
  # The same application on JMS 2.0: only the package of the API differs.
  sed 's/\bjakarta\.jms\./javax.jms./g' "$source" > "$build/ProbeApp.java"
  source="$build/ProbeApp.java"
fi
javac -nowarn -d "$build" -cp "$jar" "$source"
# Not exec: the trap removes the classes when the application ends.
java -cp "$build:$jar" ProbeApp "$@"
