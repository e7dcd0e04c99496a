"""A file that is not a trace is told so, with what a trace looks like (issue 50 item 17): a /proc
file (its size given as 0, its content not) was called an "empty file"."""

from __future__ import annotations

import os
import subprocess
import sys

from conftest import REPO


def _report(*args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": os.path.join(REPO, "server")}
    return subprocess.run(
        [sys.executable, "-m", "inductor_lens", "report", *args, "--no-cache"], capture_output=True, text=True, env=env, timeout=120
    )


def test_a_proc_file_is_not_a_trace_not_an_empty_file(tmp_path):
    assert os.path.getsize("/proc/self/status") == 0 and open("/proc/self/status", "rb").read(1)
    proc = _report("/proc/self/status")
    assert proc.returncode == 1
    assert "empty file" not in proc.stdout + proc.stderr
    said = "/proc/self/status: nothing to report (line 1: no TORCH_TRACE records found (not a trace: "
    assert said in proc.stdout, proc.stdout
    # what a trace looks like: the file TORCH_TRACE writes and one record's line (as the bundled example's first)
    example = os.path.join(REPO, "server", "inductor_lens", "example", "dedicated_log_torch_trace_kkjc2y6z.log")
    first = open(example, encoding="utf-8").readline()
    assert "TORCH_TRACE=<folder>" in proc.stdout and "dedicated_log_torch_trace_*.log" in proc.stdout
    assert first.split(" ")[0][0] in proc.stdout.split("such as `")[1][:1] and "torch/_dynamo/" in first
    # an empty regular file is still an empty file
    empty = tmp_path / "dedicated_log_torch_trace_e.log"
    empty.write_bytes(b"")
    assert "empty file" in _report(str(empty)).stdout


def test_all_kernels_say_their_time_is_the_runs_sum():
    """``report --all``'s kernel rows: ``5 runs · 40.1 µs`` read as 40.1 µs a run; it is the sum."""
    from conftest import case_dir

    case = case_dir("torch-2.11-cuda/profile")
    out = _report(case, "--all").stdout
    rows = [line for line in out.splitlines() if " runs · " in line and " launch" in line]
    assert rows and all(" in all" in row.split(" runs · ")[1][:24] for row in rows), rows[:3]
