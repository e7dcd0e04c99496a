"""The truth of a profiled run's step, computed from the torch.profiler Chrome trace itself with the
standard library only (independently of inductor_lens): what ``diff``'s ``time`` block must say.

    python tests/diff/wall_truth.py PROFILE.json

Definitions (issue 45): steps are the CPU-side ``ProfilerStep#N`` annotations; the wall is their
summed durations; GPU busy the union of kernel/memcpy/memset intervals within [first step start,
last step end]; compiled device time the device events whose launching runtime call (same
``correlation``) sits inside a compiled region on its thread; syncs the CPU time of
``cuda*Synchronize`` and ``aten::_local_scalar_dense``; host time in compiled code the summed
spans of the outermost compiled regions on each thread.
"""

from __future__ import annotations

import json
import re
import sys
from statistics import median

COMPILED = re.compile(r"^(Torch-Compiled Region|CompiledFunction|## Call CompiledFxGraph)")


def truth(path: str) -> dict:
    with open(path) as fh:
        events = json.load(fh)["traceEvents"]
    steps = [e for e in events if e.get("cat") == "user_annotation" and e.get("name", "").startswith("ProfilerStep#")]
    steps.sort(key=lambda e: e["ts"])
    lo, hi = steps[0]["ts"], max(e["ts"] + e["dur"] for e in steps)
    device = [e for e in events if e.get("cat") in ("kernel", "gpu_memcpy", "gpu_memset")]
    spans = sorted((max(e["ts"], lo), min(e["ts"] + e["dur"], hi)) for e in device)
    busy, end = 0.0, lo
    for a, b in spans:
        a = max(a, end)
        if b > a:
            busy += b - a
            end = b
    regions: dict = {}
    for e in events:
        if e.get("ph") == "X" and e.get("cat") in ("cpu_op", "user_annotation") and COMPILED.match(e.get("name", "")):
            regions.setdefault((e["pid"], e["tid"]), []).append((e["ts"], e["ts"] + e["dur"]))
    inside = {}
    for e in events:
        if e.get("cat") in ("cuda_runtime", "cuda_driver") and "correlation" in e.get("args", {}):
            spans_here = regions.get((e["pid"], e["tid"]), [])
            inside[e["args"]["correlation"]] = any(a <= e["ts"] <= b for a, b in spans_here)
    compiled = sum(e["dur"] for e in device if inside.get(e.get("args", {}).get("correlation")))
    other = sum(e["dur"] for e in device) - compiled
    sync = sum(
        e["dur"]
        for e in events
        if (e.get("cat") in ("cuda_runtime", "cuda_driver") and re.match(r"^cuda\w*Synchronize$", e.get("name", "")))
        or (e.get("cat") == "cpu_op" and e.get("name") == "aten::_local_scalar_dense")
    )
    # host time in compiled code: the outermost compiled regions on each thread (not inside another)
    host = 0.0
    for spans_here in regions.values():
        end = None
        for a, b in sorted(spans_here, key=lambda s: (s[0], -s[1])):
            if end is None or a >= end:
                host += b - a
                end = b
            elif b > end:  # overlapping, not nested: the part beyond
                host += b - end
                end = b
    step_us = [e["dur"] for e in steps]
    return {
        "steps": len(steps),
        "wall_us": sum(step_us),
        "per_step_us": sum(step_us) / len(steps),
        "gpu_busy_us": busy,
        "compiled_device_us": compiled,
        "other_device_us": other,
        "sync_us": sync,
        "compiled_host_us": host,
        "min_us": min(step_us),
        "median_us": median(step_us),
        "max_us": max(step_us),
    }


if __name__ == "__main__":
    for p in sys.argv[1:]:
        t = truth(p)
        print(
            p,
            {
                k: round(
                    v / (t["steps"] if k.endswith("device_us") or k in ("wall_us", "gpu_busy_us", "sync_us", "compiled_host_us") else 1), 1
                )
                for k, v in t.items()
            },
        )
