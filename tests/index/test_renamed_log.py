"""A log renamed from ``dedicated_log_torch_trace_*.log`` to ``run_a.log`` beside a log with PyTorch's
name (issue 50 item 15): it was read only when no log had PyTorch's name, and silently ignored
otherwise.  Every ``*.log`` that starts with a TORCH_TRACE record is read; a byte-for-byte copy of
another log is read once, with a warning."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

from conftest import REPO, case_log


def _report(*args: str) -> dict:
    env = {**os.environ, "PYTHONPATH": os.path.join(REPO, "server")}
    proc = subprocess.run(
        [sys.executable, "-m", "inductor_lens", "report", *args, "--json", "--no-cache"], capture_output=True, env=env, timeout=300
    )
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def test_a_renamed_log_beside_a_named_one_is_read(tmp_path):
    folder = tmp_path / "runs"
    (folder / "b").mkdir(parents=True)
    shutil.copy(case_log("torch-2.14-cpu/mlp_infer"), folder / "dedicated_log_torch_trace_x1.log")
    shutil.copy(case_log("torch-2.14-cpu/graph_breaks"), folder / "b" / "run_a.log")
    (folder / "b" / "stdout.log").write_text("epoch 1 loss 0.3\n")  # a log that is no trace: not read, not said
    alone = {name: _report(case_log(f"torch-2.14-cpu/{name}")) for name in ("mlp_infer", "graph_breaks")}
    doc = _report(str(folder))
    assert sorted(os.path.basename(t["path"]) for t in doc["traces"]) == ["dedicated_log_torch_trace_x1.log", "run_a.log"]
    assert len(doc["kernels"]) == sum(len(d["kernels"]) for d in alone.values())
    assert not any("stdout.log" in w["file"] for w in doc["warnings"])
    # a copy under another name: read once, said
    shutil.copy(folder / "dedicated_log_torch_trace_x1.log", folder / "b" / "copy_of_x1.log")
    doc = _report(str(folder))
    assert len(doc["traces"]) == 2 and len(doc["kernels"]) == sum(len(d["kernels"]) for d in alone.values())
    (said,) = [w for w in doc["warnings"] if w["file"].endswith("copy_of_x1.log")]
    assert said["message"] == f"the same bytes as {folder / 'dedicated_log_torch_trace_x1.log'}: read once"


def test_the_editors_discovery_finds_a_renamed_log(tmp_path):
    from inductor_lens.files.discovery import find_traces

    (tmp_path / "b").mkdir()
    shutil.copy(case_log("torch-2.14-cpu/mlp_infer"), tmp_path / "dedicated_log_torch_trace_x1.log")
    shutil.copy(case_log("torch-2.14-cpu/graph_breaks"), tmp_path / "b" / "run_a.log")
    shutil.copy(case_log("torch-2.14-cpu/mlp_infer"), tmp_path / "b" / "copy.log")  # (a copy of the named log)
    (tmp_path / "b" / "stdout.log").write_text("epoch 1\n")
    found = [os.path.relpath(p, tmp_path) for p in find_traces([str(tmp_path)])]
    assert found == ["dedicated_log_torch_trace_x1.log", os.path.join("b", "run_a.log")]
