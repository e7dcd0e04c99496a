"""A model line in PyTorch's own API (``torch/nn/modules/linear.py:134``) is kept, and the user's
lines that called it are given beside it (issue 50 item 14; timing/hot_lines.py's api_callers):
JSON ``lines[i].user_line`` (the most launches) and ``user_lines`` (every one), the table's
``← called from``.  Real values: the AOTInductor package's log, whose stacks go models.py -> linear.py."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

from conftest import REPO, case_dir, case_log


def _report(*args: str) -> str:
    env = {**os.environ, "PYTHONPATH": os.path.join(REPO, "server")}
    cmd = [sys.executable, "-m", "inductor_lens", "report", case_dir("torch-2.11-cuda/aoti"), "--no-cache", *args]
    return subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=300).stdout


def _callers_in_the_log() -> dict[int, set[int]]:
    """PyTorch line -> the models.py lines right before it in the log's stack-trace strings (JSON-escaped there)."""
    text = open(case_log("torch-2.11-cuda/aoti"), encoding="utf-8", errors="replace").read()
    pair = re.compile(r'File \\"/workspace/proj/models\.py\\", line (\d+)[^"]*?File \\"[^"\\]*torch/nn/modules/linear\.py\\", line (\d+)')
    out: dict[int, set[int]] = {}
    for user, torch_line in pair.findall(text):
        out.setdefault(int(torch_line), set()).add(int(user))
    return out


def test_a_pytorch_line_names_the_users_calling_lines():
    doc = json.loads(_report("--json"))
    rows = {(os.path.basename(r["file"]), r["line"]): r for r in doc["lines"]}
    linear = rows[("linear.py", 134)]
    assert linear["code"] == "return F.linear(input, self.weight, self.bias)"  # PyTorch's frame stays the model line
    callers = {(u["file"], u["line"], u["code"]) for u in linear["user_lines"]}
    assert callers == {("/workspace/proj/models.py", 23, "y = self.fc1(x)"), ("/workspace/proj/models.py", 26, "y = self.fc2(y)")}
    assert {line for _, line, _ in callers} == _callers_in_the_log()[134]
    assert linear["user_line"] == linear["user_lines"][0]
    norm = rows[("normalization.py", 229)]
    assert norm["user_line"] == {"file": "/workspace/proj/models.py", "line": 25, "code": "y = self.norm(y)"}
    assert rows[("models.py", 24)]["user_line"] is None and rows[("models.py", 24)]["user_lines"] == []
    table = _report()
    assert re.search(
        r"linear\.py:134  return F\.linear\(input, self\.weight, self\.bias\)  ← called from models\.py:2[36], models\.py:2[36]\n", table
    ), table
