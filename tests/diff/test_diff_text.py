"""diff's text as a file or pipe receives it (issue 50 item 17): no line padded with spaces to the
console's width, and a line's time said to be what it is, each run's profiled calls summed."""

from __future__ import annotations

import os
import re
import subprocess
import sys

from conftest import REPO

PAIRS = os.path.join(REPO, "tests", "data", "pairs", "torch-2.11-cuda")


def _diff(tmp_path, a: str, b: str, *extra: str) -> subprocess.CompletedProcess:
    cmd = [
        sys.executable,
        "-m",
        "inductor_lens",
        "diff",
        os.path.join(PAIRS, a),
        os.path.join(PAIRS, b),
        "--cache-dir",
        str(tmp_path),
        *extra,
    ]
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    return subprocess.run(cmd, capture_output=True, text=True, timeout=300, env=env)


def test_a_diff_written_to_a_file_has_no_padding(tmp_path):
    out = _diff(tmp_path, "cnn_train", "cnn_train_edit", "--all").stdout  # (wrapped kernel lists: rich padded each to 200 columns)
    lines = out.splitlines()
    assert len(lines) > 20 and "changed lines of" in out
    assert [line for line in lines if line != line.rstrip()] == []
    assert max(len(line) for line in lines) <= 200


def test_line_times_say_they_are_sums_over_the_profiled_calls(tmp_path):
    proc = _diff(tmp_path, "profile_gpt2_train", "profile_gpt2_train_bench", "--all")
    timed = [line for line in proc.stdout.splitlines() if re.search(r"(µs|ms) → [\d.]+ (µs|ms)", line)]
    assert timed, proc.stdout
    assert all("summed over each run's profiled calls" in line for line in timed), timed
