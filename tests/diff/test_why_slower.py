"""``diff``: why B is slower (issue 46): lines paired by their text, settings given through
``torch.compile(options=...)``, the wall clock and the causes.

The edits are the round-45 GPU runs' (tests/data/make/gpu_r45/variant.py: each replaces one whole
line of train.py by one or more lines, as a user editing the file would); the expected pairing is
read off the edits themselves: the line replaced and the new line that still makes the same call
are one line edited, the other new lines are inserted, every other line is the same.
"""

from __future__ import annotations

import os
import sys

import pytest
from conftest import REPO
from inductor_lens.analysis.pairing import pair_by_code, pair_files

MAKE = os.path.join(REPO, "tests", "data", "make", "gpu_r45")
sys.path.insert(0, MAKE)
import variant  # noqa: E402

#: per edit: the call the replaced line and its edited version share
SAME_CALL = {
    "item": "h = F.gelu(",
    "mask": "y = F.scaled_dot_product_attention(",
    "opts": "cmodel = torch.compile(model",
    "ro": "cmodel = torch.compile(model",
    "bs": "BATCH = ",
}


def _number(text: str, block: str, line: str) -> int:
    """The number in ``text`` of ``line`` of ``block`` (the edit's text, which ``text`` holds once)."""
    return text[: text.index(block)].count("\n") + block.splitlines().index(line) + 1


@pytest.mark.parametrize("name", sorted(SAME_CALL))
def test_each_edit_pairs_as_the_user_made_it(name):
    a, b = variant.make("plain"), variant.make(name)
    got = pair_files(a, b)
    edited, inserted = {}, set()
    for old, new in variant.EDITS[name]:
        old_lines, new_lines = old.splitlines(), new.splitlines()
        for line in old_lines:
            partner = [n for n in new_lines if n.strip().startswith(SAME_CALL[name]) and line.strip().startswith(SAME_CALL[name])]
            if partner:
                edited[_number(a, old, line)] = _number(b, new, partner[0])
        for line in new_lines:
            if line not in old_lines and _number(b, new, line) not in edited.values():
                inserted.add(_number(b, new, line))
    assert {la: got.a_to_b[la] for la in got.edited} == edited, name
    assert got.inserted == inserted, name
    assert not got.deleted, name  # every line of A is still in B, or edited
    # the rest is the same line: each A line maps to the B line with its text
    for la, lb in got.a_to_b.items():
        if la not in got.edited:
            assert got.a_lines[la - 1] == got.b_lines[lb - 1]


def test_a_line_still_in_b_is_never_deleted_and_a_line_gone_is():
    a = "x = 1\ny = f(x)\nz = g(y)\n"
    b = "y = f(x)\nw = h(y)\nx = 1\n"  # x moved below; z = g(y) replaced by a new line
    got = pair_files(a, b)
    assert 1 not in got.deleted and got.a_to_b[1] == 3
    assert got.a_to_b[2] == 1
    # z = g(y) and w = h(y) are 0.5 alike: paired as edited, not deleted
    assert got.deleted | got.edited == {3}


def test_rows_without_model_files_pair_by_code():
    pairs = pair_by_code(["x = F.relu(self.bn1(self.conv1(x)))", "return y"], ["x = F.gelu(self.bn1(self.conv1(x)))", "z = torch.cat(q)"])
    assert pairs == [("x = F.relu(self.bn1(self.conv1(x)))", "x = F.gelu(self.bn1(self.conv1(x)))")]


def test_a_batch_size_change_says_the_shapes_each_kernel_runs_on(tmp_path):
    """gpt2_train -> gpt2_train_b8 (batch 2 -> 8, tests/data/pairs): the same kernels on other
    shapes; each line says its kernels' size hints A -> B, as each run's output code (in its log)
    writes them in the kernel's decorator."""
    import glob
    import json
    import re
    import subprocess

    pairs = os.path.join(REPO, "tests", "data", "pairs", "torch-2.11-cuda")

    def hints(run: str) -> dict[str, set[str]]:
        text = open(glob.glob(os.path.join(pairs, run, "trace", "*.log"))[0]).read()
        found: dict[str, set[str]] = {}
        for m in re.finditer(r"size_hints=\{([^}]*)\}.*?\n\tdef (triton_\w+)\(", text, re.S):
            family = re.sub(r"_\d+$", "", m.group(2))
            found.setdefault(family, set()).add(" ".join(m.group(1).split()))
        return found

    ha, hb = hints("gpt2_train"), hints("gpt2_train_b8")
    cmd = [sys.executable, "-m", "inductor_lens", "diff", os.path.join(pairs, "gpt2_train"), os.path.join(pairs, "gpt2_train_b8")]
    doc = json.loads(subprocess.run([*cmd, "--json", "--cache-dir", str(tmp_path)], capture_output=True, text=True, timeout=300).stdout)
    said = [w for r in doc["lines"] for w in r["words"] if ": size hints " in w]
    assert len(said) >= 10
    for word in said:
        family, moves = re.match(r"`(\w+)`: size hints (.*)", word).groups()
        for key, a, b in re.findall(r"(\w+) (\d+) → (\d+)", moves):
            assert any(f"'{key}': {a}" in h for h in ha[family]) and any(f"'{key}': {b}" in h for h in hb[family]), word


def test_profiles_without_step_markers_are_compared_per_window(tmp_path):
    """profile_gpt2_train -> profile_gpt2_train_bench (tests/data/pairs: no ProfilerStep markers):
    each window (first to last complete event) counts as one step, and the headline says so."""
    import json
    import subprocess

    pairs = os.path.join(REPO, "tests", "data", "pairs", "torch-2.11-cuda")

    def window(run: str) -> float:
        with open(os.path.join(pairs, run, "profile_trace.json")) as fh:
            events = [e for e in json.load(fh)["traceEvents"] if e.get("ph") == "X"]
        return max(e["ts"] + e.get("dur", 0) for e in events) - min(e["ts"] for e in events)

    a, b = "profile_gpt2_train", "profile_gpt2_train_bench"
    cmd = [sys.executable, "-m", "inductor_lens", "diff", os.path.join(pairs, a), os.path.join(pairs, b), "--cache-dir", str(tmp_path)]
    doc = json.loads(subprocess.run([*cmd, "--json"], capture_output=True, text=True, timeout=300).stdout)
    t = doc["time"]
    assert t["per"] == "window" and t["a"]["steps"] is None and t["spread"] == {"a": None, "b": None} and t["within_noise"] is None
    assert t["a_us"] == pytest.approx(window(a), rel=1e-6) and t["b_us"] == pytest.approx(window(b), rel=1e-6)
    assert t["change_pct"] == pytest.approx(100 * window(b) / window(a) - 100, abs=0.01)
    assert " per window (" in doc["headline"]
    table = subprocess.run(cmd, capture_output=True, text=True, timeout=300).stdout
    assert table.splitlines()[0] == doc["headline"] and "causes, per window, largest first:" in table
