"""Benchmark: a job's 1,024 rank logs indexed on Dask workers (``report --workers``) against the
single-machine run, and the figures an estimate for a bigger job on N workers is made of.

Usage::

    .venv/bin/python bench/make_big_traces.py /tmp/bench-job --ranks 1024 --only-ddp   # its ddp1024/ folder
    .venv/bin/python bench/bench_cluster.py /tmp/bench-job/ddp1024 [--workers 2] [--out bench/results/cluster_1024.json]

Needs the ``[cluster]`` extra.  Each run is a fresh process timed from ``exec`` to exit, with the
peak RSS of that process alone (``os.wait4``: the cluster run's workers are other processes,
started by this script as ``dask scheduler`` and ``dask worker --nworkers N --nthreads 1``, as on
a real cluster), stdout to a file, an empty ``--cache-dir`` (cold; the same path for both runs,
emptied between them, so the two JSON documents are compared byte for byte):

* ``single``: ``inductor-lens report DIR --json --cache-dir EMPTY``;
* ``cluster``: ``inductor-lens report DIR --json --cache-dir EMPTY --workers tcp://...``, on the
  whole folder and on its first 64 logs (the client's cost per rank, from the two, by a line
  through them: its fixed cost and its cost per rank).

The workers' compute time per rank is the scheduler's own total for the ``index_rank`` tasks
(``TaskPrefix.all_durations['compute']``) over the ranks.  The estimate for R ranks on N workers:
``client fixed + R x client per rank + R x worker per rank / N`` (an upper bound: the client
merges while the workers compute), with the workers' figure as measured here (two workers, the
client and the scheduler share two cores: inflated) and as one rank takes alone, one after another
in this process (what a worker with a core of its own spends).  Not a test; CI does not run it.
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
BIN = os.path.dirname(sys.executable)


def _run(cmd: list[str], out_path: str) -> tuple[float, float, float, int]:
    """(seconds, CPU seconds, peak RSS in MiB, exit status) of ``cmd`` with stdout to ``out_path``."""
    with open(out_path, "wb") as out:
        start = time.perf_counter()
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(proc.pid, 0)
        took = time.perf_counter() - start
    return took, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, os.waitstatus_to_exitcode(status)


def _worker_peak_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _compute_seconds(dask_scheduler) -> float:
    prefix = dask_scheduler.task_prefixes.get("index_rank")
    return float(prefix.all_durations.get("compute", 0.0)) if prefix is not None else 0.0


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("folder")
    ap.add_argument("--workers", type=int, default=2, help="dask worker processes (one thread each)")
    ap.add_argument("--subset", type=int, default=64, help="logs in the smaller run (the client's cost per rank)")
    ap.add_argument("--out", default=None)
    ap.add_argument("--estimate-ranks", type=int, default=10_000)
    args = ap.parse_args()
    import distributed

    lens = os.path.join(BIN, "inductor-lens")
    logs = sorted(n for n in os.listdir(args.folder) if n.endswith(".log"))
    size = sum(os.path.getsize(os.path.join(args.folder, n)) for n in logs)
    scratch = tempfile.mkdtemp(prefix="bench-cluster-")
    cache = os.path.join(scratch, "cache")
    subset = os.path.join(scratch, f"first{args.subset}")
    os.makedirs(subset)
    for name in sorted(logs, key=lambda n: int(n.split("_rank_")[1].split("_")[0]))[: args.subset]:
        os.symlink(os.path.join(os.path.abspath(args.folder), name), os.path.join(subset, name))
    procs: list[subprocess.Popen] = []
    try:
        single = _run([lens, "report", args.folder, "--json", "--cache-dir", cache], os.path.join(scratch, "single.json"))
        print(f"single machine: {single[0]:.2f} s, {single[1]:.2f} s CPU, {single[2]:.0f} MiB, exit {single[3]}", flush=True)
        shutil.rmtree(cache)
        sched_file = os.path.join(scratch, "scheduler.json")
        quiet = dict(stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        procs.append(
            subprocess.Popen(
                [os.path.join(BIN, "dask"), "scheduler", "--scheduler-file", sched_file, "--port", "0", "--no-dashboard"], **quiet
            )
        )
        while not os.path.exists(sched_file):
            time.sleep(0.1)
        time.sleep(0.3)
        procs.append(
            subprocess.Popen(
                [
                    os.path.join(BIN, "dask"),
                    "worker",
                    "--scheduler-file",
                    sched_file,
                    "--nworkers",
                    str(args.workers),
                    "--nthreads",
                    "1",
                    "--no-dashboard",
                    "--memory-limit",
                    "0",
                ],
                **quiet,
            )
        )
        client = distributed.Client(scheduler_file=sched_file, timeout=30)
        client.wait_for_workers(args.workers, timeout=60)
        address = client.scheduler.address
        runs = {}
        for name, folder in (("cluster", args.folder), ("cluster_subset", subset)):
            before = client.run_on_scheduler(_compute_seconds)
            shutil.rmtree(cache, ignore_errors=True)
            out = os.path.join(scratch, f"{name}.json")
            took = _run([lens, "report", folder, "--json", "--cache-dir", cache, "--workers", address], out)
            compute = client.run_on_scheduler(_compute_seconds) - before
            runs[name] = (took, compute, out)
            print(
                f"{name}: {took[0]:.2f} s, client {took[1]:.2f} s CPU, {took[2]:.0f} MiB, exit {took[3]}; workers {compute:.2f} s compute",
                flush=True,
            )
        worker_peaks = client.run(_worker_peak_mib)
        client.close()
        for proc in reversed(procs):  # the uncontended figure: one rank after another in this process, nothing else running
            proc.terminate()
            proc.wait(timeout=30)
        procs.clear()
        from inductor_lens.index.parts import index_rank

        alone = os.path.join(scratch, "alone-cache")
        firsts = sorted(os.listdir(subset), key=lambda n: int(n.split("_rank_")[1].split("_")[0]))
        index_rank(os.path.join(subset, firsts[0]), None, subset, alone, False)  # imports, first parse
        started = time.perf_counter()
        for name in firsts[1:]:
            index_rank(os.path.join(subset, name), None, subset, alone, False)
        alone_per_rank = (time.perf_counter() - started) / (len(firsts) - 1)
        print(f"one rank alone (uncontended, in this process): {alone_per_rank * 1000:.1f} ms", flush=True)
        same = open(os.path.join(scratch, "single.json"), "rb").read() == open(runs["cluster"][2], "rb").read()
        print(f"JSON equal: {same}", flush=True)
        (big, big_compute, _), (small, _, _) = runs["cluster"], runs["cluster_subset"]
        ranks, few = len(logs), min(args.subset, len(logs))
        per_rank_client = (big[1] - small[1]) / (ranks - few)  # CPU seconds the client spends per rank (unpickle, merge, report)
        fixed_client = max(0.0, small[0] - few * per_rank_client - few * (big_compute / ranks) / args.workers)
        worker_per_rank = big_compute / ranks
        r = args.estimate_ranks
        estimate = {f"{n}_workers": round(fixed_client + r * per_rank_client + r * worker_per_rank / n, 1) for n in (8, 32, 64, 128, 256)}
        uncontended = {f"{n}_workers": round(fixed_client + r * per_rank_client + r * alone_per_rank / n, 1) for n in (8, 32, 64, 128, 256)}
        result = {
            "folder": os.path.basename(os.path.normpath(args.folder)),
            "logs": ranks,
            "mb": round(size / 1e6, 1),
            "python": sys.version.split()[0],
            "cores": os.cpu_count(),
            "workers": args.workers,
            "single": {"seconds": round(single[0], 2), "cpu_seconds": round(single[1], 2), "peak_mib": round(single[2]), "exit": single[3]},
            "cluster": {
                "seconds": round(big[0], 2),
                "client_cpu_seconds": round(big[1], 2),
                "client_peak_mib": round(big[2]),
                "exit": big[3],
                "worker_compute_seconds": round(big_compute, 2),
                "worker_peak_mib": round(max(worker_peaks.values())),
            },
            f"cluster_first_{few}": {
                "seconds": round(small[0], 2),
                "client_cpu_seconds": round(small[1], 2),
                "client_peak_mib": round(small[2]),
            },
            "json_equal": same,
            "worker_seconds_per_rank": round(worker_per_rank, 4),
            "worker_seconds_per_rank_uncontended": round(alone_per_rank, 4),
            "client_seconds_per_rank": round(per_rank_client, 4),
            "client_fixed_seconds": round(fixed_client, 2),
            "estimate": {
                "ranks": r,
                "formula": "client_fixed + R * client_per_rank + R * worker_per_rank / N",
                "seconds": estimate,
                "seconds_uncontended_workers": uncontended,
            },
        }
        print(json.dumps(result, indent=1))
        if args.out:
            with open(args.out, "w") as fh:
                json.dump(result, fh, indent=1)
                fh.write("\n")
        return 0 if same else 1
    finally:
        for proc in reversed(procs):
            proc.terminate()
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
