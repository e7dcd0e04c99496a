"""An independent reading of a torch.profiler Chrome trace's step figures (issue 45's
definitions), from the raw JSON with the standard library only: the truth the product's
``timing.step`` is tested against.  It shares no code with the product."""

from __future__ import annotations

import fnmatch
import gzip
import json

COMPILED = ("Torch-Compiled Region", "CompiledFunction", "CompiledFunctionBackward", "## Call CompiledFxGraph")


def load(path: str) -> list[dict]:
    opener = gzip.open if path.endswith((".gz", ".xz")) else open
    if path.endswith(".xz"):
        import lzma

        opener = lzma.open
    with opener(path, "rt") as fh:
        return json.load(fh)["traceEvents"]


def truth(events: list[dict]) -> dict:
    """``{steps, wall_us, gpu_busy_us, gpu_idle_us, compiled_device_us, other_device_us, sync_us, step_us}``."""
    complete = [e for e in events if e.get("ph") == "X"]
    steps = sorted(
        (e for e in complete if e.get("cat") == "user_annotation" and e["name"].startswith("ProfilerStep#")), key=lambda e: e["ts"]
    )
    if steps:
        lo, hi = steps[0]["ts"], max(e["ts"] + e.get("dur", 0) for e in steps)
        wall = sum(e.get("dur", 0) for e in steps)
    else:
        lo = min(e["ts"] for e in complete)
        hi = max(e["ts"] + e.get("dur", 0) for e in complete)
        wall = hi - lo
    gpu = [e for e in complete if e.get("cat") in ("kernel", "gpu_memcpy", "gpu_memset")]
    # busy: sweep over the sorted start/end points, counting open intervals
    points = []
    for e in gpu:
        a, b = max(e["ts"], lo), min(e["ts"] + e.get("dur", 0), hi)
        if b > a:
            points += [(a, 1), (b, -1)]
    points.sort(key=lambda p: (p[0], -p[1]))
    busy, depth, since = 0.0, 0, None
    for t, d in points:
        if depth == 0 and d == 1:
            since = t
        depth += d
        if depth == 0:
            busy += t - since
    regions: dict = {}
    for e in complete:
        if e.get("cat") in ("cpu_op", "user_annotation") and e["name"].startswith(COMPILED):
            regions.setdefault((e["pid"], e["tid"]), []).append((e["ts"], e["ts"] + e.get("dur", 0)))
    launched: dict = {}
    for e in complete:
        if e.get("cat") in ("cuda_runtime", "cuda_driver") and "correlation" in e.get("args", {}):
            ts = e["ts"]
            launched[e["args"]["correlation"]] = any(a <= ts <= b for a, b in regions.get((e["pid"], e["tid"]), ()))
    compiled = sum(e.get("dur", 0) for e in gpu if launched.get(e.get("args", {}).get("correlation")))
    other = sum(e.get("dur", 0) for e in gpu) - compiled
    sync = sum(
        e.get("dur", 0)
        for e in complete
        if (e.get("cat") in ("cuda_runtime", "cuda_driver") and fnmatch.fnmatch(e["name"], "cuda*Synchronize"))
        or (e.get("cat") == "cpu_op" and e["name"] == "aten::_local_scalar_dense")
    )
    return {
        "steps": len(steps) or None,
        "wall_us": wall,
        "gpu_busy_us": busy,
        "gpu_idle_us": wall - busy,
        "compiled_device_us": compiled,
        "other_device_us": other,
        "sync_us": sync,
        "step_us": [e.get("dur", 0) for e in steps],
    }


if __name__ == "__main__":
    import sys

    print(json.dumps(truth(load(sys.argv[1])), indent=1))


def _launched_inside(events: list[dict], spans: dict) -> float:
    """Device time of the events whose launching runtime call lies inside ``spans``
    (``{(pid, tid): [(start, end)]}``)."""
    calls = {}
    for e in events:
        if e.get("ph") == "X" and e.get("cat") in ("cuda_runtime", "cuda_driver") and "correlation" in e.get("args", {}):
            calls[e["args"]["correlation"]] = e
    total = 0.0
    for e in events:
        if e.get("ph") == "X" and e.get("cat") in ("kernel", "gpu_memcpy", "gpu_memset"):
            call = calls.get(e.get("args", {}).get("correlation"))
            if call is not None and any(a <= call["ts"] <= b for a, b in spans.get((call["pid"], call["tid"]), ())):
                total += e.get("dur", 0)
    return total


def optimizer_truth(events: list[dict]) -> float:
    """Device time launched inside the ``Optimizer.step#...`` annotations (µs)."""
    spans: dict = {}
    for e in events:
        if e.get("ph") == "X" and e.get("cat") == "user_annotation" and e["name"].startswith("Optimizer.step#"):
            spans.setdefault((e["pid"], e["tid"]), []).append((e["ts"], e["ts"] + e.get("dur", 0)))
    return _launched_inside(events, spans)


def loss_truth(events: list[dict]) -> float:
    """Device time of ``F.cross_entropy``: launched inside its Python frame (``functional.py(N):
    cross_entropy``), plus its backward: launched inside the autograd ops on other threads whose
    ``Sequence number`` is that of an op inside the frame (µs)."""
    frames: dict = {}
    for e in events:
        if (
            e.get("ph") == "X"
            and e.get("cat") == "python_function"
            and e["name"].endswith(": cross_entropy")
            and "functional.py" in e["name"]
        ):
            frames.setdefault((e["pid"], e["tid"]), []).append((e["ts"], e["ts"] + e.get("dur", 0)))
    seqs = set()
    for e in events:
        if e.get("ph") == "X" and e.get("cat") == "cpu_op" and "Sequence number" in e.get("args", {}):
            if any(a <= e["ts"] <= b for a, b in frames.get((e["pid"], e["tid"]), ())):
                seqs.add(e["args"]["Sequence number"])
    spans = {k: list(v) for k, v in frames.items()}
    for e in events:
        if (
            e.get("ph") == "X"
            and e.get("cat") == "cpu_op"
            and e.get("args", {}).get("Sequence number") in seqs
            and (e["pid"], e["tid"]) not in frames
            and "Backward" in e["name"]
        ):
            spans.setdefault((e["pid"], e["tid"]), []).append((e["ts"], e["ts"] + e.get("dur", 0)))
    return _launched_inside(events, spans)


def host_truth(events: list[dict]) -> float:
    """The CPU time (µs) of the outermost compiled regions: ops named like COMPILED not inside
    another such op on their thread."""
    spans: dict = {}
    for e in events:
        if e.get("ph") == "X" and e.get("cat") in ("cpu_op", "user_annotation") and e["name"].startswith(COMPILED):
            spans.setdefault((e["pid"], e["tid"]), []).append((e["ts"], e["ts"] + e.get("dur", 0)))
    total = 0.0
    for items in spans.values():
        for a, b in items:
            if not any(c <= a and b <= d and (c, d) != (a, b) for c, d in items):
                total += b - a
    return total
