"""``inductor-lens diff A B`` on real pairs of runs (tests/data/pairs: an H200 with PyTorch 2.11,
made by tests/data/make/gpu_r20/run_r20.py): every row's kernels on each side equal what that
run's own provenance says (PyTorch's kernel stack-trace artifact and the launch order of the
debug handles in its output code, read by ../shared/tools/groundtruth.py, independently of the
index), and every row's change is what those two truths give."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections import Counter

import pytest
from conftest import REPO

PAIRS = os.path.join(REPO, "tests", "data", "pairs", "torch-2.11-cuda")
CPU = os.path.join(REPO, "tests", "data", "pairs")
TOOLS = os.path.join(os.path.dirname(REPO), "shared", "tools")
sys.path.insert(0, TOOLS)
from groundtruth import FRAME, HANDLE, records  # noqa: E402

_COUNTER = re.compile(r"_\d+$")
_FRAME_CODE = re.compile(r'File "([^"]+)", line (\d+), in [^\n]*\n([^\n]*)')


def _family(name: str) -> str:
    return _COUNTER.sub("", name) if name.startswith(("triton_", "cpp_")) else name


def truth(case: str) -> tuple[dict[tuple[str, str], Counter], Counter]:
    """``(rows, blank)``: (file name, code) -> Counter(kernel family -> launches) from the case's
    own provenance, and the launches per family whose stacks PyTorch left empty (a pass-made
    ``addmm`` in a GPU backward: the index still gives them a line, rebuilt from the compile's
    Python stack, which PyTorch's artifact does not)."""
    out: dict[tuple[str, str], Counter] = {}
    blank: Counter = Counter()
    handles: list[str] = []
    folder = os.path.join(PAIRS, case, "trace")
    log = next(os.path.join(folder, n) for n in os.listdir(folder) if n.endswith(".log"))
    for env, payload in records(log):
        if "inductor_output_code" in env:
            handles = [m.group(1) for line in payload for m in [HANDLE.search(line)] if m]
            continue
        if env.get("artifact", {}).get("name") != "inductor_provenance_tracking_kernel_stack_traces":
            continue
        stacks = json.loads("\n".join(payload))
        for key in handles:
            rows = set()
            for text in stacks.get(key, []):
                frames = _FRAME_CODE.findall(text)
                if frames:
                    file, _, code = frames[-1]
                    rows.add((os.path.basename(file), " ".join(code.split())))
                elif FRAME.findall(text):  # a frame without its code line
                    file, line = FRAME.findall(text)[-1]
                    rows.add((os.path.basename(file), f"<line {line}>"))
            for row in rows:
                out.setdefault(row, Counter())[_family(key.rsplit(":", 1)[0])] += 1
            if key in stacks and not stacks[key]:
                blank[_family(key.rsplit(":", 1)[0])] += 1
    return out, blank


def _agrees(product: Counter, truth_row: Counter, blank: Counter) -> bool:
    """The product's row equals PyTorch's, but for launches PyTorch left without a stack."""
    extra = product - truth_row
    return not (truth_row - product) and all(n <= blank[f] for f, n in extra.items())


def diff_json(a: str, b: str, cache_dir: str, *extra: str) -> dict:
    proc = _run(a, b, cache_dir, "--json", *extra)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def _run(a: str, b: str, cache_dir: str, *extra: str) -> subprocess.CompletedProcess:
    cmd = [sys.executable, "-m", "inductor_lens", "diff", os.path.join(PAIRS, a), os.path.join(PAIRS, b), "--cache-dir", cache_dir, *extra]
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    return subprocess.run(cmd, capture_output=True, text=True, timeout=300, env=env)


def _side(row: dict, side: str) -> Counter:
    data = row[side]
    return Counter({k["family"]: k["launches"] for k in data["kernels"]}) if data else Counter()


def _expected_change(ta: Counter | None, tb: Counter | None) -> str:
    if not ta:
        return "added"
    if not tb:
        return "removed"
    return "same" if ta == tb else "changed"


#: (A, B, what the pair changes, rows changed at least)
PAIRS_WITH_PROVENANCE = [
    ("../torch-2.13-cpu/mlp_train", "../torch-2.14-cpu/mlp_train", "PyTorch 2.13 -> 2.14 (CPU, MLP)", 0),
    ("../torch-2.13-cpu/cnn_train", "../torch-2.14-cpu/cnn_train", "PyTorch 2.13 -> 2.14 (CPU, CNN)", 0),
    ("../torch-2.13-cpu/gpt2_train", "../torch-2.14-cpu/gpt2_train", "PyTorch 2.13 -> 2.14 (CPU, GPT-2: renamed kernels)", 10),
    ("mlp_train", "mlp_train_autotune", "max-autotune (GEMM templates for extern mm/addmm)", 3),
    ("cnn_train", "cnn_train_edit", "two lines inserted above the model and relu -> gelu", 3),
    ("cnn_train", "cnn_train_nopersist", "TORCHINDUCTOR_PERSISTENT_REDUCTIONS=0", 2),
    ("gpt2_train", "gpt2_train_b8", "batch 2 -> 8", 10),
    ("mlp_train", "mlp_train_dynamic", "dynamic=True", 3),
]


@pytest.mark.parametrize("a,b,what,at_least", PAIRS_WITH_PROVENANCE, ids=[p[2] for p in PAIRS_WITH_PROVENANCE])
def test_each_row_equals_both_runs_own_provenance(a, b, what, at_least, tmp_path):
    got = diff_json(a, b, str(tmp_path))
    (ta, blank_a), (tb, blank_b) = truth(a), truth(b)
    rows = {(r["file"], r["code"]): r for r in got["lines"]}
    # an edited row (A's line became B's) holds A's side under A's code
    keys_a = {(r["file"], r["code_a"] or r["code"]): (r["file"], r["code"]) for r in got["lines"]}
    assert set(ta) <= set(keys_a) and set(tb) <= set(rows), what
    wrong, exact = [], 0
    for key, row in rows.items():
        key_a = (row["file"], row["code_a"] or row["code"])
        pa, pb = _side(row, "a"), _side(row, "b")
        if not (_agrees(pa, ta.get(key_a, Counter()), blank_a) and _agrees(pb, tb.get(key, Counter()), blank_b)):
            wrong.append((key, pa, ta.get(key_a), pb, tb.get(key)))
        elif (pa, pb) == (ta.get(key_a, Counter()), tb.get(key, Counter())):
            exact += 1
            if row["change"] != _expected_change(ta.get(key_a), tb.get(key)):
                wrong.append((key, row["change"], _expected_change(ta.get(key_a), tb.get(key))))
    assert not wrong, wrong
    assert exact >= len(rows) - 1, (what, exact, len(rows))  # at most one row differs, by a launch PyTorch gave no stack
    changed = [r for r in got["lines"] if r["change"] != "same"]
    assert len(changed) >= at_least
    assert got["summary"]["lines"] == len(rows) and got["summary"]["same"] == len(rows) - len(changed)
    # changed rows come first in the table's order
    order = [r["change"] != "same" for r in got["lines"]]
    assert order == sorted(order, reverse=True)


def test_a_run_against_itself_and_against_the_same_program_without_provenance(tmp_path):
    for other in ("mlp_train", "mlp_train_noprov"):
        got = diff_json("mlp_train", other, str(tmp_path))
        assert got["summary"]["lines"] == 5 and got["summary"]["same"] == 5, other
        assert all(r["change"] == "same" and r["words"] == [] for r in got["lines"]), other
        assert got["unmatched_kernels"] == {"a": [], "b": []}
        assert got["options"] == []


def test_an_edit_that_shifts_lines_matches_the_lines_that_did_not_change(tmp_path):
    got = diff_json("cnn_train", "cnn_train_edit", str(tmp_path))
    by_code = {r["code"]: r for r in got["lines"]}
    # relu -> gelu is one line edited (A's models.py is not beside its trace: paired by code similarity)
    assert "x = F.relu(self.bn1(self.conv1(x)))" not in by_code
    gelu = by_code["x = F.gelu(self.bn1(self.conv1(x)))"]
    assert (gelu["text"], gelu["line_a"], gelu["line_b"], gelu["code_a"]) == ("edited", 40, 42, "x = F.relu(self.bn1(self.conv1(x)))")
    assert gelu["change"] == "changed" and gelu["a"] and gelu["b"]
    head = by_code["return self.head(x)"]
    assert (head["change"], head["line_a"], head["line_b"], head["text"]) == ("same", 44, 46, None)
    pool = by_code["x = F.max_pool2d(x, 2)"]
    assert pool["change"] == "changed" and (pool["line_a"], pool["line_b"]) == (41, 43)
    assert any(
        w.startswith("left `triton_red_fused_convolution_backward_max_pool2d") and "(shared with lines 40, 42 in A)" in w
        for w in pool["words"]
    ), pool["words"]
    assert any(
        w.startswith("joined `triton_red_fused__native_batch_norm_legit_functional_convolution_backward_gelu") for w in pool["words"]
    )


def test_extern_to_template_swaps_configs_and_options_are_said(tmp_path):
    got = diff_json("mlp_train", "mlp_train_autotune", str(tmp_path))
    fc1 = next(r for r in got["lines"] if r["code"] == "y = self.fc1(x)")
    assert fc1["change"] == "changed"
    assert {k["family"] for k in fc1["a"]["kernels"]} >= {"extern_kernels.addmm", "extern_kernels.mm"}
    assert any(k["family"].startswith("triton_tem_fused_addmm") for k in fc1["b"]["kernels"])
    assert got["options"] == [{"name": "inductor.max_autotune_gemm_backends", "a": "ATEN,TRITON,CPP", "b": "TRITON", "kind": "changed"}]
    # the templates' chosen config is read from the Inductor cache's .best_config beside the kernel file
    configs = {f: c for r in got["lines"] if r["b"] for f, c in r["b"]["config"].items()}
    tem = [c for f, c in configs.items() if f.startswith("triton_tem_")]
    assert tem and all(c["heuristic"] == "template" for c in tem)
    moved = [w for r in got["lines"] for w in r["words"] if "num_warps 8 → 16" in w]
    assert moved
    pairs = {(p["a"]["name"], p["b"]["name"]) for p in got["kernels"]}
    assert ("extern_kernels.mm", "triton_tem_fused_mm_t_1") in pairs


def test_two_pytorch_versions_say_so(tmp_path):
    got = diff_json("../torch-2.13-cpu/gpt2_train", "../torch-2.14-cpu/gpt2_train", str(tmp_path))
    assert got["runs"][0]["versions"]["pytorch"] == ["2.13.0+cpu"] and got["runs"][1]["versions"]["pytorch"] == ["2.14.1+cu130"]
    assert got["runs"][0]["device"] == got["runs"][1]["device"] == "cpu"
    assert any(o["kind"] == "only_b" for o in got["options"]) and all(o["a"] != o["b"] for o in got["options"] if o["kind"] == "changed")
    # a kernel renamed by the new version is still the same kernel, matched by what it computes
    pairs = {(p["a"]["name"], p["b"]["name"]) for p in got["kernels"]}
    assert ("cpp_fused_add_arange_0", "cpp_fused_add_0") in pairs or any(a != b for a, b in pairs)
    same = diff_json("../torch-2.14-cpu/mlp_train", "../torch-2.14-cpu/mlp_train_noprov", str(tmp_path))
    assert same["summary"]["same"] == same["summary"]["lines"] > 0


def test_exit_status_for_bisect(tmp_path):
    cache = str(tmp_path)
    same = _run("mlp_train", "mlp_train", cache, "--fail-if-changed")
    # a check that passed says so on stderr, one line (a new user's trial: nothing was said)
    assert same.returncode == 0 and "--fail-if-changed: no model line computes other kernels (5 compared); exit 0" in same.stderr
    assert _run("mlp_train", "mlp_train_autotune", cache, "--fail-if-changed").returncode == 1
    assert _run("mlp_train", "mlp_train_autotune", cache, "--fail-if-slower", "5").returncode == 125  # no profile: cannot tell
    table = _run("cnn_train", "cnn_train_edit", cache)
    assert table.returncode == 0
    assert "3 changed lines of 5 model lines" in table.stdout
    assert table.stdout.startswith("no profile on either side: only compile facts can be compared (no times)")
    assert "PyTorch 2.11.0+cu130" in table.stdout and "cuda (sm_90)" in table.stdout


def test_graph_breaks_new_in_b_are_found_with_their_lines(tmp_path):
    """The compile-health traces of PyTorch 2.14 (../shared/traces): against a run without graph
    breaks, each graph break of the graph_breaks run is new, at its own line of health.py; against
    itself none is."""
    from conftest import case_dir
    from inductor_lens.analysis.run_facts import new_graph_breaks
    from inductor_lens.files.cache import Cache
    from inductor_lens.index.trace_index import load

    cache = Cache(str(tmp_path))
    base, breaks = load([case_dir("torch-2.14-cpu/mlp_train")], cache), load([case_dir("torch-2.14-cpu/graph_breaks")], cache)
    found = new_graph_breaks(base, breaks)
    assert [(e.compile_id, e.location.line) for e in found] == [("0/0", 29), ("2/0", 36), ("4/0", 42)]
    assert all(e.location.file.endswith("health.py") for e in found)
    assert new_graph_breaks(breaks, breaks) == []


def test_a_run_without_profile_is_unmeasured_not_zero(tmp_path):
    """A new user's finding: against a run with no profile every row read ``135 µs → 0.0 µs``."""
    from conftest import case_dir

    cmd = [
        sys.executable,
        "-m",
        "inductor_lens",
        "diff",
        case_dir("torch-2.11-cuda/profile_cnn"),
        os.path.join(PAIRS, "cnn_train"),
        "--json",
        "--cache-dir",
        str(tmp_path),
    ]
    got = json.loads(subprocess.run(cmd, capture_output=True, text=True, timeout=300).stdout)
    assert got["summary"]["delta_us"] is None and got["runs"][1]["measured_us"] is None
    assert got["lines"] and all(r["delta_us"] is None for r in got["lines"])
    assert any(w.startswith("A measured ") and w.endswith("; B has no profile") for r in got["lines"] for w in r["words"])
    assert not any("→ 0.0 µs" in w for r in got["lines"] for w in r["words"])


def test_verdicts_are_said_and_kept_through_a_pipe(tmp_path):
    """New user's findings: the exit status was lost behind ``| head``, a --fail-if-* exit said no
    reason, and a side with nothing readable still printed every line as ``added``."""
    changed = _run("mlp_train", "mlp_train_autotune", str(tmp_path), "--fail-if-changed")
    assert changed.returncode == 1 and "--fail-if-changed: 3 of 5 model lines compute other kernels; exit 1" in changed.stderr
    unmeasured = _run("mlp_train", "mlp_train", str(tmp_path), "--fail-if-slower", "5")
    assert unmeasured.returncode == 125 and "--fail-if-slower 5%: no wall time on both sides" in unmeasured.stderr
    missing = _run("mlp_train", str(tmp_path / "no-such-run"), str(tmp_path))
    assert missing.returncode == 125 and missing.stdout == ""
    assert "cannot compare: B (" in missing.stderr and "has nothing readable" in missing.stderr
    # the reader leaves after one line: the status still tells git bisect
    cmd = [
        sys.executable,
        "-m",
        "inductor_lens",
        "diff",
        os.path.join(PAIRS, "mlp_train"),
        os.path.join(PAIRS, "mlp_train_autotune"),
        "--fail-if-changed",
        "--all",
        "--cache-dir",
        str(tmp_path),
    ]
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)
    assert proc.stdout is not None
    proc.stdout.readline()
    proc.stdout.close()
    assert proc.wait(timeout=300) == 1


@pytest.mark.parametrize("columns", [80, 120, 200])
def test_the_table_never_cuts_a_kernel_name_that_fits(tmp_path, columns):
    """A new user's trial: diff's six-column table cut kernel names in the middle at every width
    (``extern_kernels.addm|m`` at 120, ``…native_drop|out_…`` at 200).  Each changed line is now a
    block wrapped between words: every kernel name of the comparison no wider than the terminal
    (less the block's indent) is on one line, whole."""
    cmd = [sys.executable, "-m", "inductor_lens", "diff", os.path.join(PAIRS, "cnn_train"), os.path.join(PAIRS, "cnn_train_edit")]
    env = {**{k: v for k, v in os.environ.items() if k != "LINES"}, "COLUMNS": str(columns)}
    out = subprocess.run([*cmd, "--cache-dir", str(tmp_path)], capture_output=True, text=True, timeout=300, env=env).stdout
    doc = diff_json("cnn_train", "cnn_train_edit", str(tmp_path))
    names = {
        k["family"] for row in doc["lines"] if row["change"] != "same" for side in ("a", "b") if row[side] for k in row[side]["kernels"]
    }
    fits = [n for n in names if len(n) + 10 <= columns]
    assert fits and all(any(n in line for line in out.splitlines()) for n in fits), [n for n in fits if n not in out]
    assert all(len(line.rstrip()) <= columns for line in out.splitlines())
