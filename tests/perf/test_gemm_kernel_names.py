"""The precision a GEMM is held to, from the device kernels cuBLAS ran (issue 48: "newer cuBLAS's
``nvjet_*`` kernels"), on real kernel names: ``tests/data/make/gpu_r48/gemm_names.py`` run on a lent
H100 (PyTorch 2.11.0+cu130, CUDA 13.0) profiled one ``torch.mm`` and one ``F.linear`` per case,
float32 with and without ``allow_tf32`` and bf16/fp16, at seven shapes of a training step
(tests/data/reduced/gemm_names_h100.json).  What cuBLAS ran there: float32 with TF32 on
``sm90_xmma_gemm_f32f32_tf32f32_*`` or ``cutlass_80_tensorop_s1688gemm_*``; without it on
``sm80_xmma_gemm_f32f32_f32f32_*``, SIMT ``cutlass_80_simt_sgemm_*``, ``gemmSN_*`` and
``sgemm_largek_*``; bf16 and fp16 on ``nvjet_sm90_tst_*`` and ``nvjet_sm90_hsh_*`` (``t`` bf16,
``h`` fp16, ``s`` their float32 accumulation: never TF32)."""

from __future__ import annotations

import json
import os

from inductor_lens.perf.devices import compute_precision

DATA = os.path.join(os.path.dirname(__file__), "..", "data", "reduced", "gemm_names_h100.json")


def _rows():
    doc = json.load(open(DATA))
    assert doc["device"] == "NVIDIA H100 80GB HBM3" and doc["torch"].startswith("2.11")
    return doc["rows"]


def test_a_float32_gemm_is_tf32_exactly_when_cublas_ran_it_on_tf32():
    rows = [r for r in _rows() if r["dtype"] == "torch.float32"]
    assert len(rows) == 28
    for r in rows:
        precision, why = compute_precision("f32", r["kernels"])
        assert precision == ("tf32" if r["tf32"] else "f32"), (r, why)


def test_nvjet_kernels_run_bf16_and_fp16_never_tf32():
    rows = [r for r in _rows() if r["dtype"] != "torch.float32"]
    names = {k for r in rows for k in r["kernels"] if k.startswith("nvjet")}
    assert len(rows) == 28 and {n.split("_")[2] for n in names} == {"tst", "hsh"}
    for r in rows:
        dtype = "bf16" if r["dtype"] == "torch.bfloat16" else "f16"
        assert compute_precision(dtype, r["kernels"])[0] == dtype
        # a float32 GEMM joined to such a kernel (a profile of another run) is not called TF32 by it
        assert compute_precision("f32", [k for k in r["kernels"] if k.startswith("nvjet")])[0] == "f32"
