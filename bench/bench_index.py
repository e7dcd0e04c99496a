"""Benchmark: cold indexing of a TORCH_TRACE log vs ``tlparse --inductor-provenance`` and a plain read.

Usage: ``.venv/bin/python bench/bench_index.py [LOG ...] [--repeat N]``
(default log: ../shared/traces/torch-2.11-cuda/gpt2_l12_train).  Each run of ours uses a fresh
cache folder (cold: nothing extracted yet).  All three run in this one command, interleaved, and
the medians are compared.  Not a test; CI does not run it.
"""

from __future__ import annotations

import argparse
import glob
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(REPO, "server"))

from inductor_lens.files.cache import Cache  # noqa: E402
from inductor_lens.index.trace_index import load  # noqa: E402

DEFAULT = os.path.join(os.path.dirname(REPO), "shared", "traces", "torch-2.11-cuda", "gpt2_l12_train", "trace")


def plain_read(path: str) -> float:
    t = time.perf_counter()
    n = 0
    with open(path, "rb") as fh:
        for _ in fh:
            n += 1
    return time.perf_counter() - t


def ours(path: str) -> tuple[float, float, float, int]:
    """Fresh cache folder: cold index (scan + pairing, lazy), then every graph materialized
    (payloads read, MD5-verified, parsed, linked; index cache saved), then a warm re-open from
    the on-disk index cache in a new Index (everything materialized)."""
    cache = tempfile.mkdtemp(prefix="il-bench-")
    try:
        t = time.perf_counter()
        index = load([path], Cache(cache), lazy=True)
        cold = time.perf_counter() - t
        t = time.perf_counter()
        index.materialize()
        full = time.perf_counter() - t
        kernels = len(index.kernels)
        t = time.perf_counter()
        warm_index = load([path], Cache(cache))
        warm = time.perf_counter() - t
        assert len(warm_index.kernels) == kernels
        return cold, cold + full, warm, kernels
    finally:
        shutil.rmtree(cache, ignore_errors=True)


def tlparse(path: str) -> float:
    exe = shutil.which("tlparse") or os.path.join(os.path.dirname(sys.executable), "tlparse")
    out = tempfile.mkdtemp(prefix="il-bench-tl-")
    try:
        t = time.perf_counter()
        subprocess.run(
            [exe, path, "-o", os.path.join(out, "tl_out"), "--inductor-provenance", "--no-browser", "--overwrite"],
            check=True,
            capture_output=True,
        )
        return time.perf_counter() - t
    finally:
        shutil.rmtree(out, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("logs", nargs="*")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    logs = args.logs or glob.glob(os.path.join(DEFAULT, "*.log"))
    print(
        f"{'log':24s} {'MB':>6s} {'plain read':>11s} {'tlparse':>9s} {'cold index':>11s} {'all kernels':>12s} {'warm':>8s} "
        f"{'tlparse/cold':>13s} {'cold/plain':>11s} {'tlparse/all':>12s} {'warm/all':>9s} kernels"
    )
    for log in logs:
        times = {"plain": [], "tlparse": [], "cold": [], "all": [], "warm": []}
        kernels = 0
        for _ in range(args.repeat):
            times["plain"].append(plain_read(log))
            times["tlparse"].append(tlparse(log))
            cold, full, warm, kernels = ours(log)
            times["cold"].append(cold)
            times["all"].append(full)
            times["warm"].append(warm)
        med = {k: statistics.median(v) for k, v in times.items()}
        size = os.path.getsize(log) / 1e6
        name = os.path.basename(os.path.dirname(os.path.dirname(log))) or os.path.basename(log)
        print(
            f"{name[:24]:24s} {size:6.1f} {med['plain'] * 1000:9.1f}ms {med['tlparse'] * 1000:7.0f}ms {med['cold'] * 1000:9.1f}ms "
            f"{med['all'] * 1000:10.0f}ms {med['warm'] * 1000:6.1f}ms {med['tlparse'] / med['cold']:12.1f}x {med['cold'] / med['plain']:10.1f}x "
            f"{med['tlparse'] / med['all']:11.1f}x {100 * med['warm'] / med['all']:8.1f}% {kernels}"
        )


if __name__ == "__main__":
    main()
