"""Build large benchmark traces from a real log (never committed; delete them after).

* ``big``: the records of ``gpt2_l12_train`` repeated until the log reaches ``--mb`` MB (default
  350), each repetition with distinct frame ids (``frame_id + 1000 * rep``), so every compile id
  is distinct.  Payloads are unchanged, so every ``has_payload`` MD5 still verifies.
* ``ranks``: ``--ranks`` (default 8) copies of the same log as ``dedicated_log_torch_trace_rank_<r>_bench.log``
  with ``"rank": r`` in every envelope, as a distributed job writes them.

Usage: ``python bench/make_big_traces.py OUT_DIR [--mb 350] [--ranks 8]``.  Checks free disk first.
"""

from __future__ import annotations

import argparse
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


def make_big(out_dir: str, mb: int) -> str:
    src = open(source_log(), "rb").read()
    lines = src.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    reps = max(1, (mb * 1_000_000) // len(src))
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


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--mb", type=int, default=350)
    parser.add_argument("--ranks", type=int, default=8)
    args = parser.parse_args()
    need = (args.mb + args.ranks * 10) * 1_000_000 * 1.2
    os.makedirs(args.out, exist_ok=True)
    free = shutil.disk_usage(args.out).free
    if free < need:
        sys.exit(f"not enough free disk: {free / 1e9:.1f} GB free, {need / 1e9:.1f} GB needed")
    print(make_big(args.out, args.mb))
    print(make_ranks(args.out, args.ranks))


if __name__ == "__main__":
    main()
