"""Roofline words that do not mislead (issue 50 item 4): a kernel or line under a tenth of both roofs
(HBM bandwidth and the dtype's compute peak) is "latency-bound (small kernel)", said with its size
per run, its time and its achieved share of each roof; one at a tenth or more of a roof keeps its
memory-/compute-bound.  Real values: the shared GPT-2 profile on an H200."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys

from conftest import REPO, case_dir
from inductor_lens.text import format_bytes


def _report(*args: str) -> str:
    env = {**{k: v for k, v in os.environ.items() if k != "COLUMNS"}, "PYTHONPATH": os.path.join(REPO, "server"), "COLUMNS": "400"}
    cmd = [sys.executable, "-m", "inductor_lens", "report", case_dir("torch-2.11-cuda/profile"), "--no-cache", *args]
    return subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=300).stdout


def _share(f: float) -> str:
    return f"{math.floor(f * 1000) / 10:g}%" if f >= 0.01 else "<1%"


def test_small_kernels_are_latency_bound_and_say_why():
    doc = json.loads(_report("--json"))
    table = _report("--all")  # (every line)
    rows = [r for r in doc["lines"] if r["measured"] and r["measured"].get("hbm_fraction") is not None]
    small = [r for r in rows if max(r["measured"]["hbm_fraction"], r["measured"]["compute_fraction"] or 0) < 0.1]
    big = [r for r in rows if r not in small]
    assert small and big
    for r in small:
        m = r["measured"]
        assert m["bound"] == "latency"
        why = f"latency-bound (small kernel): {format_bytes(r['bytes'])}"  # (a line's bytes per run)
        line = next(t for t in table.splitlines() if f"{os.path.basename(r['file'])}:{r['line']} " in t)
        assert why in line and f"a run: {_share(m['hbm_fraction'])} of H200 HBM, {_share(m['compute_fraction'] or 0)} of FP32" in line, line
        assert "memory-bound" not in line and "compute-bound" not in line
    for r in big:
        assert r["measured"]["bound"] in ("memory", "compute")
    for k in (k for k in doc["kernels"] if k["measured"] and k["measured"].get("hbm_fraction") is not None):
        m = k["measured"]
        assert (m["bound"] == "latency") == (max(m["hbm_fraction"], m["compute_fraction"] or 0) < 0.1), k["key"]
