"""capture's summary says the compile health report says (issue 50 item 13): on a 2-rank DDP job
with a graph break and a recompile, each rank's line gives report's compile-health heading, and
capture.json's ``health`` adds up report --json's compiles and events (it said "1 compile" per
rank where report said 5, and no graph break or recompile).  Real runs: CPU PyTorch in .venv-torch,
and the shared DDP trace."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

from conftest import REPO, case_dir
from inductor_lens.model.compile_id import base_compile_id
from test_capture import TORCH_PY, _capture, needs_torch

DDP = """\
import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel

dist.init_process_group("gloo")


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = torch.nn.Linear(8, 16)
        self.fc2 = torch.nn.Linear(16, 4)

    def forward(self, x):
        y = torch.relu(self.fc1(x))
        torch._dynamo.graph_break()
        return self.fc2(y).sum()


model = torch.compile(DistributedDataParallel(Net()))
for batch in (4, 4, 6):  # 6: a recompile
    model(torch.randn(batch, 8)).backward()
dist.destroy_process_group()
"""


def _report(args, cache) -> subprocess.CompletedProcess:
    cmd = [sys.executable, "-m", "inductor_lens", "report", *map(str, args), "--cache-dir", str(cache)]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=300, env={**os.environ, "PYTHONPATH": os.path.join(REPO, "server")})


def _counts(doc: dict) -> dict:
    """Compile health added up over report --json's compiles and events (health/queries.py's rules)."""
    events = doc["compile_events"]
    return {
        "compiles": len(doc["compiles"]),
        "graph_breaks": sum(1 for e in events if e["kind"] == "graph_break"),
        "recompiles": len({(e["trace"], base_compile_id(e["compile_id"])) for e in events if e["kind"] == "recompile"}),
        "failures": sum(1 for e in events if e["kind"] == "failure"),
    }


def _headings(text: str) -> list[str]:
    return re.findall(r"^compile health · (.*)$", text, re.M)


def test_the_summary_of_the_shared_ddp_trace_gives_reports_compile_health(tmp_path):
    from inductor_lens.capture.summary import summary_lines

    trace = case_dir("torch-2.14-cpu/ddp")
    lines, facts, _ = summary_lines(trace, str(tmp_path), cache_dir=str(tmp_path / "c"))
    doc = json.loads(_report([trace, "--json"], tmp_path / "c").stdout)
    assert facts["health"] == _counts(doc) and facts["health"]["compiles"] == 10 and facts["health"]["graph_breaks"] == 6
    (heading,) = _headings(_report([trace], tmp_path / "c").stdout)  # rank 1 is identical: printed once
    ranks = [line for line in lines if " · rank " in line]
    assert len(ranks) == 2 and ranks[0].endswith(" · rank 0 · PyTorch 2.14.1+cu130 · " + heading), (ranks, heading)
    assert all("5 compiles · 3 graph breaks · 0 recompiles · 0 failures" in line for line in ranks), ranks


@needs_torch
def test_a_captured_ddp_job_says_what_report_says(tmp_path):
    root = tmp_path / "job"
    root.mkdir()
    (root / "ddp.py").write_text(DDP)
    torchrun = os.path.join(os.path.dirname(TORCH_PY), "torchrun")
    env = {"TORCHINDUCTOR_CACHE_DIR": str(tmp_path / "inductor_cache"), "OMP_NUM_THREADS": "1"}
    cmd = ["--out", str(tmp_path / "run"), "--", torchrun, "--standalone", "--nproc-per-node=2", "ddp.py"]
    proc = _capture(cmd, root, env, tmp_path / "cache")
    assert proc.returncode == 0, proc.stderr
    trace_dir = tmp_path / "run" / "trace"
    doc = json.loads(_report([trace_dir, "--json"], tmp_path / "cache").stdout)
    saved = json.load(open(tmp_path / "run" / "capture.json"))
    counts = _counts(doc)
    assert saved["health"] == counts and counts["compiles"] >= 4 and counts["graph_breaks"] >= 2 and counts["recompiles"] >= 2
    table = _report([trace_dir], tmp_path / "cache").stdout
    said = [re.sub(r" · [\d.]+ m?s compiling$", "", line) for line in proc.stderr.splitlines() if " · rank " in line]
    wanted = [re.sub(r" · [\d.]+ m?s compiling$", "", h) for h in _headings(table)]
    assert len(said) == 2 and all(line.endswith(wanted[0]) for line in said), (said, wanted)
