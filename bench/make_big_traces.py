"""Build large benchmark traces from a real log (never committed; delete them after).

* ``big``: the records of ``gpt2_l12_train`` repeated until the log reaches ``--mb`` MB (default
  350), each repetition with distinct frame ids (``frame_id + 1000 * rep``), so every compile id
  is distinct.  Payloads are unchanged, so every ``has_payload`` MD5 still verifies.
* ``ranks``: ``--ranks`` (default 8) copies of the same log as ``dedicated_log_torch_trace_rank_<r>_bench.log``
  with ``"rank": r`` in every envelope, as a distributed job writes them (byte-identical payloads).
* ``ddp``: ``--ranks`` logs made from the two rank logs of ``torch-2.14-cpu/ddp`` (rank ``r`` from
  the log of rank ``r % 2``), keeping what differs between real ranks (timings, guard ids, the
  pre-grad graph's ``# graph id:``) and making each rank's graph id its own (``+ r``, payload MD5
  recomputed): no two ranks' logs are byte-identical, as in a real job.

Usage: ``python bench/make_big_traces.py OUT_DIR [--mb 350] [--ranks 8]``; ``[--source LOG] --reps 10``
makes only ``big``, of that many repetitions (of another log: e.g. a 16 MB training log's 10x
repetition).  Checks free disk first.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCE_CASE = os.path.join(os.path.dirname(REPO), "shared", "traces", "torch-2.11-cuda", "gpt2_l12_train", "trace")
PREFIX = re.compile(rb"^([VIWEC]\d{4} \d\d:\d\d:\d\d\.\d+ +\d+ [^\n]*?\] )(\{.*)$")


def source_log() -> str:
    (name,) = [n for n in os.listdir(SOURCE_CASE) if n.endswith(".log")]
    return os.path.join(SOURCE_CASE, name)


def rewrite(lines: list[bytes], edit) -> list[bytes]:
    out = []
    for line in lines:
        m = PREFIX.match(line)
        if m is None:
            out.append(line)
            continue
        env = json.loads(m.group(2))
        edit(env)
        out.append(m.group(1) + json.dumps(env).encode())
    return out


def make_big(out_dir: str, mb: int, source: str | None = None, reps: int | None = None) -> str:
    """``source`` (default gpt2_l12_train's log) repeated ``reps`` times, or until ``mb`` MB."""
    src = open(source or source_log(), "rb").read()
    lines = src.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    reps = reps or max(1, (mb * 1_000_000) // len(src))
    path = os.path.join(out_dir, "big", "dedicated_log_torch_trace_big.log")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as fh:
        for rep in range(reps):

            def shift(env, rep=rep):
                if isinstance(env.get("frame_id"), int):
                    env["frame_id"] += 1000 * rep

            fh.write(b"\n".join(rewrite(lines, shift)) + b"\n")
    return path


def make_ranks(out_dir: str, ranks: int) -> str:
    lines = open(source_log(), "rb").read().split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    folder = os.path.join(out_dir, "ranks")
    os.makedirs(folder, exist_ok=True)
    for r in range(ranks):

        def tag(env, r=r):
            env["rank"] = r

        with open(os.path.join(folder, f"dedicated_log_torch_trace_rank_{r}_bench.log"), "wb") as fh:
            fh.write(b"\n".join(rewrite(lines, tag)) + b"\n")
    return folder


DDP_CASE = os.path.join(os.path.dirname(REPO), "shared", "traces", "torch-2.14-cpu", "ddp", "trace")
GRAPH_ID = re.compile(rb"^(\t\s*# graph id: )(\d+)", re.M)


def _records(data: bytes) -> list[list[bytes]]:
    """The log as records: [envelope line, payload lines...]."""
    out: list[list[bytes]] = []
    for line in data.split(b"\n"):
        if PREFIX.match(line) or not out:
            out.append([line])
        else:
            out[-1].append(line)
    return out


def make_ddp(out_dir: str, ranks: int) -> str:
    sources = sorted(n for n in os.listdir(DDP_CASE) if n.endswith(".log"))
    folder = os.path.join(out_dir, f"ddp{ranks}")
    os.makedirs(folder, exist_ok=True)
    for r in range(ranks):
        data = open(os.path.join(DDP_CASE, sources[r % len(sources)]), "rb").read()
        if data.endswith(b"\n"):
            data = data[:-1]
        lines = []
        for record in _records(data):
            head, payload = record[0], b"\n".join(record[1:])
            m = PREFIX.match(head)
            if m is None:
                lines.extend(record)
                continue
            env = json.loads(m.group(2))
            env["rank"] = r
            if GRAPH_ID.search(payload) and "has_payload" in env:
                payload = GRAPH_ID.sub(lambda g, r=r: g.group(1) + str(int(g.group(2)) + r).encode(), payload)
                env["has_payload"] = hashlib.md5(b"\n".join(l[1:] for l in payload.split(b"\n"))).hexdigest()
            lines.append(m.group(1) + json.dumps(env).encode())
            if len(record) > 1:
                lines.append(payload)
        with open(os.path.join(folder, f"dedicated_log_torch_trace_rank_{r}_ddp.log"), "wb") as fh:
            fh.write(b"\n".join(lines) + b"\n")
    return folder


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--mb", type=int, default=350)
    parser.add_argument("--ranks", type=int, default=8)
    parser.add_argument("--only-ddp", action="store_true", help="make only the ddp rank folder")
    parser.add_argument("--source", help="repeat this log instead of gpt2_l12_train's (makes only the big log)")
    parser.add_argument("--reps", type=int, help="this many repetitions instead of --mb (makes only the big log)")
    args = parser.parse_args()
    if args.source or args.reps:
        print(make_big(args.out, args.mb, args.source, args.reps))
        return
    if args.only_ddp:
        print(make_ddp(args.out, args.ranks))
        return
    need = (args.mb + args.ranks * 10) * 1_000_000 * 1.2
    os.makedirs(args.out, exist_ok=True)
    free = shutil.disk_usage(args.out).free
    if free < need:
        sys.exit(f"not enough free disk: {free / 1e9:.1f} GB free, {need / 1e9:.1f} GB needed")
    print(make_big(args.out, args.mb))
    print(make_ranks(args.out, args.ranks))
    print(make_ddp(args.out, args.ranks))


if __name__ == "__main__":
    main()
