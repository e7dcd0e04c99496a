"""Reader for Chrome traces written by ``torch.profiler`` (``export_chrome_trace``; Kineto).

Format (PyTorch 2.x, Kineto ``ChromeTraceLogger``): ``{"schemaVersion": 1, ..., "traceEvents": [...]}``
where each event is ``{"ph", "cat", "name", "pid", "tid", "ts", "dur", "args"}`` with ``ts``/``dur``
in microseconds.  The index uses three categories:

* ``kernel`` (device kernels): ``args["External id"]`` is the external id of the CPU op that was
  innermost when the kernel was launched;
* ``cpu_op`` (and ``user_annotation``): CPU ops and record_function ranges, e.g.
  ``Torch-Compiled Region: 0/0``, ``## Call CompiledFxGraph None ##``, ``CompiledFunctionBackward``,
  a Triton kernel's name (the launcher's record_function), ``aten::mm``; nesting is by time
  on the same ``(pid, tid)``;
* ``fwdbwd`` flow events (``ph`` ``s``/``f`` with one ``id``): the forward op that the autograd
  engine's backward op belongs to;
* for the step (:mod:`inductor_lens.timing.step`): ``gpu_memcpy``/``gpu_memset`` device activity,
  the ``cuda_runtime``/``cuda_driver`` calls that launched device work (``args["correlation"]``,
  shared with the device event they launched, also by every kernel a ``cudaGraphLaunch``
  replays), ``python_function`` events (``with_stack=True``: ``"train.py(40): main"``, the frame's
  file and first line) and the window (first to last complete ``"ph": "X"`` event).

``.json`` and ``.json.gz``.  Files over :data:`STREAM_BYTES` are parsed a batch of events at a time
(:mod:`.stream`), so memory holds only the events kept, not the file; Python frames are kept column
by column (:mod:`.frames`).  A reader: it imports only its own modules, :mod:`inductor_lens._json`
and :mod:`inductor_lens.model`.
"""

from __future__ import annotations

import gzip
import io
import os
import sys
from bisect import bisect_left, bisect_right
from dataclasses import dataclass, field

from ... import _json
from ...model import InputWarning
from .frames import Frames, PyFrame
from .stream import CUT_OFF, NOT_A_PROFILE, events_streamed, looks_like_chrome_trace, not_json_message

__all__ = [
    "CUT_OFF",
    "NOT_A_PROFILE",
    "ChromeTrace",
    "DeviceKernel",
    "Frames",
    "Op",
    "PyFrame",
    "RuntimeCall",
    "looks_like_chrome_trace",
    "not_json_message",
    "read_chrome_trace",
]

#: Traces larger than this (on disk) are parsed as a stream of events.
STREAM_BYTES = 4 * 1024 * 1024
_KEEP = {"kernel", "cpu_op", "user_annotation", "fwdbwd"}
#: Device activity other than kernels (Kineto ``ActivityType``: ``gpu_memcpy``, ``gpu_memset``)
_COPIES = {"gpu_memcpy", "gpu_memset"}
#: Host calls into the CUDA runtime and driver (launches, graph launches, synchronizes)
_RUNTIME = {"cuda_runtime", "cuda_driver"}
_PYTHON = "python_function"
_ALL = _KEEP | _COPIES | _RUNTIME | {_PYTHON}


@dataclass(slots=True)
class Op:
    """A CPU op or annotation: interval ``[ts, ts + dur]`` in µs on ``(pid, tid)``; ``parent`` is
    the index (in ``ChromeTrace.ops``) of the op that encloses it, or ``None``."""

    name: str
    pid: object
    tid: object
    ts: float
    dur: float
    external_id: int | None
    parent: int | None = None
    #: autograd's ``Sequence number`` (a backward op shares its forward op's), ``None`` when absent
    seq: int | None = None


@dataclass(slots=True)
class DeviceKernel:
    """One device kernel execution (or, in ``ChromeTrace.copies``, a memcpy/memset): ``dur`` in
    µs; ``external_id`` names the launching CPU op, ``correlation`` the runtime call that launched
    it (``None`` when not recorded)."""

    name: str
    ts: float
    dur: float
    external_id: int | None
    correlation: int | None = None


@dataclass(slots=True)
class RuntimeCall:
    """A ``cuda_runtime``/``cuda_driver`` call (``cudaLaunchKernel``, ``cuLaunchKernel``,
    ``cudaGraphLaunch``, ``cudaStreamSynchronize``, ...): ``[ts, ts + dur]`` µs on ``(pid, tid)``."""

    name: str
    pid: object
    tid: object
    ts: float
    dur: float
    correlation: int | None


@dataclass
class ChromeTrace:
    """The events of one profiler trace the index uses, with CPU op nesting resolved."""

    path: str
    ops: list[Op] = field(default_factory=list)
    kernels: list[DeviceKernel] = field(default_factory=list)
    #: fwdbwd flows: id -> {"s": (pid, tid, ts), "f": (pid, tid, ts)}
    flows: dict[object, dict[str, tuple]] = field(default_factory=dict)
    warnings: list[InputWarning] = field(default_factory=list)
    #: memcpy/memset device activity (``gpu_memcpy``, ``gpu_memset``)
    copies: list[DeviceKernel] = field(default_factory=list)
    #: CUDA runtime/driver calls (launches, graph launches, synchronizes)
    runtime: list[RuntimeCall] = field(default_factory=list)
    #: ``python_function`` events (empty without ``with_stack=True``), column by column
    frames: Frames = field(default_factory=Frames)
    #: first start and last end (µs) of the complete (``"ph": "X"``) events, any category;
    #: ``None`` when there is none
    window: tuple[float, float] | None = None
    #: ``ProfilerStep#N`` annotations (``cat`` ``user_annotation``): ``(N, ts, dur)`` in file order
    steps: list[tuple[int, float, float]] = field(default_factory=list)
    #: one object per id seen (process and thread ids repeat in every event)
    canon: dict = field(default_factory=dict, repr=False)
    _by_thread: dict | None = field(default=None, repr=False)
    _flow_ends: dict | None = field(default=None, repr=False)
    #: the reader stopped inside an event (the file was cut off mid-write)
    truncated: bool = False
    #: the devices of ``deviceProperties`` (Kineto writes it before ``traceEvents`` on CUDA and
    #: ROCm runs): ``[{"id": 0, "name": "NVIDIA H200", "numSms": 132, ...}]``; empty on CPU runs
    devices: list[dict] = field(default_factory=list)

    def op_by_external_id(self) -> dict[int, int]:
        """``{External id: op index}`` (how a device kernel names the op that launched it)."""
        return {op.external_id: i for i, op in enumerate(self.ops) if op.external_id is not None}

    def innermost_op(self, pid: object, tid: object, ts: float, slack: float = 1e-3) -> int | None:
        """The index of the innermost op on ``(pid, tid)`` whose interval holds time ``ts`` (µs,
        within ``slack``), or ``None``; a per-thread index is built on first use."""
        index = self._by_thread
        if index is None:
            by_thread: dict[tuple, list[int]] = {}
            for n, each in enumerate(self.ops):
                by_thread.setdefault((each.pid, each.tid), []).append(n)
            for items in by_thread.values():
                items.sort(key=lambda n: self.ops[n].ts)
            index = self._by_thread = {k: (v, [self.ops[n].ts for n in v]) for k, v in by_thread.items()}
        found = index.get((pid, tid))
        if found is None:
            return None
        order, starts = found
        at = bisect_right(starts, ts + slack) - 1
        i: int | None = order[at] if at >= 0 else None
        while i is not None:
            op = self.ops[i]
            if op.ts - slack <= ts <= op.ts + op.dur + slack:
                return i
            i = op.parent
        return None

    def flows_ending(self, pid: object, tid: object, lo: float, hi: float) -> list[tuple]:
        """The fwdbwd flows ``(start, end)`` whose end (``(pid, tid, ts)``) lies on ``(pid, tid)``
        within ``[lo, hi]`` µs, in time order."""
        index = self._flow_ends
        if index is None:
            by_thread: dict[tuple, list[tuple]] = {}
            for f in self.flows.values():
                if f.get("s") and f.get("f"):
                    by_thread.setdefault((f["f"][0], f["f"][1]), []).append((f["f"][2], f["s"], f["f"]))
            index = self._flow_ends = {k: sorted(v, key=lambda x: x[0]) for k, v in by_thread.items()}
        items = index.get((pid, tid), [])
        a = bisect_left(items, lo, key=lambda x: x[0])
        b = bisect_right(items, hi, key=lambda x: x[0])
        return [(start, end) for _, start, end in items[a:b]]

    def ancestors(self, i: int):
        """Indices of op ``i``'s enclosing ops, innermost first."""
        parent = self.ops[i].parent
        while parent is not None:
            yield parent
            parent = self.ops[parent].parent


def read_chrome_trace(path: str) -> ChromeTrace:
    """Read a profiler trace.  Never raises on bad content (warnings instead); ``OSError`` if
    unreadable.  A file cut off mid-write (not JSON, but its ``traceEvents`` begin) is read up to
    the cut, with a warning (:data:`CUT_OFF`)."""
    trace = ChromeTrace(path=path)
    opener = gzip.open if path.endswith(".gz") else open
    size = os.path.getsize(path)
    with opener(path, "rb") as fh:
        if size > STREAM_BYTES or path.endswith(".gz"):
            _keep_events(events_streamed(fh, trace), trace)
        else:
            data = fh.read()
            failure: Exception | None = None
            try:
                doc = _json.loads(data)
            except ValueError as exc:
                if b'"traceEvents"' not in data[: 1 << 16]:
                    trace.warnings.append(InputWarning(path, 0, not_json_message(data, exc)))
                    return trace
                doc, failure = None, exc  # cut off mid-write: read up to the cut
            if doc is None:
                _keep_events(events_streamed(io.BytesIO(data), trace), trace)
                if not (trace.ops or trace.kernels or trace.frames or trace.runtime or trace.copies):
                    # no event before the damage: not JSON, said once (a cut-off file keeps what it holds)
                    trace.truncated = False
                    trace.warnings = [InputWarning(path, 0, not_json_message(data, failure or ValueError("?")))]
                    return trace
            else:
                events = doc.get("traceEvents") if isinstance(doc, dict) else None
                props = doc.get("deviceProperties") if isinstance(doc, dict) else None
                if isinstance(props, list):
                    trace.devices = [d for d in props if isinstance(d, dict)]
                if not isinstance(events, list):  # JSON, but not a profiler trace ([] or {}): said, not ignored
                    trace.warnings.append(InputWarning(path, 0, NOT_A_PROFILE))
                    return trace
                _keep_events(events, trace)
    _nest(trace)
    _nest_frames(trace)
    return trace


def _keep_events(events, trace: ChromeTrace) -> None:
    """Keep the events the index and the step use (see the module docstring); track the window."""
    first, last = float("inf"), float("-inf")
    for event in events:
        if not isinstance(event, dict):
            continue
        cat = event.get("cat")
        if event.get("ph") == "X":
            try:
                ts = float(event["ts"])
                end = ts + float(event.get("dur", 0.0))
            except (KeyError, TypeError, ValueError):
                ts, end = first, last  # a malformed one is said below when its category is kept
            first = ts if ts < first else first
            last = end if end > last else last
        if cat not in _ALL:
            continue
        try:
            _keep(event, cat, trace)
        except (KeyError, TypeError, ValueError):
            trace.warnings.append(InputWarning(trace.path, 0, f"skipped a malformed {cat} event: {str(event)[:120]}"))
    if first <= last:
        trace.window = (first, last)


def _keep(event: dict, cat: str, trace: ChromeTrace) -> None:
    """Add one event of a kept category to ``trace``; ``KeyError``/``TypeError``/``ValueError``
    on a malformed one."""
    args: dict = event["args"] if isinstance(event.get("args"), dict) else {}
    canon = trace.canon

    def one(value: object) -> object:
        """One object per process and thread id (memory: they repeat in every event)."""
        return canon.setdefault(value, value)

    if cat == "kernel" or cat in _COPIES:
        kept = DeviceKernel(
            str(event.get("name")), float(event["ts"]), float(event.get("dur", 0.0)), args.get("External id"), args.get("correlation")
        )
        (trace.kernels if cat == "kernel" else trace.copies).append(kept)
    elif cat == _PYTHON:
        if event.get("ph") == "X":
            trace.frames.append(
                str(event.get("name")), one(event.get("pid")), one(event.get("tid")), float(event["ts"]), float(event.get("dur", 0.0))
            )
    elif cat in _RUNTIME:
        if event.get("ph") == "X":
            trace.runtime.append(
                RuntimeCall(
                    sys.intern(str(event.get("name"))),
                    one(event.get("pid")),
                    one(event.get("tid")),
                    float(event["ts"]),
                    float(event.get("dur", 0.0)),
                    args.get("correlation"),
                )
            )
    elif cat == "fwdbwd":
        trace.flows.setdefault(event.get("id"), {})[str(event.get("ph"))] = (
            one(event.get("pid")),
            one(event.get("tid")),
            float(event["ts"]),
        )
    elif event.get("ph") == "X":
        if cat == "user_annotation" and str(event.get("name")).startswith("ProfilerStep#"):
            number = str(event["name"])[len("ProfilerStep#") :]
            trace.steps.append((int(number) if number.isdigit() else -1, float(event["ts"]), float(event.get("dur", 0.0))))
        trace.ops.append(
            Op(
                sys.intern(str(event.get("name"))),
                one(event.get("pid")),
                one(event.get("tid")),
                float(event["ts"]),
                float(event.get("dur", 0.0)),
                args.get("External id"),
                None,
                args.get("Sequence number"),
            )
        )


def _nest(trace: ChromeTrace) -> None:
    """Set each op's ``parent``: the innermost op on the same (pid, tid) whose interval holds it."""
    _nest_items(trace.ops)


def _nest_frames(trace: ChromeTrace) -> None:
    """Set each Python frame's ``parent``: the innermost frame on the same thread that holds it."""
    trace.frames.nest()


def _nest_items(items: list) -> None:
    by_thread: dict[tuple, list[int]] = {}
    for i, op in enumerate(items):
        by_thread.setdefault((op.pid, op.tid), []).append(i)
    for indices in by_thread.values():
        indices.sort(key=lambda i: (items[i].ts, -items[i].dur))
        stack: list[int] = []
        for i in indices:
            op = items[i]
            while stack and items[stack[-1]].ts + items[stack[-1]].dur < op.ts + op.dur - 1e-3:
                stack.pop()
            op.parent = stack[-1] if stack else None
            stack.append(i)
