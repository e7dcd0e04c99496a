"""The whole profiled step from the profile's own clock: wall, GPU busy and idle, the device time
launched inside compiled code and outside it, synchronizations.

Read off a ``torch.profiler`` Chrome trace (:mod:`inductor_lens.readers.chrome_trace`; Kineto's
``ChromeTraceLogger``, PyTorch 2.x).  The definitions (issue 45, "The whole step at the model
line"; ``docs/profiles.md``):

* ``steps``: the CPU-side ``ProfilerStep#N`` annotations (``cat`` ``user_annotation``; the GPU
  copies, ``gpu_user_annotation``, are not counted); ``None`` without them, and the window then
  runs from the first complete (``"ph": "X"``) event to the last;
* ``wall_us``: the steps' summed durations, or the window's length;
* ``gpu_busy_us``: the union of kernel, memcpy and memset intervals, clipped to the steps (first
  step's start to last step's end) or to the window; ``gpu_idle_us = wall_us - gpu_busy_us``;
* ``compiled_device_us``: device activity launched (same ``correlation`` id) by a runtime call on
  a thread inside a compiled region (an op named ``Torch-Compiled Region...``,
  ``CompiledFunction``, ``CompiledFunctionBackward`` or ``## Call CompiledFxGraph...``), CUDA-graph
  replays included (their kernels carry the ``cudaGraphLaunch``'s correlation id);
  ``other_device_us``: the rest; both over every event of the file;
* ``sync_us``: the summed CPU time of ``cuda*Synchronize`` calls and ``aten::_local_scalar_dense``
  (``.item()``); a sync inside ``.item()`` counts in both.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass
from statistics import median

from ..readers.chrome_trace import ChromeTrace, DeviceKernel

_COMPILED = re.compile(r"^(?:Torch-Compiled Region|CompiledFunction|## Call CompiledFxGraph)")
_SYNC = re.compile(r"^cuda\w*Synchronize$")
_ITEM = "aten::_local_scalar_dense"
#: CUDA runtime/driver calls that put work on the device (``cudaLaunchKernel``, ``cuLaunchKernel``,
#: ``cudaLaunchKernelExC``, ``cudaGraphLaunch``, ``cudaMemcpyAsync``, ``cudaMemsetAsync``, ...)
_LAUNCH = re.compile(r"^cu(?:da)?(?:\w*Launch\w*|Memcpy\w*|Memset\w*)$")


def device_launches(trace: ChromeTrace) -> list[int | None]:
    """The correlation ids of ``trace``'s runtime calls that launch device work (:data:`_LAUNCH`)."""
    return [c.correlation for c in trace.runtime if _LAUNCH.match(c.name)]


def unreached_launches(trace: ChromeTrace) -> tuple[int, int]:
    """``(launches without a device event, launches)`` of a profile cut off mid-write
    (``trace.truncated``); ``(0, n)`` for a whole file, where a launch's work may simply have run
    on after the profile stopped."""
    launches = device_launches(trace)
    if not trace.truncated:
        return 0, len(launches)
    seen = {e.correlation for e in device_activity(trace)}
    return sum(1 for c in launches if c is None or c not in seen), len(launches)


def device_lost(trace: ChromeTrace) -> bool:
    """Whether a cut-off profile lost every device event of a GPU run: Kineto writes the CPU ops
    first, then the CUDA runtime calls and device events (PyTorch 2.11 on H100: the first
    ``cuda_runtime`` event at 59% of the file), so a cut keeps the CPU ops only.  The run was a GPU
    run when the file names devices (``deviceProperties``, written before ``traceEvents``) or
    has CUDA launches; a cut before any CPU op holds nothing to mislead (said not joined)."""
    return trace.truncated and bool(trace.ops) and not device_activity(trace) and bool(trace.devices or device_launches(trace))


def cut_off_message(trace: ChromeTrace, untimed: tuple[int, int] = (0, 0), graph_calls: tuple[int, int] = (0, 0)) -> str | None:
    """The sentence saying which device events a cut-off profile lost, or None when it lost none.
    ``untimed``: ``(launches of compiled kernels without a device event, such launches)`` among
    the compiled-graph calls the file holds (:class:`~.join.ProfileJoin`): Kineto writes each
    thread's runtime calls and device events after every CPU op, so a cut can drop the launches'
    runtime calls with their device events, and only the CPU ops tell what ran; the same
    for its compiled-graph calls (``graph_calls``: a CUDA-graph call's replays are device events too)."""
    lost, launches = unreached_launches(trace)
    if device_lost(trace):
        gpus = ", ".join(sorted({str(d.get("name")) for d in trace.devices})) or "a GPU"
        calls = f"none of its {launches} CUDA launches has one" if launches else "none of its CUDA runtime calls was reached either"
        return (
            f"its device events were not reached: it names {gpus} (deviceProperties) but the cut came before every device event "
            f"(they follow the CPU ops in the file; {calls}), so GPU figures and kernel times are unknown, not 0"
        )
    if lost or (trace.truncated and (untimed[0] or graph_calls[0])):
        said = [f"{lost} of its {launches} CUDA launches"] if lost else []
        said += [f"{untimed[0]} of the {untimed[1]} compiled-kernel launches of its graph calls"] if untimed[0] else []
        said += [f"{graph_calls[0]} of its {graph_calls[1]} compiled-graph calls"] if graph_calls[0] else []
        return (
            f"{' and '.join(said)} have no device event (the file is cut off before them): {SHORT}; "
            "each throughput counts only the bytes and FLOPs of the runs whose time it holds"
        )
    return None


#: which figures a cut-off profile's lost device events make short
SHORT = "GPU busy, device time and the kernels' and lines' times are short (idle is long)"


@dataclass(frozen=True)
class Step:
    """A profile's step figures (µs, totals over the window; see the module docstring).
    ``step_us``: each ``ProfilerStep``'s duration in file order (empty without markers);
    ``stacks``: the profile has Python stacks (``with_stack=True``), whose tracer slows the host."""

    steps: int | None
    wall_us: float
    gpu_busy_us: float
    gpu_idle_us: float
    compiled_device_us: float
    other_device_us: float
    sync_us: float
    step_us: tuple[float, ...] = ()
    stacks: bool = False
    #: device events (kernels, memcpy, memset) in the file, and those with a CPU launch in it
    device_events: int = 0
    launched_events: int = 0
    #: a cut-off file lost every device event of a GPU run (:func:`device_lost`)
    device_lost: bool = False
    #: the file is cut off mid-write and lost device events it would have held (:func:`cut_off_message`)
    device_short: bool = False

    @property
    def per_step(self) -> int:
        """What the figures are divided by for "per step": the steps, or 1 (the window)."""
        return self.steps or 1

    def to_json(self) -> dict:
        """``{steps, wall_us, gpu_busy_us, gpu_idle_us, compiled_device_us, other_device_us,
        sync_us, step_us, stacks}`` (µs, rounded to ns); the four device figures ``None`` (unknown)
        when the file is cut off before every device event (:attr:`device_lost`)."""
        lost = self.device_lost
        return {
            "steps": self.steps,
            "wall_us": round(float(self.wall_us), 3),
            "gpu_busy_us": None if lost else round(self.gpu_busy_us, 3),
            "gpu_idle_us": None if lost else round(self.gpu_idle_us, 3),
            "compiled_device_us": None if lost else round(float(self.compiled_device_us), 3),
            "other_device_us": None if lost else round(float(self.other_device_us), 3),
            "sync_us": round(float(self.sync_us), 3),
            "step_us": [round(d, 3) for d in self.step_us],
            "stacks": self.stacks,
        }


def compiled_intervals(trace: ChromeTrace) -> dict[tuple, tuple[list[float], list[float]]]:
    """Per ``(pid, tid)``, the merged intervals of compiled regions: ``(starts, ends)``, sorted."""
    spans: dict[tuple, list[tuple[float, float]]] = {}
    for op in trace.ops:
        if _COMPILED.match(op.name):
            spans.setdefault((op.pid, op.tid), []).append((op.ts, op.ts + op.dur))
    merged: dict[tuple, tuple[list[float], list[float]]] = {}
    for key, items in spans.items():
        items.sort()
        starts: list[float] = []
        ends: list[float] = []
        for a, b in items:
            if ends and a <= ends[-1]:
                ends[-1] = max(ends[-1], b)
            else:
                starts.append(a)
                ends.append(b)
        merged[key] = (starts, ends)
    return merged


def _inside(regions: dict[tuple, tuple[list[float], list[float]]], key: tuple, ts: float) -> bool:
    found = regions.get(key)
    if found is None:
        return False
    starts, ends = found
    i = bisect_right(starts, ts) - 1
    return i >= 0 and ts <= ends[i]


def launched_in_compiled(trace: ChromeTrace) -> dict[int, bool]:
    """``{correlation id: launched inside a compiled region}`` for every runtime call that has one."""
    regions = compiled_intervals(trace)
    return {call.correlation: _inside(regions, (call.pid, call.tid), call.ts) for call in trace.runtime if call.correlation is not None}


def device_activity(trace: ChromeTrace) -> list[DeviceKernel]:
    """Every device event: kernels, then memcpy and memset."""
    return trace.kernels + trace.copies


def compiled_flags(trace: ChromeTrace) -> list[bool | None]:
    """For each of :func:`device_activity`'s events, whether it was launched inside a compiled
    region; ``None`` when its launch is not in the profile (no runtime call with its correlation
    id, nor an op with its ``External id``: work running on from before the window)."""
    by_corr = launched_in_compiled(trace)
    regions = compiled_intervals(trace)
    by_ext = None
    flags: list[bool | None] = []
    for event in device_activity(trace):
        flag = by_corr.get(event.correlation) if event.correlation is not None else None
        if flag is None and event.external_id is not None:  # no runtime call recorded: the launching op
            if by_ext is None:
                by_ext = trace.op_by_external_id()
            i = by_ext.get(event.external_id)
            if i is not None:
                op = trace.ops[i]
                flag = _inside(regions, (op.pid, op.tid), op.ts)
        flags.append(flag)
    return flags


def _union(intervals: list[tuple[float, float]], lo: float, hi: float) -> float:
    total, end = 0.0, lo
    for a, b in sorted(intervals):
        a, b = max(a, end), min(b, hi)
        if b > a:
            total += b - a
            end = b
    return total


def step_of(trace: ChromeTrace) -> Step:
    """The step figures of ``trace`` (see the module docstring).  Never raises; a profile with no
    complete event has every figure 0."""
    steps = sorted(trace.steps, key=lambda s: s[1])
    if steps:
        wall = sum(dur for _, _, dur in steps)
        lo, hi = steps[0][1], max(ts + dur for _, ts, dur in steps)
    else:
        lo, hi = trace.window or (0.0, 0.0)
        wall = hi - lo
    activity = device_activity(trace)
    busy = _union([(e.ts, e.ts + e.dur) for e in activity], lo, hi)
    flags = compiled_flags(trace)
    compiled = sum(e.dur for e, f in zip(activity, flags, strict=True) if f)
    other = sum(e.dur for e, f in zip(activity, flags, strict=True) if not f)
    sync = sum(c.dur for c in trace.runtime if _SYNC.match(c.name)) + sum(op.dur for op in trace.ops if op.name == _ITEM)
    return Step(
        steps=len(steps) or None,
        wall_us=wall,
        gpu_busy_us=busy,
        gpu_idle_us=wall - busy,
        compiled_device_us=compiled,
        other_device_us=other,
        sync_us=sync,
        step_us=tuple(dur for _, _, dur in steps),
        stacks=bool(trace.frames),
        device_events=len(activity),
        launched_events=sum(1 for f in flags if f is not None),
        device_lost=device_lost(trace),
    )


def compiled_total(profiles) -> float | None:
    """The device time launched inside compiled regions over ``profiles`` (joins with a ``step``),
    ``None`` when none of them has device activity (a CPU run)."""
    steps = [p.step for p in profiles if getattr(p, "step", None) is not None and p.step.device_events]
    return sum(s.compiled_device_us for s in steps) if steps else None


def _ms(us: float) -> str:
    ms = us / 1000
    return f"{ms:.2f}" if abs(ms) < 1 else f"{ms:.1f}"


def step_line(step: Step) -> str:
    """The step as one line, in ms per step (per window without markers), e.g. ``step 26.4 ms (5
    steps): GPU busy 4.2 · idle 22.2 · device time: compiled 2.8, other 1.4 · syncs 0.05 · steps
    25.3-27.4 ms, median 26.1``; with
    Python stacks, a sentence that host and idle figures include the tracer's overhead."""
    n = step.per_step
    head = (
        f"step {_ms(step.wall_us / n)} ms ({step.steps} steps)"
        if step.steps
        else f"window {_ms(step.wall_us)} ms (no ProfilerStep markers: figures per window)"
    )
    if step.device_lost:
        text = f"{head}: GPU busy unknown · idle unknown · device time unknown · syncs {_ms(step.sync_us / n)}"
    else:
        short = " (short)" if step.device_short else ""
        text = (
            f"{head}: GPU busy {_ms(step.gpu_busy_us / n)}{short} · idle {_ms(step.gpu_idle_us / n)}{' (long)' if short else ''} · "
            f"device time{short}: compiled {_ms(step.compiled_device_us / n)}, other {_ms(step.other_device_us / n)} · "
            f"syncs {_ms(step.sync_us / n)}"
        )
    if step.step_us and len(step.step_us) > 1:
        ordered = sorted(step.step_us)
        text += f" · steps {_ms(ordered[0])}-{_ms(ordered[-1])} ms, median {_ms(median(ordered))}"
    if step.device_lost:
        text += ". Its device events were not reached (the file is cut off before them): GPU figures are unknown, not 0"
    elif step.device_short:
        text += f". The file is cut off mid-write and lost device events: {SHORT}"
    elif not step.device_events:
        text += ". No device activity in it (a CPU-only profile, or CUDA not recorded): GPU figures are 0 and no eager GPU time can reach a line"
    if step.stacks:
        text += (
            ". Recorded with Python stacks (with_stack=True): host and idle figures include the tracer's overhead; "
            "a second profile without stacks measures them"
        )
    return text
