"""Which compiled graph a profiled call ran: a ``## Call CompiledFxGraph ##`` op's context in a
``torch.profiler`` Chrome trace (Kineto, PyTorch 2.x; :mod:`inductor_lens.readers.chrome_trace`):
the ``Torch-Compiled Region: <compile id>`` around it, or, for a backward call, the forward whose
``fwdbwd`` flow ends at its ``CompiledFunctionBackward``; the candidate graphs of that kind and
compile id (and the process's own log), and the one whose kernels explain the ops seen in the call.
Used by :mod:`.join`.
"""

from __future__ import annotations

import re

from ..model import Graph
from ..model.compile_id import base_compile_id
from ..readers.chrome_trace import ChromeTrace

_REGION = re.compile(r"^Torch-Compiled Region: (?P<cid>\S+)")
_BACKWARD = "CompiledFunctionBackward"
_GRAPH_PREFIX = re.compile(r"^graph_\d+_")


def aten_name(kernel_name: str) -> str | None:
    """The profiler op name an extern/fallback launch shows as: ``extern_kernels.mm`` -> ``aten::mm``,
    ``torch.ops.aten._foo.default`` -> ``aten::_foo``, ``aoti_torch_cuda_mm_out`` -> ``aten::mm``."""
    if kernel_name.startswith("extern_kernels."):
        return "aten::" + kernel_name.split(".", 1)[1]
    if kernel_name.startswith("torch.ops."):
        parts = kernel_name.split(".")
        return f"{parts[2]}::{parts[3]}" if len(parts) >= 4 else None
    if kernel_name.startswith("aten."):
        parts = kernel_name.split(".")
        return f"aten::{parts[1]}" if len(parts) >= 2 else None
    m = re.match(r"^aoti_torch_[a-z]+_(?P<op>\w+?)(?:_out)?$", kernel_name)
    return f"aten::{m['op']}" if m else None


def _call_context(trace: ChromeTrace, call: int) -> tuple[str | None, str | None, int | None]:
    """(compile id, 'forward'|'backward'|None, index of the backward op) of a graph call op."""
    for anc in trace.ancestors(call):
        name = trace.ops[anc].name
        m = _REGION.match(name)
        if m:
            return m["cid"], None, None
        if name == _BACKWARD or name.endswith(": " + _BACKWARD):
            return None, "backward", anc
    return None, None, None


def _backward_compile_id(trace: ChromeTrace, backward_op: int) -> str | None:
    """The compile id of a backward call: follow the fwdbwd flow that ends at its autograd op (the
    innermost op around the call that a flow ends in: an outer op such as a profiler step holds the
    flows of every backward) to the innermost forward op it starts in, and the region around that."""
    ops = trace.ops
    for candidate in [backward_op, *trace.ancestors(backward_op)]:
        op = ops[candidate]
        for start, _ in trace.flows_ending(op.pid, op.tid, op.ts - 1e-3, op.ts + op.dur + 1e-3):
            innermost = trace.innermost_op(start[0], start[1], start[2])
            if innermost is None:
                continue
            for anc in [innermost, *trace.ancestors(innermost)]:
                m = _REGION.match(ops[anc].name)
                if m:
                    return m["cid"]
    return None


def pick_graph(candidates: list[Graph], op_names: set[str]) -> Graph | None:
    """The graph whose kernels explain the most ops seen in the call: its Triton/C++ kernel names
    and its extern calls' ``aten::`` ops.  A graph that explains none is not this call's (a
    profile of another model can share compile id ``0/0``)."""
    best, score = None, 0
    for graph in candidates:
        names = {n for k in graph.kernels if k.kind not in ("extern", "fallback") for n in (k.name, *(a[0] for a in k.alternatives))}
        externs = {aten_name(k.name) for k in graph.kernels if k.kind in ("extern", "fallback")}
        if names and not names & op_names:
            continue  # its own kernels never ran in this call
        s = len(names & op_names) + len(externs & op_names)
        if s > score:
            best, score = graph, s
    return best


def candidates(trace: ChromeTrace, call: int, graphs: list[Graph], pids: dict[str, set[int]] | None) -> list[Graph]:
    """The graphs a call op may be a call of: its kind, its compile id, its process's log."""
    cid, kind, backward_op = _call_context(trace, call)
    if kind == "backward" and backward_op is not None:
        cid = _backward_compile_id(trace, backward_op)
    # the profiler names a region by its frame compile (``1/0``), also when the graph came from a
    # restarted attempt (``1/0_1``, the compile id the log gives it): an exact id first, else the base
    kinds = [g for g in graphs if (g.kind == "backward" if kind == "backward" else g.kind in ("forward", "inference"))]
    candidates = (
        kinds
        if cid is None
        else [g for g in kinds if g.compile_id == cid] or [g for g in kinds if base_compile_id(g.compile_id) == base_compile_id(cid)]
    )
    if pids:
        same_process = [g for g in candidates if trace.ops[call].pid in pids.get(g.trace, ())]
        candidates = same_process or candidates
    return candidates
