"""Benchmark: what each extra rank costs, and the estimate for 1,024 ranks.

Usage::

    .venv/bin/python bench/make_big_traces.py .bench/big          # once (ranks/ and ddp8/)
    .venv/bin/python bench/bench_ranks.py .bench/big [--repeat 5]

Folders measured (every run a fresh process, empty cache folder, every graph materialized):

* ``torch-2.14-cpu/ddp``: the two real rank logs of a DistributedDataParallel job;
* ``ddp8``: 8 rank logs made from those two, each rank's graph id its own (no two logs
  byte-identical): a rank's graphs equal rank 0's but for the pre-grad graph's ``# graph id:``
  line, so they are taken from rank 0's parse (inductor_lens/ranks.py);
* ``ranks``: 8 copies of ``gpt2_l12_train`` (9 MB each, payloads byte-identical, ``"rank": r``):
  what a GPU-sized rank costs to scan, check and copy;
* the first rank log of each alone (what one rank costs, parsing included: what an extra rank
  costs when its graphs cannot be taken from another's).

Prints medians: time, peak RSS, graphs parsed vs taken, the cost of each extra rank, and the
1,024-rank estimate (1 rank + 1,023 x the extra-rank cost).  Not a test; CI does not run it.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.environ.get("INDUCTOR_LENS_SHARED", os.path.join(os.path.dirname(REPO), "shared"))

CHILD = r"""
import json, os, resource, sys, time
t = time.perf_counter()
from inductor_lens.files.cache import Cache
from inductor_lens.index.trace_index import Index
imported = time.perf_counter() - t
paths, cache = sys.argv[1].split(os.pathsep), sys.argv[2]
t = time.perf_counter()
index = Index(Cache(cache), disk_cache=False)
for p in paths:
    index.add(p)
scanned = time.perf_counter() - t
t = time.perf_counter()
index.materialize()
materialized = time.perf_counter() - t
graphs = index.graphs
with open("/proc/self/status") as fh:
    peak = next(int(l.split()[1]) for l in fh if l.startswith("VmHWM:")) / 1024
print(json.dumps({"imports_s": imported, "scan_s": scanned, "materialize_s": materialized, "graphs": len(graphs),
                  "taken": sum(1 for g in graphs if g._template is not None), "kernels": len(index.kernels), "peak_mb": peak,
                  "traces": len(index.traces)}))
"""


def child(paths: list[str]) -> dict:
    cache = tempfile.mkdtemp(prefix="il-ranks-")
    try:
        out = subprocess.run([sys.executable, "-c", CHILD, os.pathsep.join(paths), cache], capture_output=True, text=True, check=True)
        return json.loads(out.stdout.strip().splitlines()[-1])
    finally:
        shutil.rmtree(cache, ignore_errors=True)


def logs_of(folder: str) -> list[str]:
    found = []
    for root, _, files in os.walk(folder):
        found += [os.path.join(root, f) for f in files if f.startswith("dedicated_log_torch_trace") and f.endswith(".log")]
    return sorted(found, key=lambda p: (len(p), p))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("root", help="the folder bench/make_big_traces.py wrote")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    cases = [
        ("torch-2.14-cpu/ddp", logs_of(os.path.join(SHARED, "traces", "torch-2.14-cpu", "ddp"))),
        ("ddp8 (8 ranks from ddp)", logs_of(os.path.join(args.root, "ddp8"))),
        ("8 x gpt2_l12_train", logs_of(os.path.join(args.root, "ranks"))),
    ]
    load = os.getloadavg()[0]
    print(
        f"{os.cpu_count()} cores, load average {load:.2f} at start; medians of {args.repeat} fresh processes; "
        "time = scan + materialize (imports excluded)"
    )
    print(
        f"| {'folder':26s} | {'ranks':>5s} | {'MB':>5s} | {'1 rank':>8s} | {'all ranks':>9s} | {'per extra rank':>14s} | "
        f"{'graphs parsed / taken':>21s} | {'peak RSS 1 / all':>16s} | 1,024 ranks (estimate) |"
    )
    print("|" + "|".join("-" * n for n in (28, 7, 7, 10, 11, 16, 23, 18, 24)) + "|")
    for name, logs in cases:
        one, every = [], []
        for _ in range(args.repeat):
            one.append(child(logs[:1]))
            every.append(child(logs))
        t = lambda r: r["scan_s"] + r["materialize_s"]  # noqa: E731
        t1, tn = statistics.median(map(t, one)), statistics.median(map(t, every))
        m1, mn = max(r["peak_mb"] for r in one), max(r["peak_mb"] for r in every)
        n = len(logs)
        per = (tn - t1) / (n - 1)
        per_mb = (mn - m1) / (n - 1)
        last = every[-1]
        size = sum(os.path.getsize(p) for p in logs) / 1e6
        print(
            f"| {name:26s} | {n:5d} | {size:5.1f} | {t1 * 1000:6.0f}ms | {tn * 1000:7.0f}ms | {per * 1000:9.1f} ms   | "
            f"{last['graphs'] - last['taken']:>9d} / {last['taken']:<9d} | {m1:5.0f} / {mn:5.0f} MB | "
            f"{t1 + 1023 * per:6.1f} s, {m1 + 1023 * max(per_mb, 0):5.0f} MB |"
        )
    print(f"(load average {os.getloadavg()[0]:.2f} at the end)")


if __name__ == "__main__":
    main()
