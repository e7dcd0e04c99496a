"""What ``inductor-lens capture`` and ``--profile`` cost a program (a benchmark, not a test).

    python bench/bench_capture.py PYTHON [--device cpu|cuda] [--steps 60] [--width 1024] [--repeat 1]

PYTHON is an interpreter with PyTorch.  The same training loop (an MLP of 4 Linear + GELU +
LayerNorm blocks, SGD; every step timed, CUDA-synchronized) runs three ways, each in a fresh
process with a fresh Inductor cache:

* ``plain``: ``PYTHON workload.py`` with ``TORCHINDUCTOR_FX_GRAPH_CACHE=0`` and
  ``TORCHINDUCTOR_AUTOGRAD_CACHE=0``, as capture sets them;
* ``capture``: ``inductor-lens capture -- PYTHON workload.py`` (provenance on, TORCH_TRACE);
* ``profile``: ``inductor-lens capture --profile -- ...``.

A step is two compiled-graph calls (forward, backward).  With the default window (opened by call 1,
calls 2-3 warm up, calls 4-23 recorded, the Chrome trace written when call 23 returns), counting
steps from 0: step 0 compiles, steps 2-10 are fully recorded, step 11 holds the export, and steps
from 13 on run after the window.  Printed: the whole run's wall time, step 0, the median step inside
and after the window, the export step, and the profile's size.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

WORKLOAD = """
import json, sys, time
import torch

device, steps, width, out = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]


class Block(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = torch.nn.Linear(width, width)
        self.norm = torch.nn.LayerNorm(width)

    def forward(self, x):
        return self.norm(torch.nn.functional.gelu(self.fc(x)) + x)


torch.manual_seed(0)
model = torch.nn.Sequential(*[Block() for _ in range(4)]).to(device)
step = torch.compile(model)
opt = torch.optim.SGD(model.parameters(), lr=1e-3)
x = torch.randn(64, width, device=device)
times = []
for _ in range(steps):
    t0 = time.perf_counter()
    step(x).square().mean().backward()
    opt.step()
    opt.zero_grad()
    if device == "cuda":
        torch.cuda.synchronize()
    times.append(time.perf_counter() - t0)
with open(out, "w") as fh:
    json.dump(times, fh)
"""


def run(mode: str, python: str, args, work: str) -> dict:
    folder = os.path.join(work, mode)
    os.makedirs(folder)
    script = os.path.join(folder, "workload.py")
    with open(script, "w") as fh:
        fh.write(WORKLOAD)
    steps_file = os.path.join(folder, "steps.json")
    env = dict(
        os.environ,
        TORCHINDUCTOR_CACHE_DIR=os.path.join(folder, "inductor_cache"),
        TORCHINDUCTOR_FX_GRAPH_CACHE="0",
        TORCHINDUCTOR_AUTOGRAD_CACHE="0",
    )
    command = [python, script, args.device, str(args.steps), str(args.width), steps_file]
    if mode != "plain":
        command = [
            sys.executable,
            "-m",
            "inductor_lens",
            "capture",
            "--out",
            os.path.join(folder, "capture"),
            *(["--profile"] if mode == "profile" else []),
            "--",
            *command,
        ]
    started = time.perf_counter()
    proc = subprocess.run(command, env=env, capture_output=True, text=True)
    wall = time.perf_counter() - started
    if proc.returncode != 0:
        raise SystemExit(f"{mode} failed ({proc.returncode}):\n{proc.stderr[-3000:]}")
    with open(steps_file) as fh:
        steps = [t * 1e3 for t in json.load(fh)]
    profiles = []
    for dirpath, _, files in os.walk(folder):
        profiles += [os.path.join(dirpath, f) for f in files if f.startswith("profile_") and f.endswith(".json")]
    return {"wall_s": wall, "steps_ms": steps, "profile_bytes": sum(os.path.getsize(p) for p in profiles), "stderr": proc.stderr}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("python")
    parser.add_argument("--device", default="cpu")
    parser.add_argument("--steps", type=int, default=60)
    parser.add_argument("--width", type=int, default=1024)
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--json", metavar="FILE", help="also write the raw numbers here")
    args = parser.parse_args()
    results: dict[str, list[dict]] = {}
    with tempfile.TemporaryDirectory() as work:
        for r in range(args.repeat):
            for mode in ("plain", "capture", "profile"):
                results.setdefault(mode, []).append(run(mode, args.python, args, os.path.join(work, str(r))))
    print(f"{args.device}, width {args.width}, {args.steps} steps, {args.repeat} run(s) each; times: median over runs")
    print(f"{'mode':8} {'wall s':>8} {'step 0 ms':>10} {'steps 2-10 ms':>14} {'step 11 ms':>11} {'steps 13+ ms':>13} {'profile':>10}")
    for mode, runs in results.items():
        med = statistics.median
        inside = med(med(r["steps_ms"][2:11]) for r in runs)
        after = med(med(r["steps_ms"][13:]) for r in runs)
        print(
            f"{mode:8} {med(r['wall_s'] for r in runs):8.2f} {med(r['steps_ms'][0] for r in runs):10.1f} {inside:14.3f} "
            f"{med(r['steps_ms'][11] for r in runs):11.3f} {after:13.3f} {med(r['profile_bytes'] for r in runs) / 1e6:8.2f} MB"
        )
    if args.json:
        with open(args.json, "w") as fh:
            json.dump({m: [{k: v for k, v in r.items() if k != "stderr"} for r in runs] for m, runs in results.items()}, fh)
    print(results["profile"][0]["stderr"].strip().splitlines()[-3] if results["profile"][0]["stderr"] else "")


if __name__ == "__main__":
    main()
