#!/usr/bin/env bash
# harness logdisk against fio at the same settings, alternating: sequential writes over 4 files of
# 64 MiB, laid out with real writes first, each write followed by fdatasync, buffered I/O.
# Run by hand (fio from Debian: apt-get install fio); prints one line per run and the means.
#   DIR=/var/mqm/test bench/logdisk-vs-fio.sh
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dir="${DIR:-${TMPDIR:-/tmp}/logdisk-vs-fio}"
seconds="${SECONDS_PER_RUN:-15}"
rounds="${ROUNDS:-3}"
command -v fio >/dev/null || { echo "logdisk-vs-fio: fio is needed (apt-get install fio)" >&2; exit 2; }
mkdir -p "$dir/fio" "$dir/harness" "$dir/results"
for bs in ${BSIZES:-4K 128K}; do
  for round in $(seq 1 "$rounds"); do
    # --overwrite=1: fio writes its files out before the timed phase, as logdisk does; without it
    # fio fallocates them and every first write also commits filesystem metadata.
    fio --name=logdisk --directory="$dir/fio" --rw=write --bs="$bs" --fdatasync=1 --ioengine=psync \
      --nrfiles=4 --filesize=64M --file_service_type=sequential --overwrite=1 \
      --time_based --runtime="$seconds" --output-format=json > "$dir/results/fio-$bs-$round.json"
    rm -f "$dir"/fio/*
    "$root/harness" logdisk --dir "$dir/harness" --bsize "$bs" --files 4 --file-size 64M \
      --duration "${seconds}s" --sync fdatasync --json "$dir/results/harness-$bs-$round.json" > /dev/null
  done
done
python3 - "$dir/results" "$rounds" ${BSIZES:-4K 128K} <<'PY'
import json, statistics as st, sys
path, rounds, sizes = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
for bs in sizes:
    fb, fl, hb, hl = [], [], [], []
    for r in range(1, rounds + 1):
        job = json.load(open(f"{path}/fio-{bs}-{r}.json"))["jobs"][0]
        fb.append(job["write"]["bw_bytes"])
        fl.append(job["write"]["lat_ns"]["mean"] + job.get("sync", {}).get("lat_ns", {}).get("mean", 0))
        h = json.load(open(f"{path}/harness-{bs}-{r}.json"))["results"][0]
        hb.append(h["bytesPerSecond"]["avg"]); hl.append(h["latencyNs"]["mean"])
        print(f"{bs} round {r}: fio {fb[-1]/1e6:7.2f} MB/s {fl[-1]/1e3:6.1f} us | harness {hb[-1]/1e6:7.2f} MB/s {hl[-1]/1e3:6.1f} us")
    print(f"{bs} mean: fio {st.mean(fb)/1e6:7.2f} MB/s {st.mean(fl)/1e3:6.1f} us | harness {st.mean(hb)/1e6:7.2f} MB/s "
          f"{st.mean(hl)/1e3:6.1f} us | harness/fio: bytes/s {st.mean(hb)/st.mean(fb):.3f}, avg latency {st.mean(hl)/st.mean(fl):.3f}")
PY
