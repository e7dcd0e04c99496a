"""Peak memory bandwidth and dense FLOP/s of the devices a profile names, from the vendors' own
figures.

The key is the name PyTorch's profiler writes in the trace's ``deviceProperties``
(``torch/profiler`` via Kineto's ``DeviceProperties``; ``torch.cuda.get_device_name``:
``NVIDIA H200``, ``NVIDIA H100 80GB HBM3``, ``NVIDIA A100-SXM4-80GB``, ``AMD Instinct MI300X``).
FLOP/s are **dense** (the datasheets' "with sparsity" figures halved); ``fp32`` is the plain FP32
rate (what a float32 GEMM gets with PyTorch's default ``torch.backends.cuda.matmul.allow_tf32 =
False``), ``tf32``/``bf16``/``fp16``/``fp8`` the tensor-core rates; a float32 convolution is held
to ``tf32`` (cuDNN's default ``torch.backends.cudnn.allow_tf32 = True``), and so is a float32 GEMM
whose device kernel the profile names for TF32 (:func:`compute_precision`).  Bandwidth in GB/s (10^9
bytes per second), FLOP/s in TFLOP/s (10^12).

Sources (vendor datasheets, checked 2026-12):

* NVIDIA H200 SXM: "NVIDIA H200 Tensor Core GPU" datasheet: 4.8 TB/s HBM3e, FP64 34, FP32 67,
  TF32 989 / BF16 1,979 / FP8 3,958 TFLOPS with sparsity.  H200 NVL: 4.8 TB/s, FP32 60, TF32 835,
  BF16 1,671 with sparsity.
* NVIDIA H100 SXM / PCIe / NVL: "NVIDIA H100 Tensor Core GPU" datasheet: 3.35 / 2.0 / 3.9 TB/s;
  FP32 67 / 51 / 60; TF32 989 / 756 / 835; BF16 1,979 / 1,513 / 1,671 with sparsity.
* NVIDIA A100 SXM 80GB / 40GB / PCIe 80GB: "NVIDIA A100 Tensor Core GPU" datasheet: 2,039 /
  1,555 / 1,935 GB/s; FP32 19.5; TF32 156, BF16 312 dense.
* NVIDIA L4: "NVIDIA L4 Tensor Core GPU" datasheet: 300 GB/s; FP32 30.3; TF32 120, BF16 242
  with sparsity.
* NVIDIA L40S: "NVIDIA L40S" datasheet: 864 GB/s; FP32 91.6; TF32 366, BF16 733 with sparsity.
* NVIDIA A10: "NVIDIA A10 Tensor Core GPU" datasheet: 600 GB/s; FP32 31.2; TF32 125, BF16 250
  with sparsity (the A10G of AWS is listed as the A10).
* AMD Instinct MI300X: AMD "Instinct MI300X Accelerator" data sheet: 5.3 TB/s; FP32 163.4; TF32
  653.7, BF16 1,307.4 dense.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class DevicePeak:
    """One device's peaks: ``name`` as the table calls it, ``hbm_gbps`` (GB/s), ``tflops`` per
    dtype (``fp64``, ``fp32``, ``tf32``, ``bf16``, ``fp16``, ``fp8``; dense TFLOP/s)."""

    name: str
    hbm_gbps: float
    tflops: dict[str, float]

    def peak_tflops(self, dtype: str | None) -> float | None:
        """The dense peak for a GEMM's dtype (``f32`` -> plain FP32, ``bf16``, ``f16``, ...)."""
        key = {"f32": "fp32", "tf32": "tf32", "f64": "fp64", "bf16": "bf16", "f16": "fp16", "f8e4m3fn": "fp8", "f8e5m2": "fp8"}.get(
            dtype or "f32"
        )
        return self.tflops.get(key) if key else None

    def ridge(self, dtype: str | None) -> float | None:
        """FLOPs per byte where the roofline bends (peak FLOP/s over peak bytes/s)."""
        peak = self.peak_tflops(dtype)
        return peak * 1e12 / (self.hbm_gbps * 1e9) if peak else None


def _nv(name, gbps, fp64, fp32, tf32_sparse, bf16_sparse, fp8_sparse=None) -> DevicePeak:
    tflops = {"fp64": fp64, "fp32": fp32, "tf32": tf32_sparse / 2, "bf16": bf16_sparse / 2, "fp16": bf16_sparse / 2}
    if fp8_sparse:
        tflops["fp8"] = fp8_sparse / 2
    return DevicePeak(name, gbps, tflops)


#: (pattern over the profile's device name, peaks), first match wins
DEVICES: list[tuple[re.Pattern, DevicePeak]] = [
    (re.compile(r"H200 NVL", re.I), _nv("H200 NVL", 4800, 30, 60, 835, 1671, 3341)),
    (re.compile(r"H200", re.I), _nv("H200", 4800, 34, 67, 989, 1979, 3958)),
    (re.compile(r"H100 NVL", re.I), _nv("H100 NVL", 3900, 30, 60, 835, 1671, 3341)),
    (re.compile(r"H100 PCIe", re.I), _nv("H100 PCIe", 2000, 26, 51, 756, 1513, 3026)),
    (re.compile(r"H100", re.I), _nv("H100 SXM", 3350, 34, 67, 989, 1979, 3958)),
    (re.compile(r"A100.*PCIe.*80|A100 80GB PCIe", re.I), DevicePeak("A100 PCIe 80GB", 1935, {"fp64": 9.7, "fp32": 19.5, "tf32": 156, "bf16": 312, "fp16": 312})),
    (re.compile(r"A100.*40GB", re.I), DevicePeak("A100 SXM 40GB", 1555, {"fp64": 9.7, "fp32": 19.5, "tf32": 156, "bf16": 312, "fp16": 312})),
    (re.compile(r"A100", re.I), DevicePeak("A100 SXM 80GB", 2039, {"fp64": 9.7, "fp32": 19.5, "tf32": 156, "bf16": 312, "fp16": 312})),
    (re.compile(r"L40S", re.I), _nv("L40S", 864, 1.4, 91.6, 366, 733, 1466)),
    (re.compile(r"\bL4\b", re.I), _nv("L4", 300, 0.49, 30.3, 120, 242, 485)),
    (re.compile(r"\bA10G?\b", re.I), _nv("A10", 600, 0.98, 31.2, 125, 250)),
    (re.compile(r"MI300X", re.I), DevicePeak("MI300X", 5300, {"fp64": 81.7, "fp32": 163.4, "tf32": 653.7, "bf16": 1307.4, "fp16": 1307.4, "fp8": 2614.9})),
]  # fmt: skip


def device_peak(name: str | None) -> DevicePeak | None:
    """The peaks of the device a profile names, ``None`` for a device not in the table (or none:
    a CPU run)."""
    if not name:
        return None
    for pattern, peak in DEVICES:
        if pattern.search(name):
            return peak
    return None


#: a device kernel that ran float32 inputs on TF32 tensor cores: cuBLAS/cuDNN's
#: ``sm90_xmma_gemm_f32f32_tf32f32_f32_...`` (``tf32`` in the name), and cuBLAS's CUTLASS
#: ``cutlass_80_tensorop_s1688gemm_...`` (a tensor-core op on float32 data: tensor cores take
#: float32 only as TF32); names as torch.profiler 2.11 records CUDA 13's kernels on an H100
_TF32_KERNEL = re.compile(r"tf32|tensorop_s\d+gemm", re.I)
#: why a float32 convolution is held to TF32 when no kernel name says which
CONV_TF32 = "convolution: cuDNN's default torch.backends.cudnn.allow_tf32 = True"


def compute_precision(
    dtype: str | None, device_kernels: tuple[str, ...] | list[str] = (), allow_tf32: bool | None = None
) -> tuple[str | None, str | None]:
    """``(dtype, why)``: the precision whose peak FLOPs of tensors of ``dtype`` (FX's ``f32``,
    ``bf16``; ``tf32`` for a float32 convolution, :func:`.flops.launch_flops`) are held to, and the
    evidence.  A float32 GEMM is ``tf32`` when one of the device kernels the profile joined to it
    (``device_kernels``, :attr:`inductor_lens.model.Measured.device_kernels`) is named for TF32
    (``torch.backends.cuda.matmul.allow_tf32 = True``, which ``set_float32_matmul_precision("high")``
    sets); a float32 GEMM no profile measured is ``tf32`` when its compile's guards record
    ``allow_tf32`` true (``allow_tf32``; ``None`` for a launch that is no GEMM); else plain ``f32``
    (a profile's kernel name outranks the flag: cuBLAS may run a SIMT ``sgemm`` with it on);
    ``(None, None)`` without a dtype."""
    if dtype is None:
        return None, None
    if dtype in ("f32", "tf32"):
        named = next((n for n in device_kernels if _TF32_KERNEL.search(n)), None)
        if named is not None:
            return "tf32", f"the profile's kernel {named}"
        if dtype == "tf32":
            return dtype, CONV_TF32
        if allow_tf32 and not device_kernels:
            return "tf32", "the compile's guard allow_tf32 = true (torch.backends.cuda.matmul.allow_tf32); no profile names its kernel"
        return dtype, "the tensors' dtype" + ("; no kernel of the profile is named for TF32" if device_kernels else "")
    return dtype, "the tensors' dtype"
