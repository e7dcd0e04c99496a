"""The model line PyTorch gives the FX nodes that Inductor's own passes create, per frame compile.

A node a pattern replacement or another post-grad / joint-graph pass creates (``prepare_softmax_
online_default``, ``sub_tensor``, ``iota_default``...) has no source of its own.  PyTorch's
tracer then records the *Python stack at compile time* (``torch/fx/proxy.py``
``TracerBase.create_proxy`` with ``record_stack_traces``, ``_filter_traceback_frames``: the
frames from the first one named ``forward`` on, PyTorch's own files left out).  With provenance
on, the post-grad graph prints that stack as the node's ``# File:`` line; without it the node is
printed under ``# No stacktrace found for following nodes``.  The compiled function's own frame
is not on that stack (it has not started running), so for a model compiled at its top-level call
the stack has no ``forward`` frame and such nodes get no line.  Below a graph break it does: the
frames that still run Dynamo-transformed code (the ``forward`` that broke) call the next
compiled function, e.g. GPT-2's ``loss = self.loss_function(...)`` line for the loss graph.

A log has no record of that stack, but two records bound it (``torch/_dynamo/convert_frame.py``
and ``symbolic_convert.py``, PyTorch 2.6 - 2.14):

* ``dynamo_start``: the stack of the frame being compiled, *without* the frames that run
  transformed code (Dynamo leaves them out);
* a graph break's ``User code traceback``: the user frames when the break happened, including
  the transformed frames and the frames Dynamo had inlined.

:func:`pass_frames` rebuilds the stack from the last graph break before a compile (same process):
its user frames that extend the compile's own ``dynamo_start`` frames, cut where the compiled
function is entered (when it is one of them) or where the breaking function's own frame starts
(that function has returned: the next compile was called by its caller), or after that frame
when the compile is that function's resume function (``torch_dynamo_resume_in_<fn>_at_<line>``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..model import Frame

#: PyTorch's own files (``torch/...`` of an installed or source tree): never a model line here.
_TORCH_FILE = re.compile(r"[/\\]torch[/\\](?:_[a-z_]+|nn|fx|autograd|utils|export|distributed|__init__\.py)")


@dataclass(frozen=True, slots=True)
class CompileStart:
    """One ``dynamo_start`` record: log ``line`` (1-based), ``pid`` (``None`` when the log has one
    process), base compile id ``compile_id`` (``3/0``) and its stack ``frames``, outermost first
    (the last one is the compiled function)."""

    line: int
    pid: int | None
    compile_id: str
    frames: tuple[Frame, ...]


@dataclass(frozen=True, slots=True)
class BreakStack:
    """One graph-break record: log ``line``, ``pid``, base ``compile_id`` of the compile that broke,
    and the ``User code traceback`` frames, outermost first."""

    line: int
    pid: int | None
    compile_id: str
    frames: tuple[Frame, ...]


def _user(frames) -> list[Frame]:
    return [f for f in frames if f.file and not _TORCH_FILE.search(f.file)]


def _same(a: Frame, b: Frame) -> bool:
    return a.file == b.file and a.line == b.line


def _enters(frame: Frame, function: Frame) -> bool:
    """Whether ``frame`` runs the function whose first frame (``dynamo_start``'s last) is ``function``."""
    return frame.file == function.file and frame.function == function.function and frame.line >= function.line


def pass_frames(starts: list[CompileStart], breaks: list[BreakStack]) -> dict[tuple[int | None, str], Frame]:
    """``{(pid, compile id): frame}``: the model line of nodes a pass creates in that frame
    compile's graphs (see the module docstring); compiles whose stack has no ``forward`` frame
    are absent.  Both lists in log order.  Pure; never raises on odd frames."""
    out: dict[tuple[int | None, str], Frame] = {}
    function_of: dict[tuple[int | None, str], Frame] = {}
    last_break: dict[int | None, BreakStack] = {}
    events = sorted([(s.line, 0, s) for s in starts] + [(b.line, 1, b) for b in breaks], key=lambda e: (e[0], e[1]))
    for _, _, event in events:
        if isinstance(event, BreakStack):
            last_break[event.pid] = event
            continue
        start = event
        if not start.frames:
            continue
        function = start.frames[-1]
        function_of.setdefault((start.pid, start.compile_id), function)
        live = _user(start.frames[:-1])
        broke = last_break.get(start.pid)
        if broke is not None:
            seen = _user(broke.frames)
            if len(seen) > len(live) and all(_same(a, b) for a, b in zip(live, seen[: len(live)], strict=True)):
                rest = seen[len(live) :]
                entered = next((i for i, f in enumerate(rest) if _enters(f, function)), None)
                breaker = function_of.get((broke.pid, broke.compile_id))
                own = next((i for i, f in enumerate(rest) if breaker is not None and _enters(f, breaker)), None)
                if entered is not None:
                    rest = rest[:entered]
                elif own is not None:
                    resumed = breaker is not None and function.function.startswith(f"torch_dynamo_resume_in_{breaker.function}_at_")
                    rest = rest[: own + 1] if resumed else rest[:own]
                else:
                    rest = rest[:-1]  # the frame that broke has returned
                live = live + rest
        first = next((i for i, f in enumerate(live) if f.function == "forward"), None)
        if first is not None:
            out[(start.pid, start.compile_id)] = live[-1]
    return out
