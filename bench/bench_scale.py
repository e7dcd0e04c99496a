"""Benchmark on big traces: cold/warm index, peak memory, appends, ranks (not a test; not in CI).

Usage::

    .venv/bin/python bench/make_big_traces.py .bench/big          # ~350 MB log + 8-rank folder
    .venv/bin/python bench/bench_scale.py .bench/big [--tlparse]   # prints the README's table

Every measurement of ours runs in a fresh subprocess (so peak RSS, ``ru_maxrss``, is its own)
with a fresh cache folder unless it measures the warm cache.  ``--tlparse`` also runs
``tlparse --inductor-provenance`` on the big log in the same command (slow).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

CHILD = r"""
import json, os, resource, sys, time
sys.path.insert(0, os.path.join(%(repo)r, "server"))
from inductor_lens.files.cache import Cache
from inductor_lens.index.trace_index import Index
mode, paths, cache = sys.argv[1], sys.argv[2].split(os.pathsep), sys.argv[3]
t = time.perf_counter()
index = Index(Cache(cache), disk_cache=mode != "nocache")
for p in paths:
    index.add(p)
cold = time.perf_counter() - t
graphs = len(index.graphs)
t = time.perf_counter()
if mode != "cold":
    index.materialize()
full = time.perf_counter() - t
kernels = len(index.kernels) if mode != "cold" else None
print(json.dumps({"cold_s": cold, "materialize_s": full, "graphs": graphs, "kernels": kernels,
                  "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


def child(mode: str, paths: list[str], cache: str) -> dict:
    out = subprocess.run(
        [sys.executable, "-c", CHILD % {"repo": REPO}, mode, os.pathsep.join(paths), cache], capture_output=True, text=True, check=True
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def plain_read(path: str) -> float:
    t = time.perf_counter()
    with open(path, "rb") as fh:
        for _ in fh:
            pass
    return time.perf_counter() - t


def tlparse(path: str) -> tuple[float, float]:
    exe = shutil.which("tlparse") or os.path.join(os.path.dirname(sys.executable), "tlparse")
    out = tempfile.mkdtemp(prefix="il-scale-tl-")
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    t = time.perf_counter()
    subprocess.run(
        [exe, path, "-o", os.path.join(out, "tl"), "--inductor-provenance", "--no-browser", "--overwrite"], check=True, capture_output=True
    )
    elapsed = time.perf_counter() - t
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    shutil.rmtree(out, ignore_errors=True)
    return elapsed, max(peak, before) / 1024


def append_mb(path: str, mb: float) -> int:
    """Append whole records (the start of the log again, new frame ids) totalling about ``mb`` MB."""
    sys.path.insert(0, os.path.join(REPO, "bench"))
    from make_big_traces import PREFIX

    added = 0
    with open(path, "rb") as src:
        lines = []
        for line in src:
            lines.append(line)
            added += len(line)
            if added >= mb * 1_000_000 and not line.startswith(b"\t"):
                lines.pop()
                added -= len(line)
                break
    out = []
    for line in lines:
        m = PREFIX.match(line.rstrip(b"\n"))
        if m:
            env = json.loads(m.group(2))
            if isinstance(env.get("frame_id"), int):
                env["frame_id"] += 900_000
            line = m.group(1) + json.dumps(env).encode() + b"\n"
        out.append(line)
    data = b"".join(out)
    with open(path, "ab") as fh:
        fh.write(data)
    return len(data)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("root", help="the folder bench/make_big_traces.py wrote")
    parser.add_argument("--tlparse", action="store_true")
    args = parser.parse_args()
    big = os.path.join(args.root, "big", "dedicated_log_torch_trace_big.log")
    ranks = os.path.join(args.root, "ranks")
    size_mb = os.path.getsize(big) / 1e6
    rows = []
    plain = min(plain_read(big) for _ in range(2))
    rows.append(("plain line-by-line read", f"{plain:.2f} s", "", ""))
    if args.tlparse:
        tl_s, tl_mb = tlparse(big)
        rows.append(("tlparse --inductor-provenance", f"{tl_s:.1f} s", f"{tl_mb:.0f} MB", ""))
    cache = tempfile.mkdtemp(prefix="il-scale-")
    cold = child("cold", [big], cache)
    rows.append(
        (
            "cold index (scan + pair, lazy)",
            f"{cold['cold_s']:.2f} s",
            f"{cold['peak_rss_mb']:.0f} MB",
            f"{plain and cold['cold_s'] / plain:.1f}x plain read"
            + (f", {tl_s / cold['cold_s']:.0f}x faster than tlparse" if args.tlparse else ""),
        )
    )
    shutil.rmtree(cache)
    cache = tempfile.mkdtemp(prefix="il-scale-")
    full = child("full", [big], cache)
    total = full["cold_s"] + full["materialize_s"]
    rows.append(
        (
            "cold index + every graph materialized",
            f"{total:.2f} s",
            f"{full['peak_rss_mb']:.0f} MB",
            f"{full['graphs']} graphs, {full['kernels']} kernels" + (f", {tl_s / total:.0f}x faster than tlparse" if args.tlparse else ""),
        )
    )
    warm = child("full", [big], cache)
    warm_total = warm["cold_s"] + warm["materialize_s"]
    rows.append(
        ("warm re-open (index cache)", f"{warm_total:.2f} s", f"{warm['peak_rss_mb']:.0f} MB", f"{100 * warm_total / total:.1f}% of cold")
    )
    added = append_mb(big, 1.0)
    grown = child("full", [big], cache)
    grown_total = grown["cold_s"] + grown["materialize_s"]
    rows.append(
        (
            f"append {added / 1e6:.1f} MB, re-index",
            f"{grown_total:.2f} s",
            f"{grown['peak_rss_mb']:.0f} MB",
            f"{grown['kernels'] - full['kernels']} new kernels",
        )
    )
    shutil.rmtree(cache)
    logs = sorted(os.path.join(ranks, n) for n in os.listdir(ranks))
    one = child("nocache", logs[:1], tempfile.mkdtemp(prefix="il-scale-"))
    all_ranks = child("nocache", logs, tempfile.mkdtemp(prefix="il-scale-"))
    t1 = one["cold_s"] + one["materialize_s"]
    tn = all_ranks["cold_s"] + all_ranks["materialize_s"]
    per_rank = (tn - t1) / (len(logs) - 1)
    rows.append(("1 rank (cold, all kernels)", f"{t1:.2f} s", f"{one['peak_rss_mb']:.0f} MB", f"{one['kernels']} kernels"))
    rows.append(
        (
            f"{len(logs)} ranks (cold, all kernels)",
            f"{tn:.2f} s",
            f"{all_ranks['peak_rss_mb']:.0f} MB",
            f"{all_ranks['kernels']} kernels; each extra rank {per_rank * 1000:.0f} ms",
        )
    )
    rows.append(("1,024 ranks (extrapolated)", f"{t1 + 1023 * per_rank:.1f} s", "", "1 rank + 1,023 x the extra-rank cost"))
    print(f"big log: {size_mb:.0f} MB; rank logs: {len(logs)} x {os.path.getsize(logs[0]) / 1e6:.1f} MB")
    print(f"| {'what':40s} | {'time':>9s} | {'peak RSS':>9s} | notes |")
    print(f"|{'-' * 42}|{'-' * 11}|{'-' * 11}|-------|")
    for what, t, mem, note in rows:
        print(f"| {what:40s} | {t:>9s} | {mem:>9s} | {note} |")


if __name__ == "__main__":
    main()
