"""Share of peak against the precision the GEMMs ran in, on the round-45 H100 training runs
(tests/data/torch-2.11-cuda/<run>, ``set_float32_matmul_precision("high")``: float32 tensors,
TF32 GEMMs).  A new user's trial read ``train.py:67 … 271 TFLOP/s · 405% of H100 SXM FP32``: the
float32 GEMMs were held to plain FP32 (67 TFLOP/s) while cuBLAS ran them on TF32 tensor cores.

The truth is the raw profile JSON's device kernel names (``sm90_xmma_gemm_f32f32_tf32f32_...``,
``cutlass_80_tensorop_s1688gemm_...``) read here with ``json``, not the product's code."""

from __future__ import annotations

import json
import os
import sys

import pytest
from inductor_lens.files.cache import Cache
from inductor_lens.model import line_key
from inductor_lens.open_traces import TraceRequest, open_traces
from inductor_lens.perf.throughput import IndexFigures, line_throughput
from inductor_lens.timing.hot_lines import hot_lines

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "timing"))
from gpu_runs import unpack  # noqa: E402

RUNS = ("tf_plain", "tf_item", "llama_whole")


@pytest.fixture(scope="module")
def opened(tmp_path_factory):
    out = {}
    for run in RUNS:
        folder = unpack(run, str(tmp_path_factory.mktemp(run)))
        index = open_traces(TraceRequest([folder]), cache=Cache(str(tmp_path_factory.mktemp(run + "_cache")))).index
        with open(os.path.join(folder, "profile_trace.json")) as fh:
            names = {e["name"] for e in json.load(fh)["traceEvents"] if e.get("cat") == "kernel"}
        out[run] = (index, names)
    return out


@pytest.mark.parametrize("run", RUNS)
def test_float32_gemms_that_ran_on_tf32_are_held_to_tf32(opened, run):
    index, names = opened[run]
    tf32 = {n for n in names if "tf32" in n or "tensorop_s1688gemm" in n}
    assert len(tf32) >= 3  # the raw profile: cuBLAS's TF32 GEMMs ran
    perf = IndexFigures(index)
    mms = [
        k
        for k in index.kernels
        if k.measured is not None and k.kind == "extern" and k.aten_ops and k.aten_ops[0] in ("aten.mm", "aten.addmm")
    ]
    assert len(mms) >= 10
    for kernel in mms:
        ran = set(kernel.measured.device_kernels)
        assert ran and ran <= names
        got = perf.kernel(kernel)
        assert got.flops and got.dtype == ("tf32" if ran & tf32 else "f32"), (kernel.key, ran)
        if ran & tf32:
            assert got.compute_roof == "TF32" and next(iter(ran & tf32)) in (got.dtype_from or "")
            assert got.to_json()["compute_roof"] == "TF32"


def test_a_float32_gemm_cublas_ran_without_tensor_cores_stays_fp32(opened):
    """llama_whole: allow_tf32 was on, yet cuBLAS ran one GEMM on a SIMT kernel
    (``cutlass_80_simt_sgemm_...``): plain FP32, as its name says, not TF32."""
    index, names = opened["llama_whole"]
    simt = {n for n in names if "simt_sgemm" in n}
    assert simt
    perf = IndexFigures(index)
    plain = [k for k in index.kernels if k.measured is not None and set(k.measured.device_kernels) & simt]
    assert plain
    for kernel in plain:
        got = perf.kernel(kernel)
        assert got.dtype == "f32" and got.compute_roof == "FP32" and "no kernel of the profile is named for TF32" in (got.dtype_from or "")


@pytest.mark.parametrize("run", RUNS)
def test_no_line_or_kernel_above_its_compute_peak(opened, run):
    """No model line or kernel computes faster than its precision's dense peak (the FP32 roof gave
    up to 4x); the lines with GEMMs say TF32."""
    index, _ = opened[run]
    perf = IndexFigures(index)
    rows = perf.lines(index.kernels)
    roofs = set()
    for row in hot_lines(index.kernels).rows:
        line = rows.get(line_key(row.frame))
        if line is None or not line.measured:
            continue
        speed = line_throughput(line, perf.line_peak(row.kernels))
        if speed.compute_fraction is not None:
            roofs.add(speed.compute_roof)
            assert speed.compute_fraction <= 1.0, (row.frame, speed.tflops, speed.compute_roof)
    assert "TF32" in roofs
    for kernel in index.kernels:
        got = perf.kernel(kernel)
        assert got.compute_fraction is None or got.compute_fraction <= 1.0, (kernel.key, got.tflops, got.compute_roof)


def _gemm_precisions(index) -> set:
    perf = IndexFigures(index)
    gemms = [k for k in index.kernels if k.kind == "extern" and k.aten_ops and k.aten_ops[0] in ("aten.mm", "aten.addmm")]
    assert len(gemms) >= 4
    return {(perf.kernel(k).dtype, perf.kernel(k).dtype_from) for k in gemms}


def test_without_a_profile_the_compiles_allow_tf32_guard_says_tf32(tmp_path):
    """tf_plain's trace alone (no profile): its GLOBAL_STATE guard records ``"allow_tf32":true``,
    so its float32 GEMMs are held to TF32, saying why; gpt2_infer's records false: FP32."""
    from conftest import case_dir

    folder = unpack("tf_plain", str(tmp_path / "run"))
    os.remove(os.path.join(folder, "profile_trace.json"))
    os.remove(os.path.join(folder, "nostack", "profile_trace.json"))
    log = next(os.path.join(folder, "trace", n) for n in os.listdir(os.path.join(folder, "trace")) if n.endswith(".log"))
    assert '"allow_tf32":true' in open(log).read()  # the raw guard text
    index = open_traces(TraceRequest([log]), cache=Cache(str(tmp_path / "cache"))).index
    assert not index.profiles and [c.allow_tf32 for c in index.compiles] == [True]
    got = _gemm_precisions(index)
    assert {d for d, _ in got} == {"tf32"} and all("allow_tf32 = true" in why for _, why in got), got

    gpt2 = case_dir("torch-2.11-cuda/gpt2_infer")
    index = open_traces(TraceRequest([gpt2]), cache=Cache(str(tmp_path / "cache2"))).index
    assert index.compiles and all(c.allow_tf32 is False for c in index.compiles)
    assert {d for d, _ in _gemm_precisions(index)} == {"f32"}
