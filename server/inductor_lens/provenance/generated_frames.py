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

PyTorch's machinery (``torch/_dynamo``, ``torch/_functorch``, ``torch/autograd``, ``torch/_inductor``,
``torch/_higher_order_ops``, ...: :func:`inductor_lens.files.trace_paths.code_kind` ``"torch"``) is
never a model line either:

- a stack whose innermost frame is in it (``torch/_higher_order_ops/cond.py:144`` for a ``cond``
  node, PyTorch 2.6) keeps every frame, and its innermost frame outside the machinery (the user's
  ``torch.cond(...)`` call) is its model line; none when the whole stack is machinery;
- a generated frame followed into it: compiled autograd prints the nodes it adds under
  ``# File: .../torch/_dynamo/compiled_autograd.py:1582 in set_node_origin, code:
  torch::autograd::AccumulateGrad (NodeCall 7)``, so an ``AccumulateGrad`` node (``accumulate_grad_4
  = ...AccumulateGrad([aot0_mm_2], getitem_12, None, False)``, or ``call_accumulate_grad(getitem_12,
  None, aot0_mm_2, False)``) leads to that line.  Its arguments name the gradient it accumulates
  (``aot0_mm_2``, printed under the user's forward line ``y = self.fc1(x)``): that line is the model
  line, with ``role`` = ``gradient accumulation`` (the autograd node's name otherwise).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from ..files.trace_paths import code_kind
from ..model import Frame, FxGraph

#: ``<eval_with_key>.7``, ``<string>``, ``<frozen ...>``: code with no file behind it.
_GENERATED = re.compile(r"^<[^<>]*>(?:\.\d+)?$")
_ASSIGNED = re.compile(r"^\s*([A-Za-z_]\w*)\s*(?::\s*\"[^\"]*\")?\s*=(?!=)")
#: the autograd node compiled autograd names in a ``# File:`` line's code (``torch::autograd::AccumulateGrad (NodeCall 7)``)
_AUTOGRAD_NODE = re.compile(r"torch::autograd::(\w+)")
#: what a kernel does at its user's line, by the autograd node it was followed through
_ROLES = {"AccumulateGrad": "gradient accumulation"}
#: how many generated frames one lookup may pass through
MAX_HOPS = 6


def is_generated(file: str) -> bool:
    """Whether ``file`` names generated code that cannot be opened (``<eval_with_key>.7``)."""
    return bool(_GENERATED.match(file))


def assigned_name(code: str) -> str | None:
    """The FX node a generated line computes: ``aot0_sum_5 = torch.ops...`` -> ``aot0_sum_5``."""
    match = _ASSIGNED.match(code)
    return match.group(1) if match else None


def is_machinery(file: str) -> bool:
    """Whether ``file`` is PyTorch's machinery (compiling, autograd, FX, Inductor), never a model line."""
    return code_kind(file) == "torch"


def machinery_role(frame: Frame) -> str:
    """What a frame in PyTorch's machinery does, for a kernel followed to it: ``gradient
    accumulation`` for compiled autograd's ``AccumulateGrad`` node, the autograd node's name for
    another one (``autograd CopySlices``), else the machinery's module (``torch/_dynamo/utils.py``)."""
    match = _AUTOGRAD_NODE.search(frame.code)
    if match:
        return _ROLES.get(match.group(1), f"autograd {match.group(1)}")
    parts = frame.file.replace("\\", "/").split("/")
    return "/".join(parts[parts.index("torch") :]) if "torch" in parts else frame.basename


def _node_frame(name: str, graphs: list[FxGraph], current: Frame):
    for graph in graphs:
        node = graph.nodes.get(name)
        if node is not None and node.frame is not None and (node.frame.file, node.frame.line) != (current.file, current.line):
            return graph, node, node.frame
    return None, None, None


def _follow(frame: Frame, graphs: list[FxGraph], hops: int = MAX_HOPS) -> tuple[Frame, str | None] | None:
    current = frame
    for _ in range(hops):
        name = assigned_name(current.code)
        if name is None:
            return None
        graph, node, nxt = _node_frame(name, graphs, current)
        if graph is None or node is None or nxt is None:
            return None
        if is_machinery(nxt.file):
            # a node PyTorch's machinery added works for the user's line of a value it reads
            # (printed in the same graph: AccumulateGrad's gradient)
            role = machinery_role(nxt)
            for arg in node.args:
                arg_node = graph.nodes.get(arg)
                lead = arg_node.frame if arg_node is not None else None
                if lead is None or is_machinery(lead.file):
                    continue
                if not is_generated(lead.file):
                    return lead, role
                found = _follow(lead, graphs, hops - 1)
                if found is not None:
                    return found[0], found[1] or role
            return None
        if not is_generated(nxt.file):
            return nxt, None
        current = nxt
    return None


def _outside_machinery(frames: list[Frame]) -> list[Frame]:
    """Each stack whose model line is in PyTorch's machinery gets its innermost frame outside it
    instead (the frames stay; only which one is the model line changes)."""
    out = list(frames)
    for i, frame in enumerate(frames):
        if not (frame.innermost and is_machinery(frame.file)):
            continue
        out[i] = frame._replace(innermost=False)
        j = i - 1
        while j >= 0 and frames[j].stack == frame.stack and not frames[j].innermost:
            if not is_machinery(frames[j].file) and not is_generated(frames[j].file):
                out[j] = frames[j]._replace(innermost=True)
                break
            j -= 1
    return out


def follow_generated(frames: Iterable[Frame], graphs: Callable[[], list[FxGraph]] | None) -> list[Frame]:
    """``frames`` (stacks outermost first) with each stack's innermost frame in generated code
    followed through ``graphs()`` (asked for only when such a frame exists): it stays, marked not
    innermost, followed by the frame it leads to (``via`` = ``file:line`` of the generated one,
    ``role`` when it went through PyTorch's machinery); and no model line in the machinery (see
    the module's docstring)."""
    frames = list(frames)
    if not any(f.innermost and (is_generated(f.file) or is_machinery(f.file)) for f in frames):
        return frames
    frames = _outside_machinery(frames)
    if not any(f.innermost and is_generated(f.file) for f in frames):
        return frames
    tables = graphs() if graphs is not None else []
    out: list[Frame] = []
    for frame in frames:
        if not (frame.innermost and is_generated(frame.file)):
            out.append(frame)
            continue
        out.append(frame._replace(innermost=False))
        found = _follow(frame, tables)
        if found is not None:
            target, role = found
            out.append(Frame(target.file, target.line, target.function, target.code, frame.stack, True, f"{frame.file}:{frame.line}", role))
    return out


def node_model_line(frame: Frame | None, kernels: Iterable) -> Frame | None:
    """The model line of an FX node whose ``# File:`` comment is ``frame``: the frame itself, or,
    for a frame in generated code, the line its kernels' stacks were followed to (``None`` when
    none was: an unopenable frame is never shown as a model line)."""
    if frame is None or not is_generated(frame.file):
        return frame
    via = f"{frame.file}:{frame.line}"
    return next((f for k in kernels for f in k.frames if f.innermost and f.via == via), None)
