#!/usr/bin/env python3
"""Where a run's CPU went, from async-profiler's collapsed stacks recorded with `threads`.

    bench/collapsed-top.py FILE.collapsed [N] [THREAD-PREFIX]

Prints CPU samples per thread group (numbered pools folded), then for the threads whose name
starts with THREAD-PREFIX (default: harness-sender) the top N frames inclusive (a frame anywhere
on the stack, once per sample) and the top N self frames (the frame on top of the stack).
"""
import collections
import re
import sys

path = sys.argv[1]
n = int(sys.argv[2]) if len(sys.argv) > 2 else 20
prefix = sys.argv[3] if len(sys.argv) > 3 else "harness-sender"

groups = collections.Counter()
incl = collections.Counter()
self_ = collections.Counter()
total = 0
picked = 0
for line in open(path):
    stack, _, count = line.rstrip("\n").rpartition(" ")
    count = int(count)
    frames = stack.split(";")
    thread = re.sub(r" tid=\d+\]$", "", frames[0].lstrip("["))
    thread = re.sub(r"^Thread-\d+ ", "", thread)
    thread = re.sub(r"([_-])\d+$", r"\1N", thread)
    groups[thread] += count
    total += count
    if thread.startswith(prefix):
        picked += count
        rest = [re.sub(r"_\[[a-z]\]$", "", f) for f in frames[1:]]
        for f in set(rest):
            incl[f] += count
        if rest:
            self_[rest[-1]] += count

print("%d samples in all\n\n| thread | samples | share |\n|---|---:|---:|" % total)
for t, c in groups.most_common(n):
    print("| %s | %d | %.1f %% |" % (t, c, 100.0 * c / total))
print("\n%s*: %d samples\n\n| frame, inclusive | samples | share of the thread |\n|---|---:|---:|" % (prefix, picked))
for f, c in incl.most_common(n):
    print("| `%s` | %d | %.1f %% |" % (f[:110], c, 100.0 * c / max(1, picked)))
print("\n| self frame | samples | share of the thread |\n|---|---:|---:|")
for f, c in self_.most_common(n):
    print("| `%s` | %d | %.1f %% |" % (f[:110], c, 100.0 * c / max(1, picked)))
