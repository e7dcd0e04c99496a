"""Benchmark: ``inductor-lens report LOG --json`` run twice on one ``--cache-dir`` (cold, then the
re-run that ``files/report_cache.py`` serves), this tree against another source tree's.

Usage::

    .venv/bin/python bench/bench_rerun.py LOG [LOG ...] --before SRC [--repeat 5]

``SRC`` is another checkout's root (e.g. ``git archive main server | tar -x -C SRC``).  For each log
and repeat, in turn: SRC cold, SRC re-run, this tree cold, this tree re-run (the order of the two
trees alternates between repeats), each from an empty cache folder, in a fresh process timed from
``exec`` to exit (wall clock) with its CPU time (``os.wait4``: user + system), stdout written to a
file like a user's ``> out.json``.  Prints medians.  Modules are byte-compiled first.  Not a test.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def timed(server: str, log: str, cache: str, out: str) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of one ``report LOG --json --cache-dir CACHE > OUT`` with ``server`` first on the path."""
    env = dict(os.environ, PYTHONPATH=server)
    with open(out, "wb") as fh:
        start = time.perf_counter()
        proc = subprocess.Popen([sys.executable, "-m", "inductor_lens", "report", log, "--json", "--cache-dir", cache], stdout=fh, env=env)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"report {log} exited {os.waitstatus_to_exitcode(status)} ({server})")
    return wall, usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("logs", nargs="+")
    parser.add_argument("--before", metavar="SRC", required=True, help="another source tree (its server/ is timed too)")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    trees = {"before": os.path.join(os.path.abspath(args.before), "server"), "after": os.path.join(REPO, "server")}
    for server in trees.values():
        subprocess.run([sys.executable, "-m", "compileall", "-q", os.path.join(server, "inductor_lens")], check=True)
    load = os.getloadavg()
    print(f"{os.cpu_count()} cores, load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}; medians of {args.repeat}")
    print(f"| {'log':>8s} | {'tree':6s} | {'cold wall':>9s} | {'cold CPU':>8s} | {'re-run wall':>11s} | {'re-run CPU':>10s} |")
    for log in args.logs:
        runs: dict[tuple[str, str], list[tuple[float, float]]] = {}
        scratch = tempfile.mkdtemp(prefix="il-bench-rerun-")
        try:
            for n in range(args.repeat):
                for name in ("before", "after") if n % 2 == 0 else ("after", "before"):
                    cache, out = os.path.join(scratch, name), os.path.join(scratch, "out.json")
                    for kind in ("cold", "re-run"):
                        if os.path.exists(out):
                            os.unlink(out)
                        runs.setdefault((name, kind), []).append(timed(trees[name], log, cache, out))
                    shutil.rmtree(cache)
        finally:
            shutil.rmtree(scratch, ignore_errors=True)
        for name in trees:
            med = [statistics.median(x[i] for x in runs[(name, kind)]) for kind in ("cold", "re-run") for i in (0, 1)]
            print(
                f"| {os.path.getsize(log) / 1e6:5.0f} MB | {name:6s} | {med[0]:7.3f} s | {med[1]:6.3f} s | {med[2]:9.3f} s | {med[3]:8.3f} s |"
            )
    load = os.getloadavg()
    print(f"load average at the end {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")


if __name__ == "__main__":
    main()
