"""The roofline of one kernel or model line: its bytes and FLOPs per run over its measured time
per run as GB/s and TFLOP/s, the share of each of the device's roofs (:mod:`.devices`), which
roof binds (``bound``), and a sentence where the figures need one (:attr:`Throughput.note`).

* ``bound``: ``compute`` when the arithmetic intensity (FLOPs per byte) reaches the device's
  ridge point for the FLOPs' dtype, else ``memory``; below :data:`LATENCY_SHARE` of both roofs,
  ``latency`` for a small kernel (device kernels of at most :data:`SMALL_US`: launch and latency
  set its time) and ``neither`` for a longer one (neither memory nor compute bandwidth limits it at
  this size: issue 50 item 4 and a new user's trial, vit_amp's 229 µs convolution).
* ``hbm_fraction`` above 1: the bytes are what the kernel's arguments hold, and a kernel that
  reads what was written just before it (8-100 MB, within an H100's 50 MB L2 cache) reads part of
  them from L2, not HBM (round 45's H100 runs: up to 1.37); :attr:`Throughput.note` says so.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..text import format_us
from .devices import DevicePeak


@dataclass(slots=True)
class Throughput:
    """``bytes``/``flops`` per run (``None`` when a launch's is unknown / none counted), ``us`` the
    mean measured time per run (``None`` without a profile), the derived ``gbps``, ``tflops``,
    ``bound`` (``memory``/``compute``, ``None`` without bytes) and ``peak_fraction``; ``clock``
    ``device`` or ``cpu``; ``device`` the table's name of the device (``None``: unknown or CPU)."""

    bytes: int | None
    flops: int | None
    dtype: str | None = None
    us: float | None = None
    clock: str = "device"
    device: str | None = None
    gbps: float | None = None
    tflops: float | None = None
    bound: str | None = None
    peak_fraction: float | None = None
    #: the achieved share of each roof (HBM bandwidth, the dtype's dense compute peak; ``None``
    #: without the device's peaks or a measured time): a kernel below :data:`LATENCY_SHARE` of both
    #: is ``bound`` ``latency`` (a small kernel: launch and latency, not a roof, set its time)
    hbm_fraction: float | None = None
    compute_fraction: float | None = None
    #: the roof by arithmetic intensity against the ridge (``memory``/``compute``), whatever ``bound`` says
    side: str | None = None
    #: why the FLOPs are held to ``dtype``'s peak (:func:`.devices.compute_precision`)
    dtype_from: str | None = None
    #: the mean time of one of its device kernels (µs; ``us`` when not known): what makes a kernel small
    event_us: float | None = None

    @property
    def roof(self) -> str | None:
        """The roof ``peak_fraction`` is of: ``HBM`` (memory side), ``FP32``/``BF16``/... (compute side)."""
        if self.bound is None:
            return None
        return self.compute_roof if (self.side or self.bound) == "compute" else "HBM"

    @property
    def compute_roof(self) -> str:
        """The compute roof's name for the dtype: ``FP32``, ``BF16``, ..."""
        return _PEAK_NAME.get(self.dtype or "f32", (self.dtype or "").upper())

    def to_json(self) -> dict:
        return {
            "gbps": _round(self.gbps),
            "tflops": _round(self.tflops, 4),
            "peak_fraction": _round(self.peak_fraction, 4),
            "bound": self.bound,
            "roof": self.roof,
            "hbm_fraction": _round(self.hbm_fraction, 4),
            "compute_fraction": _round(self.compute_fraction, 4),
            "compute_roof": self.compute_roof if self.flops else None,
            "compute_roof_from": self.dtype_from if self.flops else None,
            "device": self.device,
            "note": self.note,
        }

    @property
    def note(self) -> str | None:
        """A sentence the figures need, or ``None``: why a share of the HBM roof is above 100%, why
        a kernel below a tenth of both roofs is small (``latency``) or is not (``neither``)."""
        said = []
        us = format_us(self.event_us or self.us or 0.0)
        if self.bound == "latency" and self.device:
            said.append(f"below a tenth of both roofs, its device kernels {us} each: a small kernel, launch and latency set its time")
        elif self.bound == "neither" and self.device:
            said.append(NEITHER.format(us=us))
        if self.hbm_fraction is not None and self.hbm_fraction > 1:
            said.append(ABOVE_HBM)
        return "; ".join(said) or None


def _round(value: float | None, digits: int = 3) -> float | None:
    return None if value is None else round(value, digits)


def derive(
    bytes_: int | None,
    flops: int | None,
    dtype: str | None,
    us: float | None,
    clock: str,
    peak: DevicePeak | None,
    dtype_from: str | None = None,
    event_us: float | None = None,
) -> Throughput:
    """The derived figures of ``bytes_`` and ``flops`` moved in ``us`` µs on ``clock``'s device
    (``dtype``: the precision whose peak the FLOPs are held to, ``dtype_from`` why; ``event_us``
    the mean time of one of the device kernels ``us`` is of, ``us`` when not given)."""
    out = Throughput(bytes_, flops, dtype, us, clock, peak.name if peak is not None and clock == "device" else None)
    out.dtype_from, out.event_us = dtype_from, us if event_us is None else event_us
    if us is None or us <= 0:
        return out
    if bytes_ is not None:
        out.gbps = bytes_ / us / 1e3
    if flops is not None:
        out.tflops = flops / us / 1e6
    if bytes_ is None or bytes_ <= 0:
        return out
    use = peak if clock == "device" else None
    ridge = use.ridge(dtype) if use is not None and flops else None
    out.bound = out.side = "compute" if flops and ridge is not None and flops / bytes_ >= ridge else "memory"
    if use is not None:
        top = use.peak_tflops(dtype)
        out.hbm_fraction = out.gbps / use.hbm_gbps if out.gbps is not None else None
        out.compute_fraction = (out.tflops or 0.0) / top if top else None
        out.peak_fraction = out.compute_fraction if out.bound == "compute" else out.hbm_fraction
        shares = [f for f in (out.hbm_fraction, out.compute_fraction) if f is not None]
        if shares and max(shares) < LATENCY_SHARE:
            out.bound = "latency" if out.event_us is not None and out.event_us <= SMALL_US else "neither"
    return out


#: below this share of both roofs a kernel is neither memory- nor compute-bound
LATENCY_SHARE = 0.10
#: device kernels at most this long (µs, the mean of its device kernel executions) below
#: :data:`LATENCY_SHARE` of both roofs make a small kernel, latency-bound: a few launch latencies
#: (a launch costs about 2-5 µs; the shortest kernels of round 45's H100 runs take 1.1-2.5 µs).
#: On the 14 profiled GPU runs of the tests (round 45/45b on an H100, the H200 pairs and shared
#: profiles) the device kernels of every kernel below a tenth of both roofs run either at most
#: 12.5 µs each (779 kernels: convolution backwards, attention, small GEMMs) or at least 37.7 µs
#: (vit_amp's patch-embedding convolution 229 µs and its backward, a compiled optimizer's foreach
#: kernels 58 and 74 µs): 20 lies in that gap
SMALL_US = 20.0
#: why a kernel long enough not to be small is below a tenth of both roofs
NEITHER = "below a tenth of both roofs with device kernels of {us} each: not a small kernel, and not limited by memory or compute bandwidth at this size"
#: why a share of the HBM roof is above 100%
ABOVE_HBM = "above the HBM peak: part of its bytes hit in the L2 cache (written just before it), not HBM"


_PEAK_NAME = {"f32": "FP32", "tf32": "TF32", "bf16": "BF16", "f16": "FP16", "f64": "FP64"}
