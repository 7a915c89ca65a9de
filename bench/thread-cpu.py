#!/usr/bin/env python3
"""CPU time of each thread of a running JVM over a window, from /proc (Linux), grouped by name.

    bench/thread-cpu.py PID SECONDS [DELAY]

Waits DELAY seconds (default 0), reads /proc/PID/task/*/stat, sleeps SECONDS, reads again, and
prints per thread name (the kernel's 15-character comm; numbered pools are folded: Foo_1, Foo-2
become Foo_N) the user + system CPU it took, in ms and as % of one core, largest first, then the
process's total. Threads born or ended inside the window count with what they took inside it.
Used by bench/results-light.md to split a harness run's CPU into the meters' and the rest.
"""
import os
import re
import sys
import time

pid, seconds = int(sys.argv[1]), float(sys.argv[2])
delay = float(sys.argv[3]) if len(sys.argv) > 3 else 0.0
tick = os.sysconf("SC_CLK_TCK")


def read():
    out = {}
    base = "/proc/%d/task" % pid
    for tid in os.listdir(base):
        try:
            with open("%s/%s/stat" % (base, tid)) as f:
                s = f.read()
        except OSError:
            continue
        name = s[s.index("(") + 1:s.rindex(")")]
        fields = s[s.rindex(")") + 2:].split()
        out[tid] = (name, int(fields[11]) + int(fields[12]))  # utime + stime, in ticks
    return out


time.sleep(delay)
a = read()
t0 = time.monotonic()
time.sleep(seconds)
b = read()
wall = time.monotonic() - t0
per = {}
for tid, (name, ticks) in b.items():
    was = a.get(tid, (name, 0))[1]
    key = re.sub(r"([_-])\d+$", r"\1N", name)
    per[key] = per.get(key, 0) + (ticks - was)
total = sum(per.values())
for name, ticks in sorted(per.items(), key=lambda kv: -kv[1]):
    if ticks:
        ms = ticks * 1000.0 / tick
        print("%-18s %8.0f ms  %6.2f %% of a core" % (name, ms, ms / 10.0 / wall))
print("%-18s %8.0f ms  %6.2f %% of a core over %.1f s" % ("TOTAL", total * 1000.0 / tick,
                                                        total * 100.0 / tick / wall, wall))
