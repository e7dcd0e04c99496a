"""Benchmark: a whole job's rank folder, end to end, against ``tlparse --all-ranks-html``.

Usage::

    .venv/bin/python bench/make_big_traces.py .bench/job --ranks 1024     # its ddp1024/ folder
    .venv/bin/python bench/bench_job.py .bench/job/ddp1024 [--repeat 1] [--out bench/results/job_1024.json]

The folder is what ``make_big_traces.py``'s ``ddp`` mode builds: rank logs made from the two real
rank logs of ``torch-2.14-cpu/ddp`` with distinct payloads per rank (each rank's graph id its own),
as a real job's are.  Each run is a fresh process timed from ``exec`` to exit (wall clock) with
its own peak RSS (``os.wait4``), output to a file:

* ``ours``: ``inductor-lens report DIR --json`` with an empty ``--cache-dir`` (cold), which also
  tells the ranks' story (groups and what differs, :mod:`inductor_lens.health.ranks`);
* ``ours table``: ``inductor-lens report DIR`` the same way (what a user reads);
* ``tlparse``: ``tlparse DIR --all-ranks-html -o OUT --no-browser --overwrite`` (0.4.3, PyPI).

Runs interleave (one of each per repetition); medians are printed and written to ``--out``.  Not a
test; CI does not run it.
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _run(cmd: list[str], out_path: str) -> tuple[float, float, int]:
    """(seconds, peak RSS in MiB, exit status) of ``cmd`` with stdout to ``out_path``."""
    with open(out_path, "wb") as out:
        start = time.perf_counter()
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(proc.pid, 0)
        took = time.perf_counter() - start
    return took, usage.ru_maxrss / 1024, os.waitstatus_to_exitcode(status)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("folder")
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--out", default=None)
    args = ap.parse_args()
    lens = os.path.join(os.path.dirname(sys.executable), "inductor-lens")
    tlparse = shutil.which("tlparse") or os.path.join(os.path.dirname(sys.executable), "tlparse")
    logs = glob.glob(os.path.join(args.folder, "*.log"))
    size = sum(os.path.getsize(p) for p in logs)
    rows: dict[str, list[tuple[float, float, int]]] = {"ours": [], "ours table": [], "tlparse": []}
    scratch = tempfile.mkdtemp(prefix="bench-job-")
    try:
        for rep in range(args.repeat):
            for name in rows:
                cache = os.path.join(scratch, f"cache-{name.replace(' ', '-')}-{rep}")
                out = os.path.join(scratch, f"out-{rep}")
                if name == "tlparse":
                    cmd = [
                        tlparse,
                        args.folder,
                        "--all-ranks-html",
                        "-o",
                        os.path.join(scratch, f"tl-{rep}"),
                        "--no-browser",
                        "--overwrite",
                    ]
                else:
                    cmd = [lens, "report", args.folder, "--cache-dir", cache] + (["--json"] if name == "ours" else [])
                rows[name].append(_run(cmd, out))
                print(
                    f"{name:10s} run {rep + 1}: {rows[name][-1][0]:.2f} s, {rows[name][-1][1]:.0f} MiB, exit {rows[name][-1][2]}",
                    flush=True,
                )
                if name == "ours":
                    with open(out, "rb") as fh:
                        doc = json.load(fh)
                    story = doc.get("ranks") or {}
                    print(f"           ranks {story.get('count')}, groups {len(story.get('groups', []))}, "
                          f"divergence {len(story.get('divergence', []))}", flush=True)  # fmt: skip
        result = {
            "folder": os.path.basename(os.path.normpath(args.folder)),
            "logs": len(logs),
            "mb": round(size / 1e6, 1),
            "python": sys.version.split()[0],
            **{
                name: {
                    "seconds": round(statistics.median(r[0] for r in runs), 2),
                    "peak_mib": round(statistics.median(r[1] for r in runs)),
                    "exit": runs[-1][2],
                }
                for name, runs in rows.items()
            },
        }
        result["speedup"] = round(result["tlparse"]["seconds"] / result["ours"]["seconds"], 1)
        print(json.dumps(result, indent=1))
        if args.out:
            with open(args.out, "w") as fh:
                json.dump(result, fh, indent=1)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
