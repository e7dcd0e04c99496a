"""Issue 30: each Triton kernel's folder in the Triton cache and the IR lines per kernel line, on
real H200 runs (tests/data: round 20's mlp_train with its Inductor cache's triton/0/, round 30's
mlp_train_tc with TRITON_CACHE_DIR and cap_mlp_train left by `inductor-lens capture`).

The checks read PTX and SASS on their own (not with the readers): an instruction belongs to the
kernel-file line of the ``.loc`` (``//## File``) above it."""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys

import pytest
from conftest import DATA
from inductor_lens.cli import main
from inductor_lens.ir.sass import nvdisasm_path

CASES = {
    "mlp_train": os.path.join(DATA, "pairs", "torch-2.11-cuda", "mlp_train"),
    "mlp_train_tc": os.path.join(DATA, "torch-2.11-cuda", "mlp_train_tc"),
    "cap_mlp_train": os.path.join(DATA, "torch-2.11-cuda", "cap_mlp_train"),
}


def _report(path: str, tmp_path, *extra: str) -> dict:
    out = io.StringIO()
    import contextlib

    with contextlib.redirect_stdout(out):
        assert main(["report", path, "--json", "--ir", "--cache-dir", str(tmp_path / "cache"), *extra]) == 0
    return json.loads(out.getvalue())


def _ptx_lines(ptx_path: str, kernel_file: str) -> dict[int, list[int]]:
    """Kernel-file line -> PTX instruction lines, from the PTX's own .file/.loc directives."""
    text = open(ptx_path).read().split("\n")
    ids = {m.group(1) for t in text if (m := re.match(r'\s*\.file\s+(\d+)\s+"([^"]+)"', t)) and m.group(2) == kernel_file}
    assert ids, f"{ptx_path} names no .file {kernel_file}"
    out: dict[int, list[int]] = {}
    line = None
    for n, t in enumerate(text, 1):
        s = t.strip()
        m = re.match(r"\.loc\s+(\d+)\s+(\d+)\s", s + " ")
        if m:
            line = int(m.group(2)) if m.group(1) in ids and int(m.group(2)) > 0 else None
        elif s and s.endswith(";") and not s.startswith((".", "//")) and line is not None:
            out.setdefault(line, []).append(n)
    return out


def _triton_kernels(doc: dict) -> list[dict]:
    return [k for k in doc["kernels"] if "ir" in k]


@pytest.mark.parametrize("case", sorted(CASES))
def test_every_triton_kernel_found_in_the_folder_that_compiled_its_file(case, tmp_path):
    doc = _report(CASES[case], tmp_path)
    kernels = _triton_kernels(doc)
    names = {k["name"] for k in kernels}
    assert len(names) == 6, names  # mlp_train: 2 forward, 4 backward Triton kernels
    for k in kernels:
        ir = k["ir"]
        assert ir["dir"] is not None, (k["name"], ir)
        # the folder's own PTX names the kernel's file (the output code's # kernel path:) as its .file
        ptx = open(ir["files"]["ptx"]).read()
        assert f'"{ir["kernel_file"]}"' in ptx
        assert os.path.basename(ir["files"]["ptx"]) == k["name"] + ".ptx"
        meta = json.load(open(os.path.join(ir["dir"], k["name"] + ".json")))
        assert meta["hash"] and ir["resources"]["num_warps"] == meta["num_warps"]


@pytest.mark.parametrize("case", sorted(CASES))
def test_ptx_lines_per_kernel_line_are_what_the_ptx_loc_directives_say(case, tmp_path):
    doc = _report(CASES[case], tmp_path)
    checked = 0
    for k in _triton_kernels(doc):
        ir = k["ir"]
        want = _ptx_lines(ir["files"]["ptx"], ir["kernel_file"])
        got = {int(line): forms["ptx"] for line, forms in ir["lines"].items() if forms["ptx"]}
        assert got == want, k["name"]
        assert (
            sum(map(len, want.values())) + sum(len(f["ptx"] or []) for f in ir["inlined"].values()) + ir["unattributed"]["ptx"]
            == (ir["instructions"]["ptx"])
        )
        checked += 1
    assert checked >= 6


def test_the_chosen_autotune_candidate_is_the_best_config_one(tmp_path):
    """Two folders compiled triton_poi_fused_add_addmm_relu_threshold_backward_1's file (two
    configs); the .best_config beside the kernel's file names GXHI3B66…: that one is taken."""
    doc = _report(CASES["mlp_train"], tmp_path)
    [k] = [k for k in _triton_kernels(doc) if k["name"] == "triton_poi_fused_add_addmm_relu_threshold_backward_1"]
    assert k["ir"]["match"] == "best_config"
    assert k["ir"]["hash"] == "GXHI3B662QAHJD4ZY3U2RXCCXWZOVXAPMEE6WTGPKU7AUK6GFSBA"
    assert len(k["ir"]["candidates"]) == 2
    u6 = os.path.join(CASES["mlp_train"], "inductor_cache", "u6")
    [best_file] = [n for n in os.listdir(u6) if n.endswith(".best_config")]
    best = json.load(open(os.path.join(u6, best_file)))
    assert best["triton_cache_hash"] == k["ir"]["hash"] and k["ir"]["resources"]["num_warps"] == best["num_warps"] == 4


def test_a_kernel_line_and_its_output_code_line_hold_the_same_text(tmp_path):
    """Kernel-file line L is the output code's definition line + L - 1: line 18 of the sum kernel's
    file is its def line, and that is where the PTX's first .loc points."""
    doc = _report(CASES["mlp_train"], tmp_path)
    [k] = [k for k in _triton_kernels(doc) if k["name"] == "triton_per_fused_sum_threshold_backward_0"]
    code = open(k["definition"]["path"]).read().split("\n")
    assert code[k["definition"]["line"] + 18 - 1 - 1].startswith("def triton_per_fused_sum_threshold_backward_0(")
    assert "18" in k["ir"]["lines"] and k["ir"]["lines"]["18"]["ptx"]
    # tl.sum (Triton's standard.py) at kernel line 40 is inlined there, not an own line
    assert k["ir"]["inlined"]["40"]["ptx"] and "40" in k["ir"]["lines"]
    assert k["ir"]["resources"]["shared_bytes"] == 8192


def test_triton_cache_dir_from_the_logs_fx_graph_runnable(tmp_path):
    doc = _report(CASES["mlp_train_tc"], tmp_path)
    assert any(r.endswith(os.path.join("mlp_train_tc", "triton_cache")) for r in doc["ir_roots"])
    assert all(os.sep + "triton_cache" + os.sep in k["ir"]["dir"] for k in _triton_kernels(doc))


def test_no_cache_at_hand_says_why(tmp_path):
    """The GPU gpt2 fixture keeps no Triton cache: every Triton kernel says none was found."""
    doc = _report(os.path.join(DATA, "pairs", "torch-2.11-cuda", "gpt2_train"), tmp_path)
    kernels = _triton_kernels(doc)
    assert kernels and all(k["ir"]["dir"] is None and "no Triton cache" in k["ir"]["reason"] for k in kernels)


def test_a_triton_cache_given_by_hand(tmp_path):
    """--triton-cache names the folder: the capture's copy found from another place."""
    import shutil

    trace = tmp_path / "moved"
    shutil.copytree(os.path.join(CASES["cap_mlp_train"], "trace"), trace)
    doc = _report(str(trace), tmp_path)
    assert all(k["ir"]["dir"] is None for k in _triton_kernels(doc))
    doc = _report(str(trace), tmp_path, "--triton-cache", os.path.join(CASES["cap_mlp_train"], "torchinductor"))
    assert all(k["ir"]["dir"] is not None for k in _triton_kernels(doc))


@pytest.mark.skipif(nvdisasm_path() is None, reason="nvdisasm not installed (pip install nvidia-cuda-nvdisasm)")
def test_sass_lines_and_registers_are_what_nvdisasm_says(tmp_path):
    doc = _report(CASES["mlp_train"], tmp_path)
    tool = nvdisasm_path()
    assert tool is not None
    for k in _triton_kernels(doc):
        ir = k["ir"]
        sass = subprocess.run([tool, "-g", "-c", ir["files"]["cubin"]], capture_output=True, text=True, check=True).stdout.split("\n")
        want: dict[int, list[int]] = {}
        line = None
        for n, t in enumerate(sass, 1):
            m = re.match(r'\s*//## File "([^"]+)", line (\d+)', t)
            if m:
                line = int(m.group(2)) if m.group(1) == ir["kernel_file"] else None
            elif re.match(r"\s*/\*[0-9a-f]{4,}\*/\s+\S", t) and line is not None:
                want.setdefault(line, []).append(n)
        got = {int(x): f["sass"] for x, f in ir["lines"].items() if f["sass"]}
        assert got == want, k["name"]
        full = subprocess.run([tool, ir["files"]["cubin"]], capture_output=True, text=True, check=True).stdout
        reg = re.search(r"EIATTR_REGCOUNT.*?\.word\s+index@\([^)]*\)\s*\n\s*/\*[0-9a-f]+\*/\s*\.word\s+(0x[0-9a-f]+)", full, re.S)
        assert reg is not None and ir["resources"]["registers"] == int(reg.group(1), 16), k["name"]


def test_damaged_cache_files_are_said_not_passed_off(tmp_path):
    """Copies of the capture with a cut PTX (its .file directives are at the end) and a broken
    metadata JSON: the kernel's IR says so, and the other kernels are untouched."""
    import glob
    import shutil

    cap = tmp_path / "cap"
    shutil.copytree(CASES["cap_mlp_train"], cap)
    [folder] = glob.glob(str(cap / "torchinductor" / "triton" / "0" / "*" / "triton_per_fused_sum_threshold_backward_0.ptx"))
    folder = os.path.dirname(folder)
    ptx = os.path.join(folder, "triton_per_fused_sum_threshold_backward_0.ptx")
    with open(ptx, "rb") as fh:
        head = fh.read(3000)
    with open(ptx, "wb") as fh:
        fh.write(head)
    with open(os.path.join(folder, "triton_per_fused_sum_threshold_backward_0.json"), "w") as fh:
        fh.write('{"num_warps": -3')
    doc = _report(str(cap), tmp_path)
    by_name = {k["name"]: k["ir"] for k in _triton_kernels(doc)}
    hurt = by_name.pop("triton_per_fused_sum_threshold_backward_0")
    assert any("no ptx instruction has a line of the kernel's file" in n for n in hurt["notes"])
    assert any(n.startswith("cannot read triton_per_fused_sum_threshold_backward_0.json") for n in hurt["notes"])
    assert hurt["resources"]["num_warps"] is None and hurt["lines"]  # the other forms still map
    assert all(ir["dir"] and not ir["notes"] and ir["resources"]["num_warps"] in (4, 8) for ir in by_name.values())


def test_a_triton_cache_that_is_no_folder_is_a_warning(tmp_path, capsys):
    doc = _report(CASES["mlp_train"], tmp_path, "--triton-cache", str(tmp_path / "nope"))
    [w] = [w for w in doc["warnings"] if "--triton-cache" in w["message"]]
    assert w["message"].endswith("no such folder; not looked in")
    assert all(k["ir"]["dir"] for k in _triton_kernels(doc))  # the cache beside the trace is still found
    # not looked in, as the warning says: not among the roots looked at (a new user's trial)
    assert doc["ir_roots"] and not any(r.startswith(str(tmp_path / "nope")) for r in doc["ir_roots"])
    assert doc["ir_roots"] == _report(CASES["mlp_train"], tmp_path)["ir_roots"]
    assert "warning: --triton-cache" in capsys.readouterr().err
    # the table lists the index's warnings at its end: said there once, not also before it (a new user's trial)
    table = subprocess.run(
        [sys.executable, "-m", "inductor_lens", "report", CASES["mlp_train"], "--ir", "--triton-cache", str(tmp_path / "nope"),
         "--cache-dir", str(tmp_path / "cache")],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert table.returncode == 0 and table.stderr.count(f"--triton-cache {tmp_path / 'nope'}: no such folder") == 1, table.stderr


PAIRS_GPU = os.path.join(DATA, "pairs", "torch-2.11-cuda")


def test_autotune_template_found_through_the_identical_function_of_a_candidates_file(tmp_path):
    """max-autotune (mlp_train_autotune, every GEMM a Triton template): no Triton folder compiled
    triton_tem_fused_addmm_t_0's own file; the benchmark's candidate file qd/cqdxg… with the same
    @triton.jit function did (Triton's cache keys the function's text). Kept fixture folders: that
    one and the 7 of triton_per_fused_sum_threshold_backward_0."""
    doc = _report(os.path.join(PAIRS_GPU, "mlp_train_autotune"), tmp_path)
    by_name = {k["name"]: k["ir"] for k in _triton_kernels(doc)}
    tem = by_name["triton_tem_fused_addmm_t_0"]
    assert tem["match"] == "same_function" and tem["hash"] == "ARS3VA7CCI3MPPR54UYMZLVZ3QVFCBT4RQCS3OYY3LUETH6SUDGA"
    compiled = next(t.split('"')[1] for t in open(tem["files"]["ptx"]) if t.lstrip().startswith(".file\t1"))
    assert compiled.endswith("qd/cqdxg5rbqtup5uevjqpc3e2uutwzkzcjs5b3cn2medtjt6qdaona.py") and compiled != tem["kernel_file"]
    # both files have @triton.jit on line 17: the lines are the compiled file's, unshifted
    want = _ptx_lines(tem["files"]["ptx"], compiled)
    assert {int(k): v["ptx"] for k, v in tem["lines"].items() if v["ptx"]} == want


def test_a_config_found_by_coordinate_descent_picks_its_folder_by_warps_stages_and_block_sizes(tmp_path):
    """mlp_train_autotune's triton_per_fused_sum_threshold_backward_0: 7 folders compiled its file
    (coordinate descent tried them); its .best_config says XBLOCK 8, num_warps 4, num_stages 1 and
    no triton_cache_hash: the one folder with 4 warps whose TTIR has a tl.arange of 8 is taken."""
    doc = _report(os.path.join(PAIRS_GPU, "mlp_train_autotune"), tmp_path)
    [k] = [k for k in _triton_kernels(doc) if k["name"] == "triton_per_fused_sum_threshold_backward_0"]
    ir = k["ir"]
    assert ir["match"] == "config" and len(ir["candidates"]) == 7
    assert (ir["resources"]["num_warps"], ir["resources"]["num_stages"]) == (4, 1)
    ttir = open(ir["files"]["ttir"]).read()
    assert "tt.make_range {end = 8 : i32" in ttir
    others = [c for c in ir["candidates"] if c != ir["dir"]]
    fits = [
        c
        for c in others
        if json.load(open(os.path.join(c, k["name"] + ".json")))["num_warps"] == 4
        and "make_range {end = 8 :" in open(os.path.join(c, k["name"] + ".ttir")).read()
    ]
    assert fits == []  # no other candidate has the chosen config


def test_the_same_compile_under_two_cache_keys_is_one_answer(tmp_path):
    """BERT's recompile 0/1 compiled triton_poi_fused_expand_gather_slice_0's file again under
    another cache key: two folders with the same PTX (the fixture keeps just those two)."""
    doc = _report(os.path.join(PAIRS_GPU, "bert_train"), tmp_path)
    irs = [k["ir"] for k in _triton_kernels(doc) if k["name"] == "triton_poi_fused_expand_gather_slice_0"]
    assert len(irs) == 2 and all(ir["match"] == "identical" and len(ir["candidates"]) == 2 for ir in irs)
    a, b = (open(c + "/triton_poi_fused_expand_gather_slice_0.ptx").read() for c in irs[0]["candidates"])
    assert a == b


def _sass_of(cubin: str) -> list[str]:
    tool = nvdisasm_path()
    assert tool is not None
    return subprocess.run([tool, "-g", "-c", cubin], capture_output=True, text=True, check=True).stdout.split("\n")


@pytest.mark.skipif(nvdisasm_path() is None, reason="nvdisasm not installed (pip install nvidia-cuda-nvdisasm)")
def test_nsight_compute_samples_per_kernel_line_are_the_profiles_per_instruction_ones(tmp_path):
    """mlp_train under Nsight Compute (tests/data/torch-2.11-cuda/ncu_mlp_train): each Triton
    kernel's warp-stall samples per kernel line equal the source page's per-instruction samples,
    read here with csv, each instruction put on the kernel line of nvdisasm's //## File line above
    it, over the launches whose instructions are the kernel's cubin (the pointwise kernel's other
    autotune config is another cubin: its launches are not counted)."""
    import csv

    case = os.path.join(DATA, "torch-2.11-cuda", "ncu_mlp_train")
    csv_path = os.path.join(case, "source_sass.csv")
    doc = _report(case, tmp_path, "--ncu", csv_path)
    rows = list(csv.reader(open(csv_path, newline="")))
    launches: list[tuple[str, list[list[str]]]] = []
    for r in rows:
        if r and r[0] == "Kernel Name":
            launches.append((r[1], []))
        elif r and r[0].startswith("0x"):
            launches[-1][1].append(r)
    header = next(r for r in rows if r and r[0] == "Address")
    col = header.index("Warp Stall Sampling (All Samples)")
    checked = 0
    for k in _triton_kernels(doc):
        ir, m = k["ir"], k["ir"]["metrics"]
        sass = _sass_of(ir["files"]["cubin"])
        per_insn: list[int | None] = []
        texts: list[str] = []
        line = None
        for t in sass:
            f = re.match(r'\s*//## File "([^"]+)", line (\d+)', t)
            if f:
                line = int(f.group(2)) if f.group(1) == ir["kernel_file"] else None
            i = re.match(r"\s*/\*[0-9a-f]{4,}\*/\s+(\S.*?)\s*;", t)
            if i:
                per_insn.append(line)
                texts.append(re.sub(r"`\([^)]*\)|\b0x[0-9a-f]{9,}\b", "@", " ".join(i.group(1).split()).replace(".reuse", "")))
        want: dict[int, int] = {}
        used = 0
        for name, insns in launches:
            theirs = [re.sub(r"`\([^)]*\)|\b0x[0-9a-f]{9,}\b", "@", " ".join(r[1].split()).replace(".reuse", "")) for r in insns]
            if name != k["name"] or theirs != texts:
                continue
            used += 1
            for kline, r in zip(per_insn, insns, strict=True):
                if kline is not None and int(r[col] or 0):
                    want[kline] = want.get(kline, 0) + int(r[col])
        assert used == m["launches"] and used > 0, k["name"]
        got = {int(x): v["samples"] for x, v in m["lines"].items() if v["samples"]}
        assert got == want, k["name"]
        checked += 1
    assert checked == 6
    [poi] = [k["ir"]["metrics"] for k in _triton_kernels(doc) if k["name"] == "triton_poi_fused_add_addmm_relu_threshold_backward_1"]
    assert (poi["launches"], poi["of"]) == (10, 17)  # the chosen config's 10 launches; 7 were the other config's cubin
    assert poi["lines"]["28"]["stalls"] == {"stall_long_sb": 262}  # tmp2 = tmp0 + tmp1 waits for its loads (long scoreboard)


@pytest.mark.skipif(nvdisasm_path() is None, reason="nvdisasm not installed (pip install nvidia-cuda-nvdisasm)")
def test_a_cut_a_repeated_and_a_foreign_profile_are_said(tmp_path, capsys):
    """A copy of the export cut inside a data row, given twice: the cut launch is left out (not
    counted among the kernel's launches as if it were another cubin) and the second copy is read
    once; the export given with another run's trace matches nothing and says so."""
    case = os.path.join(DATA, "torch-2.11-cuda", "ncu_mlp_train")
    text = open(os.path.join(case, "source_sass.csv"), newline="").read().split("\n")
    at = next(n for n, line in enumerate(text) if line.startswith('"Kernel Name","triton_per_fused_sum_threshold_backward_0"')) + 40
    cut = tmp_path / "cut.csv"
    cut.write_text("\n".join(text[:at]) + "\n" + text[at][:30])
    doc = _report(case, tmp_path, "--ncu", str(cut), "--ncu", str(cut))
    [m] = [k["ir"]["metrics"] for k in _triton_kernels(doc) if k["name"] == "triton_per_fused_sum_threshold_backward_0"]
    assert m is None  # its only launch in the cut copy is the cut one: no launch of it (null), not "0 of 1"
    said = [w["message"] for w in doc["warnings"]]
    assert any("row cut short" in w and "triton_per_fused_sum_threshold_backward_0" in w for w in said)
    assert any(w.startswith("the same profile as") for w in said)
    [poi] = [k["ir"]["metrics"] for k in _triton_kernels(doc) if k["name"] == "triton_poi_fused_add_addmm_relu_threshold_backward_1"]
    before = sum(line.startswith('"Kernel Name","triton_poi_fused_add_addmm_relu_threshold_backward_1"') for line in text[:at])
    assert poi["of"] == before and 0 < poi["launches"] < 10  # the launches before the cut, each once (not twice)
    other = _report(
        os.path.join(DATA, "pairs", "torch-2.11-cuda", "mlp_train_autotune"), tmp_path, "--ncu", os.path.join(case, "source_sass.csv")
    )
    assert any("no launch of the Nsight Compute profile is one of this trace's Triton kernels" in w["message"] for w in other["warnings"])
    found = [k["ir"] for k in _triton_kernels(other) if k["ir"]["dir"]]
    # in the JSON when a profile was given: null (no launch of that name), or none of its launches the kernel's cubin
    assert found and all("metrics" in ir and (ir["metrics"] is None or ir["metrics"]["launches"] == 0) for ir in found)
