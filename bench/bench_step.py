"""Benchmark: ``inductor-lens report --json --no-cache`` on a real training profile with Python
stacks (the step and the eager join included) against Holistic Trace Analysis 0.5.0 on the same
file (issue 45).

Usage::

    .venv/bin/python bench/bench_step.py --hta HTA_VENV/bin/python [--work .bench/step]

The real profile is round 45's ``llama_regional`` (a transformers Llama, each decoder layer
compiled; H100, ``with_stack=True``; tests/data/torch-2.11-cuda/llama_regional, ~20 MB once
decompressed) with its TORCH_TRACE log; the synthetic one (~200 MB) is made from it here, never
committed: its events repeated ten times, each copy shifted in time past the one before, and every
id kept apart (``External id``, ``correlation``, ``Python id``/``Python parent id``, ``Sequence
number``, flow ids, ``ProfilerStep#N``).  Each command runs as a fresh process, twice; the best
of two is shown, after a first run that is not (each tool's bytecode cached, as an installed
package's is).  Peak memory is the resident memory of the whole process tree (every child
included), sampled every 10 ms from ``/proc``.

* ``ours``: ``python -m inductor_lens report FOLDER --json --no-cache`` (the folder holds ``trace/``
  and ``profile_trace.json``: the profile is joined, its step and eager lines computed);
* ``hta``: ``TraceAnalysis(trace_dir=...)`` (its load and parse) then ``get_idle_time_breakdown()``,
  by HTA's own interpreter (``pip install holistictraceanalysis==0.5.0`` into a separate venv).

Not a test; CI does not run it.
"""

from __future__ import annotations

import argparse
import glob
import json
import lzma
import os
import shutil
import subprocess
import sys
import time

import psutil

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RUN = os.path.join(REPO, "tests", "data", "torch-2.11-cuda", "llama_regional")
_ID_KEYS = ("External id", "correlation", "Python id", "Python parent id", "Sequence number", "Ev Idx")
HTA_SCRIPT = """
import sys, warnings
warnings.filterwarnings("ignore")
from hta.trace_analysis import TraceAnalysis
analyzer = TraceAnalysis(trace_dir=sys.argv[1])
print(analyzer.get_idle_time_breakdown())
"""


def unpack(into: str) -> str:
    """The real run (trace/ + profile_trace.json with stacks) decompressed into ``into``."""
    os.makedirs(os.path.join(into, "trace"), exist_ok=True)
    for log in glob.glob(os.path.join(RUN, "trace", "*.log.xz")):
        with lzma.open(log) as src, open(os.path.join(into, "trace", os.path.basename(log)[:-3]), "wb") as dst:
            shutil.copyfileobj(src, dst)
    with lzma.open(os.path.join(RUN, "profile_trace.json.xz")) as src, open(os.path.join(into, "profile_trace.json"), "wb") as dst:
        shutil.copyfileobj(src, dst)
    shutil.copy(os.path.join(RUN, "train.py"), into)  # the model file beside the trace: the eager join reads it
    return into


def _shifted(event: dict, k: int, shift: float, id_step: int) -> dict:
    out = dict(event)
    if "ts" in out:
        out["ts"] = float(out["ts"]) + k * shift
    if "id" in out and isinstance(out["id"], int):
        out["id"] = out["id"] + k * id_step
    args = out.get("args")
    if isinstance(args, dict):
        args = dict(args)
        for key in _ID_KEYS:
            if isinstance(args.get(key), int):
                args[key] = args[key] + k * id_step
        out["args"] = args
    name = out.get("name")
    if isinstance(name, str) and name.startswith("ProfilerStep#") and name[13:].isdigit():
        out["name"] = f"ProfilerStep#{int(name[13:]) + k * 1000}"
    return out


def synthesize(real: str, into: str, reps: int = 10) -> str:
    """The real profile's events repeated ``reps`` times, shifted in time, ids kept apart."""
    doc = json.load(open(real))
    events = doc.pop("traceEvents")
    xs = [e for e in events if e.get("ph") == "X" and "ts" in e]
    span = max(float(e["ts"]) + float(e.get("dur", 0)) for e in xs) - min(float(e["ts"]) for e in xs)
    id_step = 10 ** (len(str(max((a for e in events for a in _ids(e)), default=1))) + 1)
    os.makedirs(os.path.join(into, "trace"), exist_ok=True)
    for log in glob.glob(os.path.join(os.path.dirname(real), "trace", "*.log")):
        shutil.copy(log, os.path.join(into, "trace"))
    shutil.copy(os.path.join(os.path.dirname(real), "train.py"), into)
    path = os.path.join(into, "profile_trace.json")
    with open(path, "w") as fh:
        head = json.dumps(doc)[:-1]
        fh.write(head + (', "traceEvents": [\n' if len(doc) else '"traceEvents": [\n'))
        first = True
        for k in range(reps):
            for event in events:
                if event.get("ph") == "M" and k:
                    continue  # metadata once
                fh.write(("" if first else ",\n") + json.dumps(_shifted(event, k, span + 1000.0, id_step)))
                first = False
        fh.write("\n]}\n")
    return path


def _ids(event: dict):
    args = event.get("args")
    if isinstance(args, dict):
        for key in _ID_KEYS:
            if isinstance(args.get(key), int):
                yield args[key]
    if isinstance(event.get("id"), int):
        yield event["id"]


#: both tools run as installed packages do: their modules' bytecode cached (an environment that
#: sets PYTHONDONTWRITEBYTECODE would make every run of ours compile ~150 modules, 0.1-0.3 s)
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def measure(cmd: list[str], cwd: str | None = None) -> tuple[float, float]:
    """``(wall seconds, peak RSS of the process tree in MB)`` of one run of ``cmd``."""
    start = time.perf_counter()
    proc = psutil.Popen(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=ENV)
    peak = 0
    while proc.poll() is None:
        try:
            tree = [proc, *proc.children(recursive=True)]
            peak = max(peak, sum(p.memory_info().rss for p in tree if p.is_running()))
        except psutil.Error:
            pass
        time.sleep(0.01)
    wall = time.perf_counter() - start
    if proc.returncode != 0:
        raise SystemExit(f"failed ({proc.returncode}): {' '.join(cmd)}")
    return wall, peak / 1e6


def best_of(cmd: list[str], n: int = 2) -> tuple[float, float]:
    """Best wall time and best peak of ``n`` runs, after one unmeasured run (bytecode written)."""
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=ENV, check=False)
    runs = [measure(cmd) for _ in range(n)]
    return min(r[0] for r in runs), min(r[1] for r in runs)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hta", required=True, help="HTA's interpreter (a venv with holistictraceanalysis==0.5.0)")
    parser.add_argument("--work", default=os.path.join(REPO, ".bench", "step"))
    args = parser.parse_args()
    real = unpack(os.path.join(args.work, "real"))
    synth_dir = os.path.join(args.work, "x10")
    if not os.path.exists(os.path.join(synth_dir, "profile_trace.json")):
        synthesize(os.path.join(real, "profile_trace.json"), synth_dir)
    hta_script = os.path.join(args.work, "hta_idle.py")
    open(hta_script, "w").write(HTA_SCRIPT)
    env_py = sys.executable
    rows = []
    for label, folder in (("real ~20 MB", real), ("synthetic x10", synth_dir)):
        size = os.path.getsize(os.path.join(folder, "profile_trace.json")) / 1e6
        ours = best_of([env_py, "-m", "inductor_lens", "report", folder, "--json", "--no-cache"])
        hta_dir = os.path.join(folder, "hta")  # HTA reads every trace file of a folder: the profile alone
        os.makedirs(hta_dir, exist_ok=True)
        link = os.path.join(hta_dir, "profile_trace.json")
        if not os.path.exists(link):
            os.symlink(os.path.join(folder, "profile_trace.json"), link)
        hta = best_of([args.hta, hta_script, hta_dir])
        rows.append((label, size, ours, hta))
    print(f"{'profile':<16} {'MB':>6} {'ours s':>7} {'ours MB':>8} {'HTA s':>7} {'HTA MB':>8} {'x faster':>8} {'x less mem':>10}")
    for label, size, (ow, om), (hw, hm) in rows:
        print(f"{label:<16} {size:6.0f} {ow:7.2f} {om:8.0f} {hw:7.2f} {hm:8.0f} {hw / ow:8.1f} {hm / om:10.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
