#!/usr/bin/env python3
"""Where a JFR recording's CPU samples and allocation samples went: the top frames, short.

    bench/jfr-top.py RECORDING.jfr [N] [COLLAPSED-OUT]

Reads jdk.ExecutionSample and jdk.ObjectAllocationSample through the JDK's `jfr print --json` and
prints: samples per thread; the top N self frames (the method on top of the stack); the top N
inclusive frames of dev.harness (a method anywhere on the stack, counted once per sample); the
top N allocation sites by sampled weight, with the class allocated and the first dev.harness frame
below them. With COLLAPSED-OUT, also writes the execution samples as collapsed stacks
(flamegraph.pl's input: frames root first, separated by ';', then a count).
"""
import collections
import json
import subprocess
import sys

path = sys.argv[1]
n = int(sys.argv[2]) if len(sys.argv) > 2 else 15
collapsed_out = sys.argv[3] if len(sys.argv) > 3 else None


def events(kind):
    out = subprocess.run(["jfr", "print", "--json", "--stack-depth", "64", "--events", kind, path],
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out)["recording"]["events"]


OURS = ("core.", "cli.", "agent.")  # dev.harness.*, shortened by frame_name


def frame_name(f):
    m = f["method"]
    t = m["type"]["name"].replace("/", ".")
    return "%s.%s" % (t.rsplit(".", 1)[-1] if not t.startswith("dev.harness") else t.replace("dev.harness.", ""),
                      m["name"])


def thread_name(e):
    t = e["values"].get("sampledThread") or e["values"].get("eventThread") or {}
    name = t.get("javaName") or t.get("osName") or "?"
    return name.rstrip("0123456789").rstrip("-_") or name


samples = events("jdk.ExecutionSample")
total = len(samples)
threads = collections.Counter(thread_name(e) for e in samples)
self_frames = collections.Counter()
incl = collections.Counter()
stacks = collections.Counter()
for e in samples:
    frames = (e["values"].get("stackTrace") or {}).get("frames") or []
    names = [frame_name(f) for f in frames]
    if names:
        self_frames[names[0]] += 1
    for name in set(names):
        if name.startswith(OURS):
            incl[name] += 1
    stacks[";".join([thread_name(e)] + list(reversed(names)))] += 1

print("%d CPU samples" % total)
print("\n| thread | samples | share |\n|---|---:|---:|")
for name, c in threads.most_common(n):
    print("| %s | %d | %.1f %% |" % (name, c, 100.0 * c / total))
print("\n| self frame (top of stack) | samples | share |\n|---|---:|---:|")
for name, c in self_frames.most_common(n):
    print("| `%s` | %d | %.1f %% |" % (name, c, 100.0 * c / total))
print("\n| harness frame, inclusive | samples | share |\n|---|---:|---:|")
for name, c in incl.most_common(n):
    print("| `%s` | %d | %.1f %% |" % (name, c, 100.0 * c / total))

allocs = events("jdk.ObjectAllocationSample")
weight = collections.Counter()
total_w = 0
for e in allocs:
    v = e["values"]
    w = v.get("weight", 0)
    total_w += w
    frames = (v.get("stackTrace") or {}).get("frames") or []
    names = [frame_name(f) for f in frames]
    top = names[0] if names else "?"
    ours = next((x for x in names if x.startswith(OURS)), "-")
    cls = (v.get("objectClass") or {}).get("name", "?")
    weight[(cls, top, ours)] += w
print("\n%d allocation samples, %.1f MB sampled weight" % (len(allocs), total_w / 1e6))
print("\n| class | allocated in | below harness frame | MB | share |\n|---|---|---|---:|---:|")
for (cls, top, ours), w in weight.most_common(n):
    print("| `%s` | `%s` | `%s` | %.1f | %.1f %% |" % (cls, top, ours, w / 1e6, 100.0 * w / max(1, total_w)))

if collapsed_out:
    with open(collapsed_out, "w") as f:
        for s, c in stacks.most_common():
            f.write("%s %d\n" % (s, c))
