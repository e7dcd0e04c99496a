"""Issue 48 item 8 (multi_kernel): with ``torch._inductor.config.triton.multi_kernel = 1`` the
output code defines a ``MultiKernel`` over candidate reductions (``torch/_inductor/codegen/
multi_kernel.py``) and launches only it: one reduction kernel per launch, its candidates its
``alternatives`` (never kernels of their own, never "not launched"); with ``--ir`` each candidate
has its own Triton cache folder and PTX lines per kernel line, as Triton's ``.loc`` directives say.

Input: round 45's H100 run ``mk_set`` (tests/data/make/gpu_r45: the tf model, ``TORCHINDUCTOR_CACHE_DIR``
set, ``triton/0/<hash>/``), its log slimmed by scripts/trim_trace.py and five of its Triton kernel
folders (the forward layer norm's two candidates, the three folders that compiled the backward
``triton_red_fused_native_layer_norm_backward_view_0``), as ``tests/data/reduced/mk_set.tar.xz``."""

from __future__ import annotations

import io
import json
import os
import tarfile

import pytest
from conftest import DATA
from inductor_lens.cli import main
from test_ir import _ptx_lines

TAR = os.path.join(DATA, "reduced", "mk_set.tar.xz")


@pytest.fixture(scope="module")
def doc(tmp_path_factory) -> dict:
    import contextlib

    root = tmp_path_factory.mktemp("mk")
    with tarfile.open(TAR) as tar:
        tar.extractall(root, filter="data")
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        assert main(["report", str(root / "mk_set" / "trace"), "--json", "--ir", "--cache-dir", str(root / "lens")]) == 0
    return json.loads(out.getvalue())


def test_a_multi_kernel_is_one_kernel_per_launch_its_candidates_alternatives(doc):
    multi = [k for k in doc["kernels"] if k["kind"] == "multi_kernel"]
    assert len(multi) == 76 and all(len(k["launches"]) == 1 for k in multi)
    names = {k["name"] for k in doc["kernels"]}
    subs = {a["name"] for k in multi for a in k["alternatives"]}
    assert subs and not subs & names  # a candidate is not a kernel (launched or not)
    assert all({a["kind"] for a in k["alternatives"]} <= {"reduction", "persistent_reduction"} for k in multi)
    assert not [w for w in doc["warnings"] if any(s in w["message"] for s in subs)]


def test_each_candidate_has_its_folder_and_ptx_lines(doc):
    [fwd] = [k for k in doc["kernels"] if k["name"] == "multi_kernel_0" and k["graph"] == "forward"]
    assert "ir" not in fwd  # Inductor picks a candidate at run time: the folders are the candidates'
    assert [a["name"] for a in fwd["alternatives"]] == [
        "triton_red_fused_embedding_native_layer_norm_0",
        "triton_per_fused_embedding_native_layer_norm_1",
    ]
    for alt in fwd["alternatives"]:
        ir = alt["ir"]
        assert ir["dir"] is not None and ir["match"] == "file", ir
        assert os.path.basename(ir["files"]["ptx"]) == alt["name"] + ".ptx"
        want = _ptx_lines(ir["files"]["ptx"], ir["kernel_file"])
        assert len(want) >= 10 and {int(line): f["ptx"] for line, f in ir["lines"].items() if f["ptx"]} == want


def test_a_candidate_compiled_three_times_is_the_folder_of_the_logs_only_config(doc):
    """``triton_red_fused_native_layer_norm_backward_view_0``: three folders compiled its file (no
    .best_config); the log's triton_kernel_info says its only config, XBLOCK 2, R0_BLOCK 512:
    the folder whose TTIR's tl.arange lengths are 2 and 512."""
    [bwd] = [k for k in doc["kernels"] if k["name"] == "multi_kernel_0" and k["graph"] == "backward"]
    [alt] = [a for a in bwd["alternatives"] if a["name"] == "triton_red_fused_native_layer_norm_backward_view_0"]
    ir = alt["ir"]
    assert ir["match"] == "config" and len(ir["candidates"]) == 3
    assert ir["hash"] == "7FOJUQ55UZE6GRMQQAV4XEST4MPW2YYWWACJAZEROFFL5MZIJTPA"
    ttir = open(ir["files"]["ttir"]).read()
    assert "tt.make_range {end = 512 : i32" in ttir and "tt.make_range {end = 2 : i32" in ttir
    assert ir["resources"]["num_warps"] == 4 and ir["resources"]["num_stages"] == 1


def test_report_ir_table_lists_the_sub_kernels(tmp_path, monkeypatch):
    """``report --ir``'s table: the sub-kernels are rows of their own, found in the cache."""
    import contextlib

    with tarfile.open(TAR) as tar:
        tar.extractall(tmp_path, filter="data")
    out = io.StringIO()
    monkeypatch.setenv("COLUMNS", "250")
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        assert main(["report", str(tmp_path / "mk_set" / "trace"), "--ir", "--cache-dir", str(tmp_path / "lens")]) == 0
    text = out.getvalue()
    assert "triton_per_fused_embedding_native_layer_norm_1" in text and "ONDWJYFVFZIA" in text
