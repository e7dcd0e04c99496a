"""Achieved throughput against the device: per kernel and per model line, the bytes and FLOPs of
a graph call (:mod:`.figures`) over the measured time of that call, as GB/s and TFLOP/s, the
share of the device's peak (:mod:`.devices`) and the roofline class.

* ``gbps`` = bytes per run / mean µs per run / 1e3 (GB/s = 10^9 bytes/s); ``tflops`` likewise
  with FLOPs (``None`` where no FLOPs are counted).
* **Roofline class** (:mod:`.roofline`): ``compute`` when the arithmetic intensity (FLOPs per
  byte) reaches the device's ridge point for the FLOPs' dtype (peak FLOP/s over peak bytes/s),
  else ``memory`` (every launch without counted FLOPs: pointwise and reduction kernels); below a
  tenth of both roofs ``latency`` (a small kernel) or ``neither`` (a long one).
* ``peak_fraction``: the achieved share of the roof that binds: GB/s over peak HBM bandwidth
  when memory-bound, TFLOP/s over the dtype's dense peak when compute-bound; ``None`` when the
  device is not in the table, and for CPU time (no peak is claimed for a CPU).
* A **model line** gets the bytes, FLOPs and time of the launches that compute it, each launch
  split across its model lines by the rule of :mod:`inductor_lens.timing.line_time` (the same
  weights as the line's share of time), so lines add up as ``lines`` rows do.

Pure functions over kernels, their launch figures and the device's peaks.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..index.kernel_facts import KernelFactsReader
from ..model import Frame, Kernel, Launch, LineKey
from ..model.compile_id import base_compile_id
from ..timing.line_time import LaunchSplits
from .devices import DevicePeak, compute_precision
from .figures import LaunchFigures, Totals, launch_totals, measured_sums
from .roofline import Throughput, derive


def totals_throughput(kernel: Kernel, totals: Totals, peak: DevicePeak | None, launches=None) -> Throughput:
    """``kernel``'s figures per run (:func:`launch_totals`) and, when measured, the derived
    throughput over its mean measured time.  Where a launch has no device time in some of the
    runs ``mean_us`` is over (a profile cut off mid-write: ``Measured.launch_runs``), its bytes and
    FLOPs count only for the runs it has time in; ``launches()`` then gives each launch's
    :class:`LaunchFigures` (without it, ``totals`` are taken as they are)."""
    m = kernel.measured
    bytes_, flops, dtype, dtype_from = totals
    if m is not None and launches is not None:
        parts = m.launch_parts(len(kernel.launches))
        if any(p != 1.0 for p in parts) and any(p is not None for p in parts):
            bytes_, flops = measured_sums(launches(), parts)
    us = m.mean_us if m is not None else None
    one = m.total_us / m.events if m is not None and m.events else None  # one of its device kernels (a cuDNN call runs several)
    return derive(bytes_, flops, dtype, us, m.clock if m is not None else "device", peak, dtype_from, one)


def kernel_throughput(kernel: Kernel, launches: list[LaunchFigures], peak: DevicePeak | None) -> Throughput:
    """A kernel's figures per run of its graph (its launches summed) and, when measured, the
    derived throughput over its mean measured time."""
    return totals_throughput(kernel, launch_totals(launches), peak)


@dataclass(slots=True)
class LineFigures:
    """One model line's part of its launches (split as its time is): ``bytes`` and ``flops`` per
    run, ``us`` its share of the measured time per run, and whether every launch's bytes were
    known (``complete``); ``measured_bytes``/``measured_flops``/``measured_complete`` the same over
    the measured launches only, the ones its time is of (a line also compiled in an unprofiled
    trace or rank must not count that trace's bytes against the profiled one's time)."""

    frame: Frame
    bytes: float = 0.0
    flops: float = 0.0
    us: float = 0.0
    measured: bool = False
    complete: bool = True
    dtype: str | None = None
    dtype_from: str | None = None
    #: whether ``dtype`` is a measured launch's (the time's: an unmeasured launch's lacks the
    #: profile's kernel names, :func:`.devices.compute_precision`)
    dtype_measured: bool = False
    clock: str = "device"
    measured_bytes: float = 0.0
    measured_flops: float = 0.0
    measured_complete: bool = True
    #: the device kernel executions per run of its measured launches, each times its part (``us``
    #: over it: the mean time of one of its device kernels)
    events: float = 0.0


def line_figures(kernels: list[Kernel], figures_of, splits: LaunchSplits | None = None) -> dict[LineKey, LineFigures]:
    """``{(file, line): LineFigures}`` of every model line of ``kernels``; ``figures_of(kernel,
    launch)`` gives a launch's :class:`LaunchFigures`.  Each distinct launch (kernels copied from
    an identical graph share theirs: :class:`~inductor_lens.timing.line_time.LaunchSplits`) is
    split and asked for its figures once."""
    out: dict[LineKey, LineFigures] = {}
    splits = splits if splits is not None else LaunchSplits()
    #: per distinct launch split and output code: each model line's (key, frame, part, bytes part, FLOPs part, dtype, why)
    parts_of: dict[tuple, tuple[object, list[tuple]]] = {}
    #: an unmeasured kernel's launches' parts, in order, per launch list and what its parts depend
    #: on (kernels copied from an identical graph: ranks, repeated compiles): added as they are
    unmeasured: dict[tuple, tuple[object, list[tuple]]] = {}

    def launch_parts(kernel: Kernel, launch: Launch) -> list[tuple]:
        split = splits.split(kernel, launch, launch.frames)  # its own stacks, else its kernel's
        if split is None:
            split = splits.split(kernel, launch, kernel.frames)
        if split is None:
            return []
        graph = kernel.graph
        key = (
            id(split),
            kernel.key,
            graph.output_code if graph is not None else None,
            graph.code_md5 if graph is not None else None,
            kernel.measured.device_kernels if kernel.measured is not None else (),
        )
        found = parts_of.get(key)
        if found is None:
            found = parts_of[key] = (split, _line_parts(split, figures_of(kernel, launch)))
        return found[1]

    for kernel in kernels:
        m = kernel.measured
        per_run = 0.0  # device kernels one launch runs per run (measured kernels)
        #: (its launches' parts, the time they took per run, the part of the runs they have time in)
        runs_of: list[tuple[list[tuple], float | None, float | None]]
        if m is None:
            graph = kernel.graph
            post, pass_frame = splits.graph_facts(graph)
            code = (graph.output_code, graph.code_md5) if graph is not None else (None, None)
            key = (id(kernel.launches), id(kernel.frames), kernel.key, id(post), pass_frame, code)
            planned = unmeasured.get(key)
            if planned is None or planned[0] is not kernel.launches:
                parts = [row for launch in kernel.launches for row in launch_parts(kernel, launch)]
                planned = unmeasured[key] = (kernel.launches, parts)
            runs_of = [(planned[1], None, None)]
        else:
            # over the runs with device time (a cut-off profile lost the later ones'); a launch's
            # bytes and FLOPs count for the part of them it has time in (none: not measured)
            runs = m.runs if m.timed_runs is None else m.timed_runs
            shares = m.launch_parts(len(kernel.launches))
            times: list[float | None]
            if len(m.launch_us) == len(kernel.launches):
                times = [t / runs if runs and p is not None else None for t, p in zip(m.launch_us, shares, strict=True)]
            else:
                times = [m.mean_us / len(kernel.launches) if p is not None else None for p in shares]
            per_run = m.events / runs / len(kernel.launches) if runs and kernel.launches else 0.0  # device kernels a launch runs
            runs_of = [
                (launch_parts(kernel, launch), took, share) for launch, took, share in zip(kernel.launches, times, shares, strict=False)
            ]
        for parts, took, share in runs_of:
            for at, frame, part, bytes_part, flops_part, dtype, dtype_from in parts:
                row = out.get(at)
                if row is None:
                    row = out[at] = LineFigures(frame)
                if bytes_part is None:
                    row.complete = False
                else:
                    row.bytes += bytes_part
                if flops_part is not None:
                    row.flops += flops_part
                    if row.dtype is None:
                        row.dtype, row.dtype_from = dtype, dtype_from
                if took is not None:
                    row.us += took * part
                    row.events += part * per_run
                    row.measured = True
                    row.clock = m.clock if m is not None else row.clock
                    timed = 1.0 if share is None else share
                    if bytes_part is None:
                        row.measured_complete = False
                    else:
                        row.measured_bytes += bytes_part if timed == 1.0 else bytes_part * timed
                    if flops_part is not None:
                        row.measured_flops += flops_part if timed == 1.0 else flops_part * timed
                        if not row.dtype_measured:
                            row.dtype, row.dtype_from, row.dtype_measured = dtype, dtype_from, True
    return out


def _line_parts(split, fig: LaunchFigures) -> list[tuple]:
    """Each model line's part of one launch (its weight over the launch's), and the launch's bytes and FLOPs times that part."""
    whole = split.total or 1.0
    out = []
    for frame, at, w in zip(split.model, split.keys, split.weights, strict=True):
        part = w / whole
        out.append(
            (
                at,
                frame,
                part,
                None if fig.bytes is None else fig.bytes * part,
                None if fig.flops is None else fig.flops * part,
                fig.dtype,
                fig.dtype_from,
            )
        )
    return out


def line_throughput(row: LineFigures, peak: DevicePeak | None) -> Throughput:
    """The derived figures of one model line: with a profile, over its measured launches (the
    bytes and FLOPs its measured time moved); else its bytes and FLOPs per run."""
    if row.measured:
        return derive(
            round(row.measured_bytes) if row.measured_complete else None,
            round(row.measured_flops) if row.measured_flops else None,
            row.dtype,
            row.us,
            row.clock,
            peak,
            row.dtype_from,
            row.us / row.events if row.events else None,
        )
    return derive(
        round(row.bytes) if row.complete else None,
        round(row.flops) if row.flops else None,
        row.dtype,
        None,
        row.clock,
        peak,
        row.dtype_from,
    )


class IndexFigures:
    """Figures for the kernels of one index, computed when first asked for and kept: each graph's
    :class:`~.figures.GraphFigures` (its output code read once; graphs copied from one another
    share it), and the peaks of the device that profiled each trace."""

    def __init__(self, index) -> None:
        from .devices import device_peak

        self.index = index
        self._graphs: dict[tuple, object] = {}
        self._peaks: dict[str, DevicePeak | None] = {}
        self._facts: KernelFactsReader | None = None  # made when a shape is first asked for
        self._stored: dict[str, dict] = {}  # figures saved by an earlier run, per output code (see launch)
        self._dirty: set[str] = set()
        self._saved_of: dict[int, tuple] = {}  # id(graph) -> (graph, key, saved figures)
        #: each launch's split across its model lines, made once for the line figures and the line times
        self.splits = LaunchSplits()
        for profile in getattr(index, "profiles", ()):
            name = getattr(profile, "device_name", None)
            for trace in getattr(profile, "traces", ()):
                self._peaks.setdefault(trace, device_peak(name))
        #: (log, frame compile id) -> the matmul allow_tf32 its guards record
        self._allow_tf32 = {
            (c.trace, base_compile_id(c.compile_id)): c.allow_tf32 for c in getattr(index, "compiles", ()) if c.allow_tf32 is not None
        }
        #: the device names the profiles give, for the report (``["NVIDIA H200"]``)
        self.device_names = sorted({n for p in getattr(index, "profiles", ()) for n in getattr(p, "device_names", [])})

    def _reader(self) -> KernelFactsReader:
        if self._facts is None:
            self._facts = KernelFactsReader(self.index)
        return self._facts

    def shape(self, kernel: Kernel):
        """The kernel's compile facts (:class:`inductor_lens.index.kernel_facts.KernelFacts`)."""
        return self._reader().facts(kernel)

    def compile_info(self, kernel: Kernel) -> dict:
        """The kernel's ``triton_kernel_info`` entry, the one part of its compile facts that is its compile's."""
        return self._reader().compile_info(kernel)

    def compile_infos(self, graph) -> dict:
        """:meth:`compile_info` of every kernel of ``graph``, by kernel name (entries that are not dicts count as ``{}``)."""
        return self._reader().compile_infos(graph)

    def graph(self, graph):
        from .figures import GraphFigures

        key = (graph.output_code, graph.post_grad.path if graph.post_grad is not None else None)
        found = self._graphs.get(key)
        if found is None:
            try:
                with open(graph.output_code, encoding="utf-8", errors="replace") as fh:
                    lines: list[str] | None = fh.read().split("\n")
            except OSError:
                lines = None
            found = self._graphs[key] = GraphFigures(graph, lines)
        return found

    def _saved(self, graph) -> tuple[str | None, dict]:
        """The figures a previous run saved for ``graph`` (by its output code's MD5 and post-grad
        graph), loaded once: ``(key, {(kernel key, launch line): LaunchFigures})`` (per graph object
        too: every launch of the report asks)."""
        known = self._saved_of.get(id(graph))
        if known is not None and known[0] is graph:
            return known[1], known[2]
        md5 = getattr(graph, "code_md5", None)
        cache = self._cache()
        key: str | None = None
        found: dict = {}
        if md5 is not None and cache is not None:
            key = f"{md5}|{graph.post_grad.path if graph.post_grad is not None else ''}"
            if key not in self._stored:
                self._stored[key] = cache.load_derived("launch-figures", key) or {}
            found = self._stored[key]
        self._saved_of[id(graph)] = (graph, key, found)
        return key, found

    def launch(self, kernel: Kernel, launch) -> LaunchFigures:
        """The figures of one launch: saved by an earlier run for the same output code (a warm
        re-open reads no output code for them), else computed and kept for :meth:`save`; their
        ``dtype`` the precision the profile's kernels show (:func:`.devices.compute_precision`)."""
        found = self._launch(kernel, launch)
        names = kernel.measured.device_kernels if kernel.measured is not None else ()
        graph = kernel.graph
        gemm = graph is not None and found.dtype == "f32" and any(op in _GEMM_OPS for op in kernel.aten_ops)
        allow = self._allow_tf32.get((graph.trace, base_compile_id(graph.compile_id))) if gemm and graph is not None else None
        dtype, why = compute_precision(found.dtype, names, allow)
        return found if why is None else replace(found, dtype=dtype, dtype_from=why)

    def _launch(self, kernel: Kernel, launch) -> LaunchFigures:
        if kernel.graph is None:
            return LaunchFigures(None, why="no graph")
        key, saved = self._saved(kernel.graph)
        found = saved.get((kernel.key, launch.line))
        if found is None:
            found = self.graph(kernel.graph).figures(kernel, launch)  # type: ignore[attr-defined]
            if key is not None:
                saved[(kernel.key, launch.line)] = found
                self._dirty.add(key)
        return found

    def _cache(self):
        """The index's cache folder, unless the on-disk cache is off (``--no-cache``)."""
        loader = getattr(self.index, "loader", None)
        return getattr(self.index, "cache", None) if loader is not None and getattr(loader, "disk_cache", False) else None

    def save(self) -> None:
        """Write the figures computed in this run to the cache folder (the next run reads them)."""
        cache = self._cache()
        if cache is None:
            return
        for key in sorted(self._dirty):
            try:
                cache.save_derived("launch-figures", key, self._stored[key])
            except OSError:
                return
        self._dirty.clear()

    def peak(self, kernel: Kernel) -> DevicePeak | None:
        return self._peaks.get(kernel.graph.trace) if kernel.graph is not None else None

    def kernel(self, kernel: Kernel) -> Throughput:
        """``kernel``'s figures per run and, when measured, its throughput (:func:`kernel_throughput`)."""
        return totals_throughput(
            kernel, self.totals(kernel), self.peak(kernel), lambda: [self.launch(kernel, la) for la in kernel.launches]
        )

    def totals(self, kernel: Kernel) -> Totals:
        """``kernel``'s (bytes, FLOPs, dtype) per run: :func:`launch_totals` of its launches' figures."""
        return launch_totals([self.launch(kernel, la) for la in kernel.launches])

    def lines(self, kernels: list[Kernel]) -> dict[LineKey, LineFigures]:
        return line_figures(kernels, self.launch, self.splits)

    def line_peak(self, kernels: list[Kernel]) -> DevicePeak | None:
        """The device of these kernels when they share one (a line measured on one GPU)."""
        peaks = {id(p): p for p in (self.peak(k) for k in kernels if k.measured is not None) if p is not None}
        return next(iter(peaks.values())) if len(peaks) == 1 else None


#: the aten ops of a GEMM (cuBLAS, or Inductor's mm templates), whose float32 form allow_tf32 moves to TF32
_GEMM_OPS = frozenset({"aten.mm", "aten.addmm", "aten.bmm", "aten.baddbmm", "aten._addmm_activation"})
