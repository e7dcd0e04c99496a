"""Source frames inside generated code, followed back to the lines that made it.

Compiled autograd (compile ids ``!N/...``) compiles a graph whose Python code was generated and
``exec``-ed: its kernels' stack traces and post-grad ``# File:`` lines end in frames such as
``File "<eval_with_key>.7", line 63, in forward`` / ``aot0_sum_5 = torch.ops.aten.sum...``, which
no editor can open.  The frame's code names the FX node it ran (``aot0_sum_5``); the graphs that
code was generated from print that node under a ``# File:`` line: the compile's
``dynamo_output_graph`` and the ``compiled_autograd_graph`` of ``!N`` (written by
``torch/_dynamo/compiled_autograd.py``, PyTorch 2.4 - 2.14), where it reads
``# File: /workspace/proj/models.py:25 in forward, code: y = self.norm(y)``: the user's forward line
whose backward this is.  A frame there can itself be generated code (``<eval_with_key>.5``), so
the lookup repeats.

The generated frame stays in the stack (what PyTorch recorded) but is no longer its model line:
the frame it was followed to is, with ``via`` naming the generated frame.  A generated frame that
cannot be followed is no model line at all.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from ..model import Frame, FxGraph

#: ``<eval_with_key>.7``, ``<string>``, ``<frozen ...>``: code with no file behind it.
_GENERATED = re.compile(r"^<[^<>]*>(?:\.\d+)?$")
_ASSIGNED = re.compile(r"^\s*([A-Za-z_]\w*)\s*(?::\s*\"[^\"]*\")?\s*=(?!=)")
#: how many generated frames one lookup may pass through
MAX_HOPS = 6


def is_generated(file: str) -> bool:
    """Whether ``file`` names generated code that cannot be opened (``<eval_with_key>.7``)."""
    return bool(_GENERATED.match(file))


def assigned_name(code: str) -> str | None:
    """The FX node a generated line computes: ``aot0_sum_5 = torch.ops...`` -> ``aot0_sum_5``."""
    match = _ASSIGNED.match(code)
    return match.group(1) if match else None


def _follow(frame: Frame, graphs: list[FxGraph]) -> Frame | None:
    current = frame
    for _ in range(MAX_HOPS):
        name = assigned_name(current.code)
        if name is None:
            return None
        nxt = None
        for graph in graphs:
            node = graph.nodes.get(name)
            if node is not None and node.frame is not None and (node.frame.file, node.frame.line) != (current.file, current.line):
                nxt = node.frame
                break
        if nxt is None:
            return None
        if not is_generated(nxt.file):
            return nxt
        current = nxt
    return None


def follow_generated(frames: Iterable[Frame], graphs: Callable[[], list[FxGraph]] | None) -> list[Frame]:
    """``frames`` (stacks outermost first) with each stack's innermost frame in generated code
    followed through ``graphs()`` (asked for only when such a frame exists): it stays, marked not
    innermost, followed by the frame it leads to (``via`` = ``file:line`` of the generated one)."""
    frames = list(frames)
    if not any(f.innermost and is_generated(f.file) for f in frames):
        return frames
    tables = graphs() if graphs is not None else []
    out: list[Frame] = []
    for frame in frames:
        if not (frame.innermost and is_generated(frame.file)):
            out.append(frame)
            continue
        out.append(frame._replace(innermost=False))
        target = _follow(frame, tables)
        if target is not None:
            out.append(Frame(target.file, target.line, target.function, target.code, frame.stack, True, f"{frame.file}:{frame.line}"))
    return out


def node_model_line(frame: Frame | None, kernels: Iterable) -> Frame | None:
    """The model line of an FX node whose ``# File:`` comment is ``frame``: the frame itself, or,
    for a frame in generated code, the line its kernels' stacks were followed to (``None`` when
    none was: an unopenable frame is never shown as a model line)."""
    if frame is None or not is_generated(frame.file):
        return frame
    via = f"{frame.file}:{frame.line}"
    return next((f for k in kernels for f in k.frames if f.innermost and f.via == via), None)
