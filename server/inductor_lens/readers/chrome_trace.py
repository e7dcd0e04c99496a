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
  engine's backward op belongs to.

``.json`` and ``.json.gz``.  Files over :data:`STREAM_BYTES` are parsed one event at a time, so
memory holds only the events kept, not the file.
"""

from __future__ import annotations

import gzip
import json
import os
import re
from dataclasses import dataclass, field

from .. import _json
from ..model import InputWarning

#: Traces larger than this (on disk) are parsed as a stream of events.
STREAM_BYTES = 64 * 1024 * 1024
_KEEP = {"kernel", "cpu_op", "user_annotation", "fwdbwd"}


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


@dataclass(slots=True)
class DeviceKernel:
    """One device kernel execution: ``dur`` in µs; ``external_id`` names the launching CPU op."""

    name: str
    ts: float
    dur: float
    external_id: int | None


@dataclass
class ChromeTrace:
    """The events of one profiler trace the index uses, with CPU op nesting resolved."""

    path: str
    ops: list[Op] = field(default_factory=list)
    kernels: list[DeviceKernel] = field(default_factory=list)
    #: fwdbwd flows: id -> {"s": (pid, tid, ts), "f": (pid, tid, ts)}
    flows: dict[object, dict[str, tuple]] = field(default_factory=dict)
    warnings: list[InputWarning] = field(default_factory=list)
    #: the devices of ``deviceProperties`` (Kineto writes it before ``traceEvents`` on CUDA and
    #: ROCm runs): ``[{"id": 0, "name": "NVIDIA H200", "numSms": 132, ...}]``; empty on CPU runs
    devices: list[dict] = field(default_factory=list)

    def op_by_external_id(self) -> dict[int, int]:
        """``{External id: op index}`` (how a device kernel names the op that launched it)."""
        return {op.external_id: i for i, op in enumerate(self.ops) if op.external_id is not None}

    def ancestors(self, i: int):
        """Indices of op ``i``'s enclosing ops, innermost first."""
        parent = self.ops[i].parent
        while parent is not None:
            yield parent
            parent = self.ops[parent].parent


def looks_like_chrome_trace(path: str) -> bool:
    """Cheap check: a ``.json``/``.json.gz`` whose first 64 KiB mention ``traceEvents``."""
    if not path.endswith((".json", ".json.gz")):
        return False
    try:
        opener = gzip.open if path.endswith(".gz") else open
        with opener(path, "rb") as fh:
            return b'"traceEvents"' in fh.read(65536)
    except (OSError, EOFError):
        return False


def _events_streamed(fh, trace: ChromeTrace):
    """Yield events of the ``traceEvents`` array one at a time (bounded memory)."""
    decoder = json.JSONDecoder()
    buf = ""
    pos = 0
    started = False
    eof = False

    def refill() -> None:
        """Drop what is parsed, read the next 4 MiB."""
        nonlocal buf, pos, eof
        chunk = fh.read(1 << 22)
        if isinstance(chunk, bytes):
            chunk = chunk.decode("utf-8", errors="replace")
        eof = not chunk
        buf = buf[pos:] + chunk
        pos = 0

    while True:
        if not eof and len(buf) - pos < (1 << 20):
            refill()
        if not started:
            props = buf.find('"deviceProperties"', pos)
            at = buf.find('"traceEvents"', pos)
            if 0 <= props and (at < 0 or props < at) and not trace.devices:
                bracket = buf.find("[", props)
                try:
                    value, _ = decoder.raw_decode(buf, bracket) if bracket >= 0 else (None, 0)
                except ValueError:
                    value = None
                if isinstance(value, list):
                    trace.devices = [d for d in value if isinstance(d, dict)]
            if at < 0:
                if eof:
                    trace.warnings.append(InputWarning(trace.path, 0, NOT_A_PROFILE))
                    return
                pos = max(pos, len(buf) - 16)
                continue
            bracket = buf.find("[", at)
            if bracket < 0:
                continue
            pos, started = bracket + 1, True
        while pos < len(buf) and buf[pos] in " \t\r\n,":
            pos += 1
        if pos >= len(buf):
            if eof:
                return
            continue
        if buf[pos] == "]":
            return
        try:
            event, end = decoder.raw_decode(buf, pos)
        except ValueError:
            if eof:
                trace.warnings.append(InputWarning(trace.path, 0, "trace ends inside an event (truncated?)"))
                return
            if len(buf) - pos > (1 << 26):
                trace.warnings.append(InputWarning(trace.path, 0, "an event larger than 64 MiB; stopped reading"))
                return
            refill()
            continue
        pos = end
        yield event


#: The warning for JSON (or text) that is not a torch.profiler Chrome trace.
NOT_A_PROFILE = "not a torch.profiler trace: no traceEvents array (not joined)"

#: A TORCH_TRACE record's first line (glog prefix, then the envelope's ``{``), at a line start.
_TRACE_LOG_LINE = re.compile(rb"(?m)^[VIWEC]\d{4} \d\d:\d\d:\d\d\.\d+ +\d+ [^\n]*?\] \{")


def not_json_message(data: bytes, exc: Exception) -> str:
    """The warning for a profile whose bytes ``data`` are not JSON (``exc``: the parser's error):
    what it was read as, and why, by what it holds (a profile found beside the logs names
    ``traceEvents``; a file given with ``--profile`` may be anything, a TORCH_TRACE log too)."""
    head = data[: 1 << 16]
    if b'"traceEvents"' in head:
        return f"read as a torch.profiler trace (it names traceEvents), but it is not JSON ({exc}): not joined"
    if _TRACE_LOG_LINE.search(head):
        return "a TORCH_TRACE log, not a torch.profiler trace: give it as a PATH, not a profile (not joined)"
    return f"not a torch.profiler trace: not JSON ({exc}) (not joined)"


def read_chrome_trace(path: str) -> ChromeTrace:
    """Read a profiler trace.  Never raises on bad content (warnings instead); ``OSError`` if unreadable."""
    trace = ChromeTrace(path=path)
    opener = gzip.open if path.endswith(".gz") else open
    size = os.path.getsize(path)
    with opener(path, "rb") as fh:
        if size > STREAM_BYTES or path.endswith(".gz"):
            events = _events_streamed(fh, trace)
        else:
            data = fh.read()
            try:
                doc = _json.loads(data)
            except ValueError as exc:
                trace.warnings.append(InputWarning(path, 0, not_json_message(data, exc)))
                return trace
            events = doc.get("traceEvents") if isinstance(doc, dict) else None
            props = doc.get("deviceProperties") if isinstance(doc, dict) else None
            if isinstance(props, list):
                trace.devices = [d for d in props if isinstance(d, dict)]
            if not isinstance(events, list):  # JSON, but not a profiler trace ([] or {}): said, not ignored
                trace.warnings.append(InputWarning(path, 0, NOT_A_PROFILE))
                return trace
        for event in events:
            if not isinstance(event, dict) or event.get("cat") not in _KEEP:
                continue
            args: dict = event["args"] if isinstance(event.get("args"), dict) else {}
            cat = event["cat"]
            try:
                if cat == "kernel":
                    trace.kernels.append(
                        DeviceKernel(str(event.get("name")), float(event["ts"]), float(event.get("dur", 0.0)), args.get("External id"))
                    )
                elif cat == "fwdbwd":
                    trace.flows.setdefault(event.get("id"), {})[str(event.get("ph"))] = (
                        event.get("pid"),
                        event.get("tid"),
                        float(event["ts"]),
                    )
                elif event.get("ph") == "X":
                    trace.ops.append(
                        Op(
                            str(event.get("name")),
                            event.get("pid"),
                            event.get("tid"),
                            float(event["ts"]),
                            float(event.get("dur", 0.0)),
                            args.get("External id"),
                        )
                    )
            except (KeyError, TypeError, ValueError):
                trace.warnings.append(InputWarning(path, 0, f"skipped a malformed {cat} event: {str(event)[:120]}"))
    _nest(trace)
    return trace


def _nest(trace: ChromeTrace) -> None:
    """Set each op's ``parent``: the innermost op on the same (pid, tid) whose interval holds it."""
    by_thread: dict[tuple, list[int]] = {}
    for i, op in enumerate(trace.ops):
        by_thread.setdefault((op.pid, op.tid), []).append(i)
    for indices in by_thread.values():
        indices.sort(key=lambda i: (trace.ops[i].ts, -trace.ops[i].dur))
        stack: list[int] = []
        for i in indices:
            op = trace.ops[i]
            while stack and trace.ops[stack[-1]].ts + trace.ops[stack[-1]].dur < op.ts + op.dur - 1e-3:
                stack.pop()
            op.parent = stack[-1] if stack else None
            stack.append(i)
