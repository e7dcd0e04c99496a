"""Benchmark: the whole ``inductor-lens report`` process against ``tlparse --inductor-provenance``.

Usage::

    .venv/bin/python bench/make_big_traces.py .bench/big          # once: the ~342 MB log
    .venv/bin/python bench/make_big_traces.py .bench/l16x10 --source L16 --reps 10   # a 16 MB log's 10x
    .venv/bin/python bench/bench_report.py [LOG ...] [--repeat 5] [--big .bench/big] [--first-answer]

Default logs: ``../shared/traces/torch-2.11-cuda/gpt2_l12_train`` (9 MB) and, when ``--big`` names
the folder ``make_big_traces.py`` wrote, its big log; further logs (a 16 MB-class training log, its
10x repetition) are named as arguments.  Measured as on a user's machine: Python may write
bytecode (the children run without ``PYTHONDONTWRITEBYTECODE``; modules are byte-compiled first,
as ``pip install`` does), and one untimed run of every command comes first.  Every timed run is
a fresh process timed from ``exec`` to exit (wall clock), with its own peak RSS (``os.wait4``),
output written to a file like a user's ``> out.json``:

* ``json``: ``inductor-lens report LOG --json`` with an empty ``--cache-dir`` (cold: nothing
  extracted, no index cache, no saved answer; it writes them, as a first run does);
* ``table``: ``inductor-lens report LOG`` the same way;
* ``warm``: ``report --json`` again on the cache the previous ``json`` run wrote (a re-run);
* ``tlparse``: ``tlparse LOG -o OUT --inductor-provenance --no-browser --overwrite`` (0.4.3, PyPI);
* ``floor``: the least any Python report can do: this interpreter starting, importing what the
  answer needs from the standard library and orjson (``argparse``, ``dataclasses``, ``hashlib``,
  ``pickle``, ``re``, ``orjson``), reading the log and MD5-checking it (the payloads are most of
  it); no parsing, no linking, no JSON.  ``tlparse / floor`` is the most any Python report can be
  faster than tlparse on that log, on this machine;
* ``before`` (with ``--before SRC``): ``report --json`` cold by another source tree's
  ``server/`` (e.g. ``git archive main server | tar -x -C SRC``), for a before/after figure.

They run interleaved (one of each, ``--repeat`` times) so machine load hits them alike; the table
shows medians and the ratios tlparse / ours (cold JSON, cold table, re-run).  ``--first-answer``
then runs ``bench_first_answer.py`` on the ``--big`` log (first hover and lenses in the language
server).  Not a test; CI does not run it.
"""

from __future__ import annotations

import argparse
import glob
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.environ.get("INDUCTOR_LENS_SHARED", os.path.join(os.path.dirname(REPO), "shared"))
DEFAULT = os.path.join(SHARED, "traces", "torch-2.11-cuda", "gpt2_l12_train", "trace")


def timed(cmd: list[str], stdout_path: str | None, env: dict | None = None) -> tuple[float, float]:
    """Run ``cmd``; (wall seconds, peak RSS MB of that process alone).  Raises on a non-zero exit."""
    out = open(stdout_path, "wb") if stdout_path else subprocess.DEVNULL
    try:
        t = time.perf_counter()
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.DEVNULL, env=env)
        _, status, usage = os.wait4(proc.pid, 0)
        elapsed = time.perf_counter() - t
        proc.returncode = os.waitstatus_to_exitcode(status)
    finally:
        if stdout_path:
            out.close()
    if proc.returncode != 0:
        raise SystemExit(f"{cmd} exited {proc.returncode}")
    return elapsed, usage.ru_maxrss / 1024


def lens_exe() -> list[str]:
    exe = os.path.join(os.path.dirname(sys.executable), "inductor-lens")
    return [exe] if os.path.exists(exe) else [sys.executable, "-m", "inductor_lens"]


def tlparse_exe() -> str:
    return shutil.which("tlparse") or os.path.join(os.path.dirname(sys.executable), "tlparse")


FLOOR = (
    "import argparse, dataclasses, hashlib, pickle, re, sys, orjson\n"
    "with open(sys.argv[1], 'rb') as fh:\n    hashlib.md5(fh.read()).hexdigest()\n"
)


def bench_log(log: str, repeat: int, scratch: str, before: str | None = None) -> dict[str, list[tuple[float, float]]]:
    runs: dict[str, list[tuple[float, float]]] = {"json": [], "table": [], "warm": [], "tlparse": [], "floor": []}
    out = os.path.join(scratch, "out")
    user = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}  # as on a user's machine
    if before:
        runs["before"] = []
        env_before = dict(user, PYTHONPATH=os.path.join(before, "server"))
    tl_out = os.path.join(scratch, "tl_out")
    for n in range(-1, repeat):  # run -1: untimed, once each (caches of the OS and Python warmed as for a user)
        timing: dict[str, list[tuple[float, float]]] = {k: [] for k in runs} if n < 0 else runs
        if before:
            cache = os.path.join(scratch, f"before-{n}")
            timing["before"].append(
                timed([sys.executable, "-m", "inductor_lens", "report", log, "--json", "--cache-dir", cache], out, env_before)
            )
            shutil.rmtree(cache, ignore_errors=True)
        cache = os.path.join(scratch, f"cache-{n}")
        timing["json"].append(timed([*lens_exe(), "report", log, "--json", "--cache-dir", cache], out, user))
        timing["warm"].append(timed([*lens_exe(), "report", log, "--json", "--cache-dir", cache], out, user))
        shutil.rmtree(cache, ignore_errors=True)
        timing["table"].append(timed([*lens_exe(), "report", log, "--cache-dir", cache], out, user))
        shutil.rmtree(cache, ignore_errors=True)
        timing["tlparse"].append(timed([tlparse_exe(), log, "-o", tl_out, "--inductor-provenance", "--no-browser", "--overwrite"], None))
        shutil.rmtree(tl_out, ignore_errors=True)
        timing["floor"].append(timed([sys.executable, "-c", FLOOR, log], None, user))
    return runs


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("logs", nargs="*")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--big", help="the folder bench/make_big_traces.py wrote (adds its big log)")
    parser.add_argument("--before", metavar="SRC", help="also time report --json of the source tree SRC (its server/), cold")
    parser.add_argument("--first-answer", action="store_true", help="then bench_first_answer.py on the --big log")
    args = parser.parse_args()
    logs = args.logs or sorted(glob.glob(os.path.join(DEFAULT, "*.log")))
    if args.big:
        logs.append(os.path.join(args.big, "big", "dedicated_log_torch_trace_big.log"))
    for src in [REPO] + ([args.before] if args.before else []):
        subprocess.run(
            [sys.executable, "-m", "compileall", "-q", os.path.join(src, "server", "inductor_lens")], check=True, stdout=subprocess.DEVNULL
        )
    load = os.getloadavg()
    print(
        f"{os.cpu_count()} cores, load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} at start; "
        f"medians of {args.repeat} interleaved runs, fresh processes, wall clock"
    )
    header = (
        f"| {'log':26s} | {'MB':>5s} | {'tlparse':>16s} | {'report --json':>16s} | {'report (table)':>16s} | {'--json re-run':>16s} | "
        f"{'tlparse/json':>12s} | {'tlparse/table':>13s} | {'tlparse/re-run':>14s} | {'Python floor':>12s} | {'tlparse/floor':>13s} |"
    )
    rows = []
    for log in logs:
        scratch = tempfile.mkdtemp(prefix="il-bench-report-")
        try:
            runs = bench_log(log, args.repeat, scratch, args.before)
        finally:
            shutil.rmtree(scratch, ignore_errors=True)
        med = {k: (statistics.median(t for t, _ in v), max(m for _, m in v)) for k, v in runs.items()}
        name = os.path.basename(os.path.dirname(os.path.dirname(log))) if "/trace/" in log else os.path.basename(log)
        cell = lambda k, med=med: f"{med[k][0]:6.3f} s {med[k][1]:4.0f} MB"
        rows.append(
            f"| {name[:26]:26s} | {os.path.getsize(log) / 1e6:5.0f} | {cell('tlparse')} | {cell('json')} | {cell('table')} | {cell('warm')} | "
            f"{med['tlparse'][0] / med['json'][0]:11.1f}x | {med['tlparse'][0] / med['table'][0]:12.1f}x | "
            f"{med['tlparse'][0] / med['warm'][0]:13.1f}x | {med['floor'][0]:10.3f} s | {med['tlparse'][0] / med['floor'][0]:12.1f}x |"
        )
        if "before" in runs:
            rows.append(
                f"|   (before: {args.before}) | {'':5s} | {'':16s} | {cell('before')} | {'':16s} | {'':16s} | "
                f"{med['tlparse'][0] / med['before'][0]:11.1f}x | {'':13s} | {'':14s} | {'':12s} | {'':13s} |"
            )
        for k, v in runs.items():
            print(f"  {name}: {k:8s} runs (s): " + " ".join(f"{t:.3f}" for t, _ in v), flush=True)
    load = os.getloadavg()
    print(header)
    print(re.sub(r"[^|]", "-", header))
    for row in rows:
        print(row)
    print(f"(time: median wall clock; memory: the highest peak RSS of the runs; load average {load[0]:.2f} at the end)")
    if args.first_answer and args.big:
        subprocess.run(
            [sys.executable, os.path.join(REPO, "bench", "bench_first_answer.py"), args.big, "--repeat", str(args.repeat)], check=True
        )


if __name__ == "__main__":
    main()
