"""Eager work at the user's line: the device time launched outside compiled regions (the loss, the
optimizer, code between graph breaks), placed at the line of the user's code that launched it.

Read off a ``torch.profiler`` Chrome trace (Kineto, PyTorch 2.x) recorded with ``with_stack=True``:
its ``python_function`` events name each Python frame by the function's file and first line
(``train.py(90): train_step``; files relative to their ``sys.path`` entry, ``torch/nn/functional.py``),
modules as ``nn.Module: Linear_0`` and built-ins as ``<built-in method item of ...>``.  The rules
(issue 45, "The whole step at the model line"):

* a device event launched outside compiled regions (:func:`inductor_lens.timing.step.compiled_flags`)
  is placed by its launch: the runtime call with its ``correlation`` id (or the op of its
  ``External id``) gives thread and time; a backward op (on the autograd thread, which has no
  Python stack of its own) is replaced by its forward op, the outermost op with the same
  ``Sequence number`` on a thread with Python stacks, last before it;
* the user's frame is the innermost frame there outside ``torch/`` and the standard library; its
  line is the line of that function's body that calls the frame below it (found by the callee's
  name: ``cross_entropy``, ``step``, ``self.head`` for ``nn.Module: Linear_0`` by the
  ``self.head = nn.Linear(...)`` in the file), else the function's first line;
* the file is read from a copy beside the profile first (the file may have changed since the
  run), else where the trace names it; a frame whose file cannot be read gives its time to the
  innermost readable caller's line, naming the library function;
* each microsecond is at one line; what reaches none stays by its outermost ``aten::`` op, as do
  all eager events of a profile without stacks.
"""

from __future__ import annotations

import os
import re
from array import array
from bisect import bisect_right
from dataclasses import dataclass, field

from ..readers.chrome_trace import ChromeTrace
from .call_line import FRAME, Sources, call_line, find_call_line, known_line_in_function, user_file
from .step import compiled_flags, device_activity

_REGION_START = re.compile(r"^(?:Torch-Compiled Region|CompiledFunction)")


@dataclass
class EagerLine:
    """One line's eager device time: ``file`` as the trace names it (else as the profile does),
    ``line`` 1-based, ``code``, ``eager_us`` (µs over the window), ``calls`` what it called there
    ``{name: µs}`` (``cross_entropy``; a library function when its source was not readable)."""

    file: str
    line: int
    code: str
    eager_us: float = 0.0
    calls: dict[str, float] = field(default_factory=dict)

    def top_call(self) -> str | None:
        """The callee with the most time at this line."""
        return max(self.calls, key=lambda k: self.calls[k]) if self.calls else None


@dataclass
class EagerJoin:
    """A profile's eager device time: ``lines`` placed (µs, over the window), ``by_op`` the rest
    by outermost ``aten::`` op (all of it without stacks), ``total_us`` every eager event with a
    launch in the profile, ``before_us`` events whose launch is not in it (running from before the
    window), ``placed`` the indices (in :func:`~inductor_lens.timing.step.device_activity`) at a line."""

    stacks: bool
    lines: dict[tuple[str, int], EagerLine] = field(default_factory=dict)
    by_op: dict[str, float] = field(default_factory=dict)
    total_us: float = 0.0
    before_us: float = 0.0
    placed: set[int] = field(default_factory=set)
    #: the user's lines that called compiled code inside the window (profiles with stacks):
    #: ``{(file, line): host µs of the outermost compiled regions entered from there}``
    callers: dict[tuple[str, int], float] = field(default_factory=dict)

    @property
    def lines_us(self) -> float:
        """The eager device time at lines."""
        return sum(e.eager_us for e in self.lines.values())

    def outside_text(self, per_step: int = 1) -> str | None:
        """What reached no line, by outermost ``aten::`` op (all eager time without stacks), in ms
        per step: ``outside compiled code: 1.40 ms per step, by the aten:: op that launched it:
        aten::_foreach_mul_ 0.52, ...``; ``None`` when nothing is left."""
        if not self.by_op:
            return None
        rest = sorted(self.by_op.items(), key=lambda kv: -kv[1])
        ms = lambda us: f"{us / per_step / 1000:.2f}"  # noqa: E731
        ops = ", ".join(f"{name} {ms(us)}" for name, us in rest[:6]) + (f", {len(rest) - 6} more" if len(rest) > 6 else "")
        text = f"outside compiled code: {ms(sum(self.by_op.values()))} ms per step by the aten:: op that launched it: {ops}"
        if not self.stacks:
            text += " (for the lines of your code that launch it, profile with torch.profiler.profile(..., with_stack=True))"
        return text

    def to_json(self) -> dict:
        """``{stacks, total_us, lines_us, before_us, by_op: [{op, us}]}`` (µs over the window)."""
        return {
            "stacks": self.stacks,
            "total_us": round(self.total_us, 3),
            "lines_us": round(float(self.lines_us), 3),
            "before_us": round(self.before_us, 3),
            "by_op": [{"op": k, "us": round(v, 3)} for k, v in sorted(self.by_op.items(), key=lambda kv: -kv[1])],
        }


class _Stacks:
    """The Python frames of each thread, for "which frame was innermost at time t" (the
    reader's columns: :class:`~inductor_lens.readers.chrome_trace.Frames`)."""

    def __init__(self, trace: ChromeTrace) -> None:
        self.frames = trace.frames
        self.order = trace.frames.by_thread  # (pid, tid) -> indices by start, an enclosing frame first
        ts = trace.frames.ts
        self.starts = {k: array("d", (ts[i] for i in v)) for k, v in self.order.items()}

    def called_before(self, key: tuple, frame: int, ts: float) -> str | None:
        """The name of the last frame that ``frame`` (innermost at ``ts`` on ``key``) called
        before ``ts``, or ``None``: the last frame started before ``ts`` lies inside ``frame``;
        its ancestor that ``frame`` called is the one."""
        starts = self.starts.get(key)
        at = bisect_right(starts, ts) if starts else 0
        i = self.order[key][at - 1] if at else -1
        parent = self.frames.parent
        while i >= 0 and parent[i] != frame:
            i = parent[i]
        return self.frames.names[i] if i >= 0 and i != frame else None

    def backward_caller(self, ts: float) -> tuple | None:
        """``(pid, tid, ts)`` on the thread whose stack at ``ts`` is inside ``backward()`` (the
        autograd engine runs a backward on its own threads while the caller waits in
        ``torch/_tensor.py: backward``), or ``None``."""
        for key in self.order:
            i = self.innermost(key, ts)
            while i is not None:
                name = self.frames.names[i]
                if name.endswith(": backward") and name.startswith(("torch/_tensor.py", "torch/autograd/")):
                    return (*key, ts)
                p = self.frames.parent[i]
                i = p if p >= 0 else None
        return None

    def innermost(self, key: tuple, ts: float) -> int | None:
        starts = self.starts.get(key)
        if not starts:
            return None
        at = bisect_right(starts, ts)
        frames = self.frames
        i = self.order[key][at - 1] if at else -1
        while i >= 0:
            if frames.ts[i] <= ts <= frames.ts[i] + frames.dur[i]:
                return i
            i = frames.parent[i]
        return None


def _outermost_aten(trace: ChromeTrace, op: int | None) -> str:
    name = "(no launching op)"
    while op is not None:
        if trace.ops[op].name.startswith("aten::"):
            name = trace.ops[op].name
        op = trace.ops[op].parent
    return name


def _in_backward(trace: ChromeTrace, op: int | None) -> bool:
    """Whether op ``op`` runs inside an autograd backward op (``NllLossBackward0``, ...) or the
    autograd engine's call of one (``autograd::engine::evaluate_function: AccumulateGrad``)."""
    while op is not None:
        if "Backward" in trace.ops[op].name or trace.ops[op].name.startswith("autograd::engine::evaluate_function"):
            return True
        op = trace.ops[op].parent
    return False


def _forward_point(trace: ChromeTrace, op: int | None, forward: dict[int, list[int]]) -> tuple | None:
    """A backward op's forward op (the same ``Sequence number`` on a thread with Python stacks, last
    before it, outermost): ``(pid, tid, ts)``, or ``None``."""
    while op is not None:
        seq = trace.ops[op].seq
        if seq is not None and seq in forward:
            here = (trace.ops[op].pid, trace.ops[op].tid)
            before = [i for i in forward[seq] if trace.ops[i].ts <= trace.ops[op].ts and (trace.ops[i].pid, trace.ops[i].tid) != here]
            if before:
                f = before[-1]
                while trace.ops[f].parent is not None and trace.ops[trace.ops[f].parent].seq == seq:  # type: ignore[index]
                    f = trace.ops[f].parent  # type: ignore[assignment]
                return (trace.ops[f].pid, trace.ops[f].tid, trace.ops[f].ts)
        op = trace.ops[op].parent
    return None


def _place(stacks: _Stacks, frame: int, sources: Sources, before: str | None = None) -> tuple[tuple[str, int], str, str | None] | None:
    """The user's line for innermost frame ``frame``: ``((file, line), code, callee)``.  ``before``:
    when ``frame`` itself is the innermost (the op ran in its own bytecode, ``x / 2``, no call
    between), the name of the last frame it called before, whose line is taken."""
    below: list[str] = [] if before is None else [before]
    library: str | None = None
    i: int | None = frame
    while i is not None:
        f = stacks.frames[i]
        m = FRAME.match(f.name)
        if m and user_file(m["file"]):
            named, lines = sources.read(m["file"])
            if lines is not None:
                line, callee = call_line(lines, int(m["line"]), below[::-1])
                code = lines[line - 1].strip() if 0 < line <= len(lines) else ""
                return (named, line), code, library or (callee if before is None or i != frame else None)
            if library is None:
                library = f"{m['fn']} ({os.path.basename(m['file'])})"
        below.append(f.name)
        i = f.parent
    return None


def _user_lines(stacks: _Stacks, frame: int, sources: Sources) -> list[tuple[str, int]]:
    """Every readable user frame's calling line on the stack from ``frame`` outwards (a frame whose
    call is not found in its body, ``getattr(self, name)()``, gives none: not its ``def`` line)."""
    out: list[tuple[str, int]] = []
    below: list[str] = []
    i: int | None = frame
    while i is not None:
        f = stacks.frames[i]
        m = FRAME.match(f.name)
        if m and user_file(m["file"]):
            named, lines = sources.read(m["file"])
            found = find_call_line(lines, int(m["line"]), below[::-1]) if lines is not None else None
            line = found[0] if found is not None else None
            if line is None and lines is not None:  # getattr(self, name)(): the compile's stack may name it
                line = known_line_in_function(lines, int(m["line"]), sources.call_lines.get(named, set()))
            if line is not None:
                out.append((named, line))
        below.append(f.name)
        i = f.parent
    return out


def _callers(trace: ChromeTrace, stacks: _Stacks, sources: Sources) -> dict[tuple[str, int], float]:
    """The user's lines that entered compiled regions in the window (see :attr:`EagerJoin.callers`);
    a compiled backward (``CompiledFunctionBackward`` on autograd's thread) counts at the lines
    that called ``backward()``, as ``calls[].host_us`` counts it at its forward's call site."""
    out: dict[tuple[str, int], float] = {}
    for i, op in enumerate(trace.ops):
        if not _REGION_START.match(op.name) or any(_REGION_START.match(trace.ops[a].name) for a in trace.ancestors(i)):
            continue
        frame = stacks.innermost((op.pid, op.tid), op.ts) if (op.pid, op.tid) in stacks.order else None
        lines = _user_lines(stacks, frame, sources) if frame is not None else []
        if not lines and op.name.startswith("CompiledFunctionBackward"):  # on autograd's thread: where backward() was called
            at = stacks.backward_caller(op.ts)
            frame = stacks.innermost(at[:2], at[2]) if at is not None else None
            lines = _user_lines(stacks, frame, sources) if frame is not None else []
        for key in dict.fromkeys(lines):
            out[key] = out.get(key, 0.0) + op.dur
    return out


def _where(trace: ChromeTrace, stacks: _Stacks, sources: Sources, placed: dict, op: int | None, point: tuple | None, forward: dict):
    """What :func:`_place` gives for one launch: at its backward op's forward op, else where it
    was launched, else (a backward op with no forward op in the window: ``AccumulateGrad``
    summing a gradient) where ``backward()`` was called; ``None`` when nowhere is a user line."""
    backward = _in_backward(trace, op)
    for at in (_forward_point(trace, op, forward) if backward else None, point):
        found = _place_at(stacks, sources, placed, at)
        if found is not None:
            return found
    return _place_at(stacks, sources, placed, stacks.backward_caller(point[2])) if backward and point is not None else None


def _place_at(stacks: _Stacks, sources: Sources, placed: dict, at: tuple | None):
    """:func:`_place` of the innermost frame at ``at`` (``(pid, tid, ts)``), memoized in ``placed``
    by (frame, the frame it called last when the op ran in the user's own bytecode)."""
    frame = stacks.innermost(at[:2], at[2]) if at is not None else None
    if frame is None:
        return None
    m = FRAME.match(stacks.frames.names[frame])
    own = m is not None and user_file(m["file"])  # the op ran in the user's own bytecode
    before = stacks.called_before(at[:2], frame, at[2]) if own else None  # type: ignore[index]
    key = (frame, before)
    if key not in placed:
        placed[key] = _place(stacks, frame, sources, before)
    return placed[key]


def eager_join(trace: ChromeTrace, sources: Sources | None) -> EagerJoin:
    """Place the device time launched outside compiled regions (see the module docstring);
    ``sources`` ``None`` (or a profile without stacks): everything by outermost ``aten::`` op."""
    result = EagerJoin(stacks=bool(trace.frames))
    flags = compiled_flags(trace)
    runtime = {c.correlation: c for c in trace.runtime if c.correlation is not None}
    by_ext = trace.op_by_external_id()
    stacks = _Stacks(trace)
    forward: dict[int, list[int]] = {}
    for i, each in enumerate(trace.ops):
        if each.seq is not None and (each.pid, each.tid) in stacks.order:
            forward.setdefault(each.seq, []).append(i)
    for items in forward.values():
        items.sort(key=lambda i: trace.ops[i].ts)
    placed: dict[tuple, tuple | None] = {}  # (innermost frame, the frame it called last) -> what _place gave
    for n, (event, flag) in enumerate(zip(device_activity(trace), flags, strict=True)):
        if flag is not False:
            result.before_us += event.dur if flag is None else 0.0
            continue
        op = by_ext.get(event.external_id) if event.external_id is not None else None
        call = runtime.get(event.correlation) if event.correlation is not None else None
        point = (
            (call.pid, call.tid, call.ts)
            if call is not None
            else (trace.ops[op].pid, trace.ops[op].tid, trace.ops[op].ts)
            if op is not None
            else None
        )
        result.total_us += event.dur
        where = None
        if sources is not None and stacks.order:
            where = _where(trace, stacks, sources, placed, op, point, forward)
        if where is None:
            key = _outermost_aten(trace, op)
            result.by_op[key] = result.by_op.get(key, 0.0) + event.dur
            continue
        (file, line), code, callee = where
        entry = result.lines.get((file, line))
        if entry is None:
            entry = result.lines[(file, line)] = EagerLine(file, line, code)
        entry.eager_us += event.dur
        if callee:
            entry.calls[callee] = entry.calls.get(callee, 0.0) + event.dur
        result.placed.add(n)
    if sources is not None and stacks.order:
        result.callers = _callers(trace, stacks, sources)
    return result
